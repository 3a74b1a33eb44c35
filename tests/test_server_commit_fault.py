"""Issue 14 item 5: a failed commit mid-game loses nothing.

A failing connection wrapper makes the journal's commits fail (as on a full disk) while a real server
(loopback sockets, a real SQLite file) is running: the actor gets a retryable typed error, the table
stays where it was, the server and the other tables carry on, play resumes once commits work again,
and after a restart every acknowledged action is there.
"""
from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from srvkit import SyncClient

from server import recovery
from server.journal import Journal
from server.runtime import ServerThread

FV = {"discussion_seconds": 0}


class DiskFull:
    """The switch the wrapped connections obey."""

    on = threading.Event()


class _FailingConnection:
    """An sqlite3 connection whose commits and writes fail while ``DiskFull.on`` is set (the journal commits
    a tick of action rows alone as one ``INSERT``, a transaction of its own)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def commit(self) -> None:
        if DiskFull.on.is_set():
            raise sqlite3.OperationalError("database or disk is full")
        self._db.commit()

    def execute(self, sql: str, *args: Any) -> Any:
        if DiskFull.on.is_set() and sql.lstrip().upper().startswith(("INSERT", "UPDATE", "COMMIT")):
            raise sqlite3.OperationalError("database or disk is full")
        return self._db.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> Any:
        if DiskFull.on.is_set():
            raise sqlite3.OperationalError("database or disk is full")
        return self._db.executemany(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)


class FaultyJournal(Journal):
    def __init__(self, path: Path, **kw: Any) -> None:
        super().__init__(path, **kw)
        self._db = _FailingConnection(self._db)  # type: ignore[assignment]


def _table(port: int) -> tuple[SyncClient, str, SyncClient]:
    c = SyncClient(port, "p")
    table, host = c.create("fate_votes", 4, options=FV)
    for s in range(4):
        c.join(table, s)
    c.send({"t": "start", "table": table, "host": host})
    for s in range(4):
        c.expect(lambda m, s=s: m["t"] == "snapshot" and m["seat"] == s)
    watcher = SyncClient(port, "w")
    watcher.send({"t": "watch", "table": table})
    watcher.expect(lambda m: m["t"] == "snapshot")
    return c, table, watcher


def _move(c: SyncClient, table: str) -> dict[str, Any]:
    """Send one legal move of some seat; return the reply (its snapshot or an error)."""
    seat = next(s for s in range(4) if c.snap[s].get("legal"))
    ref = c.act(table, seat, c.snap[seat]["legal"][0])
    return c.expect(lambda m: m.get("ref") == ref and m["t"] in ("snapshot", "error"))


def test_a_commit_failure_mid_game_loses_nothing_after_a_restart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(recovery, "Journal", FaultyJournal)
    DiskFull.on.clear()
    srv = ServerThread(data_dir=tmp_path)
    port = srv.start()
    try:
        a, table_a, watch_a = _table(port)
        b, table_b, _ = _table(port)
        acked = {table_a: 0, table_b: 0}
        for _ in range(3):
            for c, t in ((a, table_a), (b, table_b)):
                assert _move(c, t)["t"] == "snapshot"
                acked[t] += 1
        sid_a = a.snap[0]["sid"]
        DiskFull.on.set()
        err = _move(a, table_a)
        assert err["t"] == "error" and err["code"] == "journal/unavailable" and err["params"]["retry"] is True
        watch_a.pump(0.2)
        assert watch_a.snap[None]["sid"] == sid_a, "a change that was not saved was shown"
        a.send({"t": "ping", "n": 5})  # the server carries on
        assert a.expect("pong")["n"] == 5
        b.send({"t": "chat", "table": table_b, "text": "still here", "seat": 0, "token": b.tokens[0]})
        assert b.expect("chat")["text"] == "still here"
        DiskFull.on.clear()  # room again: the same move now goes through, and the other table plays on
        again = _move(a, table_a)
        assert again["t"] == "snapshot" and again["sid"] == sid_a + 1
        acked[table_a] += 1
        assert _move(b, table_b)["t"] == "snapshot"
        acked[table_b] += 1
    finally:
        srv.stop()
    monkeypatch.setattr(recovery, "Journal", Journal)
    with ServerThread(data_dir=tmp_path) as again_srv:
        for t, client in ((table_a, a), (table_b, b)):
            back = SyncClient(again_srv.port or 0, "back")
            back.send({"t": "resume", "table": t, "seat": 0, "token": client.tokens[0]})
            snap = back.expect("snapshot")
            assert snap["sid"] == acked[t], (t, snap["sid"], acked[t])  # every acknowledged action, no more
