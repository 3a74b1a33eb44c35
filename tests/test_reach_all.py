"""Every legal action reachable by hand (#29): tools/reach_all.py over bot games of each game, at 2–6 seats (few
games and a few positions here; the marked slow tier plays 8 games at 2, 4 and 6 seats).

fate_votes and mind_swap must reach every action (mind_swap through its planner, client.tables.mind_swap_reach).
school_mystery (planner: client.tables.school_mystery_reach) must reach every action too: the resolution sheet
folds away to work the board, a condition step's own student may propose (KNOWN_SM: expected misses, none)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from shared.engine import REGISTRY
from tools import reach_all

ROOT = Path(__file__).resolve().parent.parent
# school_mystery's misses that are expected (none now: the resolution sheet folds away to work the board, and a
# condition step's own student has a "propose to the table" switch); a new miss fails the test
KNOWN_SM: frozenset[str] = frozenset()


def _check(game: str, out: dict) -> None:
    """Every action reached, but school_mystery's known gap (which is then an expected failure)."""
    if game != "school_mystery" or out["reachable"] == out["actions"]:
        assert out["reachable"] == out["actions"], (out["missed"], out["unreachable"])
        return
    assert set(out["missed"]) <= KNOWN_SM, (out["missed"], out["unreachable"])
    pytest.xfail(f"school_mystery: {out['missed']} (see KNOWN_SM)")


def _seats(game: str, wanted: tuple[int, ...]) -> list[int]:
    spec = REGISTRY[game]
    return [n for n in wanted if spec.min_seats <= n <= spec.max_seats] or [spec.min_seats]


FAST = ([("fate_votes", n) for n in _seats("fate_votes", (4, 5, 6))]
        + [(g, n) for g in ("mind_swap", "school_mystery") for n in _seats(g, (2, 3, 4, 5, 6))])


@pytest.mark.parametrize("game,players", FAST)
def test_reach_all_fast(game: str, players: int) -> None:
    out = reach_all.run(game, 1, players, seed=players, budget=400 if game == "fate_votes" else 120, sample=3)
    assert out["positions"] > 0 and out["actions"] >= out["positions"], out
    assert 0 < out["reachable"] <= out["actions"], out
    if game != "fate_votes":
        assert out["by_planner"] > 0, out  # the game's planner was used
    _check(game, out)


def test_reach_all_prints_one_json_line_last() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "tools/reach_all.py", "fate_votes", "--games", "1", "--players", "4",
                           "--sample", "2", "--budget", "400"], check=False, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    last = json.loads(proc.stdout.strip().splitlines()[-1])
    assert {"game", "positions", "actions", "reachable", "unreachable"} <= set(last)
    assert last["game"] == "fate_votes" and last["reachable"] == last["actions"] > 0


def test_an_action_no_gesture_makes_is_reported() -> None:
    """The search cannot be fooled: a legal action the view has no way to make (here a fate_votes discard of a
    card the seat does not hold, added to the legal list) is counted unreachable and shown as an example."""
    import pygame

    for state, seat in reach_all.positions("fate_votes", 4, 2):
        fresh = reach_all.Fresh("fate_votes", 4, state, seat)
        if any(a.get("type") == "discard" for a in fresh.legal):
            break
    n = len(next(a for a in fresh.legal if a.get("type") == "discard")["cards"])
    ghost = {"type": "discard", "cards": ["no_such_card"] * n}
    fresh.legal = list(fresh.legal) + [ghost]
    fresh.view_data = dict(fresh.view_data, legal=fresh.legal)
    if not pygame.get_init():
        pygame.init()
    pygame.display.set_mode(reach_all.SIZE)
    got, _ = reach_all.reach(fresh, 320)
    assert reach_all.action_key(ghost) not in got
    assert {reach_all.action_key(a) for a in fresh.legal if a != ghost} <= got


def test_a_planner_is_believed_only_for_what_the_view_sent() -> None:
    """A planner that returns the action without making the view send it reaches nothing; one that plays the
    real gestures (mind_swap_reach) reaches what it sends."""
    import pygame

    from client.tables import mind_swap_reach

    class Liar:
        @staticmethod
        def produce(view, ctx, action):  # says it made the action, sends nothing
            return action

        @staticmethod
        def same(view, want, got):
            return True

    if not pygame.get_init():
        pygame.init()
    pygame.display.set_mode(reach_all.SIZE)
    state, seat = next(iter(reach_all.positions("mind_swap", 2, 3)))
    fresh = reach_all.Fresh("mind_swap", 2, state, seat)
    assert fresh.legal
    assert reach_all.planned(fresh, Liar) == set()
    got = reach_all.planned(fresh, mind_swap_reach)
    assert got and got <= {reach_all.action_key(a) for a in fresh.legal} | got


SLOW = ([("fate_votes", n) for n in _seats("fate_votes", (2, 4, 6))]
        + [(g, n) for g in ("mind_swap", "school_mystery") for n in (2, 4, 6)])


@pytest.mark.slow
@pytest.mark.parametrize("game,players", SLOW)
def test_reach_all_many_games(game: str, players: int) -> None:
    """Eight bot games, two positions each, per game and table size (the ≥ 30-game runs behind the figures in
    docs are the tool's own: `python tools/reach_all.py GAME --games 30 --players P --sample 6`, ~15 CPU minutes
    each, too long for the suite)."""
    out = reach_all.run(game, 8, players, seed=100, budget=600 if game == "fate_votes" else 300, sample=2)
    print(json.dumps({k: v for k, v in out.items() if k != "unreachable"}))
    assert out["positions"] > 0
    _check(game, out)


def _sm_first(players: int, seed: int, pick: Any) -> tuple[dict, int, list[dict]]:
    """The first position of a school_mystery bot game where ``pick(state, seat, legal)`` names the actions wanted."""
    spec = REGISTRY["school_mystery"]
    for state, seat in reach_all.positions("school_mystery", players, seed):
        wanted = pick(state, seat, spec.legal_actions(state, seat))
        if wanted:
            return state, seat, wanted
    raise AssertionError("no such position in the bot game")


def _sm_planned(state: dict, seat: int, players: int, wanted: list[dict]) -> set:
    import pygame

    if not pygame.get_init():
        pygame.init()
    pygame.display.set_mode(reach_all.SIZE)
    fresh = reach_all.Fresh("school_mystery", players, state, seat)
    fresh.legal = wanted  # only the actions looked at (one fresh view each)
    return reach_all.planned(fresh, reach_all.planner("school_mystery"))


def test_school_mystery_board_actions_reachable_under_the_resolution_sheet() -> None:
    """In the resolution the sheet folds away ("Show the board") and the cards are worked by hand: one
    edit_card (of a clue the sheet can use too), move_card, unlink/link_cards each is sent by real gestures; the
    sheet's own action comes back."""
    board = ("edit_card", "move_card", "link_cards", "unlink_cards", "set_deduction")

    def pick(state: dict, seat: int, legal: list[dict]) -> list[dict]:
        if state.get("phase") != "resolution":
            return []
        firsts = {a["type"]: a for a in reversed(legal) if a["type"] in board}
        usable = {a["card"] for a in legal if a["type"] == "use_clue"}  # a click on such a clue uses it (sheet up)
        clue_edit = next((a for a in legal if a["type"] == "edit_card" and a["card"] in usable), None)
        if clue_edit is None or "move_card" not in firsts:
            return []
        return [*firsts.values(), clue_edit]

    state, seat, wanted = _sm_first(3, 2, pick)
    got = _sm_planned(state, seat, 3, wanted)
    assert {reach_all.action_key(a) for a in wanted} <= got, (wanted, got)


def test_school_mystery_own_condition_step_may_propose() -> None:
    """At a condition step its own student may propose to the table (the rules list it) as well as take one."""
    def pick(state: dict, seat: int, legal: list[dict]) -> list[dict]:
        tasks = state.get("tasks") or []
        if not tasks or tasks[0].get("kind") != "condition" or tasks[0].get("seat") != seat:
            return []
        named = [a for a in legal if a["type"] in ("propose_condition", "take_condition") and "condition" in a]
        return [next(a for a in named if a["type"] == t) for t in ("propose_condition", "take_condition")
                if any(a["type"] == t for a in named)]

    state, seat, wanted = _sm_first(3, 2, pick)
    assert {a["type"] for a in wanted} == {"propose_condition", "take_condition"}
    got = _sm_planned(state, seat, 3, wanted)
    assert {reach_all.action_key(a) for a in wanted} <= got, (wanted, got)
