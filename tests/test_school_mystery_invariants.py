"""school_mystery invariants checked after every step of random sessions."""
from __future__ import annotations

import random

from school_mystery_helpers import RULES, SPEC


def check(state: dict) -> None:
    n = state["players"]
    for seat, st in enumerate(state["students"]):
        if st is None:
            continue
        book = state["db"]["playbooks"][st["playbook"]]
        assert len(st["conditions"]) <= 3
        hand = st["hand"]
        assert len(hand) == 4 and set(hand[:3]) <= set(book["secrets"]) and hand[3] in book["lasts"]
        assert len(set(st["secrets"])) == len(st["secrets"]) <= 4
        assert set(st["secrets"]) <= set(hand)
        assert st["left"] == (len(st["secrets"]) == 4)
        if hand[3] in st["secrets"]:
            assert st["left"]
    ids = [c["id"] for c in state["cards"]]
    assert len(ids) == len(set(ids)) and all(0 <= c["x"] <= 10000 and 0 <= c["y"] <= 10000 for c in state["cards"])
    for a, b in state["links"]:
        assert a < b and {a, b} <= set(ids)
    for suit in RULES.SUITS:
        cards = state["decks"][suit] + state["discards"][suit] + state["used"][suit]
        pending = [t["card"] for t in state["tasks"] if t["kind"] == "pick" and t["suit"] == suit]
        assert sorted(cards + pending) == list(range(1, 11)), suit
    if state["scene"]["number"] >= 1 and state["leader"] is not None:
        assert state["scene"]["duty"] == RULES.duties_for(state["leader"], n, state["scene"]["number"])
    assert state["scene"]["number"] <= state["max_scenes"]
    if state["calendar"]:
        cal = state["calendar"]
        assert cal["scenes_today"] < (2 if cal["holiday"] else 1)
    assert len(set(map(tuple, state["help_used"]))) == len(state["help_used"])
    assert len(set(state["rival_used"])) == len(state["rival_used"])
    assert len(set(state["objections_used"])) == len(state["objections_used"])
    assert set(state["visited"]) <= set(state["public"])
    assert set(state["clues_used"]) <= {c["id"] for c in state["cards"] if c["kind"] == "clue"}


def test_invariants_hold_in_random_sessions() -> None:
    for seed in range(12):
        r = random.Random(seed)
        n = r.randint(2, 6)
        state = SPEC.setup(n, seed, {"max_scenes": r.choice([4, 8, 24])})
        while not SPEC.is_over(state):
            movers = [s for s in range(n) if SPEC.legal_actions(state, s)]
            seat = r.choice(movers)
            state, _ = SPEC.apply(state, seat, r.choice(SPEC.legal_actions(state, seat)))
            check(state)
