"""bench/paired.py alternates a bench script between two checkouts and prints medians and ratios."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.timeout(180)
def test_paired_runs_of_the_rules_benchmark() -> None:
    r = subprocess.run([sys.executable, "bench/paired.py", "--before", str(ROOT), "--runs", "2", "--",
                        "rules.py", "fate_votes", "--games", "1", "--players", "4"],
                       check=False, cwd=str(ROOT), capture_output=True, text=True, timeout=170)
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert len(out["raw"]["before"]) == len(out["raw"]["after"]) == 2
    key = "games.fate_votes.apply_us_p50"
    assert out["median"]["before"][key] > 0 and out["median"]["after"][key] > 0
    assert out["after_over_before"][key] == pytest.approx(out["median"]["after"][key] / out["median"]["before"][key],
                                                          abs=1e-3)
    assert out["median"]["after"]["games.fate_votes.actions"] == out["median"]["before"]["games.fate_votes.actions"]


def test_paired_needs_a_script() -> None:
    r = subprocess.run([sys.executable, "bench/paired.py", "--before", str(ROOT)], check=False, cwd=str(ROOT),
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and "bench script" in r.stderr


@pytest.mark.timeout(180)
def test_one_driver_runs_each_sides_server_under_this_driver() -> None:
    """--one-driver: this checkout's bench/server.py for both sides, each side's own server (--server-checkout)."""
    r = subprocess.run([sys.executable, "bench/paired.py", "--before", str(ROOT), "--after", str(ROOT), "--runs", "1",
                        "--one-driver", "--", "server.py", "--tables", "1", "--players", "2", "--rounds", "1"],
                       check=False, cwd=str(ROOT), capture_output=True, text=True, timeout=170)
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["one_driver"] is True
    for side in ("before", "after"):
        assert out["raw"][side][0]["server_checkout"] == str(ROOT)
        assert "server_user_us_per_move" in out["median"][side] and out["raw"][side][0]["moves"] == 2


def test_one_driver_is_for_the_server_benchmark() -> None:
    r = subprocess.run([sys.executable, "bench/paired.py", "--before", str(ROOT), "--one-driver", "--", "rules.py"],
                       check=False, cwd=str(ROOT), capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and "--one-driver" in r.stderr
