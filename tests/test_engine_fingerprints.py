"""The fate_votes, mind_swap and school_mystery engines behave exactly as when the fingerprints were recorded.

Random games on fixed seeds fold every legal list, event list, state, periodic views and the
result into one sha256 per game (tools/engine_fingerprints.py, which also asserts that
``apply`` never changes its input). Digests live in tests/data/engine_fingerprints.json;
regenerate them only for an intended rule change. This replays the tool's quick cases
(all fate_votes games, a quarter of the mind_swap and school_mystery ones); ``tools/engine_fingerprints.py
--check`` replays every case.
"""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "engine_fingerprints.py"


def load_tool():
    spec = importlib.util.spec_from_file_location("engine_fingerprints", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FP = load_tool()
STORED: dict[str, str] = json.loads(FP.DATA.read_text(encoding="utf-8"))


def test_every_case_has_a_stored_digest() -> None:
    keys = [FP.case_key(*c) for c in FP.cases()]
    assert sorted(keys) == sorted(STORED)
    assert len(keys) == len(set(keys)) == FP.SEEDS * (len(FP.FATE_VOTES_SEATS) + 1) + FP.SCHOOL_MYSTERY_SEEDS


@pytest.mark.parametrize("game", ["fate_votes", "mind_swap", "school_mystery"])
def test_engine_fingerprints_unchanged(game: str) -> None:
    wrong = []
    for case in FP.quick_cases():
        if case[0] == game:
            key = FP.case_key(*case)
            if FP.fingerprint(*case) != STORED[key]:
                wrong.append(key)
    assert not wrong, f"{len(wrong)} games behave differently, e.g. {wrong[:5]}"


def test_fingerprint_sees_a_changed_legal_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: reversing one game's legal lists changes its digest."""
    from shared.games.fate_votes import rules

    case = ("fate_votes", 4, 0, {})
    original = rules.legal_actions
    monkeypatch.setattr(rules, "legal_actions", lambda state, seat: original(state, seat)[::-1])
    assert FP.fingerprint(*case) != STORED[FP.case_key(*case)]
