"""Commit before broadcast: every snapshot written to a socket is already durable in the journal."""
from __future__ import annotations

import asyncio
from pathlib import Path

from server.hub import Hub
from server.journal import Journal
from server.net import Server
from shared.protocol import PROTOCOL_VERSION, FrameDecoder


class Recorder:
    """Stands in for a connection: checks the journal (from another SQLite connection) at each send."""

    def __init__(self, db: Path, log: list) -> None:
        self.path = db
        self.log = log
        self.transport = None
        self.sock = self.direct = None  # no socket of its own: every frame comes through send()

    def send(self, data: bytes | None) -> None:
        if data is None:
            return
        msg = FrameDecoder().feed(data)[0]
        if msg["t"] == "snapshot":  # what a journal opened now would read: committed rows and log
            reader = Journal(self.path, read_only=True)
            self.log.append((msg["sid"], reader.action_count(msg["table"])))
            reader.close()


def test_every_sent_snapshot_is_already_committed(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"

    async def main() -> list:
        journal = Journal(db)
        hub = Hub(journal)
        server = Server(hub)
        log: list = []
        tables = []
        for cid in range(1, 4):  # three tables, one player each side, acting in the same loop tick
            hub.connect(cid)
            server.conns[cid] = Recorder(db, log)  # type: ignore[assignment]
            hub.handle(cid, {"t": "hello", "v": PROTOCOL_VERSION}, 0.0)
        for cid in range(1, 4):
            created = FrameDecoder().feed(hub.handle(cid, {"t": "create", "game": "bench_vote", "seats": 2},
                                                     0.0)[0][1])[0]
            tokens = []
            for s in range(2):
                out = hub.handle(cid, {"t": "join", "table": created["table"], "seat": s}, 0.0)
                tokens.append(FrameDecoder().feed(out[0][1])[0]["token"])
            server.deliver(hub.handle(cid, {"t": "start", "table": created["table"], "host": created["host"]}, 0.0))
            tables.append((cid, created["table"], tokens))
        await asyncio.sleep(0)
        for rnd in range(5):
            for cid, table, tokens in tables:
                for s in range(2):
                    server.deliver(hub.handle(cid, {"t": "act", "table": table, "seat": s, "token": tokens[s],
                                                    "sid": 2 * rnd + s, "action": {"type": "vote", "target": s}},
                                              0.0))
            await asyncio.sleep(0)  # one tick: one commit for all three tables, then the sends
        await asyncio.sleep(0)
        journal.close()
        return log

    log = asyncio.run(main())
    assert len(log) == 3 * 2 * (1 + 10)  # three tables, two seats, start + ten moves
    assert all(durable >= sid for sid, durable in log), [x for x in log if x[1] < x[0]]
