"""Recorded reference games: sensible bots on fixed seeds must replay to the same end.

If a rule change is intended, re-record the numbers (and say so in the commit message).
"""
from __future__ import annotations

import hashlib

import msgpack
import pytest

from shared.engine import REGISTRY
from shared.rng import Rng

SPEC = REGISTRY["mind_swap"]

REFERENCE = [
    # seed, players, options, steps, scores, sha256 of the final state (first 16 hex)
    (3, 3, {}, 61, [9, 6, 5], "39e79cc1aa4b4c27"),
    (8, 5, {"shuffle": "quick", "entry": "all_at_start"}, 46, [6, 4, 5, 3, 8], "a9169d33d3beef36"),
]


@pytest.mark.parametrize("seed,players,options,steps,scores,digest", REFERENCE)
def test_reference_game(seed: int, players: int, options: dict, steps: int, scores: list, digest: str) -> None:
    bot = SPEC.bots()["sensible"]
    s = SPEC.setup(players, seed, options)
    rng = Rng.from_seed(seed)
    n = 0
    while not SPEC.is_over(s):
        seat = s["turn"]
        s, _ = SPEC.apply(s, seat, bot(SPEC.view(s, seat), SPEC.legal_actions(s, seat), rng))
        n += 1
    assert (n, SPEC.result(s)["scores"]) == (steps, scores)
    assert hashlib.sha256(msgpack.packb(s)).hexdigest()[:16] == digest
