"""server.journal.Journal: each tick's actions are one log row (one INSERT that SQLite commits by itself);
a table's actions are copied from the log into actions 32 at a time, when it finishes and at a clean close;
log rows wholly copied are deleted. Whatever happens — crashes between any two commits, failed commits —
a journal opened afterwards reads every committed action of every table once, in order, and nothing else."""
from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from server import journal as journal_mod
from server.journal import SCHEMA_VERSION, Journal, TableRecord, fold_at


def _rec(tid: str) -> TableRecord:
    return TableRecord(id=tid, game="bench_vote", seats=2, options={}, host_hash="h", tokens=[None, None],
                       names=["", ""], bots=[None, None])


def _sql(path: Path, query: str) -> list[tuple]:
    with sqlite3.connect(str(path)) as db:
        return db.execute(query).fetchall()


def _read(path: Path, tids: list[str]) -> dict[str, list[tuple[int, dict[str, Any]]]]:
    """What a journal opened now reads (a restart after a crash here)."""
    j = Journal(path, read_only=True)
    try:
        return {tid: j.actions(tid) for tid in tids}
    finally:
        j.close()


def _statements(j: Journal) -> list[str]:
    seen: list[str] = []
    j._db.set_trace_callback(seen.append)
    return seen


def test_a_tick_of_actions_is_one_log_row_and_durable(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    j = Journal(path)
    j.save_table(_rec("a"))
    j.save_table(_rec("b"))
    j.commit()
    for n in range(3):
        j.append_action("a", n, n % 2, {"type": "vote", "x": [n, "放課後"]})
    j.append_action("b", 0, 1, {"type": "ready"})
    assert j.action_count("a") == 3 and _read(path, ["a"]) == {"a": []}  # seen here, not committed
    seen = _statements(j)
    j.commit()
    assert len(seen) == 1 and seen[0].startswith("INSERT INTO log")
    want_a = [(n % 2, {"type": "vote", "x": [n, "放課後"]}) for n in range(3)]
    assert _read(path, ["a", "b"]) == {"a": want_a, "b": [(1, {"type": "ready"})]}
    assert _sql(path, "SELECT COUNT(*) FROM actions") == [(0,)]  # not copied yet
    assert j.actions("a", 1, 1) == want_a[1:2] and j.actions("a", 2) == want_a[2:]
    j.close()
    assert _sql(path, "SELECT COUNT(*) FROM log") == [(0,)]  # a clean close copies everything
    assert [r[:3] for r in _sql(path, "SELECT table_id, n, seat, action FROM actions ORDER BY table_id, n")] == [
        ("a", 0, 0), ("a", 1, 1), ("a", 2, 0), ("b", 0, 1)]
    again = Journal(path)
    assert again.actions("a") == want_a and again.action_count("b") == 1
    again.close()


def test_copied_by_about_thirty_two_and_when_finished(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    j = Journal(path)
    a, b = "a", "b"
    assert fold_at(a) != fold_at(b) and all(16 <= fold_at(t) < 48 for t in (a, b))  # tables copy at different times
    for tid in (a, b):
        j.save_table(_rec(tid))
    j.commit()
    most = max(fold_at(a), fold_at(b))
    for n in range(most + 3):
        j.append_action(a, n, 0, {"type": "m", "n": n})
        j.append_action(b, n, 1, {"type": "m", "n": n})
        j.commit()
    copied = dict(_sql(path, "SELECT table_id, COUNT(*) FROM actions GROUP BY table_id"))
    every = {t: (most + 3) // fold_at(t) * fold_at(t) for t in (a, b)}  # whole batches of fold_at(t)
    assert copied == every and every[a] > fold_at(a)
    j.mark_finished(a, 5.0)
    j.append_action(b, most + 3, 0, {"type": "last"})
    j.commit()
    copied = dict(_sql(path, "SELECT table_id, COUNT(*) FROM actions GROUP BY table_id"))
    assert copied == {a: most + 3, b: every[b]}
    got = _read(path, [a, b])  # the log still holds copied actions: each is read once
    assert [x["n"] for _, x in got[a]] == list(range(most + 3)) and len(got[b]) == most + 4
    k = fold_at(b)
    assert j.actions(b, k - 1, 2) == [(1, {"type": "m", "n": k - 1}), (1, {"type": "m", "n": k})]


class _Full:
    """A connection whose writes fail (a full disk)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def execute(self, sql: str, *args: Any) -> Any:
        if sql.startswith(("INSERT", "UPDATE", "DELETE")):
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)

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
    assert j.actions("a") == [(0, {"type": "first"})] == _read(path, ["a"])["a"]
    assert _sql(path, "SELECT finished FROM tables") == [(None,)]
    j.append_action("a", 1, 0, {"type": "again"})  # and the next tick goes through
    j.commit()
    assert _read(path, ["a"])["a"] == [(0, {"type": "first"}), (0, {"type": "again"})]
    j.close()


def test_a_schema_3_journal_is_upgraded_and_read(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    j = Journal(path)
    j.save_table(_rec("a"))
    j.append_action("a", 0, 0, {"type": "old"})
    j.close()
    with sqlite3.connect(str(path)) as db:  # as the previous server left it: no log table, version 3
        db.execute("DROP TABLE log")
        db.execute("PRAGMA user_version=3")
    assert _read(path, ["a"])["a"] == [(0, {"type": "old"})]  # read-only: read as it is
    j = Journal(path)
    assert _sql(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    j.append_action("a", 1, 1, {"type": "new"})
    j.commit()
    assert _read(path, ["a"])["a"] == [(0, {"type": "old"}), (1, {"type": "new"})]
    j.close()


def test_random_ticks_crashes_and_restarts_lose_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A model: random ticks over a few tables with small copy/delete thresholds, a crash (a journal left
    as it is, another opened) or a clean restart now and then; after every commit a journal opened now
    reads exactly the committed actions, and the log stays short."""
    for name, value in (("FOLD_AT", 4), ("LOG_KEEP", 12), ("HOUSEKEEPING_EVERY", 5), ("DELETE_AT_ONCE", 3)):
        monkeypatch.setattr(journal_mod, name, value)
    rng = random.Random(8)
    path = tmp_path / "j.sqlite3"
    tids = [f"t{i}" for i in range(6)]
    j = Journal(path)
    for tid in tids:
        j.save_table(_rec(tid))
    j.commit()
    model: dict[str, list[tuple[int, dict[str, Any]]]] = {tid: [] for tid in tids}
    j.append_action("t4", 0, 1, {"type": "once"})
    j.commit()
    model["t4"] = [(1, {"type": "once"})]
    finished: set[str] = set()
    for step in range(400):
        pending = {tid: list(acts) for tid, acts in model.items()}
        for tid in rng.sample(tids, rng.randrange(1, 4)):
            if tid in finished or (tid != "t0" and rng.random() < 0.5):  # t0 acts often, the others less
                continue
            if tid == "t4":  # t4 acted once, first: its action is copied for its age, so old rows can go
                continue
            act = (rng.randrange(2), {"type": "m", "s": step})
            j.append_action(tid, len(pending[tid]), *act)
            pending[tid].append(act)
        if rng.random() < 0.03 and "t5" not in finished:
            j.mark_finished("t5", float(step))
            finished.add("t5")
        j.commit()
        model = pending
        if step % 25 == 0:
            assert _read(path, tids) == model, step
        roll = rng.random()
        if roll < 0.04:  # a crash: this one is never closed
            j = Journal(path)
        elif roll < 0.06:
            j.close()
            j = Journal(path)
    assert _read(path, tids) == model
    assert {tid: j.actions(tid) for tid in tids} == model
    assert _sql(path, "SELECT COUNT(*) FROM log")[0][0] < 40  # old rows were deleted
    j.close()
    assert _sql(path, "SELECT COUNT(*) FROM log") == [(0,)]
    assert _read(path, tids) == model


def test_old_log_rows_go_even_when_tables_stop_acting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table that acted long ago and never again is copied for its age, so the log rows behind it go."""
    for name, value in (("FOLD_AT", 1000), ("LOG_KEEP", 10), ("HOUSEKEEPING_EVERY", 5), ("DELETE_AT_ONCE", 3)):
        monkeypatch.setattr(journal_mod, name, value)
    path = tmp_path / "j.sqlite3"
    j = Journal(path)
    j.save_table(_rec("busy"))
    j.save_table(_rec("idle"))
    j.append_action("idle", 0, 0, {"type": "once"})
    j.commit()
    for n in range(100):
        j.append_action("busy", n, 1, {"type": "m", "n": n})
        j.commit()
    assert _sql(path, "SELECT COUNT(*) FROM log")[0][0] <= 10 + 3 + 5
    assert dict(_sql(path, "SELECT table_id, COUNT(*) FROM actions GROUP BY table_id"))["idle"] == 1
    got = _read(path, ["busy", "idle"])
    assert [a["n"] for _, a in got["busy"]] == list(range(100)) and got["idle"] == [(0, {"type": "once"})]
    j.close()


def test_a_schema_4_journal_gets_the_turn_clock_column(tmp_path: Path) -> None:
    """Schema 5 keeps the host's turn clock; a schema 4 file (no turn_seconds) is read as 0 read-only, upgraded
    when opened, and keeps what is saved then."""
    path = tmp_path / "j.sqlite3"
    j = Journal(path)
    j.save_table(_rec("a"))
    j.commit()
    j.close()
    with sqlite3.connect(str(path)) as db:  # as a schema 4 server left it
        db.execute("ALTER TABLE tables DROP COLUMN turn_seconds")
        db.execute("PRAGMA user_version=4")
    old = Journal(path, read_only=True)
    assert old.table("a").turn_seconds == 0.0  # type: ignore[union-attr]
    old.close()
    j = Journal(path)
    assert _sql(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    rec = _rec("a")
    rec.turn_seconds = 45.0
    j.save_table(rec)
    j.commit()
    assert j.table("a").turn_seconds == 45.0  # type: ignore[union-attr]
    j.close()
