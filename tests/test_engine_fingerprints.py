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


# each game's quick cases in runs of a few seconds (every CHUNKS-th case from the chunk's index), so parallel
# workers share them; together they replay every quick case once
CHUNKS = {"fate_votes": 2, "mind_swap": 6, "school_mystery": 1}
RUNS = [(game, chunk) for game in ("fate_votes", "mind_swap", "school_mystery") for chunk in range(CHUNKS[game])]


def chunk_cases(game: str, chunk: int) -> list[tuple]:
    return [c for c in FP.quick_cases() if c[0] == game][chunk::CHUNKS[game]]


def test_the_chunks_replay_every_quick_case_once() -> None:
    replayed = [FP.case_key(*c) for game, chunk in RUNS for c in chunk_cases(game, chunk)]
    assert sorted(replayed) == sorted(FP.case_key(*c) for c in FP.quick_cases())


@pytest.mark.slow
@pytest.mark.parametrize(("game", "chunk"), RUNS)
def test_engine_fingerprints_unchanged(game: str, chunk: int) -> None:
    wrong = []
    for case in chunk_cases(game, chunk):
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
