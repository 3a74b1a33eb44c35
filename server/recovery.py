"""The journal's files on disk: open them safely, check their health, back them up.

``open_journal`` never lets a damaged file stop the server or be overwritten: a database it cannot
read is copied aside (with its ``-wal``/``-shm``) before a fresh one is made, and it says so loudly;
an empty or missing journal where tables were expected, or a ``-wal`` gone after an unclean stop, is
warned about; a read-only folder is refused at start with one clear line. A small side file
(``journal.sqlite3.state``) remembers whether the last run stopped cleanly and how many tables it left.
``check_journal`` is ``houkago server --check DIR``; ``backup_journal`` is ``--backup`` (SQLite's online
backup, safe while the server runs).
"""
from __future__ import annotations

import json
import logging
import os
import shutil
import sqlite3
import time
from pathlib import Path

from server.fingerprint import fingerprint
from server.journal import Journal, JournalError

log = logging.getLogger("houkago.journal")

SQLITE_HEADER = b"SQLite format 3\x00"


def _state_file(path: Path) -> Path:
    return path.with_name(path.name + ".state")


def _read_state(path: Path) -> dict:
    try:
        return json.loads(_state_file(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def write_state(path: Path, clean: bool, tables: int) -> None:
    """Remember whether the server stopped cleanly and how many unfinished tables the journal holds."""
    try:
        _state_file(path).write_text(json.dumps({"clean": clean, "tables": tables}), encoding="utf-8")
    except OSError as exc:
        log.warning("cannot write %s: %s", _state_file(path), exc)


def _set_aside(path: Path, why: str) -> Path:
    """Copy a journal we cannot use (and its -wal/-shm) aside, then remove it; returns the copy's path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    copy = path.with_name(f"{path.name}.unreadable-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        src = path.with_name(path.name + suffix)
        if src.exists():
            shutil.copy2(src, copy.with_name(copy.name + suffix))
            src.unlink()
    log.error("!!! journal %s cannot be read (%s): a copy is kept as %s; starting with an empty journal",
              path, why, copy)
    return copy


def _header_problem(path: Path) -> str | None:
    try:
        with path.open("rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except OSError as exc:
        return str(exc)
    return None if head == SQLITE_HEADER else "not an SQLite database (bad header)"


def open_journal(path: Path) -> Journal:
    """Open (or create) the journal at ``path`` without ever dying for, or losing, a damaged file."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise JournalError(f"the journal folder {folder} is read-only: the server could not save any game; "
                           "choose a writable --data folder")
    before = _read_state(path)
    expected = int(before.get("tables") or 0)
    if not path.exists() or path.stat().st_size == 0:
        if expected:
            log.error("!!! journal %s is %s but the last run left %d unfinished table(s): they are lost "
                      "unless you restore a backup", path, "missing" if not path.exists() else "empty (0 bytes)",
                      expected)
        if path.exists():
            path.unlink()
    else:
        problem = _header_problem(path)
        if problem:
            _set_aside(path, problem)
        elif before.get("clean") is False and not path.with_name(path.name + "-wal").exists():
            log.warning("!!! journal %s: the last run did not stop cleanly and its -wal file is missing: "
                        "the most recent moves may be lost", path)
    try:
        journal = Journal(path, checkpoints=True)
        problem = journal.quick_check()
        if problem:
            journal.close()
            raise sqlite3.DatabaseError(problem)
    except JournalError:
        raise
    except sqlite3.DatabaseError as exc:
        _set_aside(path, str(exc))
        journal = Journal(path, checkpoints=True)
    tables = journal.count_unfinished()
    if expected and not tables:
        log.error("!!! journal %s holds no unfinished table but the last run left %d", path, expected)
    write_state(path, clean=False, tables=tables)
    return journal


def close_journal(journal: Journal) -> None:
    """Close cleanly and remember it (so the next start knows a missing -wal is normal)."""
    tables = journal.count_unfinished()
    journal.close()
    write_state(journal.path, clean=True, tables=tables)


def check_journal(path: Path, games: dict | None = None) -> tuple[bool, list[str]]:
    """``--check``: the journal's health in lines of text, read-only. Returns (healthy, lines)."""
    from server.tables import Table
    from shared.engine import REGISTRY

    games = REGISTRY if games is None else games
    lines: list[str] = []
    if not path.exists():
        return False, [f"{path}: no journal here"]
    problem = None if path.stat().st_size == 0 else _header_problem(path)
    if path.stat().st_size == 0:
        return False, [f"{path}: empty file (0 bytes)"]
    if problem:
        return False, [f"{path}: {problem}"]
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        version = db.execute("PRAGMA user_version").fetchone()[0]
        integrity = db.execute("PRAGMA quick_check").fetchone()[0]
        db.close()
    except sqlite3.DatabaseError as exc:
        return False, [f"{path}: cannot be read: {exc}"]
    healthy = integrity == "ok"
    lines.append(f"{path}: schema {version}, integrity {integrity}")
    journal = Journal(path, read_only=True)
    try:
        for rec in journal.unfinished():
            if isinstance(rec, tuple):
                healthy = False
                lines.append(f"table {rec[0]}: {rec[1]}")
                continue
            spec = games.get(rec.game)
            if spec is None:
                healthy = False
                lines.append(f"table {rec.id} ({rec.game}): game not installed")
            elif rec.seed is not None and rec.fingerprint and rec.fingerprint != fingerprint(spec):
                healthy = False
                lines.append(f"table {rec.id} ({rec.game}): needs the rules/content version it started with")
            else:
                t = Table.from_record(rec, spec, journal, 0.0)
                if t.damaged:
                    healthy = False
                    lines.append(f"table {rec.id} ({rec.game}): damaged: {t.damaged}")
                else:
                    lines.append(f"table {rec.id} ({rec.game}): ok, {t.phase}, {t.sid} actions")
    finally:
        journal.close()
    lines.append("healthy" if healthy else "NOT healthy")
    return healthy, lines


def backup_journal(path: Path, target: Path) -> None:
    """``--backup``: a consistent copy with SQLite's online backup (safe while a server writes)."""
    src = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    dst = sqlite3.connect(str(target))
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()
