"""The SQLite journal: tables and their accepted actions, in WAL mode.

Durability: the database runs with ``journal_mode=WAL`` and ``synchronous=NORMAL``.
A commit appends the transaction to the ``-wal`` file with ``write()`` before
``commit()`` returns; it is then in the operating system's page cache, which a
crash or ``kill -9`` of *this process* does not lose. Only a power cut or kernel
crash can drop the last transactions (WAL ``NORMAL`` skips the fsync per commit);
the database itself never corrupts. The server commits once per event-loop tick
(see :class:`server.net.Server`) and never broadcasts an action before its commit.

Schema::

    tables(id, game, seats, options, seed, host_hash, tokens, names, bots,
           bot_delay, takeover, created, started, finished, practice, fingerprint,
           spectator_chat, host_name, lang, turn_seconds)
    actions(table_id, n, seat, action)      -- action is msgpack, n = 0, 1, 2, …
    log(seq, rows)                          -- one tick's actions: msgpack [[table_id, n, seat, action], …]

Each tick's actions are committed as one ``log`` row (one statement, one WAL page or two, however many
tables acted — a row per action in ``actions`` costs a page per table); a table's actions are copied from
the log into ``actions`` :data:`FOLD_AT` at a time (a few adjacent rows: one page), when it finishes, and
at a clean close; log rows whose every action is in ``actions`` are deleted in batches. A table's actions
are its rows in ``actions`` followed by its log entries past them (after a crash the log may still hold
actions already copied: they are skipped by ``n``).

Tokens are stored as SHA-256 hashes, never in clear.
"""
from __future__ import annotations

import logging
import sqlite3
import threading
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from server.packing import pack as _pack

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    options BLOB NOT NULL,
    seed INTEGER,
    host_hash TEXT NOT NULL,
    tokens BLOB NOT NULL,
    names BLOB NOT NULL,
    bots BLOB NOT NULL,
    bot_delay REAL NOT NULL,
    takeover INTEGER NOT NULL,
    created REAL NOT NULL,
    started REAL,
    finished REAL,
    practice INTEGER NOT NULL DEFAULT 0,
    fingerprint TEXT,
    spectator_chat INTEGER NOT NULL DEFAULT 0,
    host_name TEXT NOT NULL DEFAULT '',
    lang TEXT NOT NULL DEFAULT '',
    turn_seconds REAL NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action BLOB NOT NULL,
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS log (
    seq INTEGER PRIMARY KEY,
    rows BLOB NOT NULL
);
"""


log = logging.getLogger("houkago.journal")

CHECKPOINT_EVERY = 0.5  # seconds between looks at the WAL's size
CHECKPOINT_WAL_BYTES = 4 * 1024 * 1024  # a checkpoint copies the WAL into the database past this size
SCHEMA_VERSION = 5  # PRAGMA user_version; 0 = the first release (no practice/fingerprint columns), 2 = no host_name/lang,
# 3 = no log (every action a row of its own in actions at once), 4 = no turn_seconds
FOLD_AT = 32  # a table's actions are copied from the log into actions about this many at a time (fold_at)
LOG_KEEP = 4096  # ticks: a table whose oldest action in the log is older is copied whatever its count
HOUSEKEEPING_EVERY = 256  # ticks between looks for log rows to delete (and tables to copy for them)
DELETE_AT_ONCE = 1024  # log rows deleted when at least this many are wholly copied

_COLUMNS = ("id, game, seats, options, seed, host_hash, tokens, names, bots, bot_delay, takeover, created, "
            "started, finished, practice, fingerprint, spectator_chat, host_name, lang, turn_seconds")
# columns later schemas added to tables: their declaration, and what an older file's rows read as
_ADDED_COLUMNS = {"practice": ("INTEGER NOT NULL DEFAULT 0", "0"), "fingerprint": ("TEXT", "NULL"),
                  "spectator_chat": ("INTEGER NOT NULL DEFAULT 0", "0"),
                  "host_name": ("TEXT NOT NULL DEFAULT ''", "''"), "lang": ("TEXT NOT NULL DEFAULT ''", "''"),
                  "turn_seconds": ("REAL NOT NULL DEFAULT 0", "0")}


def _select_columns(db: sqlite3.Connection) -> str:
    """``_COLUMNS`` as this file can give them: an older file read without upgrading it (``--check``)
    reads the columns it lacks as their defaults."""
    have = {row[1] for row in db.execute("PRAGMA table_info(tables)")}
    return ", ".join(name if name in have or name not in _ADDED_COLUMNS else f"{_ADDED_COLUMNS[name][1]} AS {name}"
                     for name in _COLUMNS.split(", "))


_INSERT_ACTION = "INSERT INTO actions (table_id, n, seat, action) VALUES (?,?,?,?)"
ROWS_PER_INSERT = 64  # action rows one INSERT takes at most (4 parameters each; SQLite allows 999 or more)
Entry = tuple[int, int, bytearray]  # (n, seat, packed action) of one table's action
_INSERTS: dict[int, str] = {}


def _insert_rows(k: int) -> str:
    """The one statement that inserts ``k`` action rows (one text per ``k``: sqlite3 keeps it prepared)."""
    sql = _INSERTS.get(k)
    if sql is None:
        sql = _INSERTS[k] = _INSERT_ACTION + ",(?,?,?,?)" * (k - 1)
    return sql


def _insert_actions(db: sqlite3.Connection, rows: list[tuple[str, int, int, bytearray]]) -> None:
    """Insert action rows (table_id, n, seat, packed action), :data:`ROWS_PER_INSERT` a statement."""
    for i in range(0, len(rows), ROWS_PER_INSERT):
        chunk = rows[i:i + ROWS_PER_INSERT]
        db.execute(_insert_rows(len(chunk)), [x for row in chunk for x in row])


class JournalError(Exception):
    """A journal this server cannot use (newer schema, unreadable file, read-only folder)."""


def _unpack(b: bytes | bytearray) -> Any:
    return msgpack.unpackb(b, raw=False, strict_map_key=True)


def fold_at(table_id: str) -> int:
    """How many actions of this table the log gathers before they are copied into actions: FOLD_AT/2 to
    3·FOLD_AT/2 by the table's id, so that tables moving in step do not all copy in the same tick."""
    return FOLD_AT // 2 + zlib.crc32(table_id.encode()) % FOLD_AT


def _log_row(tick: list[tuple[str, int, int, bytearray]]) -> bytearray:
    """One tick's actions as a log row: msgpack ``[[table_id, n, seat, action], …]``, each action the bytes
    it has in actions (a bytearray: sqlite3 binds it as the same BLOB with no adapter look-up)."""
    return bytearray(_pack(tick))


@dataclass
class TableRecord:
    """The persistent part of a table (everything but the actions)."""

    id: str
    game: str
    seats: int
    options: dict[str, Any]
    host_hash: str
    tokens: list[str | None]
    names: list[str]
    bots: list[str | None]
    bot_delay: float = 0.5
    takeover: bool = True
    seed: int | None = None
    created: float = field(default_factory=time.time)
    started: float | None = None
    finished: float | None = None
    practice: bool = False
    fingerprint: str | None = None  # the rules/content fingerprint the table was started with
    spectator_chat: bool = False
    host_name: str = ""  # who opened it (the Join list shows it)
    lang: str = ""  # the language its players speak (the Join list shows it)
    turn_seconds: float = 0.0  # the host's turn clock (0 = none)


class Journal:
    """Append-only record of tables and actions; call :meth:`commit` to make writes durable."""

    def __init__(self, path: Path, read_only: bool = False, checkpoints: bool = False) -> None:
        """Open or create the journal. ``read_only`` (``--check``) changes nothing on disk;
        ``checkpoints`` moves WAL checkpoints to a background thread (the server's event loop never
        runs one inside a commit)."""
        self.path = path
        self._checkpointer: threading.Thread | None = None
        self._stop = threading.Event()
        if read_only:
            self._db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            # transactions are begun by this class (see commit): a tick of action rows only is one statement
            self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._migrate()
            if checkpoints:
                self._db.execute("PRAGMA wal_autocheckpoint=0")
                self._checkpointer = threading.Thread(target=self._checkpoint_loop, name="journal-checkpoint",
                                                      daemon=True)
                self._checkpointer.start()
        self._read_only = read_only
        self._select = _select_columns(self._db)  # _COLUMNS (an older file opened read-only: with defaults)
        self._dirty = False
        self._tick: list[tuple[str, int, int, bytearray]] = []  # this tick's actions (not committed), in order
        self._fold: set[str] = set()  # tables whose actions this commit copies into actions (finished ones)
        self._tail: dict[str, list[Entry]] = {}  # per table, its committed actions in the log, not in actions
        self._since: dict[str, int] = {}  # per table in _tail, the log row of its oldest action there
        self._fold_at: dict[str, int] = {}  # fold_at() of the tables seen
        self._seq = 0  # the last log row
        self._low = 1  # log rows below this one are deleted
        self._open = False  # a transaction was begun (by a write other than the tick's actions)
        self._failed: sqlite3.Error | None = None  # a write that failed since the last commit
        self.writes = 0  # changes made so far (committed or not): tells a caller whether a call wrote
        self._load_log()

    def _load_log(self) -> None:
        """Read the log: each table's actions there that are not in actions yet (after a crash some may be)."""
        db = self._db
        if not db.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='log'").fetchone():
            return  # a journal of schema 3 opened read-only
        upto: dict[str, int] = {}
        rows = db.execute("SELECT seq, rows FROM log ORDER BY seq").fetchall()
        if rows:
            self._low, self._seq = rows[0][0], rows[-1][0]
        for seq, blob in rows:
            for tid, n, seat, action in _unpack(blob):
                last = upto.get(tid)
                if last is None:
                    last = upto[tid] = db.execute("SELECT MAX(n) FROM actions WHERE table_id=?",
                                                  (tid,)).fetchone()[0]
                    last = upto[tid] = -1 if last is None else last
                if n > last:
                    self._tail.setdefault(tid, []).append((n, seat, bytearray(action)))
                    self._since.setdefault(tid, seq)

    def _migrate(self) -> None:
        """Create or upgrade the schema; ``PRAGMA user_version`` says which one a file has."""
        db = self._db
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise JournalError(f"{self.path}: journal schema {version} is newer than this server's "
                               f"({SCHEMA_VERSION}); use a newer houkago")
        columns = {row[1] for row in db.execute("PRAGMA table_info(tables)")}
        if columns:  # an older file: add what is missing
            for name, (decl, _) in _ADDED_COLUMNS.items():
                if name not in columns:
                    db.execute(f"ALTER TABLE tables ADD COLUMN {name} {decl}")
        db.executescript(SCHEMA)
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        db.commit()

    # --- writes (uncommitted until commit()) ---------------------------------
    def save_table(self, rec: TableRecord) -> None:
        self._execute(
            f"INSERT OR REPLACE INTO tables ({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (rec.id, rec.game, rec.seats, _pack(rec.options), rec.seed, rec.host_hash, _pack(rec.tokens),
             _pack(rec.names), _pack(rec.bots), rec.bot_delay, int(rec.takeover), rec.created, rec.started,
             rec.finished, int(rec.practice), rec.fingerprint, int(rec.spectator_chat), rec.host_name, rec.lang,
             float(rec.turn_seconds)))
        self._dirty = True
        self.writes += 1

    def append_action(self, table_id: str, n: int, seat: int, action: dict[str, Any]) -> None:
        """Buffered; written (in order, with the other writes) by the next :meth:`commit`."""
        # a bytearray: sqlite3 binds it as the same BLOB as bytes without looking for an adapter (it does for bytes)
        self._tick.append((table_id, n, seat, bytearray(_pack(action))))
        self._dirty = True
        self.writes += 1

    def mark_finished(self, table_id: str, when: float) -> None:
        """Also copies the table's actions into actions (a finished table's are all there)."""
        self._execute("UPDATE tables SET finished=? WHERE id=?", (when, table_id))
        self._fold.add(table_id)
        self._dirty = True
        self.writes += 1

    def _execute(self, sql: str, args: Any) -> None:
        """A write in this tick's transaction (begun first if need be); a failure (disk full, I/O error) is
        kept and raised by the next :meth:`commit`."""
        if self._failed is not None:
            return
        try:
            if not self._open:
                self._db.execute("BEGIN")
                self._open = True
            self._db.execute(sql, args)
        except sqlite3.Error as exc:
            self._failed = exc

    def commit(self) -> None:
        """Make every write since the last commit durable; raises (and keeps nothing) if it cannot.

        The tick's actions are one log row. A tick with nothing else to do (the common one) is that one
        ``INSERT``, which SQLite commits by itself, atomically — no ``BEGIN`` and ``COMMIT`` statements; any
        other tick's writes (table saves and finishes, actions copied into actions, log rows deleted) are
        one transaction, committed here. What the journal keeps in memory changes only once it committed."""
        if not self._dirty:
            return
        if self._failed is not None:
            raise self._failed
        tick, tail = self._tick, self._tail
        seq = self._seq + 1 if tick else self._seq
        fold = self._fold  # (a copy once a table is added: self._fold changes only once committed)
        limits = self._fold_at
        for tid, _, _, _ in tick:
            limit = limits.get(tid)
            if limit is None:
                limit = limits[tid] = fold_at(tid)
            if tid not in fold and len(tail.get(tid, ())) >= limit - 1:
                fold = fold | {tid}
        low = self._low
        if tick and seq % HOUSEKEEPING_EVERY == 0:
            fold, low = self._housekeeping(seq, fold)
        db = self._db
        if not self._open and not fold and low == self._low:
            db.execute("INSERT INTO log (seq, rows) VALUES (?,?)", (seq, _log_row(tick)))
        else:
            if not self._open:
                db.execute("BEGIN")
                self._open = True
            if tick:
                db.execute("INSERT INTO log (seq, rows) VALUES (?,?)", (seq, _log_row(tick)))
            if fold:
                rows = [(tid, n, seat, a) for tid in sorted(fold) for n, seat, a in tail.get(tid, ())]
                rows += [row for row in tick if row[0] in fold]
                _insert_actions(db, rows)
            if low != self._low:
                db.execute("DELETE FROM log WHERE seq < ?", (low,))
            db.commit()
            self._open = False
        for tid, n, seat, action in tick:  # committed: now the memory
            if tid not in fold:
                entries = tail.get(tid)
                if entries is None:
                    entries = tail[tid] = []
                    self._since[tid] = seq
                entries.append((n, seat, action))
        for tid in fold:
            tail.pop(tid, None)
            self._since.pop(tid, None)
            limits.pop(tid, None)  # (made again if it acts again: finished and idle tables are forgotten)
        self._seq, self._low = seq, low
        self._tick = []
        self._fold = set()
        self._dirty = False

    def _housekeeping(self, seq: int, fold: set[str]) -> tuple[set[str], int]:
        """Which tables to copy and below which log row to delete: tables whose oldest logged action is
        :data:`LOG_KEEP` ticks old are copied whatever their count, so that old log rows can go."""
        stale = {tid for tid, since in self._since.items() if since < seq - LOG_KEEP}
        fold = fold | stale
        low = min((since for tid, since in self._since.items() if tid not in fold), default=seq)
        return fold, (low if low - self._low >= DELETE_AT_ONCE else self._low)

    def _copy_all(self) -> None:
        """Every table's logged actions into actions and the log emptied, in one transaction (a clean close)."""
        db = self._db
        db.execute("BEGIN")
        try:
            _insert_actions(db, [(tid, n, seat, a) for tid in sorted(self._tail) for n, seat, a in self._tail[tid]])
            db.execute("DELETE FROM log")
            db.commit()
        except sqlite3.Error:
            db.rollback()
            raise
        self._tail.clear()
        self._since.clear()
        self._seq, self._low = 0, 1

    def discard(self) -> None:
        """Drop every write since the last commit (after a failed commit)."""
        self._tick = []
        self._fold = set()
        self._dirty = False
        self._failed = None
        self._open = False
        try:
            self._db.rollback()
        except sqlite3.Error:
            pass

    # --- reads -----------------------------------------------------------------
    def _record(self, row: tuple) -> TableRecord:
        (tid, game, seats, options, seed, host_hash, tokens, names, bots, bot_delay, takeover, created,
         started, finished, practice, fingerprint, spectator_chat, host_name, lang, turn_seconds) = row
        return TableRecord(id=tid, game=game, seats=seats, options=_unpack(options), seed=seed,
                           host_hash=host_hash, tokens=_unpack(tokens), names=_unpack(names), bots=_unpack(bots),
                           bot_delay=bot_delay, takeover=bool(takeover), created=created, started=started,
                           finished=finished, practice=bool(practice), fingerprint=fingerprint,
                           spectator_chat=bool(spectator_chat), host_name=host_name or "", lang=lang or "",
                           turn_seconds=float(turn_seconds or 0.0))

    def unfinished(self) -> list[TableRecord | tuple[str, str]]:
        """Every unfinished table's record, or (id, why) for one whose record cannot be read."""
        rows = self._db.execute(
            f"SELECT {self._select} FROM tables WHERE finished IS NULL ORDER BY created").fetchall()
        out: list[TableRecord | tuple[str, str]] = []
        for row in rows:
            try:
                out.append(self._record(row))
            except Exception as exc:  # noqa: BLE001 - a garbled blob: that table only
                out.append((str(row[0]), f"unreadable record ({type(exc).__name__}: {exc})"))
        return out

    def table(self, table_id: str) -> TableRecord | None:
        row = self._db.execute(
            f"SELECT {self._select} FROM tables WHERE id=?", (table_id,)).fetchone()
        return self._record(row) if row else None

    def _logged(self, table_id: str) -> list[Entry]:
        """The table's actions past its rows in actions: in the log, then this tick's (not committed)."""
        entries = self._tail.get(table_id, [])
        if self._tick:
            entries = entries + [(n, seat, a) for tid, n, seat, a in self._tick if tid == table_id]
        return entries

    def actions(self, table_id: str, start: int = 0, limit: int = -1) -> list[tuple[int, dict[str, Any]]]:
        """The table's actions ``start``, ``start + 1``, … (at most ``limit``; -1 = all) as (seat, action),
        this tick's included."""
        rows = self._db.execute("SELECT seat, action FROM actions WHERE table_id=? AND n>=? ORDER BY n LIMIT ?",
                                (table_id, start, limit)).fetchall()
        out = [(seat, _unpack(a)) for seat, a in rows]
        if limit < 0 or len(out) < limit:
            more = [(seat, _unpack(a)) for n, seat, a in self._logged(table_id) if n >= start]
            out += more if limit < 0 else more[:limit - len(out)]
        return out

    def action_count(self, table_id: str) -> int:
        """How many actions the table has (this tick's included)."""
        return (self._db.execute("SELECT COUNT(*) FROM actions WHERE table_id=?", (table_id,)).fetchone()[0]
                + len(self._logged(table_id)))

    def total_actions(self) -> int:
        """Every table's actions (committed), in actions and in the log."""
        return (self._db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
                + sum(len(entries) for entries in self._tail.values()))

    def _checkpoint_loop(self) -> None:
        """Copy the WAL into the database now and then, on a connection of its own (PASSIVE: never
        waits for, nor blocks, the server's writes)."""
        db = sqlite3.connect(str(self.path), check_same_thread=False)
        wal = self.path.with_name(self.path.name + "-wal")
        try:
            while not self._stop.wait(CHECKPOINT_EVERY):
                try:
                    if wal.exists() and wal.stat().st_size > CHECKPOINT_WAL_BYTES:
                        db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except (OSError, sqlite3.Error) as exc:
                    log.warning("journal checkpoint failed (will retry): %s", exc)
        finally:
            db.close()

    def quick_check(self) -> str | None:
        """None if SQLite finds the file sound, else what it found."""
        result = self._db.execute("PRAGMA quick_check").fetchone()[0]
        return None if result == "ok" else str(result)

    def count_unfinished(self) -> int:
        return self._db.execute("SELECT COUNT(*) FROM tables WHERE finished IS NULL").fetchone()[0]

    def close(self) -> None:
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(5.0)
        try:
            self.commit()
            if not self._read_only:
                self._copy_all()
        except sqlite3.Error as exc:
            log.error("journal %s: the last changes could not be saved at shutdown: %s", self.path, exc)
        finally:
            self._db.close()
