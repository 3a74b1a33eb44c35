"""fate_votes invariants over random games (Hypothesis picks seat counts, seeds and moves)."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.engine import REGISTRY
from shared.games.fate_votes.rules import DISCARDS, LAST_ROUND, TOKENS
from shared.games.fate_votes.winning import CARDS, RANK

SPEC = REGISTRY["fate_votes"]


def check_invariants(before: dict, after: dict) -> None:
    n = after["players"]
    # the public log only grows
    assert after["log"][:len(before["log"])] == before["log"]
    for seat in range(n):
        hand = after["hands"][seat]
        assert hand == sorted(set(hand), key=RANK.__getitem__)
        discarded = [c for d in after["own"][seat] for c in d["cards"]]
        assert sorted(hand + discarded, key=RANK.__getitem__) == list(CARDS)
    if after["phase"] == "discussion" and after["round"] != before["round"]:
        r = after["round"]
        assert all(v >= 0 for v in after["votes"])
        assert after["tokens"] == [TOKENS - (r - 1)] * n
        assert [len(h) for h in after["hands"]] == [len(CARDS) - sum(DISCARDS[1:r])] * n
    if after["phase"] == "over":
        assert after["tokens"] == [TOKENS - (LAST_ROUND - 1)] * n
        assert all(v >= 0 for v in after["votes"]) and [len(h) for h in after["hands"]] == [1] * n
        winners, _ = after["final"]["result"]["winners"], after["final"]["result"]["condition"]
        assert all(0 <= w < n for w in winners)
    # the counts always equal what the public log says
    news = after["log"][len(before["log"]):]
    if news and "votes" in news[-1]:
        assert news[-1]["votes"] == after["votes"]


@settings(max_examples=60, deadline=None)
@given(players=st.integers(4, 12), seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_random_games_keep_the_invariants(players: int, seed: int, moves: int) -> None:
    r = random.Random(moves)
    state = SPEC.setup(players, seed, {})
    while not SPEC.is_over(state):
        movers = [s for s in range(players) if SPEC.legal_actions(state, s)]
        assert movers
        seat = r.choice(movers)
        after, _ = SPEC.apply(state, seat, r.choice(SPEC.legal_actions(state, seat)))
        check_invariants(state, after)
        state = after
    assert SPEC.result(state)["over"]
