"""Issue 14 item 5: start-up never dies for one bad table or a damaged file (a real SQLite file)."""
from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from srvkit import frame_message

from server.hub import Hub
from server.journal import SCHEMA_VERSION, Journal, JournalError
from server.recovery import backup_journal, check_journal, close_journal, open_journal
from shared.protocol import PROTOCOL_VERSION

ROOT = Path(__file__).resolve().parent.parent
FV = {"discussion_seconds": 0}


def _frames(out: list) -> list[dict]:
    return [frame_message(f) for _, f in out if f is not None]


def _journal_with_tables(path: Path, n: int = 3, moves: int = 2) -> list[str]:
    """``n`` started fate_votes tables with ``moves`` actions each, committed."""
    journal = open_journal(path)
    hub = Hub(journal, server_name="s")
    hub.connect(1)
    hub.handle(1, {"t": "hello", "v": PROTOCOL_VERSION}, 0.0)
    ids = []
    for _ in range(n):
        created = _frames(hub.handle(1, {"t": "create", "game": "fate_votes", "seats": 4, "options": FV}, 0.0))[0]
        tid = created["table"]
        tokens = [_frames(hub.handle(1, {"t": "join", "table": tid, "seat": s}, 0.0))[0]["token"] for s in range(4)]
        hub.handle(1, {"t": "start", "table": tid, "host": created["host"]}, 0.0)
        t = hub.tables[tid]
        for _ in range(moves):
            seat = next(s for s in range(4) if t.legal[s])
            hub.handle(1, {"t": "act", "table": tid, "seat": seat, "token": tokens[seat], "sid": t.sid,
                           "action": t.legal[seat][0]}, 0.0)
        ids.append(tid)
    journal.commit()
    close_journal(journal)
    return ids


def test_one_corrupt_options_blob_costs_only_that_table(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "journal.sqlite3"
    bad, *good = _journal_with_tables(path)
    db = sqlite3.connect(path)
    db.execute("UPDATE tables SET options=? WHERE id=?", (b"\xc1\xff", bad))
    db.commit()
    db.close()
    with caplog.at_level(logging.ERROR):
        hub = Hub(open_journal(path), server_name="s")
        assert hub.restore(0.0) == 2 and set(hub.tables) == set(good)
    lines = [r.getMessage() for r in caplog.records if bad in r.getMessage() and r.levelno >= logging.ERROR]
    assert len(lines) == 1 and "unreadable record" in lines[0]


def test_an_unreadable_database_is_copied_aside_and_the_server_starts(tmp_path: Path,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "journal.sqlite3"
    _journal_with_tables(path, 1)
    original = path.read_bytes()
    garbled = b"garbage header!!" + original[16:]
    path.write_bytes(garbled)
    with caplog.at_level(logging.ERROR):
        journal = open_journal(path)
    assert journal.count_unfinished() == 0
    copies = [p for p in tmp_path.iterdir() if ".unreadable-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    assert len(copies) == 1 and copies[0].read_bytes() == garbled  # kept before anything touched it
    assert "cannot be read" in caplog.text and str(copies[0]) in caplog.text
    close_journal(journal)


def test_an_empty_journal_where_tables_were_expected_is_warned_about(tmp_path: Path,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "journal.sqlite3"
    _journal_with_tables(path, 2)
    path.write_bytes(b"")
    with caplog.at_level(logging.WARNING):
        journal = open_journal(path)
    assert "empty (0 bytes)" in caplog.text and "2 unfinished table(s)" in caplog.text
    close_journal(journal)


def test_a_missing_wal_after_an_unclean_stop_is_warned_about(tmp_path: Path,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "journal.sqlite3"
    _journal_with_tables(path, 1)
    journal = open_journal(path)  # a run that never stops cleanly (kill -9)...
    del journal
    wal = path.with_name(path.name + "-wal")
    if wal.exists():
        wal.unlink()  # ...and its -wal deleted
    with caplog.at_level(logging.WARNING):
        again = open_journal(path)
    assert "-wal file is missing" in caplog.text
    close_journal(again)


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root can write a read-only folder")
def test_a_read_only_folder_is_refused_at_start_with_one_clear_line(tmp_path: Path) -> None:
    path = tmp_path / "ro" / "journal.sqlite3"
    _journal_with_tables(path, 1)
    path.parent.chmod(0o555)
    try:
        with pytest.raises(JournalError, match="read-only"):
            open_journal(path)
    finally:
        path.parent.chmod(0o755)


def test_an_unwritable_journal_is_refused_at_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same check when the OS says the files may not be written (works as root too)."""
    path = tmp_path / "journal.sqlite3"
    _journal_with_tables(path, 1)
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if mode == os.W_OK else real(p, mode))
    with pytest.raises(JournalError, match="read-only"):
        open_journal(path)


def test_schema_version_and_fingerprint_changed_rules_are_listed_not_replayed(tmp_path: Path,
                                                                              caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "journal.sqlite3"
    old, ok = _journal_with_tables(path, 2)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.execute("UPDATE tables SET fingerprint='0000' WHERE id=?", (old,))
    db.commit()
    db.close()
    with caplog.at_level(logging.ERROR):
        hub = Hub(open_journal(path), server_name="s")
        assert hub.restore(0.0) == 1 and set(hub.tables) == {ok}
    assert "needs the fate_votes rules/content it started with" in caplog.text
    hub.connect(1)
    hub.handle(1, {"t": "hello", "v": PROTOCOL_VERSION}, 0.0)
    listed = {t["id"]: t for t in _frames(hub.handle(1, {"t": "list"}, 0.0))[0]["tables"]}
    assert listed[old]["phase"] == "needs_old_version"
    assert _frames(hub.handle(1, {"t": "watch", "table": old}, 0.0))[0]["code"] == "table/old_rules"
    healthy, lines = check_journal(path)
    assert not healthy and any(old in line and "needs the rules/content" in line for line in lines)


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    _journal_with_tables(path, 1)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match="newer"):
        Journal(path)


def _first_release_journal(path: Path) -> None:
    """A journal as the first release wrote it (schema 0: no practice, fingerprint, chat, host or lang)."""
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, seats INTEGER NOT NULL, options BLOB NOT NULL,
            seed INTEGER, host_hash TEXT NOT NULL, tokens BLOB NOT NULL, names BLOB NOT NULL, bots BLOB NOT NULL,
            bot_delay REAL NOT NULL, takeover INTEGER NOT NULL, created REAL NOT NULL, started REAL, finished REAL);
        INSERT INTO tables VALUES ('t1', 'fate_votes', 4, X'80', NULL, 'h', X'9400000000'  , X'94a0a0a0a0',
            X'94c0c0c0c0', 0.5, 1, 1.0, NULL, NULL);
    """)
    db.commit()
    db.close()


def test_an_old_schema_is_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    _first_release_journal(path)
    journal = Journal(path)
    (rec,) = journal.unfinished()
    assert not isinstance(rec, tuple) and rec.id == "t1" and rec.practice is False and rec.fingerprint is None
    journal.close()


def test_an_old_schema_is_read_without_upgrading_it(tmp_path: Path) -> None:
    """``--check`` opens read-only: a first-release file's missing columns read as their defaults and the
    file stays as it was (it used to fail with "no such column: practice")."""
    path = tmp_path / "journal.sqlite3"
    _first_release_journal(path)
    before = path.read_bytes()
    journal = Journal(path, read_only=True)
    (rec,) = journal.unfinished()
    assert not isinstance(rec, tuple) and (rec.id, rec.practice, rec.fingerprint, rec.spectator_chat) == \
        ("t1", False, None, False)
    assert (rec.host_name, rec.lang) == ("", "") and journal.table("t1") == rec
    journal.close()
    assert path.read_bytes() == before
    healthy, lines = check_journal(path)
    assert healthy and any("schema 0" in line for line in lines), lines


def test_check_and_backup_from_the_command_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    ids = _journal_with_tables(data / "journal.sqlite3", 2)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    check = subprocess.run([sys.executable, "-m", "houkago", "server", "--check", str(data)], check=False, cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stdout + check.stderr
    assert all(f"table {tid} (fate_votes): ok, playing, 2 actions" in check.stdout for tid in ids)
    target = tmp_path / "copy.sqlite3"
    backup = subprocess.run([sys.executable, "-m", "houkago", "server", "--data", str(data), "--backup",
                             str(target)], check=False, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert backup.returncode == 0, backup.stderr
    healthy, lines = check_journal(target)
    assert healthy and sum("ok, playing" in line for line in lines) == 2
    backup_journal(data / "journal.sqlite3", tmp_path / "second.sqlite3")  # the same in-process
    assert Journal(tmp_path / "second.sqlite3", read_only=True).count_unfinished() == 2
    db = sqlite3.connect(data / "journal.sqlite3")
    db.execute("INSERT INTO actions VALUES (?, 2, 0, X'81a474797065a46e6f7065')", (ids[0],))  # a bad action
    db.commit()
    db.close()
    damaged = subprocess.run([sys.executable, "-m", "houkago", "server", "--check", str(data)], check=False, cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=120)
    assert damaged.returncode == 1 and f"table {ids[0]} (fate_votes): damaged" in damaged.stdout
