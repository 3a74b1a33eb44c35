"""Issue 14 item 2: no outgoing frame exceeds the client's cap, whatever players write.

For each game a whole game is played through the hub (journal on a real SQLite file) with every
player-written text field as full as the rules allow, in 4-byte characters, and every seat name at its
limit. Every frame must fit (an action whose frames would not is refused, so none may be refused
here), the result reaches everyone apart from the final view, and ``resume`` and ``replay`` of the
finished table work.
"""
from __future__ import annotations

import logging
import random
import time
from pathlib import Path
from typing import Any

import pytest

from server.hub import Hub
from server.journal import Journal
from shared.engine import REGISTRY
from shared.errors import RuleError
from shared.protocol import MAX_FRAME, PROTOCOL_VERSION, FrameDecoder
from shared.rng import Rng

WIDE = "\U0001F600"  # 4 UTF-8 bytes
OPTIONS = {"fate_votes": {"discussion_seconds": 0}, "mind_swap": {}, "school_mystery": {"max_scenes": 4}}
LENGTHS = (2000, 500, 120, 80, 40, 20, 8, 1)


def _frames(out: list) -> list[tuple[int, dict[str, Any]]]:
    return [(cid, FrameDecoder(MAX_FRAME).feed(f)[0]) for cid, f in out if f is not None]


def _widest(spec: Any, state: dict, seat: int, action: dict) -> dict:
    """The action with each text field as long as the rules accept now, in 4-byte characters."""
    texts = [k for k, v in action.items() if k in ("text", "name") and isinstance(v, str)]
    if not texts:
        return action
    for n in LENGTHS:
        wide = {**action, **{k: WIDE * n for k in texts}}
        try:
            spec.apply(state, seat, wide)
            return wide
        except RuleError:
            continue
    return action


@pytest.mark.parametrize("game", ["fate_votes", "mind_swap", "school_mystery"])
def test_worst_case_text_fits_every_frame_and_the_result_is_delivered(
        game: str, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    spec = REGISTRY[game]
    n = spec.max_seats
    journal = Journal(tmp_path / "j.sqlite3")
    hub = Hub(journal, grace=5.0, server_name="cap")
    sizes: list[int] = []

    def send(cid: int, msg: dict, now: float = 0.0) -> list[tuple[int, dict[str, Any]]]:
        out = hub.handle(cid, msg, now)
        sizes.extend(len(f) for _, f in out if f is not None)
        journal.commit()
        return _frames(out)

    for cid in (1, 2, 3):
        hub.connect(cid)
        send(cid, {"t": "hello", "v": PROTOCOL_VERSION, "name": WIDE * 2000})
    created = send(1, {"t": "create", "game": game, "seats": n, "bot_delay": 0, "options": OPTIONS[game]})[0][1]
    table = created["table"]
    tokens = {}
    for s in range(n):
        joined = [m for _, m in send(1, {"t": "join", "table": table, "seat": s, "name": WIDE * 2000})
                  if m["t"] == "joined"]
        tokens[s] = joined[0]["token"]
    send(2, {"t": "watch", "table": table})
    send(1, {"t": "start", "table": table, "host": created["host"]})
    t = hub.tables[table]
    r = random.Random(7)
    bot = spec.bots()["sensible"]
    got: list[tuple[int, dict]] = []
    with caplog.at_level(logging.ERROR):
        for step in range(4000):
            if t.phase != "playing":
                break
            movers = [s for s in range(n) if t.legal[s]]
            if not movers:
                got += _frames(hub.tick(step + 1000.0))
                continue
            seat = r.choice(movers)
            action = bot(spec.view(t.state, seat), t.legal[seat], Rng.from_seed(step)) or r.choice(t.legal[seat])
            action = _widest(spec, t.state, seat, action)
            got += send(1, {"t": "act", "table": table, "seat": seat, "token": tokens[seat], "sid": t.sid,
                            "action": action}, float(step))
    assert t.phase == "over", "the game did not end"
    assert not [rec for rec in caplog.records if rec.levelno >= logging.ERROR], caplog.text[:2000]
    assert not [m for _, m in got if m["t"] == "error" and m["code"] == "action/too_large"]
    results = [(cid, m) for cid, m in got if m["t"] == "result"]
    assert {cid for cid, _ in results} == {1, 2} and results[0][1]["result"] == spec.result(t.state)
    assert not [m for _, m in got if m["t"] == "snapshot" and "result" in m]

    # resume and replay of the finished table
    resumed = send(3, {"t": "resume", "table": table, "seat": 0, "token": tokens[0]})
    assert [m["t"] for _, m in resumed if m["t"] in ("snapshot", "result")] == ["snapshot", "result"]
    send(3, {"t": "replay", "table": table})
    streamed: list = []
    while hub.has_work():  # the replay streams a slice at a time
        frames, _ = hub.work(time.monotonic, 0.01, lambda cid: True)
        streamed += frames
    sizes.extend(len(f) for _, f in streamed)
    parts = [m for _, m in _frames(streamed) if m["t"] == "replay"]
    assert parts and parts[-1]["last"] and parts[-1]["result"] == spec.result(t.state)
    assert sum(len(p["steps"]) for p in parts) == t.sid + 1
    assert max(sizes) <= MAX_FRAME + 4
    journal.close()
