"""bench/instructions.py counts each measured call of the rules under valgrind and prints one JSON line last."""
from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("valgrind") is None,
                                reason="needs valgrind (.ci/run installs it: apt-get install valgrind)")


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_counts_every_measured_call_and_only_those() -> None:
    sys.path.insert(0, str(ROOT))
    from bench.rules import REPLAY_RUN, play

    players = 4
    actions = len(play("fate_votes", players, 1))
    r = subprocess.run([sys.executable, "bench/instructions.py", "fate_votes", "--games", "1", "--players",
                        str(players)], check=False, cwd=str(ROOT), capture_output=True, text=True, timeout=500)
    assert r.returncode == 0, r.stderr[-2000:]
    fv = json.loads(r.stdout.strip().splitlines()[-1])["games"]["fate_votes"]
    # one count per call made: an apply per position, a view per viewer at every third, a replay per 25 actions
    assert fv["apply_calls"] == actions
    assert fv["view_calls"] == (players + 1) * math.ceil(actions / 3)
    assert fv["replay_calls"] == math.ceil(actions / REPLAY_RUN)
    for figure in ("apply", "view"):
        # a rules call runs thousands of instructions; the empty call's cost is taken off, not the call's
        assert 1_000 < fv[f"{figure}_p50"] < 1_000_000, fv
        assert fv[f"{figure}_mean"] > 0, fv
    assert 1_000 < fv["replay_mean"] < 1_000_000, fv
