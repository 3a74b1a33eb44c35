"""The benchmark game bench_vote follows the shared peer workload exactly."""
from __future__ import annotations

import pytest

from shared.engine import REGISTRY, RuleError, listed_games
from shared.games.bench_vote.rules import card, leaks

SPEC = REGISTRY["bench_vote"]


def test_registered_unlisted_and_never_ending() -> None:
    assert not SPEC.listed and not SPEC.ends
    assert "bench_vote" not in [s.id for s in listed_games()]


def test_schedule_of_the_workload_and_hands() -> None:
    n = 6
    state = SPEC.setup(n, 0, {})
    assert state["votes"] == [0] * n and state["seq"] == 0 and state["last"] is None
    for p in range(n):
        assert SPEC.view(state, p)["me"] == {"hand": [card(p, i) for i in range(8)], "discarded": 0, "drawn": 8}
    for i in range(5 * n):
        p, target = i % n, (i % n + i // n + 1) % n
        state, events = SPEC.apply(state, p, {"type": "vote", "target": target})
        assert events == [{"type": "voted", "player": p, "target": target}]
        assert state["last"] == {"player": p, "target": target}
    assert state["seq"] == 5 * n and sum(state["votes"]) == 5 * n
    for p in range(n):
        me = SPEC.view(state, p)["me"]
        assert me == {"hand": [card(p, 5 + j) for j in range(8)], "discarded": 5, "drawn": 13}
    assert card(0, 0) == 7919 % 52 and card(2, 3) == (3 * 7919 + 3 * 104729) % 52


def test_views_hold_only_the_own_hand() -> None:
    state = SPEC.setup(4, 0, {})
    state, _ = SPEC.apply(state, 1, {"type": "vote", "target": 0})
    assert "me" not in SPEC.view(state, None)
    for viewer in [None, 0, 1, 2, 3]:
        assert leaks(state, viewer, SPEC.view(state, viewer)) == []
    assert leaks(state, 0, SPEC.view(state, 1)) != []


@pytest.mark.parametrize("bad", [{"type": "vote", "target": 4}, {"type": "vote", "target": -1},
                                 {"type": "vote", "target": True}, {"type": "vote"}, {"type": "skip"}])
def test_bad_votes_are_refused(bad: dict) -> None:
    state = SPEC.setup(4, 0, {})
    with pytest.raises(RuleError):
        SPEC.apply(state, 0, bad)
