"""server.journal.Journal.commit: a tick of action rows alone is one INSERT that SQLite commits by itself;
any other tick is one transaction. Either way everything of a tick is on disk after commit() (seen from
another connection), and a failed commit leaves nothing of its tick."""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from server.journal import ROWS_PER_INSERT, Journal, TableRecord


def _rec(tid: str) -> TableRecord:
    return TableRecord(id=tid, game="bench_vote", seats=2, options={}, host_hash="h", tokens=[None, None],
                       names=["", ""], bots=[None, None])


def _on_disk(path: Path) -> tuple[list[tuple[str, int, int, Any]], list[tuple[str, Any]]]:
    """The committed rows, read by another connection."""
    with sqlite3.connect(str(path)) as db:
        actions = db.execute("SELECT table_id, n, seat, action FROM actions ORDER BY table_id, n").fetchall()
        tables = db.execute("SELECT id, finished FROM tables ORDER BY id").fetchall()
    return actions, tables


def _statements(j: Journal) -> list[str]:
    seen: list[str] = []
    j._db.set_trace_callback(seen.append)
    return seen


def test_a_tick_of_actions_is_one_statement_and_durable(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    j = Journal(path)
    j.save_table(_rec("a"))
    j.save_table(_rec("b"))
    j.commit()
    seen = _statements(j)
    for n in range(3):
        j.append_action("a", n, n % 2, {"type": "vote", "x": [n, "放課後"]})
    j.append_action("b", 0, 1, {"type": "ready"})
    j.commit()
    assert len(seen) == 1 and seen[0].startswith("INSERT INTO actions") and "BEGIN" not in seen[0]
    actions, _ = _on_disk(path)
    assert [(t, n, s) for t, n, s, _ in actions] == [("a", 0, 0), ("a", 1, 1), ("a", 2, 0), ("b", 0, 1)]
    assert all(type(a) is bytes for *_, a in actions)  # stored as BLOB, read back as before
    assert j.actions("a") == [(0, {"type": "vote", "x": [0, "放課後"]}), (1, {"type": "vote", "x": [1, "放課後"]}),
                              (0, {"type": "vote", "x": [2, "放課後"]})]
    j.close()


@pytest.mark.parametrize("rows", [ROWS_PER_INSERT, ROWS_PER_INSERT + 1, 3 * ROWS_PER_INSERT + 5])
def test_many_rows_and_mixed_ticks_are_one_transaction(tmp_path: Path, rows: int) -> None:
    path = tmp_path / "j.sqlite3"
    j = Journal(path)
    j.save_table(_rec("a"))
    for n in range(rows):
        j.append_action("a", n, 0, {"type": "m", "n": n})
    j.mark_finished("a", 5.0)
    j.append_action("a", rows, 1, {"type": "last"})
    assert _on_disk(path) == ([], [])  # nothing committed yet
    assert j.action_count("a") == rows + 1  # this connection sees its own writes
    j.commit()
    actions, tables = _on_disk(path)
    assert [n for _, n, _, _ in actions] == list(range(rows + 1)) and tables == [("a", 5.0)]
    for n in range(rows):  # the next tick of actions alone (a full INSERT, then one row over it)
        j.append_action("a", rows + 1 + n, 0, {"type": "m"})
    j.commit()
    assert len(_on_disk(path)[0]) == 2 * rows + 1
    j.close()


class _Full:
    """A connection whose writes fail (a full disk)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def execute(self, sql: str, *args: Any) -> Any:
        if sql.startswith(("INSERT", "UPDATE")):
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> Any:
        raise sqlite3.OperationalError("database or disk is full")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


@pytest.mark.parametrize("mixed", [False, True])
def test_a_failed_commit_keeps_nothing_of_its_tick(tmp_path: Path, mixed: bool) -> None:
    path = tmp_path / "j.sqlite3"
    j = Journal(path)
    j.save_table(_rec("a"))
    j.append_action("a", 0, 0, {"type": "first"})
    j.commit()
    real = j._db
    j._db = _Full(real)  # type: ignore[assignment]
    j.append_action("a", 1, 0, {"type": "lost"})
    if mixed:
        j.mark_finished("a", 9.0)
    with pytest.raises(sqlite3.OperationalError):
        j.commit()
    j.discard()
    j._db = real
    assert _on_disk(path) == ([("a", 0, 0, b"\x81\xa4type\xa5first")], [("a", None)])
    j.append_action("a", 1, 0, {"type": "again"})  # and the next tick goes through
    j.commit()
    assert [n for _, n, _, _ in _on_disk(path)[0]] == [0, 1]
    j.close()
