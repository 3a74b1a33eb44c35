"""Game records of fate_votes and mind_swap (issue #33): who held what, every vote and strike, every magic
roll. Hidden information is shown only after the end: the record is built from the journal and exists
only once the replay ends the game."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from srvkit import SyncClient, play

from client import records
from server.runtime import ServerThread
from shared import records as shared_records
from shared.bots import next_bot_move
from shared.engine import REGISTRY
from shared.rng import Rng

OPTIONS = {"fate_votes": {"discussion_seconds": 0}, "mind_swap": {}}


def bot_game(game: str, players: int, seed: int) -> list[tuple[int, dict[str, Any]]]:
    spec = REGISTRY[game]
    bot = spec.bots()["normal"]
    state = spec.setup(players, seed, OPTIONS[game])
    rngs = [Rng.from_seed(seed * 13 + s) for s in range(players)]
    history = []
    while not spec.is_over(state):
        move = next_bot_move(spec, state, lambda s: bot, rngs.__getitem__, range(players), list(range(players)))
        assert move is not None
        state, _ = spec.apply(state, *move)
        history.append(move)
    return history


@pytest.mark.parametrize("game,players", [("fate_votes", 5), ("mind_swap", 4)])
def test_no_record_before_the_end_and_everything_after_it(game: str, players: int) -> None:
    spec = REGISTRY[game]
    history = bot_game(game, players, 7)
    for cut in (0, len(history) // 2, len(history) - 1):  # never while the game goes on
        assert shared_records.build(spec, players, 7, OPTIONS[game], history[:cut], ["n"] * players) is None
    record = shared_records.build(spec, players, 7, OPTIONS[game], history, [f"P{s}" for s in range(players)])
    assert record is not None and record["moves"] == len(history)
    kinds = {item["k"] for item in record["items"]}
    assert "dealt" in kinds and "over" in kinds
    start = spec.setup(players, 7, OPTIONS[game])
    dealt = [i for i in record["items"] if i["k"] == "dealt"]
    assert len(dealt) == players  # who held what: every seat's hidden hand
    if game == "fate_votes":
        assert [d["cards"] for d in dealt] == start["hands"]
        assert {"choice", "roles", "votes"} <= kinds  # every secret vote and strike, by seat
        assert sum(i["k"] == "choice" and i["phase"] == "vote_target" for i in record["items"]) >= players
    else:
        assert [d["cards"] for d in dealt] == [[start["ctypes"][c] for c in h] for h in start["hands"]]
        assert "magic" in kinds and "draw" in kinds  # every magic roll, the private draws
        assert all(len(i["faces"]) == 2 for i in record["items"] if i["k"] == "magic")
    content = spec.content()
    for lang in ("ja", "zh", "en"):
        lines = records.lines(record, content, lang)
        assert len(lines) >= len(record["items"]) // 2 and all(text.strip() for _, text in lines)
        assert "P0" in " ".join(text for _, text in lines)


def test_a_local_journal_gives_the_record_only_once_the_game_is_over(tmp_path: Path) -> None:
    game = "mind_swap"
    with ServerThread(data_dir=tmp_path) as srv:
        seats = {s: SyncClient(srv.port, f"p{s}") for s in range(3)}
        table, host = seats[0].create(game, 3, practice=True)
        for s, c in seats.items():
            c.join(table, s)
        seats[0].send({"t": "start", "table": table, "host": host, "seed": 99})
        history: list[tuple[int, dict[str, Any]]] = []
        play(table, seats, [], 5, history, stop=lambda step: step >= 6)
        assert records.from_journal(tmp_path, table) is None  # mid-game: nothing, hidden or not
        play(table, seats, [], 5, history)
        for c in seats.values():
            c.close()
    record = records.from_journal(tmp_path, table)
    assert record is not None and record["table"] == table and record["names"][:3] == ["p0", "p1", "p2"]
    assert records.save(record) is not None
    assert [r["table"] for r in records.listed()] == [table]


def test_seats_with_the_same_name_are_told_apart() -> None:
    spec = REGISTRY["fate_votes"]
    history = bot_game("fate_votes", 4, 2)
    record = shared_records.build(spec, 4, 2, OPTIONS["fate_votes"], history, ["normal bot"] * 3 + ["Aki"])
    text = "\n".join(t for _, t in records.lines(record, spec.content(), "en"))
    assert all(f"normal bot {n}" in text for n in (1, 2, 3)) and "Aki" in text and "Aki 4" not in text
