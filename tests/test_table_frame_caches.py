"""The table views' resting layers draw what the plain, in-order drawing draws.

Each test drives a table through real pointer events and compares, frame by frame, the frame drawn
through the layer with the same frame drawn in order (``tests/test_frame_caches.py`` has the kit's).
"""
from __future__ import annotations

from typing import Any

import pygame

from bench import ms_scenes
from client.kit.headless import HeadlessContext
from tests.test_frame_caches import chooser_drawn_in_order, same_pixels


def _screen(size: tuple[int, int] = (1280, 720)) -> tuple[pygame.Surface, pygame.Rect]:
    pygame.display.set_mode(size)
    screen = pygame.display.get_surface()
    return screen, screen.get_rect()


def _frame(t: Any, events: list[pygame.event.Event] = ()) -> None:  # type: ignore[assignment]
    for ev in events:
        t.handle_event(ev)
    t.update(1 / 60)


def _motion(at: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0))


def _click(at: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)]


def _same_as_in_order(t: Any, screen: pygame.Surface, rect: pygame.Rect) -> pygame.Surface:
    """The resting frame's part drawn through the layer equals it drawn in order (returns the frame)."""
    lay = t.layout(rect)
    assert t.resting.draw(screen, lay)  # the layer is used
    plain = pygame.Surface(rect.size).convert()
    t.draw_under(plain, lay)
    assert same_pixels(screen, plain, 0)
    return screen.copy()


def test_mind_swap_resting_layer_is_the_frame_in_order_while_a_hand_card_rises_and_settles() -> None:
    screen, rect = _screen()
    t = ms_scenes.play_scene(HeadlessContext("en", unit=720 / 54, fast=False))
    t.set_rect(rect)
    _frame(t)
    card = t.nodes().of_kind("card")[0]
    seen = set()
    for at in (card.rect.center, (5, 5)):  # a hand card rises under the pointer, then settles back
        _frame(t, [_motion(at)])
        for _ in range(30):
            _frame(t)
            seen.add(t.sprites.hand_still)
            _same_as_in_order(t, screen, rect)
    assert seen == {True, False}  # drawn live while it moved, from the layer once still


def test_mind_swap_resting_layer_keeps_the_legal_drops_glowing() -> None:
    screen, rect = _screen()
    t = ms_scenes.choose_scene(HeadlessContext("en", unit=720 / 54, fast=True))
    t.set_rect(rect)
    _frame(t)
    choice = next(n for n in t.nodes() if n.id == ("choice", "move_self"))
    _frame(t, _click(choice.rect.center))
    assert any(n.id == ("button", "cancel") or n.kind == "place" for n in t.nodes())
    frames = []
    for _ in range(12):
        _frame(t)
        assert t.map_painter.mark_rects(t.layout(rect))  # places glow as legal drops
        frames.append(_same_as_in_order(t, screen, rect))
    assert not all(same_pixels(frames[0], f, 0) for f in frames[1:])  # the glow pulses


def test_mind_swap_display_resting_layer_shows_the_recent_moves_in_order() -> None:
    screen, rect = _screen()
    t = ms_scenes.display_scene(HeadlessContext("en", unit=720 / 54, fast=True))
    t.set_rect(rect)
    for _ in range(3):
        _frame(t)
        _same_as_in_order(t, screen, rect)


def test_fate_votes_resting_hand_band_is_the_hand_drawn_in_order(monkeypatch: Any) -> None:
    from bench import fv_scenes
    from client.tables.fate_votes_draw import FvPainter

    screen, rect = _screen()
    for scene in ("fate_votes_discussion", "fate_votes_vote_target", "fate_votes_discard"):
        t = fv_scenes.register_walk_scene(scene)(HeadlessContext("en", unit=720 / 54, fast=False))
        t.set_rect(rect)
        _frame(t)
        cards = [n for n in t.nodes() if n.kind == "card" and n.draggable]
        assert cards
        used = 0
        for at in (cards[0].rect.center, cards[-1].rect.center, (5, 5)):  # a card rises, another, none
            _frame(t, [_motion(at)])
            for _ in range(12):
                _frame(t)
                painter = t.painter
                still = painter.still_layer(rect)
                used += painter.hand_band(still) is not None
                t.draw(screen, rect)
                with monkeypatch.context() as m:
                    m.setattr(FvPainter, "hand_band", lambda self, still: None)
                    plain = pygame.Surface(rect.size).convert()
                    t.draw(plain, rect)
                assert same_pixels(screen, plain, 0), scene
        assert used >= 12, scene  # at rest (a card lifted or none), the band is drawn


def test_mind_swap_chooser_with_a_hand_at_rest_is_one_layer_drawn_as_the_frame_in_order() -> None:
    screen, rect = _screen()
    t = ms_scenes.choose_scene(HeadlessContext("en", unit=720 / 54, fast=False))
    t.set_rect(rect)
    _frame(t)
    lay = t.layout(rect)
    hand = t.nodes().of_kind("card")
    choice = next(n for n in t.nodes() if n.id[0] == "choice")
    used = set()
    for at in (hand[0].rect.center, choice.rect.center, (5, 5)):  # a hand card rises; a choice is lit; none
        _frame(t, [_motion(at)])
        for _ in range(20):
            _frame(t)
            under = t.controls.under_chooser(lay)
            assert under is not None
            used.add(t.controls.chooser_front(lay, under) is not None)
            t.draw(screen, rect)
            assert same_pixels(screen, chooser_drawn_in_order(t, lay, rect.size), 0)
    assert used == {True, False}  # the hand drawn live while a card rose, in the layer once still


def test_fate_votes_log_layer_drawn_on_its_kept_head_is_the_log_drawn_whole() -> None:
    from bench import fv_scenes
    from client.kit.theme import INK
    from client.kit.widgets import Panel

    screen, rect = _screen()
    t = fv_scenes.register_walk_scene("fate_votes_reveal")(HeadlessContext("ja", unit=720 / 54, fast=False))
    t.set_rect(rect)
    painter, seen = t.painter, set()
    for _ in range(200):  # the reveal plays: lines land in the log one by one
        _frame(t)
        t.draw(screen, rect)
        layer, _at = painter.log_layer()
        r = t.L.log.inflate(-t.L.u * 0.6, -t.L.u * 0.6)
        if len(t.pres.log_lines) in seen:
            continue
        seen.add(len(t.pres.log_lines))
        whole = pygame.Surface(r.size).convert()
        whole.blit(painter.background(t.L.rect.size), (0, 0), r.move(-t.L.rect.x, -t.L.rect.y))
        Panel.draw(whole, whole.get_rect(), (*INK, 150), int(t.L.u * 0.6))
        top = painter._render_tally(whole, whole.get_rect(), painter.tally())
        assert top == painter._tally_bottom(whole.get_rect())
        t.log_panel.draw(whole, t.ctx, pygame.Rect(0, int(top), r.w, int(r.h - top)), t.pres.log_lines, t.L.u,
                         title=t.ctx.t("fv_log_title"))
        assert same_pixels(layer, whole, 0)
    assert len(seen) >= 2  # a line landed while it played
