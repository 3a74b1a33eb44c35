"""Every legal mind_swap action can be made by hand: real pointer/keyboard events on the headless table
(node map ids + the intents layer) produce each legal action of the seat to act, over bot games at 2, 4
and 6 seats; a restored player moves by mouse (its piece stands for it); target modes have a visible
Cancel (and Esc)."""
from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from client.kit.headless import HeadlessContext, LocalGame
from client.tables import mind_swap_reach as R
from client.tables.mind_swap import MindSwapTable
from shared.games.mind_swap import rules
from shared.rng import Rng
from tests import mind_swap_helpers as H


def _table(game: LocalGame, seat: int, lang: str = "en", size: tuple[int, int] = R.SIZE,
           scale: float = 1.0) -> tuple[MindSwapTable, HeadlessContext]:
    pygame.init()
    ctx = HeadlessContext(lang, unit=size[1] / 54 * scale, fast=True)
    table = MindSwapTable(ctx, seat)
    game.attach(seat, table, opening=False)
    table.set_rect(pygame.Rect(0, 0, *size))
    table.update(0.0)
    table.skip_animations()
    R.pump(table)
    return table, ctx


def _sample(legal: list[dict[str, Any]], rnd: random.Random) -> list[dict[str, Any]]:
    """Every legal action but relocations and spells, and a few of those (they run to hundreds)."""
    plain = [a for a in legal if a.get("action") != "relocate" and a["type"] not in ("magic", "great_swap")]
    many = [a for a in legal if a not in plain]
    reloc = [a for a in many if a.get("action") == "relocate"]
    spells = [a for a in many if a not in reloc]
    return plain + rnd.sample(reloc, min(3, len(reloc))) + rnd.sample(spells, min(6, len(spells)))


def _reach(players: int, games: int, every: int, size: tuple[int, int] = R.SIZE,
           scale: float = 1.0, options: dict[str, Any] | None = None) -> tuple[int, list[tuple[int, int, dict]]]:
    tried, missed = 0, []
    for seed in range(games):
        game = LocalGame("mind_swap", players, 100 + seed,
                         options or ({"entry": "all_at_start"} if seed % 2 else None))
        rng, rnd = Rng.from_seed(seed), random.Random(seed)
        step = 0
        while not game.spec.is_over(game.state) and step < 160:
            seat = game.state["turn"]
            if step % every == 0:
                table, ctx = _table(game, seat, size=size, scale=scale)
                for action in _sample(game.spec.legal_actions(game.state, seat), rnd):
                    tried += 1
                    got = R.produce(table, ctx, action)
                    if not R.same(table, action, got):
                        missed.append((seed, step, action))
                    if got is not None:  # sent: the server would answer; a fresh table for the next try
                        table, ctx = _table(game, seat, size=size, scale=scale)
            game.bot_step(rng)
            step += 1
    return tried, missed


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_legal_action_is_reachable_by_hand(players: int) -> None:
    tried, missed = _reach(players, games=3, every=4)
    assert tried > 100
    assert not missed, f"{len(missed)} of {tried} unreachable, e.g. {missed[:5]}"


@pytest.mark.slow
def test_every_legal_action_is_reachable_at_720p_with_150_percent_text() -> None:
    """The smallest window with the largest text: crowded places stack their students (the table drawn at
    1280x720 less the step line and the control bar)."""
    tried, missed = _reach(6, games=2, every=5, size=(1280, 600), scale=1.5)
    assert tried > 50
    assert not missed, f"{len(missed)} of {tried} unreachable, e.g. {missed[:5]}"
    # all thirty students on the map: crowded places stack their pairs and scroll (the wheel over them)
    tried, missed = _reach(6, games=1, every=6, size=(1280, 600), scale=1.5,
                           options={"students": "all30", "entry": "all_at_start"})
    assert tried > 50
    assert not missed, f"{len(missed)} of {tried} unreachable, e.g. {missed[:5]}"


# --- a restored player ----------------------------------------------------------------------------------
def _restored_game(negi: str = "library", hand: tuple[str, ...] = ("move_self", "move_negi")) -> LocalGame:
    """Seat 0's character (2) is restored, its piece in the library with 3 and 4 (and Negi); seat 1 plays 5."""
    s = H.make({2: 2, 3: 4, 4: 3, 5: 6, 6: 5, 7: 8, 8: 7}, {3: "library", 4: "library", 5: "garden", 6: "garden",
                                                          7: "other", 8: "classroom"},
               [2, 5], negi=negi, hands=[list(hand), ["bath"]])
    s["piece"][0], s["pile"][0] = "library", [2]
    game = LocalGame("mind_swap", 2, 1)
    game.state = s
    return game


def test_a_restored_player_moves_itself_by_dragging_its_piece() -> None:
    game = _restored_game()
    legal = game.spec.legal_actions(game.state, 0)
    assert any(a.get("action") == "move_self" for a in legal) and rules._own_body(rules._fields(game.state), 0) is None
    table, ctx = _table(game, 0)
    assert R.play_card(table, "move_self", "move_self")
    assert table.nodes().find("prompt").label == ctx.t("ms.prompt.move_self_piece")  # "drag your piece"
    piece = table.nodes().find(("piece", 0))
    assert piece is not None and piece.draggable
    target = R.place_spot(table, "garden")
    assert target is not None
    R.drag(table, piece.rect.center, target)
    assert ctx.sent and ctx.sent[-1][1] == {"type": "play", "card": ctx.sent[-1][1]["card"], "action": "move_self",
                                            "to": "garden", "take": None}
    game.act(0, ctx.sent[-1][1])  # the rules take it
    assert game.state["piece"][0] == "garden"


def test_a_restored_player_moves_itself_by_clicking_a_lit_place_taking_a_student_or_negi() -> None:
    game = _restored_game()
    table, ctx = _table(game, 0)
    assert R.play_card(table, "move_self", "move_self")
    assert R.click_student(table, 3)  # take 3 along
    R.click(table, R.place_spot(table, "classroom"))
    assert ctx.sent[-1][1]["to"] == "classroom" and ctx.sent[-1][1]["take"] == 3
    table, ctx = _table(game, 0)
    R.play_card(table, "move_self", "move_self")
    assert R.press(table, ("negi", 0))
    R.click(table, R.place_spot(table, "other"))
    assert ctx.sent[-1][1]["to"] == "other" and ctx.sent[-1][1]["take"] == "negi"


def test_the_piece_of_a_restored_player_stands_inside_its_place() -> None:
    game = _restored_game()
    table, _ctx = _table(game, 1)  # another seat sees it too (not draggable there)
    piece = table.nodes().find(("piece", 0))
    lib = table.nodes().find(("area", "library"))
    assert piece is not None and lib is not None and lib.rect.contains(piece.rect) and not piece.draggable
    negi = table.nodes().find(("negi", 0))
    assert negi is not None and lib.rect.contains(negi.rect)


# --- cancel -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("how", ["button", "esc"])
def test_a_target_mode_has_a_visible_cancel(how: str) -> None:
    game = _restored_game()
    table, ctx = _table(game, 0)
    R.play_card(table, "move_negi", "move_negi")
    prompt = table.nodes().find("prompt")
    assert prompt is not None and prompt.label
    cancel = table.nodes().find(("button", "cancel"))
    assert cancel is not None and cancel.label == ctx.t("ms.cancel")
    if how == "button":
        R.click(table, cancel.rect.center)
    else:
        R.key(table, pygame.K_ESCAPE)
    assert table.nodes().find("prompt") is None and table.nodes().find(("button", "cancel")) is None
    assert ctx.sent == []
    card = next(n for n in table.nodes().of_kind("card") if n.zoom.card_type == "move_negi")
    assert card.draggable  # back in the hand


def test_a_two_action_card_chooser_has_a_cancel() -> None:
    game = _restored_game(hand=("self_or_negi",))
    table, ctx = _table(game, 0)
    card = next(iter(table.nodes().of_kind("card")))
    R.click(table, card.rect.center)
    assert len(card.zoom.actions) == 2 and table.nodes().find(("veil", 0)) is not None
    assert table.nodes().find(("choice", "cancel")) is not None
    R.press(table, ("choice", "cancel"))
    assert table.nodes().find(("veil", 0)) is None and ctx.sent == []


def test_a_dragged_mind_lights_the_students_it_may_swap_with() -> None:
    s = H.make({2: 3, 3: 2, 4: 5, 5: 4, 6: 7, 7: 6}, {2: "library", 3: "library", 4: "library", 5: "garden",
                                                    6: "garden", 7: "classroom"}, [2, 5], negi="library",
               hands=[["bath"], ["bath"]])
    game = LocalGame("mind_swap", 2, 1)
    game.state = s
    table, _ctx = _table(game, 0)
    start = R.student_spot(table, 2)
    mind = table.model.pairs[2].mind
    mnode = table.nodes().find(("mind", mind))
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=mnode.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=mnode.rect.center, button=1))
    R.pump(table)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1] + 40), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    R.pump(table)
    assert table.held() is not None
    lit = {n.id[1] for n in table.nodes().of_kind("pair") if n.selected}
    assert lit == {3, 4}  # the others at the library light up; not 5, 6 (garden), 7 (classroom)


# --- hover cards ----------------------------------------------------------------------------------------
def _rest(table: MindSwapTable, seconds: float) -> None:
    for _ in range(round(seconds * 30)):
        table.update(1 / 30)


def _move(table: MindSwapTable, pos: tuple[int, int]) -> None:
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    R.pump(table)


def test_no_hover_card_right_after_a_click_only_after_resting_on_a_new_target() -> None:
    game = _restored_game()
    table, _ctx = _table(game, 0)
    a, b = R.student_spot(table, 3), R.student_spot(table, 5)
    assert a is not None and b is not None
    _move(table, a)
    R.click(table, a)  # clicked at once (no card shown yet) ...
    _rest(table, 3.0)
    assert table.nodes().find("peek") is None  # ... no card pops up over the next target
    _move(table, (a[0] + 2, a[1] + 1))  # a nudge on the same target: still nothing
    _rest(table, 2.0)
    assert table.nodes().find("peek") is None
    _move(table, b)  # a new target, rested on
    _rest(table, 2.0)
    assert table.nodes().find("peek") is not None


def test_no_hover_card_after_a_drop() -> None:
    game = _restored_game()
    table, ctx = _table(game, 0)
    mind = table.nodes().find(("mind", table.model.pairs[3].mind))
    target = R.student_spot(table, 4)
    R.drag(table, mind.rect.center, target)  # magic on 3 and 4 (both with the piece and Negi)
    assert ctx.sent and ctx.sent[-1][1] == {"type": "magic", "a": 3, "b": 4}
    _rest(table, 3.0)
    assert table.nodes().find("peek") is None


# --- odd positions, every legal action ----------------------------------------------------------------
ALL_TYPES = ["move_self", "move_negi", "relocate", "event", "extra_magic", "bath"]


def _odd_positions() -> list[tuple[str, dict]]:
    """Positions bot games reach rarely: a restored player at "other" with Negi in its room and a student
    sharing it; an unrestored player at "other" with Negi (magic names yourself and one other there);
    Negi at "other" while you stand elsewhere with few students on the map; a great success pending."""
    out = []
    s = H.make({2: 2, 3: 4, 4: 3, 5: 6, 6: 5, 7: 8, 8: 7}, {3: "library", 4: "other", 5: "garden", 6: "other",
                                                          7: "other", 8: "classroom"}, [2, 5], negi="other",
               hands=[ALL_TYPES[:4], ["bath"]])
    s["piece"][0], s["proom"][0], s["pile"][0] = "other", s["room"][7], [2]
    out.append(("restored at other", s))
    s = H.make({2: 3, 3: 2, 4: 5, 5: 4, 6: 7, 7: 6}, {2: "other", 3: "other", 4: "other", 5: "garden", 6: "library",
                                                    7: "other"}, [3, 5], negi="other", hands=[ALL_TYPES[2:], ["bath"]])
    out.append(("at other with Negi", s))
    s = H.make({2: 3, 3: 2, 4: 5, 5: 4}, {2: "library", 3: "garden", 4: "garden", 5: "library"}, [3, 5],
               negi="other", hands=[ALL_TYPES[:4], ["bath"]])
    out.append(("Negi at other, few students", s))
    s = H.make({2: 3, 3: 2, 4: 5, 5: 4, 6: 7, 7: 6}, {b: "library" for b in (2, 3, 4, 5, 6)} | {7: "garden"},
               [3, 6], negi="library", hands=[["bath"], ["bath"]])
    s["pending"] = {"kind": "great", "seat": 0, "at": "library", "exclude": [2, 3]}
    out.append(("great success", s))
    return out


@pytest.mark.parametrize("size,scale", [(R.SIZE, 1.0), ((1280, 600), 1.5)])
def test_every_legal_action_of_odd_positions_is_reachable(size: tuple[int, int], scale: float) -> None:
    for name, state in _odd_positions():
        game = LocalGame("mind_swap", 2, 1)
        game.state = state
        legal = game.spec.legal_actions(state, 0)
        assert legal, name
        table, ctx = _table(game, 0, size=size, scale=scale)
        for action in legal:
            got = R.produce(table, ctx, action)
            assert R.same(table, action, got), (name, action, got)
            if got is not None:
                table, ctx = _table(game, 0, size=size, scale=scale)
