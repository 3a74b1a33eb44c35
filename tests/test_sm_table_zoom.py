"""school_mystery table: holding the pointer still over an information card shows it large (a peek)."""
from __future__ import annotations

import pygame

from bench import sm_scenes as S
from client.tables import school_mystery as smt
from client.tables import school_mystery_board as board
from tests.fakes import FakeCtx
from tests.sm_table_helpers import pump, table_for


def _table(lang: str = "en"):
    state, hist = S.scene_table(lang)
    ctx = FakeCtx(lang, fast=True)
    table = table_for(ctx, state, 0, hist)
    table.update(0)
    cards = table.view["cards"]
    assert cards, "the table scene has information cards"
    return ctx, table, cards[0]


def _move(table, pos, rel=(1, 0)) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(0, 0, 0)))
    pump(table)


def _wait(table, seconds: float) -> None:
    for _ in range(round(seconds / 0.05)):
        table.update(0.05)


def test_holding_the_pointer_still_on_a_card_opens_its_full_text():
    _ctx, table, card = _table()
    pos = board.card_rect(table, card).center
    _move(table, pos)
    assert table.hover == card["id"]
    _wait(table, smt.HOLD_SECONDS * 0.5)
    assert not table.zoom.open  # not yet: only after the hold
    _wait(table, smt.HOLD_SECONDS)
    assert table.zoom.open and not table.zoom.sticky
    assert table.zoom.card == board.card_face(table, card)
    assert board.card_zoom_text(table, card) == table.zoom.extra
    # moving off the card closes the peek
    _move(table, table.L.log.center, rel=(200, 0))
    assert not table.zoom.open


def test_a_moving_pointer_does_not_open_the_peek():
    _ctx, table, card = _table()
    r = board.card_rect(table, card)
    for i in range(12):  # keeps moving across the card: the hold restarts each time
        _move(table, (r.left + 10 + i * 5, r.centery), rel=(5, 0))
        _wait(table, smt.HOLD_SECONDS / 3)
    assert not table.zoom.open


def test_a_click_passes_through_a_peek_and_right_click_still_opens_a_sticky_zoom():
    _ctx, table, card = _table()
    pos = board.card_rect(table, card).center
    _move(table, pos)
    _wait(table, smt.HOLD_SECONDS * 1.5)
    assert table.zoom.open and not table.zoom.sticky
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(table)
    assert table.sel.get("edit") == card["id"]  # the click reached the card (its editor opened)
    table.sel.pop("edit", None)
    table.dirty = True
    table.update(0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    pump(table)
    assert table.zoom.open and table.zoom.sticky
    _wait(table, 1.0)  # a sticky zoom stays while the pointer rests
    assert table.zoom.open
    surface = pygame.display.get_surface()
    table.draw(surface, surface.get_rect())
