"""school_mystery table: the resolution sheet folds away so the board can be worked, and comes back as it was."""
from __future__ import annotations

import pygame

from bench import sm_scenes as S
from tests.fakes import FakeCtx
from tests.sm_table_helpers import RECT, button_keys, click, click_button, entry, pump, screen


def _cards(table) -> list:
    table.update(0)
    return [n for n in table.nodes() if isinstance(n.id, tuple) and n.id[0] == "card"]


def test_the_resolution_sheet_folds_away_to_edit_a_card_and_comes_back_with_what_was_typed():
    screen()
    state, hist = S.scene_resolution("en")
    ctx = FakeCtx("en")
    table = S.make_table(ctx, state, hist, 0, RECT)
    assert "declare_resolve" in button_keys(table) and not _cards(table)  # the sheet covers the board
    click(table, entry(table, "deduction").rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=" The glove."))
    pump(table)
    click_button(table, "act_board")  # the action bar's "Show the board"
    assert "declare_resolve" not in button_keys(table) and "act_sheet" in button_keys(table)
    cards = _cards(table)
    assert cards
    click(table, cards[0].rect.center)  # a card's editor opens on the board
    assert any(str(k).startswith("submit:edit:") for k in button_keys(table)), button_keys(table)
    click_button(table, "act_sheet")  # the sheet comes back with the unsaved words still in it
    assert "declare_resolve" in button_keys(table) and not _cards(table)
    assert table.entries["deduction"].text.endswith(" The glove.")
    click_button(table, "sheet_fold")  # the sheet's own "Show the board" folds it too
    assert _cards(table) and "act_sheet" in button_keys(table)


def test_with_the_sheet_folded_a_clue_click_edits_it_and_its_editor_still_uses_it():
    screen()
    state, hist = S.scene_resolution("en")
    ctx = FakeCtx("en")
    table = S.make_table(ctx, state, hist, 0, RECT)
    click_button(table, "act_board")
    clue = next(c["id"] for c in state["cards"] if c["kind"] == "clue" and table.can("use_clue", card=c["id"]))
    node = next(n for n in _cards(table) if n.id[1] == clue)
    click(table, node.rect.center)
    assert ctx.sent == [] and f"submit:edit:{clue}" in button_keys(table), (ctx.sent, button_keys(table))
    click_button(table, f"clue:{clue}")  # the editor's "Use in the deduction", as on the sheet
    used = clue in (state.get("clues_used") or [])
    assert ctx.sent == [(0, {"type": "use_clue", "card": clue, "used": not used})]
