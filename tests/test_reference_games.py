"""Recorded reference games replay to exactly the same end, views and events.

Each file under tests/data/reference/ is a full game played once by the
registry's bots (tools/record_reference.py). Replaying its actions through
``REGISTRY[game].apply`` must give the same result, the same final state
(sha256 of its msgpack), the same view of every seat and the spectator after
every step, and the same per-viewer events. Any change in rules behaviour —
intended or not — makes this fail.

If the rules change is INTENDED: re-record that game (recording is deterministic;
these are the commands that made the current files)::

    python3 tools/record_reference.py fate_votes --count 6      # 4, 6, 12 seats
    python3 tools/record_reference.py mind_swap --count 4       # 2, 4, 6 seats
    python3 tools/record_reference.py school_mystery --count 4  # 2, 4, 6 seats

then review ``git diff tests/data/reference`` (the actions and results show what
the new rules do differently) and commit the new files with the rules change. A
change to a bot also changes the recorded games; that is fine, re-record too.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from shared.engine import REGISTRY
from tools.reference import Rejected, replay

DATA = Path(__file__).resolve().parent / "data" / "reference"
FILES = sorted(DATA.glob("*.json"))
HOW_TO = "if this rules change is intended, re-record with tools/record_reference.py and review the diff"


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", [g for g, spec in REGISTRY.items() if spec.listed])
def test_every_game_has_reference_games(game: str) -> None:
    spec = REGISTRY[game]
    seats = {load(p)["players"] for p in FILES if p.stem.rsplit("_", 1)[0] == game}
    assert len(list(DATA.glob(f"{game}_*.json"))) >= 3, f"record some: python3 tools/record_reference.py {game}"
    assert {spec.min_seats, spec.max_seats} <= seats, f"{game}: record the smallest and the largest table"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_reference_game_replays_exactly(path: Path) -> None:
    ref = load(path)
    assert len(ref["actions"]) == ref["steps"] == len(ref["trail"])
    try:
        got = replay(ref)
    except Rejected as err:
        pytest.fail(f"{path.name}: {err}; {HOW_TO}")
    first = next((i for i, (a, b) in enumerate(zip(got["trail"], ref["trail"])) if a != b), None)
    where = "" if first is None else (f"; the state first differs after step {first} "
                                      f"(seat {ref['actions'][first][0]} played {ref['actions'][first][1]})")
    assert got["over"], f"{path.name}: the recorded actions no longer end the game{where}; {HOW_TO}"
    assert got["result"] == ref["result"], f"{path.name}: the result changed{where}; {HOW_TO}"
    assert got["final_state_sha256"] == ref["final_state_sha256"], \
        f"{path.name}: the final state changed{where}; {HOW_TO}"
    assert got["trail"] == ref["trail"], f"{path.name}: the states on the way changed{where}; {HOW_TO}"
    assert got["views_sha256"] == ref["views_sha256"], f"{path.name}: some seat's or the spectator's view " \
        f"changed (states are unchanged, so it is view()); {HOW_TO}"
    assert got["events_sha256"] == ref["events_sha256"], f"{path.name}: the events some viewer receives " \
        f"changed; {HOW_TO}"
