"""bench/rules.py measures every game it is given and prints one JSON line last."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.timeout(120)
def test_tiny_rules_benchmark_run() -> None:
    r = subprocess.run([sys.executable, "bench/rules.py", "mind_swap", "--games", "1", "--players", "2"],
                       check=False, cwd=str(ROOT), capture_output=True, text=True, timeout=100)
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    ms = out["games"]["mind_swap"]
    assert ms["actions"] > 0
    for key in ("view_us_p50", "apply_us_p50", "legal_us_p50", "snapshot_bytes_per_move", "replay_us_per_action"):
        assert ms[key] > 0, key


@pytest.mark.timeout(120)
def test_rules_benchmark_medians_of_runs() -> None:
    r = subprocess.run([sys.executable, "bench/rules.py", "school_mystery", "--games", "1", "--players", "3",
                        "--runs", "2"], check=False, cwd=str(ROOT), capture_output=True, text=True, timeout=100)
    assert r.returncode == 0, r.stderr[-2000:]
    sm = json.loads(r.stdout.strip().splitlines()[-1])["games"]["school_mystery"]
    assert sm["runs"] == 2 and sm["actions"] > 0
    for key in ("view_us_p50", "apply_us_p50", "legal_us_p50", "snapshot_bytes_per_move", "replay_us_per_action"):
        assert sm[key] > 0, key
