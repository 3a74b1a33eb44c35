"""school_mystery table: holding the pointer still over an information card shows it large (a peek)."""
from __future__ import annotations

import pygame

from bench import sm_scenes as S
from client.tables import school_mystery as smt
from client.tables import school_mystery_board as board
from tests.fakes import FakeCtx
from tests.sm_table_helpers import card_rect, entry, pump, shown, table_for


def _table(lang: str = "en"):
    state, hist = S.scene_table(lang)
    ctx = FakeCtx(lang, fast=True)
    table = table_for(ctx, state, 0, hist)
    table.update(0)
    cards = table.view["cards"]
    assert cards, "the table scene has information cards"
    return ctx, table, cards[0]


def _zoomed(table) -> tuple:
    """(the peek node, the sticky zoom node) as shown (None where there is none)."""
    return shown(table, "peek"), shown(table, "zoom")


def click_close(table, editor) -> None:
    """Close the card's editor with its close button."""
    from tests.sm_table_helpers import button_keys, click_button

    assert "close" in button_keys(table)
    click_button(table, "close")
    assert shown(table, editor.id) is None


def _move(table, pos, rel=(1, 0)) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(0, 0, 0)))
    pump(table)


def _wait(table, seconds: float) -> None:
    for _ in range(round(seconds / 0.05)):
        table.update(0.05)


def test_holding_the_pointer_still_on_a_card_opens_its_full_text():
    _ctx, table, card = _table()
    pos = card_rect(table, card["id"]).center
    _move(table, pos)
    _wait(table, smt.HOLD_SECONDS * 0.5)
    assert _zoomed(table) == (None, None)  # not yet: only after the hold
    _wait(table, smt.HOLD_SECONDS)
    peek, zoom = _zoomed(table)
    assert zoom is None and peek is not None and peek.zoom == board.card_face(table, card)
    assert board.card_zoom_text(table, card) == peek.label
    # moving off the card closes the peek
    _move(table, table.L.log.center, rel=(200, 0))
    assert _zoomed(table) == (None, None)


def test_a_moving_pointer_does_not_open_the_peek():
    _ctx, table, card = _table()
    r = card_rect(table, card["id"])
    for i in range(12):  # keeps moving across the card: the hold restarts each time
        _move(table, (r.left + 10 + i * 5, r.centery), rel=(5, 0))
        _wait(table, smt.HOLD_SECONDS / 3)
    assert _zoomed(table) == (None, None)


def test_a_click_passes_through_a_peek_and_right_click_still_opens_a_sticky_zoom():
    _ctx, table, card = _table()
    pos = card_rect(table, card["id"]).center
    _move(table, pos)
    _wait(table, smt.HOLD_SECONDS * 1.5)
    assert _zoomed(table)[0] is not None  # a peek
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(table)
    editor = entry(table, f"edit:{card['id']}")  # the click reached the card (its editor opened)
    click_close(table, editor)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    pump(table)
    assert _zoomed(table)[1] is not None and _zoomed(table)[1].modal
    _wait(table, 1.0)  # a sticky zoom stays while the pointer rests
    assert _zoomed(table)[1] is not None
    surface = pygame.display.get_surface()
    table.draw(surface, surface.get_rect())
