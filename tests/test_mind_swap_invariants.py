"""mind_swap invariants at every step of many random games, over every option."""
from __future__ import annotations

import random

import pytest

from shared.engine import REGISTRY
from shared.games.mind_swap import rules

SPEC = REGISTRY["mind_swap"]
DECK = 40


def check(s: dict) -> None:
    mind, loc, room = s["mind"], s["loc"], s["room"]
    in_play = set(s["students"]) - set(s["left"])
    unrestored = {b for b in range(2, rules.N) if mind[b]}
    restored = {m for pile in s["pile"] for m in pile}
    # every unrestored body holds exactly one mind, and the minds are exactly those bodies' students
    assert sorted(mind[b] for b in unrestored) == sorted(unrestored)
    if s["pending"] is None:  # restored pairs leave after the whole spell (great success included)
        assert all(mind[b] != b for b in unrestored)
    assert unrestored | restored == in_play and not unrestored & restored
    # the cup holds exactly the unrestored students in play
    assert sorted(s["cup"]) == sorted(unrestored)
    # bodies are on the map or waiting, never both; restored ones are neither
    waiting = set(s["waiting"])
    on_map = {b for b in range(2, rules.N) if loc[b] is not None}
    assert waiting | on_map == unrestored and not waiting & on_map
    assert all(loc[b] in rules.LOCS for b in on_map)
    assert all((room[b] is not None) == (loc[b] == "other") for b in range(2, rules.N))
    # card counts are conserved
    cards = [c for h in s["hands"] for c in h] + s["deck"] + s["discard"]
    assert sorted(cards) == list(range(DECK))
    # players' minds stand on the map, their pieces with them
    for seat, ch in enumerate(s["chars"]):
        if ch in unrestored or ch in {mind[b] for b in unrestored}:
            body = mind.index(ch)
            assert loc[body] is not None
            assert s["piece"][seat] == loc[body] and s["proom"][seat] == room[body]
        assert s["piece"][seat] in rules.LOCS
    assert s["negi"] in rules.LOCS
    assert s["over"] == (not unrestored)


OPTION_SETS = [{}, {"shuffle": "quick"}, {"entry": "all_at_start"}, {"students": "all30"},
               {"students": [2, 3, 10, 15, 26, 13, 20, 22, 23], "shuffle": "quick", "entry": "all_at_start"}]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults")
def test_invariants_hold_at_every_step(options: dict) -> None:
    games = 6 if options.get("students") == "all30" else 14
    for seed in range(games):
        r = random.Random(seed)
        players = r.randint(2, 6 if options.get("students") != [2, 3, 10, 15, 26, 13, 20, 22, 23] else 4)
        s = SPEC.setup(players, seed, options)
        check(s)
        for _ in range(20000):
            if rules.is_over(s):
                break
            seat = s["turn"]
            legal = rules.legal_actions(s, seat)
            assert legal and all(not rules.legal_actions(s, o) for o in range(players) if o != seat)
            s, _ = rules.apply(s, seat, r.choice(legal))
            check(s)
        assert rules.is_over(s)
        res = rules.result(s)
        assert sum(len(p) for p in res["piles"]) == len(set(s["students"]) - set(s["left"]))
