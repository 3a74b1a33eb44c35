"""bench/server.py runs the peer workload end to end (tiny run) and its checks hold. The driver runs in this
process (the script's main(argv)); the server it measures is its own subprocess, as in a real run."""
from __future__ import annotations

import json

import pytest

from bench import echo, server

SCRIPTS = {"bench/server.py": server.main, "bench/echo.py": echo.main}


def _run(capsys: pytest.CaptureFixture[str], script: str, *args: str) -> dict:
    """Run a bench script's main; its last line, parsed (it prints one JSON line last)."""
    assert SCRIPTS[script](list(args)) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


@pytest.mark.timeout(120)
def test_tiny_benchmark_run(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(capsys, "bench/server.py", "--tables", "2", "--players", "3", "--rounds", "2")
    assert out["moves"] == 2 * 2 * 3 and out["frames_down"] == 3 * out["frames_up"]
    assert out["checks"] == {"all_saw_final_seq": True, "votes_sum_is_seq": True, "only_own_hand": True,
                             "errors": 0, "journaled_actions": 2 * 4 * 3, "journal_complete": True}
    for key in ("moves_per_s", "p50_ms", "p95_ms", "p99_ms", "server_rss_mib", "bytes_up", "bytes_down"):
        assert out[key] > 0
    assert out["server_cpu_pct"] >= 0  # clock ticks are 10 ms: a tiny run may show 0


@pytest.mark.timeout(120)
def test_tiny_game_benchmark_run(capsys: pytest.CaptureFixture[str]) -> None:
    """--game: the game's bots choose from legal; every action is journaled and seen by every seat."""
    out = _run(capsys, "bench/server.py", "--game", "mind_swap", "--tables", "2", "--players", "2", "--rounds", "2")
    assert out["game"] == "mind_swap" and 0 < out["moves"] <= 2 * 2 * 2
    assert out["checks"]["errors"] == 0 and out["checks"]["journal_complete"] and out["checks"]["all_saw_final_sid"]
    assert out["frames_down"] >= 2 * out["moves"] and out["bytes_down"] > 0


@pytest.mark.timeout(120)
def test_tiny_echo_floor_run(capsys: pytest.CaptureFixture[str]) -> None:
    """bench/echo.py: the bare fan-out of the same frame sizes (this machine's I/O floor) runs its closed loop."""
    out = _run(capsys, "bench/echo.py", "--tables", "2", "--players", "3", "--rounds", "2")
    assert out["bench"] == "echo" and out["moves"] == 2 * 2 * 3
    assert out["bytes_up"] == 94 and out["bytes_down"] == 175  # frames padded to the sizes asked for
    assert out["server_user_us_per_move"] >= 0 and out["server_sys_us_per_move"] >= 0 and out["p99_ms"] > 0
