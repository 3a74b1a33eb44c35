"""school_mystery table: the resting frame is one cached layer with what moves drawn over it — and it
shows exactly what drawing everything in order shows (hovered buttons, a focused entry with its caret,
glowing decks), is drawn again when the table changes, and drawing changes nothing."""
from __future__ import annotations

import copy

import pygame

from bench import sm_scenes as S
from client.kit.dialog import ActionButton, EntrySlot
from client.tables import school_mystery_board as board
from client.tables import school_mystery_frame as frame
from tests.fakes import FakeCtx
from tests.sm_table_helpers import RECT, click, screen


def _table(scene: str, seat: int, lang: str = "en"):
    screen()
    state, hist, _ = S._walk_state(scene, lang)
    table = S.make_table(FakeCtx(lang), copy.deepcopy(state), list(hist), seat, RECT)
    table.update(1 / 60)
    return table


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _in_order(table, pointer) -> bytes:
    """The frame drawn piece by piece in drawing order (no layer)."""
    s = pygame.Surface(RECT.size).convert()
    board.draw_under(table, s, hover=frame.hovered_buttons(table, pointer))
    board.draw_over(table, s)
    return _pixels(s)


def _framed(table, pointer, monkeypatch) -> bytes:
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pointer)
    s = pygame.Surface(RECT.size).convert()
    table.draw(s, RECT)
    return _pixels(s)


def test_a_resting_table_is_one_layer_drawn_once_and_matches_drawing_in_order(monkeypatch):
    table = _table("table", 0)
    away = (RECT.w - 2, RECT.h - 2)
    assert frame.plan(table, RECT.size, frame.hovered_buttons(table, away)) is not None
    assert _framed(table, away, monkeypatch) == _in_order(table, away)
    layer = table.still.layer
    for _ in range(3):
        table.update(1 / 60)
        assert _framed(table, away, monkeypatch) == _in_order(table, away)
    assert table.still.layer is layer  # not drawn again while nothing changed


def test_hovered_buttons_and_a_focused_entry_are_drawn_over_the_layer_as_in_order(monkeypatch):
    table = _table("setup", 2)
    slot = next(w for w in table.widgets if isinstance(w, EntrySlot))
    click(table, slot.rect.center)  # focus the name entry: its caret blinks
    assert slot.entry.focused
    table.update(1 / 60)
    buttons = [w for w in table.widgets if isinstance(w, ActionButton) and w.enabled]
    assert len(buttons) >= 3
    layer = None
    for b in buttons[:3]:
        pointer = b.rect.center
        p = frame.plan(table, RECT.size, frame.hovered_buttons(table, pointer))
        assert p is not None
        live = [table.widgets[i] for i in p.live]
        assert any(w is b for w in live) and any(isinstance(w, EntrySlot) for w in live)
        for blink in (0.2, 0.7):  # the caret shown, then not
            table.blink = blink
            assert _framed(table, pointer, monkeypatch) == _in_order(table, pointer)
        layer = layer or table.still.layer
        assert table.still.layer is layer  # the pointer moving over buttons does not redraw the layer


def test_a_change_at_the_table_draws_the_layer_again(monkeypatch):
    table = _table("table", 0)
    away = (RECT.w - 2, RECT.h - 2)
    before = _framed(table, away, monkeypatch)
    key = table.still.key
    tab = board.tab_rects(table)[1]
    click(table, tab.center)  # another student's sheet
    assert table.sel["tab"] == 1
    after = _framed(table, away, monkeypatch)
    assert table.still.key != key and after != before
    assert after == _in_order(table, away)


def test_glowing_decks_pulse_over_the_layer_as_in_order(monkeypatch):
    table = _table("table", 0)  # the next scene's place: the hearts deck is theirs to draw from
    assert board.glowing_decks(table)
    away = (RECT.w - 2, RECT.h - 2)
    p = frame.plan(table, RECT.size, frozenset())
    assert p is not None and p.glows
    frames = set()
    for _ in range(3):
        table.update(0.2)
        shown = _framed(table, away, monkeypatch)
        assert shown == _in_order(table, away)
        frames.add(shown)
    assert len(frames) == 3  # the glow pulses


def test_drawing_changes_nothing(monkeypatch):
    table = _table("setup", 2)
    slot = next(w for w in table.widgets if isinstance(w, EntrySlot))
    slot.entry.rect = pygame.Rect(0, 0, 1, 1)
    before = (table.version, table.dirty, list(table.widgets), table.clock, table.blink)
    _framed(table, (5, 5), monkeypatch)
    assert (table.version, table.dirty, list(table.widgets), table.clock, table.blink) == before
    assert slot.entry.rect == pygame.Rect(0, 0, 1, 1)  # the slot is placed when the panels are built, not drawn


def test_the_results_page_is_drawn_once_and_matches_the_page_drawn_in_full():
    from client.tables import school_mystery_article as article

    table = _table("article", 0)
    rect = pygame.Rect(300, 200, 1200, 700)
    kept = pygame.Surface(RECT.size).convert()
    kept.fill((40, 60, 50))
    full = kept.copy()
    table.draw_results(kept, rect)
    layer = table.page_kept
    table.draw_results(kept, rect)
    assert table.page_kept is layer
    article.draw_page(table, full, rect, scale_unit=min(table.ctx.unit, rect.h / 30))
    assert _pixels(kept) == _pixels(full)


def test_rolling_dice_are_drawn_over_the_layer_as_in_order(monkeypatch):
    from shared.engine import events_for

    screen()
    state, hist, roller = S.scene_roll("en", rolled=False)
    table = S.make_table(FakeCtx("en"), state, hist, roller, RECT)
    sp = S.spec()
    state, events = sp.apply(state, roller, {"type": "roll_dice"})
    table.set_snapshot(sp.view(state, roller), sp.legal_actions(state, roller), len(hist) + 1)
    table.push_events(events_for(events, roller))
    table.update(1 / 60)
    away = (RECT.w - 2, RECT.h - 2)
    live = 0
    while table.dice is not None and not table.dice.landed:
        p = frame.plan(table, RECT.size, frozenset())
        live += p is not None and p.dice
        assert _framed(table, away, monkeypatch) == _in_order(table, away)
        table.update(0.1)
    assert live >= 3  # the dice tumbled over the kept layer
    assert _framed(table, away, monkeypatch) == _in_order(table, away)  # landed: in the layer
