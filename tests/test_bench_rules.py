"""bench/rules.py measures every game it is given and prints one JSON line last (run in this process on
tiny inputs: its main(argv) is what the script runs)."""
from __future__ import annotations

import json

import pytest

from bench import rules


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    rules.main(list(argv))
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


@pytest.mark.timeout(120)
def test_tiny_rules_benchmark_run(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(capsys, "mind_swap", "--games", "1", "--players", "2")
    ms = out["games"]["mind_swap"]
    assert ms["actions"] > 0
    for key in ("view_us_p50", "apply_us_p50", "legal_us_p50", "snapshot_bytes_per_move", "replay_us_per_action"):
        assert ms[key] > 0, key


@pytest.mark.timeout(120)
def test_rules_benchmark_medians_of_runs(capsys: pytest.CaptureFixture[str]) -> None:
    sm = _run(capsys, "school_mystery", "--games", "1", "--players", "3", "--runs", "2")["games"]["school_mystery"]
    assert sm["runs"] == 2 and sm["actions"] > 0
    for key in ("view_us_p50", "apply_us_p50", "legal_us_p50", "snapshot_bytes_per_move", "replay_us_per_action"):
        assert sm[key] > 0, key
