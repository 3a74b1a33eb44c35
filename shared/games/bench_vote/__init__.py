"""bench_vote: the never-ending benchmark game of the shared server workload.

Not listed for players (``listed=False``) and never over (``ends=False``); see
``docs/server.md`` and the peer workload description it reproduces.
"""
from __future__ import annotations

from shared.spec import GameSpec

SPEC = GameSpec(
    id="bench_vote",
    names={"en": "Benchmark vote", "ja": "ベンチマーク投票", "zh": "基准投票"},
    min_seats=2,
    max_seats=12,
    rules="shared.games.bench_vote.rules",  # imported when first used (the launcher lists games without it)
    bots_module="shared.games.bench_vote.bots",
    listed=False,
    ends=False,
)
