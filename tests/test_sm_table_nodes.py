"""school_mystery on the kit's Interaction: what can be dragged, where it can land and what a click reaches
all come from the node map (the same map the layout walk, the guided game and tests read)."""
from __future__ import annotations

import pygame

from bench import sm_scenes as S
from client.tables import school_mystery_board as board
from tests.fakes import FakeCtx
from tests.sm_table_helpers import card_rect, click, play_until, pump, spec, table_for


def _calm() -> tuple[dict, list]:
    def stop(s: dict) -> bool:
        return (sum(1 for c in s["cards"] if c["kind"] == "clue") >= 2 and s["roll"] is None and not s["tasks"]
                and s["phase"] == "investigation")
    state, hist = play_until(stop)
    for a, b in list(state["links"]):
        state, _ = spec().apply(state, 0, {"type": "unlink_cards", "a": a, "b": b})
    return state, hist


def test_the_node_map_says_what_moves_and_where_it_lands():
    state, hist = _calm()
    table = table_for(FakeCtx("en"), state, 0, hist)
    table.update(0)
    nm = table.nodes()
    cards = [n for n in nm if isinstance(n.id, tuple) and n.id[0] == "card"]
    assert cards and all(n.draggable for n in cards)
    assert all({"card", "deck"} <= n.accepts for n in cards)  # let go over a card: as on the table
    clue_ids = {c["id"] for c in table.view["cards"] if c["kind"] == "clue"}
    assert {n.id[1] for n in cards if "link" in n.accepts} == clue_ids  # only clues take the red string
    canvas = nm.find("canvas")
    assert canvas is not None and {"card", "deck"} <= canvas.accepts
    assert {n.id for n in nm.drag_sources()} >= {n.id for n in cards}
    # a red string let go over its own clue is refused; a card let go over another lands beside it
    clues = [c for c in table.view["cards"] if c["kind"] == "clue"]
    knob = board.link_knob(table, card_rect(table, clues[0]["id"]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=knob.center, button=1))
    own = card_rect(table, clues[0]["id"]).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=own, rel=(30, 30), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=own, button=1))
    pump(table)
    assert table.ctx.sent == []


def test_the_display_and_a_spectator_move_nothing_but_still_zoom():
    state, hist = _calm()
    ctx = FakeCtx("en")
    ctx.display_mode = True
    table = table_for(ctx, state, None, hist)
    table.update(0)
    nm = table.nodes()
    assert nm.drag_sources() == [] and not any(n.accepts for n in nm)
    card = next(n for n in nm if isinstance(n.id, tuple) and n.id[0] == "card")
    assert card.zoom is not None
    click(table, card.rect.center)
    assert ctx.sent == [] and not any(k.startswith("edit:") for k in table.entries)


def test_a_click_on_an_open_dialogs_paper_reaches_nothing_under_it():
    state, hist, seat = S._walk_state("pick", "en")
    ctx = FakeCtx("en")
    table = table_for(ctx, state, seat, hist)
    table.update(0)
    paper = table.nodes().find(("dialog", 0))
    assert paper is not None
    under = [n for n in table.nodes() if n.z < paper.z and n.rect.colliderect(paper.rect) and n.hit is None]
    spot = next((x, y) for y in range(paper.rect.top + 4, paper.rect.bottom, 7)
                for x in range(paper.rect.left + 4, paper.rect.right, 7)
                if table.nodes().at((x, y)) is paper)
    assert table.nodes().at(spot) is paper
    before = dict(table.sel)
    click(table, spot)
    assert ctx.sent == [] and table.sel == before
    assert all(table.nodes().at(spot) is not n for n in under)
