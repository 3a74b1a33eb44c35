"""bench/engine.py plays whole random games of any registered game and reports its numbers."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from shared.engine import REGISTRY

BENCH = Path(__file__).resolve().parent.parent / "bench" / "engine.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_engine", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("gid", [g for g, s in REGISTRY.items() if s.ends])
def test_bench_runs_games_to_the_end(gid: str) -> None:
    out = load_bench().run(gid, 2, None, 5)
    assert out["game"] == gid and out["games"] == 2 and out["unfinished"] == 0
    assert out["actions"] > 0 and out["games_per_s"] > 0 and out["actions_per_s"] > 0


def test_bench_fate_votes_six_players() -> None:
    out = load_bench().run("fate_votes", 3, 6, 1)
    assert out["players"] == 6 and out["actions"] >= 3 * (6 * 5 + 6 * 4)


@pytest.mark.parametrize("gid", [g for g, s in REGISTRY.items() if s.ends])
def test_bench_with_sensible_bots_finishes(gid: str) -> None:
    out = load_bench().run(gid, 2, None, 3, "sensible")
    assert out["bot"] == "sensible" and out["unfinished"] == 0 and out["actions"] > 0
