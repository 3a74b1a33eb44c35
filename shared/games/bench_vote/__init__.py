"""bench_vote: the never-ending benchmark game of the shared server workload.

Not listed for players (``listed=False``) and never over (``ends=False``); see
``docs/server.md`` and the peer workload description it reproduces.
"""
from __future__ import annotations

from shared.spec import game_spec

SPEC = game_spec(__name__, {"en": "Benchmark vote", "ja": "ベンチマーク投票", "zh": "基准投票"}, (2, 12),
                 content=False, listed=False, ends=False)
