"""Tooltips and hover cards show only after the pointer rests on a new target after moving: never right
after a click, a drop or the pass-and-play curtain (#29)."""
from __future__ import annotations

from typing import Any

import pygame
from fv_helpers import post, screen

from client.kit.headless import HeadlessContext, LocalGame
from client.kit.hover import HoverGate
from client.tables.fate_votes import FateVotesTable


def test_the_gate_waits_for_a_move_onto_another_target() -> None:
    gate = HoverGate()
    assert gate.allow("a") == "a"  # armed: what is hovered may show
    gate.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))
    assert gate.allow("a") is None  # the clicked target stays quiet
    gate.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(1, 1), buttons=(0, 0, 0)))
    assert gate.allow("a") is None  # moved, but still on it
    assert gate.allow("b") == "b"  # moved onto another: open again
    gate.disarm()  # the curtain: what lies under the resting pointer (here "c", new) stays quiet
    assert gate.allow("c") is None and gate.allow("c") is None
    gate.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(0, 0), buttons=(0, 0, 0)))
    assert gate.allow("c") is None  # an event that did not move the pointer is no move
    gate.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(4, 4), rel=(1, 1), buttons=(0, 0, 0)))
    assert gate.allow(None) is None and gate.allow("c") == "c"  # off it and back: a new rest


def _table() -> tuple[FateVotesTable, HeadlessContext]:
    screen()
    ctx = HeadlessContext("en")
    game = LocalGame("fate_votes", 4, 3)
    table = FateVotesTable(ctx, 0)
    table.set_rect(pygame.Rect(0, 0, 1920, 1080))
    game.attach(0, table)
    for _ in range(3):
        table.skip_animations()
        table.update(1 / 60)
    return table, ctx


def _rest(table: Any, seconds: float) -> None:
    for _ in range(int(seconds * 60)):
        table.update(1 / 60)


def _move(table: Any, pos: tuple[float, float]) -> None:
    post(table, pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(3, 3), buttons=(0, 0, 0))


def test_no_hover_card_right_after_a_click_or_the_curtain() -> None:
    table, _ = _table()
    cards = [n for n in table.nodes() if n.kind == "card" and n.zoom is not None and n.draggable]
    assert len(cards) >= 2
    first, second = cards[-1], cards[0]
    _move(table, first.anchor)
    _rest(table, 1.5)
    assert table.input.zoom.open and not table.input.zoom.sticky, "a resting pointer peeks at the card"
    at = (int(first.anchor[0]), int(first.anchor[1]))
    post(table, pygame.MOUSEBUTTONDOWN, pos=at, button=1)
    post(table, pygame.MOUSEBUTTONUP, pos=at, button=1)
    _rest(table, 2.0)
    assert not table.input.zoom.open, "no hover card right after a click on the card"
    _move(table, (at[0] + 1, at[1]))
    _rest(table, 2.0)
    assert not table.input.zoom.open, "a move that stays on the clicked card brings no hover card"
    _move(table, second.anchor)
    _rest(table, 1.5)
    assert table.input.zoom.open, "resting on another card after moving peeks again"
    table.disarm_hover()  # the curtain was lifted over this seat with the pointer resting there
    _rest(table, 2.0)
    assert not table.input.zoom.open, "no hover card right after the curtain"


def test_no_definition_right_after_the_curtain_or_a_click(tmp_path) -> None:
    """The table scene's step line: a term chip's definition shows on hover; after the curtain lifts (the scene's
    reveal) or a click, the pointer resting on it shows nothing until it has moved off and back."""
    from client_helpers import fate_votes_match, make_app

    app = make_app(tmp_path, "--lang", "en", "--size", "1280x720")
    try:
        spec, state, match = fate_votes_match(app)
        scene = app.push("table", match=match)
        app.frame(0.016)
        app.frame(0.016)
        chip = scene.step_line.chips[0]
        surface = pygame.Surface(app.screen.get_size())

        def tooltip() -> Any:
            return scene.step_line.draw_tooltip(surface, scene._step_ctx, scene._step_ctx.unit)

        def move(pos: tuple[int, int]) -> None:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(2, 2), buttons=(0, 0, 0)))
            app.frame(0.016)

        move(chip.rect.center)
        assert tooltip() is not None, "hovering a term chip shows its definition"
        scene.reveal(0)  # the curtain is clicked away: the next player's table, the pointer where it was
        for _ in range(60):
            app.frame(0.016)
        assert tooltip() is None, "no definition right after the curtain"
        move((chip.rect.centerx + 1, chip.rect.centery))
        assert tooltip() is None, "still on the same chip: no definition"
        move((2, 2))
        move(chip.rect.center)
        assert tooltip() is not None, "off the chip and back: its definition"
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
        for _ in range(30):
            app.frame(0.016)
        assert tooltip() is None, "no definition right after a click"
    finally:
        app.shutdown()
