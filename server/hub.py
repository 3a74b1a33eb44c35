"""The server's brain, sans I/O: connections, tables and every client message.

``Hub.handle(conn, msg, now)`` takes one decoded message from one connection and
returns the frames to send as ``[(conn_id, frame_bytes | None)]`` (``None`` =
close that connection after the frames before it). The asyncio adapter
(:mod:`server.net`) commits the journal before it sends anything a call
returned, so no action is ever seen before it is durable. ``tick(now)`` runs
what happens without input (bots, phase clocks, grace periods); ``next_wakeup()``
says when to call it. A single event loop drives the hub, so each table handles
one message at a time (that is its lock).
"""
from __future__ import annotations

import logging
import secrets
import socket
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from server.fingerprint import fingerprint
from server.journal import Journal, TableRecord
from server.limits import Limits
from server.tables import LOBBY, OVER, PLAYING, Lossy, Mark, Table, new_token, token_ok
from shared.engine import REGISTRY, GameSpec
from shared.errors import HoukagoError, RuleError
from shared.messages import (
    CLIENT_TYPES,
    Act,
    AskPack,
    AskReplay,
    Bot,
    Chat,
    ChatLine,
    Clock,
    ClockInfo,
    ClockUpdate,
    Create,
    Created,
    Error,
    GameInfo,
    Hello,
    Join,
    Joined,
    Leave,
    Left,
    ListTables,
    Lobby,
    Pack,
    Ping,
    Pong,
    Ready,
    Replace,
    Replaced,
    Replay,
    Resume,
    Start,
    TableEntry,
    Tables,
    Watch,
    Watching,
    Welcome,
    client_message,
    encode_message,
    kind,
)
from shared.protocol import PROTOCOL_VERSION, ProtocolError, encode
from shared.rng import Rng

log = logging.getLogger("houkago.hub")

Out = list[tuple[int, "bytes | None"]]
MAX_BOT_DELAY = 60.0
MIN_TURN, MAX_TURN = 10.0, 3600.0  # the host's turn clock (create ``turn_seconds``), seconds
JOURNALED = frozenset({Create, Join, Leave, Bot, Start, Act})  # messages whose effect is saved
RETRY_AFTER = 1.0  # seconds bots and timeouts wait after a failed commit before they try again
REPLAY_PART = 128 * 1024  # bytes of steps per replay frame
REPLAY_PAGE = 64  # journaled actions read at a time
MAX_REPLAY_STEPS = 5000  # a longer game (e.g. the never-ending benchmark table) is refused


@dataclass
class Conn:
    """One client connection: its name and what it holds (seats) and watches."""

    id: int
    name: str = ""
    greeted: bool = False
    address: str | None = None  # the peer's IP address (None = this process, e.g. a test)
    delta: bool = False  # wants delta snapshots (hello ``delta``; see shared.protocol.SnapshotMemo)
    seats: set[tuple[str, int]] = field(default_factory=set)
    watching: set[str] = field(default_factory=set)
    chat_allowance: float = 0.0  # chat lines it may send now (a token bucket)
    chat_at: float = 0.0  # when the allowance was last topped up
    pings: bool = False  # it has sent a ``ping``: a heartbeat, so a silence means its link is dead
    replay_allowance: float = 0.0  # replays it may ask for now (a token bucket)
    replay_at: float = 0.0


def _ref(msg: dict[str, Any]) -> Any:
    """The message's ``ref`` if it is one a reply may echo (an int within ±2**53 or a string of at most 64
    characters), else None."""
    ref: Any = msg.get("ref")
    kind = type(ref)  # the decoded cases first
    if kind is int:
        return ref if -(2 ** 53) <= ref <= 2 ** 53 else None
    if kind is str:
        return ref if len(ref) <= 64 else None
    if ref is None or isinstance(ref, bool) or not isinstance(ref, (int, str)):
        return None
    if isinstance(ref, str) and len(ref) > 64:
        return None
    if isinstance(ref, int) and not -(2 ** 53) <= ref <= 2 ** 53:
        return None
    return ref


def error_frame(code: str, message: str, ref: Any = None, **params: Any) -> bytes:
    """The ``error`` frame of a refusal (``ref``: the refused message's, if a reply may echo it)."""
    return encode_message(Error(code=code, msg=message, params=params, ref=ref))


class Hub:
    """All tables and connections of one server."""

    def __init__(self, journal: Journal | None = None, grace: float = 60.0, server_name: str | None = None,
                 wall: Callable[[], float] = time.time, games: dict[str, GameSpec] | None = None,
                 limits: Limits | None = None) -> None:
        self.games = REGISTRY if games is None else games
        self.limits = limits or Limits()
        self.journal = journal
        self.grace = grace
        self.server_name = server_name or socket.gethostname()
        self.wall = wall
        self.conns: dict[int, Conn] = {}
        self.tables: dict[str, Table] = {}
        self._wake: dict[str, float] = {}
        self.jobs: deque[tuple[int, Iterator[bytes | None]]] = deque()  # replays being streamed
        # connections that may hold snapshots back (a slow reader's; the I/O adapter keeps this set): only
        # their snapshot frames are built Lossy (what a slow reader may lose or get coalesced)
        self.slow: set[int] = set()
        # tables changed since the last commit, as they were before (None = created since), and who
        # asked for those changes: a failed commit puts the tables back and tells them to retry
        self.old_rules: dict[str, str] = {}  # table id -> game, for tables that need other rules to replay
        self._marks: dict[str, Mark | None] = {}
        self._actors: list[tuple[int, Any]] = []
        # message type -> its method (``_on_<t>``), looked up once
        self._handlers: dict[type, Callable[[Conn, Any, float, Any], Out]] = {
            cls: getattr(self, "_on_" + kind(cls)) for cls in CLIENT_TYPES}

    # --- lifecycle -----------------------------------------------------------------
    def restore(self, now: float) -> int:
        """Reload every unfinished table from the journal; returns how many.

        One bad table never stops the others: an unreadable record or a missing game is reported in
        one line and skipped; a table whose journal stops replaying is restored up to its last good
        action and marked damaged (read-only); a table started with other rules or content is listed
        as needing that version, not replayed into another game.
        """
        if self.journal is None:
            return 0
        loaded = 0
        for rec in self.journal.unfinished():
            if isinstance(rec, tuple):
                log.error("table %s: not restored: %s", *rec)
                continue
            if rec.seed is None and not any(rec.tokens):  # a lobby no human sat at: closed, not restored
                log.info("table %s: a lobby with nobody seated; closed, not restored", rec.id)
                self.journal.mark_finished(rec.id, self.wall())
                continue
            spec = self.games.get(rec.game)
            if spec is None:
                log.error("table %s: not restored: game %r is not installed", rec.id, rec.game)
                continue
            if rec.seed is not None and rec.fingerprint and rec.fingerprint != fingerprint(spec):
                log.error("table %s: not restored: it needs the %s rules/content it started with (%s)",
                          rec.id, rec.game, rec.fingerprint)
                self.old_rules[rec.id] = rec.game
                continue
            try:
                table = Table.from_record(rec, spec, self.journal, now)
            except Exception as exc:  # noqa: BLE001 - one bad table must not stop the others restoring
                log.error("table %s: not restored: %s: %s", rec.id, type(exc).__name__, exc)
                continue
            if table.damaged:
                log.error("table %s: restored read-only up to action %d: %s", rec.id, table.sid, table.damaged)
            self.tables[table.id] = table
            self._update_wake(table)
            loaded += 1
        return loaded

    def connect(self, cid: int, address: str | None = None, now: float = 0.0) -> None:
        self.conns[cid] = Conn(cid, address=address, chat_allowance=float(self.limits.chat_burst), chat_at=now,
                               replay_allowance=float(self.limits.replay_burst), replay_at=now)

    def disconnect(self, cid: int, now: float) -> Out:
        conn = self.conns.pop(cid, None)
        self.slow.discard(cid)
        if conn is None:
            return []
        out: Out = []
        touched = set(conn.watching) | {tid for tid, _ in conn.seats}
        for tid in conn.watching:
            t = self.tables.get(tid)
            if t:
                t.watchers.discard(cid)
        for tid, s in conn.seats:
            t = self.tables.get(tid)
            if t and t.seats[s].holder == cid:
                t.seats[s].holder = None
                t.seats[s].away_since = now
        for tid in touched:
            t = self.tables.get(tid)
            if t:
                self._presence(t, now)
                out += self._lobby(t, now=now)
                self._update_wake(t)
                self._forget_if_done(t)
        return out

    # --- dispatch --------------------------------------------------------------------
    def handle(self, cid: int, raw: Any, now: float) -> Out:
        """One decoded frame from connection ``cid``: typed at this edge (:func:`shared.messages.client_message`,
        the typed refusal of anything the doc does not allow), then handled by its ``_on_<t>``."""
        conn = self.conns.get(cid)
        if conn is None:
            return []
        ref = _ref(raw) if isinstance(raw, dict) and raw.get("ref") is not None else None  # (most have none)
        try:
            if not conn.greeted and (not isinstance(raw, dict) or raw.get("t") != "hello"):
                raise ProtocolError("proto/hello_first", "say hello first")
            msg: Any = client_message(raw)  # (Any: each handler takes its own type)
            cls = type(msg)
            if cls in JOURNALED and self.journal is not None:
                if cls is not Act and cls is not Create:  # an act's table is remembered by _accept (its mark);
                    t = self.tables.get(msg.table)  # a created one is new
                    if t is not None:
                        self._remember(t)
                writes = self.journal.writes
                out = self._handlers[cls](conn, msg, now, ref)
                if self.journal.writes != writes:  # told to retry if this tick's commit fails
                    self._actors.append((cid, ref))
                return out
            return self._handlers[cls](conn, msg, now, ref)
        except HoukagoError as err:
            out = [(cid, error_frame(err.code, err.message, ref, **err.params))]
            if err.code == "proto/version":
                out.append((cid, None))
            return out
        except Exception:
            log.exception("internal error handling %r from connection %d",
                          raw.get("t") if isinstance(raw, dict) else type(raw).__name__, cid)
            return [(cid, error_frame("server/internal", "the server could not handle that message", ref))]

    def next_wakeup(self) -> float | None:
        return min(self._wake.values()) if self._wake else None

    def tick(self, now: float) -> Out:
        """Run due bots, expired clocks and ended grace periods."""
        out: Out = []
        for tid, when in list(self._wake.items()):
            if when > now:
                continue
            t = self.tables.get(tid)
            if t is None:
                self._wake.pop(tid, None)
                continue
            try:
                self._remember(t, seats=False)
                out += self._tick_table(t, now)
            except Exception:  # a rules or bot failure must not stop the other tables
                log.exception("table %s: tick failed", tid)
            self._update_wake(t)
        return out

    # --- the journal: apply and save are one step ----------------------------------------------
    def _remember(self, t: Table, seats: bool = True) -> None:
        """Before a change that will be journaled: keep how the table was (once per commit; the seats
        only for a change that may touch them)."""
        if self.journal is None:
            return
        mark = self._marks.get(t.id, False)
        if mark is False:
            self._marks[t.id] = t.mark(seats)
        elif mark is not None and seats:
            self._marks[t.id] = t.mark_seats(mark)  # type: ignore[arg-type]  # a Mark: neither False nor None

    def commit(self, now: float) -> tuple[bool, Out]:
        """Make this tick's changes durable. On failure (disk full, I/O error) every table changed
        since the last commit goes back to how it was, and each client that asked for a change gets a
        retryable ``journal/unavailable``; the caller must not send the frames of those changes.
        Returns (committed, frames to send)."""
        if self.journal is None:
            return True, []
        try:
            self.journal.commit()
        except Exception as exc:  # noqa: BLE001 - any failed commit: put the tables back, keep serving
            log.error("journal commit failed (%s): %d table(s) put back, play goes on when it can be saved",
                      exc, len(self._marks))
            self.journal.discard()
            return False, self._put_back(now)
        self._marks.clear()
        self._actors.clear()
        return True, []

    def _put_back(self, now: float) -> Out:
        for tid, mark in self._marks.items():
            t = self.tables.get(tid)
            if t is None:
                continue
            if mark is None:  # created since the last commit: it never existed
                self.tables.pop(tid, None)
                self._wake.pop(tid, None)
                for conn in self.conns.values():
                    conn.seats = {(x, s) for x, s in conn.seats if x != tid}
                    conn.watching.discard(tid)
                continue
            t.rollback(mark)
            for s, seat in enumerate(t.seats):
                if seat.holder is not None and seat.token_hash is None:  # a join that was not saved
                    holder = self.conns.get(seat.holder)
                    if holder is not None:
                        holder.seats.discard((tid, s))
                    seat.holder = None
            for s in t.bot_due:  # bots and clocks try again a little later, not at once
                t.bot_due[s] = max(t.bot_due[s], now + RETRY_AFTER)
            if t.clock is not None and not t.clock.paused:
                t.clock.deadline = max(t.clock.deadline, now + RETRY_AFTER)
            self._update_wake(t)
        self._marks.clear()
        actors, self._actors = self._actors, []
        return [(cid, error_frame("journal/unavailable", "the server could not save that; try again", ref,
                                  retry=True)) for cid, ref in actors if cid in self.conns]

    def _tick_table(self, t: Table, now: float) -> Out:
        out: Out = []
        expires = self._expiry(t)
        if expires is not None and now >= expires:
            self._expire(t)
            return out
        if t.phase == LOBBY:  # a joiner gone past the grace period frees the seat (its token dies)
            freed = False
            for seat in t.seats:
                if seat.away_since is not None and seat.holder is None and now >= seat.away_since + self.grace:
                    seat.token_hash, seat.name, seat.ready, seat.away_since = None, "", False, None
                    freed = True
            if freed:
                self._seated(t, now)
                self._save(t)
                out += self._lobby(t, now=now)
        if t.takeover_due():
            changed = False
            for seat in t.seats:
                if (seat.away_since is not None and seat.takeover is None and seat.token_hash
                        and now >= seat.away_since + self.grace):
                    bots = t.spec.bots()
                    if not bots:
                        continue
                    seat.takeover = t.spec.default_bot_level()
                    t.votes.pop(t.seats.index(seat), None)
                    changed = True
            if changed:
                t.schedule_bots(now)
                out += self._lobby(t, now=now)
        clock = t.clock
        if t.phase == PLAYING and clock and not clock.paused and not clock.expired and now >= clock.deadline:
            clock.expired = True
            # (a phase clock runs on a started table: its state is set)
            for seat_no, action in t.spec.timeout_actions(t.state):  # type: ignore[arg-type]
                if t.phase != PLAYING:
                    break
                out += self._accept(t, seat_no, action, now, quiet=True)
        for seat_no, due in sorted(t.turn_due.items(), key=lambda kv: kv[1]):  # the host's turn clock ran out
            if due > now or t.phase != PLAYING or seat_no not in t.turn_due:
                continue
            del t.turn_due[seat_no]
            if not t.legal[seat_no] or t.seats[seat_no].bot_level:
                continue
            # the stand-in's move, this once (the seat stays its human's); (type: ignore: None is taken just below)
            action = t.bot_action(seat_no)  # type: ignore[assignment]
            if action is None:
                action = Rng.from_seed(t.sid * 31 + seat_no).choice(t.legal[seat_no])
            log.info("table %s: seat %d's turn clock ran out; the stand-in moves", t.id, seat_no)
            out += self._accept(t, seat_no, action, now, quiet=True)
        for seat_no, due in sorted(t.bot_due.items(), key=lambda kv: kv[1]):
            if due > now or t.phase != PLAYING or seat_no not in t.bot_due:
                continue
            del t.bot_due[seat_no]
            if not t.legal[seat_no] or not t.seats[seat_no].bot_level:
                continue
            action = t.bot_action(seat_no, now)  # type: ignore[assignment]  # None is taken just below
            if action is None:  # the bot waits for the next change of the table
                continue
            before = t.sid
            out += self._accept(t, seat_no, action, now, quiet=True)
            if t.sid == before and t.legal[seat_no]:  # the bot chose badly: any legal action instead
                fallback = Rng.from_seed(t.sid * 31 + seat_no).choice(t.legal[seat_no])
                out += self._accept(t, seat_no, fallback, now, quiet=True)
        return out

    # --- helpers ---------------------------------------------------------------------------
    def _table(self, tid: str) -> Table:
        t = self.tables.get(tid)
        if t is None:
            if tid in self.old_rules:
                raise HoukagoError("table/old_rules", "this table needs the rules version it was started with",
                                   table=tid[:40], game=self.old_rules[tid])
            raise HoukagoError("table/unknown", "no such table", table=tid[:40])
        return t

    def _host(self, t: Table, token: str) -> None:
        if not token_ok(token, t.host_hash):
            raise HoukagoError("table/not_host", "only the table's host may do that")

    def _seat(self, t: Table, seat: int, token: Any) -> None:
        if not 0 <= seat < t.n or not token_ok(token, t.seats[seat].token_hash):
            raise HoukagoError("seat/bad_token", "that seat token is not valid for this seat", seat=seat)

    def _holder(self, conn: Conn, t: Table, seat: int) -> None:
        """Only the connection holding a seat acts for it (another must ``resume`` it first)."""
        if t.seats[seat].holder != conn.id:
            raise HoukagoError("seat/not_holder", "this connection does not hold that seat; resume it first",
                               seat=seat)

    def _acting_holder(self, conn: Conn, t: Table, seat_no: int, token: str) -> None:
        """:meth:`_seat` and :meth:`_holder` for an act. The holder's next acts with the token it has
        proved skip the hashing (a shortcut no other connection gets; the token stays checked)."""
        if 0 <= seat_no < t.n:
            seat = t.seats[seat_no]
            proved = seat.proved
            if (proved is not None and seat.holder == conn.id and proved[0] == conn.id and proved[1] == token
                    and proved[2] == seat.token_hash):
                return
        self._seat(t, seat_no, token)
        self._holder(conn, t, seat_no)
        seat = t.seats[seat_no]
        seat.proved = (conn.id, token, seat.token_hash)  # type: ignore[assignment]  # token_hash is set: checked above

    def _save(self, t: Table) -> None:
        if self.journal is not None:
            self.journal.save_table(t.record())

    def _expiry(self, t: Table) -> float | None:
        """When a table nobody is at expires (a lobby sooner than a started game, a lobby with no human in a
        seat sooner still); None while anyone is."""
        if t.phase == LOBBY and t.unseated_since is not None:
            unseated = t.unseated_since + self.limits.lobby_unseated
            return unseated if t.empty_since is None else min(unseated, t.empty_since + self.limits.lobby_idle)
        if t.empty_since is None or t.phase == OVER:
            return None
        if t.phase == LOBBY:
            return t.empty_since + self.limits.lobby_idle
        return max(t.empty_since, t.last_move) + self.limits.table_idle

    def _expire(self, t: Table) -> None:
        """Close an abandoned table for good: it leaves memory and is not restored after a restart."""
        log.info("table %s expired (%s, nobody there)", t.id, t.phase)
        self.tables.pop(t.id, None)
        self._wake.pop(t.id, None)
        if self.journal is not None:
            self.journal.mark_finished(t.id, self.wall())

    def _presence(self, t: Table, now: float) -> None:
        """Note when the last member left (for expiry) after any change of who is at the table."""
        if t.members():
            t.empty_since = None
        elif t.empty_since is None:
            t.empty_since = now
        self._seated(t, now)

    @staticmethod
    def _seated(t: Table, now: float) -> None:
        """Note when a lobby last had no human in a seat (it expires ``lobby_unseated`` after that)."""
        if t.phase != LOBBY or any(s.token_hash for s in t.seats):
            t.unseated_since = None
        elif t.unseated_since is None:
            t.unseated_since = now

    def _update_wake(self, t: Table) -> None:
        when = t.wakeup(self.grace)
        if t.empty_since is not None or t.unseated_since is not None:  # nobody is here (or seated): it may expire
            expires = self._expiry(t)
            if expires is not None:
                when = expires if when is None else min(when, expires)
        if t.phase == LOBBY:
            away = [s.away_since + self.grace for s in t.seats if s.away_since is not None and s.holder is None]
            if away:
                when = min(away) if when is None else min(when, *away)
        if when is None:
            self._wake.pop(t.id, None)
        else:
            self._wake[t.id] = when

    def _lobby(self, t: Table, also: int | None = None, now: float | None = None) -> Out:
        """The table's lobby/presence to every member (and ``also``, the sender of a host command);
        ``now`` to say how long each away seat has left (its ``away``)."""
        members = t.members()
        if also is not None:
            members.add(also)
        if not members:
            return []
        frame = encode_message(Lobby(table=t.lobby_info(now, self.grace)))
        return [(cid, frame) for cid in members]

    def _forget_if_done(self, t: Table) -> None:
        """A finished table leaves memory when its last member goes (the journal keeps it as a replay)."""
        if t.phase == OVER and not t.members():
            self.tables.pop(t.id, None)
            self._wake.pop(t.id, None)

    def _attach(self, conn: Conn, t: Table, seat_no: int, now: float) -> Out:
        """Give a seat to a connection (taking it from another connection holding it)."""
        out: Out = []
        seat = t.seats[seat_no]
        if seat.holder is not None and seat.holder != conn.id:
            old = self.conns.get(seat.holder)
            if old is not None:
                old.seats.discard((t.id, seat_no))
                out.append((old.id, encode_message(Left(table=t.id, seat=seat_no))))
        seat.hand_to(conn.id, conn.delta)
        seat.away_since = None
        seat.takeover = None
        t.votes.pop(seat_no, None)
        conn.seats.add((t.id, seat_no))
        t.empty_since = None
        if not seat.bot_level:
            t.bot_due.pop(seat_no, None)
        return out

    def _accept(self, t: Table, seat_no: int, action: dict[str, Any], now: float, quiet: bool = False,
                conn: Conn | None = None, ref: Any = None) -> Out:
        """Apply, build every member's frames, journal. RuleErrors go to ``conn``.

        Frames are built before the action is journaled: an action whose frames would not fit a
        client's frame cap is refused (``action/too_large``) and the table stays where it was.
        """
        mark = t.mark(False)
        if self.journal is not None and t.id not in self._marks:  # also how the table was before this tick
            self._marks[t.id] = mark
        turns = dict(t.turn_due) if t.turn_seconds else None
        try:
            events = t.apply(seat_no, action, now)
        except RuleError as err:
            if quiet or conn is None:
                log.warning("table %s: automatic action of seat %d rejected: %s", t.id, seat_no, err.code)
                return []
            return [(conn.id, error_frame(err.code, err.message, ref, **err.params))]
        except Exception:
            log.exception("table %s: rules failed on an action of seat %d", t.id, seat_no)
            if conn is None:
                return []
            return [(conn.id, error_frame("action/invalid", "that action could not be applied", ref))]
        try:
            # frames only (no None), which Out also allows; a list's type is invariant
            out: Out = t.snapshot_frames(  # type: ignore[assignment]
                events, now, (seat_no, ref) if ref is not None and conn is not None else None, self.slow)
            if t.phase == OVER:
                result = t.result_frame()
                out += [(cid, result) for cid in t.members()]
        except ProtocolError as err:  # a view or result over the cap: never journal what cannot be sent
            t.rollback(mark)
            log.error("table %s: an action of seat %d was refused: %s", t.id, seat_no, err.message)
            if quiet or conn is None:
                return []
            return [(conn.id, error_frame("action/too_large", "that would make the table too large to send", ref))]
        if self.journal is not None:
            self.journal.append_action(t.id, t.sid - 1, seat_no, action)
            if t.phase == OVER:
                t.finished_wall = self.wall()
                self.journal.mark_finished(t.id, t.finished_wall)
                log.info("table %s finished after %d actions", t.id, t.sid)
        elif t.phase == OVER:
            t.finished_wall = self.wall()
        if t.phase == OVER or (turns is not None and turns != t.turn_due):  # (the turn clocks' countdowns)
            out += self._lobby(t, now=now)
        if t.bot_due or t.turn_due or t.clock is not None or t.id in self._wake:
            self._update_wake(t)
        # (else nothing was to wake the table and an action adds nothing that would: it ends a player's
        # absence, never starts one; bots due and a phase clock, the only other wakes, are not there)
        return out

    # --- messages ------------------------------------------------------------------------------
    def _on_hello(self, conn: Conn, msg: Hello, now: float, ref: Any) -> Out:
        if msg.v != PROTOCOL_VERSION:
            raise HoukagoError("proto/version", f"this server speaks protocol {PROTOCOL_VERSION}",
                               server=PROTOCOL_VERSION, client=msg.v)
        conn.greeted = True
        conn.delta = msg.delta
        conn.name = msg.name[:64]
        games = [GameInfo(id=s.id, names=s.names, min=s.min_seats, max=s.max_seats, listed=s.listed)
                 for s in self.games.values()]
        return [(conn.id, encode_message(Welcome(v=PROTOCOL_VERSION, server=self.server_name, games=games,
                                                 ref=ref)))]

    def _on_ping(self, conn: Conn, msg: Ping, now: float, ref: Any) -> Out:
        conn.pings = True  # a heartbeat from now on: a connection silent past ``limits.silence`` is dead
        return [(conn.id, encode_message(Pong(n=msg.n, ref=ref)))]

    def _on_list(self, conn: Conn, msg: ListTables, now: float, ref: Any) -> Out:
        tables = [t.summary() for t in self.tables.values() if t.spec.listed or msg.all]
        tables += [TableEntry(id=tid, game=game, seats=0, free=0, phase="needs_old_version", names=[],
                              practice=False, damaged=False, host_name="", lang="", host_address="", humans=0)
                   for tid, game in self.old_rules.items()]
        return [(conn.id, encode_message(Tables(tables=tables, ref=ref)))]

    def _on_create(self, conn: Conn, msg: Create, now: float, ref: Any) -> Out:
        spec = self.games.get(msg.game)
        if spec is None or (not spec.listed and self.limits.capped(conn.address)):  # benchmark games: this machine only
            raise HoukagoError("table/unknown_game", "no such game", game=msg.game[:40])
        seats = msg.seats
        if not spec.min_seats <= seats <= spec.max_seats:
            raise RuleError("setup/bad_seats", f"{spec.id} needs {spec.min_seats}–{spec.max_seats} players",
                            min=spec.min_seats, max=spec.max_seats)
        lang = msg.lang[:16]
        options = spec.resolve_options(spec.with_table_lang(msg.options, lang))  # one table language
        spec.setup(seats, 1, options)  # options that fit the options but not this table fail now, not at start
        self._room_for_a_table(conn)
        delay = 0.5 if msg.bot_delay is None else msg.bot_delay
        if not 0.0 <= delay <= MAX_BOT_DELAY:
            raise HoukagoError("msg/bad_field", "bot_delay must be 0–60 seconds", field="bot_delay")
        practice = msg.practice
        turn = msg.turn_seconds
        if not (turn == 0 or MIN_TURN <= turn <= MAX_TURN):
            raise HoukagoError("msg/bad_field", f"turn_seconds is 0 (no turn clock) or {MIN_TURN:g}–{MAX_TURN:g}",
                               field="turn_seconds")
        spectator_chat = msg.spectator_chat
        tid = secrets.token_hex(4)
        while tid in self.tables:
            tid = secrets.token_hex(4)
        host_token, host_hash = new_token()
        t = Table(id=tid, spec=spec, n=seats, options=options, host_hash=host_hash, bot_delay=delay,
                  takeover_enabled=msg.takeover, created=self.wall(), practice=practice,
                  spectator_chat=spectator_chat, creator=conn.id, creator_address=conn.address, empty_since=now,
                  host_name=(msg.name or conn.name)[:64], lang=str(options.get("lang") or lang),
                  unseated_since=now, turn_seconds=float(turn))
        self._update_wake(t)
        self.tables[tid] = t
        if self.journal is not None:
            self._marks[tid] = None
        self._save(t)
        log.info("table %s created: %s, %d seats", tid, spec.id, seats)
        return [(conn.id, encode_message(Created(table=tid, host=host_token, lobby=t.lobby_info(), ref=ref)))]

    def _room_for_a_table(self, conn: Conn) -> None:
        """``server/full`` when the server is, ``table/too_many`` when this client has its share."""
        limits = self.limits
        if len(self.tables) >= limits.max_tables:
            raise HoukagoError("server/full", "this server has too many tables", limit=limits.max_tables)
        if not limits.capped(conn.address):
            return
        mine = ours = lobbies = 0
        for t in self.tables.values():
            if t.phase != OVER:
                mine += t.creator == conn.id
                if t.creator_address == conn.address:
                    ours += 1
                    lobbies += t.phase == LOBBY
        for count, limit in ((mine, limits.tables_per_conn), (ours, limits.tables_per_address),
                             (lobbies, limits.lobbies_per_address)):
            if count >= limit:  # the limit that was reached
                raise HoukagoError("table/too_many", "you already have as many open tables as one player may",
                                   limit=limit)

    def _on_join(self, conn: Conn, msg: Join, now: float, ref: Any) -> Out:
        t = self._table(msg.table)
        if t.phase != LOBBY:
            raise HoukagoError("table/started", "the game has already started")
        seat_no = msg.seat
        if seat_no is None:
            free = [i for i, s in enumerate(t.seats) if not s.taken]
            if not free:
                raise HoukagoError("table/full", "every seat is taken")
            seat_no = free[0]
        elif not 0 <= seat_no < t.n:
            raise HoukagoError("seat/unknown", "no such seat", seat=seat_no)
        elif t.seats[seat_no].taken:
            raise HoukagoError("seat/taken", "that seat is taken", seat=seat_no)
        token, th = new_token()
        seat = t.seats[seat_no]
        seat.token_hash, seat.ready = th, False
        seat.name = (msg.name or conn.name or f"Player {seat_no + 1}")[:64]
        out = self._attach(conn, t, seat_no, now)
        self._seated(t, now)
        self._save(t)
        out.append((conn.id, encode_message(Joined(table=t.id, seat=seat_no, token=token, ref=ref))))
        return out + self._lobby(t, now=now)

    def _on_resume(self, conn: Conn, msg: Resume, now: float, ref: Any) -> Out:
        t = self._table(msg.table)
        seat_no = msg.seat
        self._seat(t, seat_no, msg.token)
        out = self._attach(conn, t, seat_no, now)
        t.schedule_bots(now)
        self._update_wake(t)
        out.append((conn.id, encode_message(Joined(table=t.id, seat=seat_no, token=msg.token, ref=ref))))
        out += self._lobby(t, now=now)
        return out + self._catch_up(conn, t, seat_no, now)

    def _catch_up(self, conn: Conn, t: Table, seat: int | None, now: float) -> Out:
        """What a viewer who (re)takes a seat or starts watching gets of a started game: its snapshot with the
        log (:meth:`_comeback`) and, once the game is over, the result."""
        if t.state is None:
            return []
        out: Out = [(conn.id, self._comeback(t, seat, now))]
        if t.phase == OVER:
            out.append((conn.id, t.result_frame()))
        return out

    def _comeback(self, t: Table, seat: int | None, now: float) -> bytes:
        """The snapshot for a viewer who (re)takes a seat or starts watching: with ``past``, the earlier
        events that viewer may see (its log), rebuilt from the journal once after a restart."""
        if t.history_from:
            if self.journal is not None and t.history_from <= MAX_REPLAY_STEPS:
                t.rebuild_history(self.journal.actions(t.id, 0, t.history_from))
            t.history_from = 0  # tried once: a log that cannot be rebuilt starts at the restart
        try:
            return encode(t.snapshot(seat, [], now, past=True))
        except ProtocolError:  # a view near the frame cap: the snapshot without the log
            return encode(t.snapshot(seat, [], now))

    def _on_watch(self, conn: Conn, msg: Watch, now: float, ref: Any) -> Out:
        t = self._table(msg.table)
        t.watchers.add(conn.id)
        conn.watching.add(t.id)
        t.empty_since = None
        out: Out = [(conn.id, encode_message(Watching(table=t.id, ref=ref)))]
        out += self._lobby(t, now=now)
        return out + self._catch_up(conn, t, None, now)

    def _on_leave(self, conn: Conn, msg: Leave, now: float, ref: Any) -> Out:
        t = self._table(msg.table)
        seat_no = msg.seat
        out: Out = []
        if seat_no is None:  # stop watching
            t.watchers.discard(conn.id)
            conn.watching.discard(t.id)
        else:
            self._seat(t, seat_no, msg.token)
            seat = t.seats[seat_no]
            conn.seats.discard((t.id, seat_no))
            if seat.holder is not None and seat.holder != conn.id:
                holder = self.conns.get(seat.holder)
                if holder:
                    holder.seats.discard((t.id, seat_no))
                    out.append((holder.id, encode_message(Left(table=t.id, seat=seat_no))))
            seat.holder = None
            if t.phase == LOBBY:  # the seat is free again; its token dies
                seat.token_hash, seat.name, seat.ready, seat.away_since = None, "", False, None
                self._save(t)
            else:  # the seat stays reserved; the grace period starts
                seat.away_since = now
            self._update_wake(t)
        out.append((conn.id, encode_message(Left(table=t.id, seat=seat_no, ref=ref))))
        out += self._lobby(t, now=now)
        self._presence(t, now)
        self._update_wake(t)
        self._forget_if_done(t)
        return out

    def _on_ready(self, conn: Conn, msg: Ready, now: float, ref: Any) -> Out:
        t = self._table(msg.table)
        self._seat(t, msg.seat, msg.token)
        self._holder(conn, t, msg.seat)
        t.seats[msg.seat].ready = msg.ready
        return self._lobby(t, also=conn.id, now=now)

    def _on_bot(self, conn: Conn, msg: Bot, now: float, ref: Any) -> Out:
        t = self._table(msg.table)
        self._host(t, msg.host)
        if t.phase != LOBBY:
            raise HoukagoError("table/started", "the game has already started")
        seat_no = msg.seat
        if not 0 <= seat_no < t.n:
            raise HoukagoError("seat/unknown", "no such seat", seat=seat_no)
        seat = t.seats[seat_no]
        level = msg.level
        if level != "none":
            bots = t.spec.bots()
            if level is None:
                level = t.spec.default_bot_level()
            if level not in bots:
                raise HoukagoError("bot/unknown_level", "no such bot", level=str(level)[:40])
        out: Out = []
        if seat.holder is not None:  # the host frees (or gives to a bot) a seat someone holds: they are told
            holder = self.conns.get(seat.holder)
            if holder is not None:
                holder.seats.discard((t.id, seat_no))
                out.append((holder.id, encode_message(Left(table=t.id, seat=seat_no))))
            seat.holder = None
        # any lobby seat may be freed or given to a bot by the host; its token dies
        seat.token_hash, seat.away_since = None, None
        if level == "none":
            seat.bot, seat.name, seat.ready = None, "", False
        else:
            seat.bot, seat.name, seat.ready = level, f"{level} bot", True
        self._seated(t, now)
        self._save(t)
        self._update_wake(t)
        return out + self._lobby(t, also=conn.id, now=now)

    def _on_start(self, conn: Conn, msg: Start, now: float, ref: Any) -> Out:
        t = self._table(msg.table)
        self._host(t, msg.host)
        if t.phase != LOBBY:
            raise HoukagoError("table/started", "the game has already started")
        if not all(s.taken for s in t.seats):
            raise HoukagoError("table/not_full", "every seat needs a player or a bot",
                               free=[i for i, s in enumerate(t.seats) if not s.taken])
        seed = msg.seed
        if seed is None:
            seed = secrets.randbits(62)
        elif not t.practice:  # the deal is the server's: a chosen seed would let the host know every hand
            raise HoukagoError("table/not_practice", "only a practice table may choose its seed")
        elif not -(2 ** 63) <= seed < 2 ** 63:
            raise HoukagoError("msg/bad_field", "seed out of range", field="seed")
        t.start(seed, now, self.wall())
        t.unseated_since = None  # (a lobby's clock: a game played by bots alone is not a lobby nobody sat at)
        t.fingerprint = fingerprint(t.spec)
        self._save(t)
        log.info("table %s started (%s)", t.id, ", ".join(s.name for s in t.seats))
        out = self._lobby(t, also=conn.id, now=now) + t.snapshot_frames([], now, slow=self.slow)
        self._update_wake(t)
        return out

    def _on_act(self, conn: Conn, msg: Act, now: float, ref: Any) -> Out:
        t = self.tables.get(msg.table)
        if t is None:
            t = self._table(msg.table)  # (raises)
        seat_no = msg.seat
        self._acting_holder(conn, t, seat_no, msg.token)
        if t.state is None:
            raise HoukagoError("table/not_started", "the game has not started")
        if t.phase == OVER:
            raise RuleError("game/over", "the game is over")
        if t.damaged:
            raise HoukagoError("table/damaged", "this table's journal is damaged; it can only be watched")
        action = msg.action
        if not isinstance(action.get("type"), str):
            raise RuleError("action/bad_shape", "an action is a map with a 'type'")
        sid = msg.sid
        if (sid != t.sid or t.own_since[seat_no] > sid) and not t.check_sid(seat_no, sid, action):  # (an act on
            # the current state by a seat that has not moved since is never stale: check_sid's common case)
            raise HoukagoError("action/stale", "the game moved on; look again and retry", sid=t.sid, yours=sid)
        seat = t.seats[seat_no]
        back = False
        if seat.takeover is not None or seat.away_since is not None:  # the human is back: no stand-in bot
            seat.takeover, seat.away_since = None, None
            t.bot_due.pop(seat_no, None)
            back = True
        before = t.sid
        out = self._accept(t, seat_no, action, now, False, conn, ref)
        if t.votes and t.sid > before and t.votes.pop(seat_no, None) is not None:  # not silent after all
            back = True
        if back:  # everyone sees the seat is its human's again (or the vote on it ended)
            out += self._lobby(t, now=now)
        return out

    def _on_chat(self, conn: Conn, msg: Chat, now: float, ref: Any) -> Out:
        t = self._table(msg.table)
        seat_no = msg.seat
        limits = self.limits
        if seat_no is not None:
            self._seat(t, seat_no, msg.token)
            self._holder(conn, t, seat_no)
            if t.phase == PLAYING and t.state is not None:
                t.spec.check_chat(t.state, seat_no)  # the game's rule (fate_votes: talk only in a discussion)
            name = t.seats[seat_no].name
        elif conn.id not in t.members():
            raise HoukagoError("table/not_member", "sit or watch at the table to chat")
        elif not t.spectator_chat and not any(tid == t.id for tid, _ in conn.seats):
            raise HoukagoError("chat/spectators_off", "spectators cannot chat at this table")
        else:
            name = conn.name or "spectator"
        text = msg.text.strip()
        if not text or len(text) > limits.chat_chars or len(text.encode("utf-8", "surrogatepass")) > limits.chat_bytes:
            raise HoukagoError("chat/bad_text", f"a chat line has 1–{limits.chat_chars} characters",
                               max=limits.chat_chars, bytes=limits.chat_bytes)
        conn.chat_allowance = min(float(limits.chat_burst),
                                  conn.chat_allowance + (now - conn.chat_at) * limits.chat_per_second)
        conn.chat_at = now
        if conn.chat_allowance < 1.0:
            raise HoukagoError("chat/too_fast", "too many chat lines; wait a moment",
                               per_second=limits.chat_per_second)
        conn.chat_allowance -= 1.0
        frame = Lossy(encode_message(ChatLine(table=t.id, name=name, seat=seat_no, text=text, ts=self.wall())))
        return [(cid, frame) for cid in t.members() | {conn.id}]

    def _on_clock(self, conn: Conn, msg: Clock, now: float, ref: Any) -> Out:
        t = self._table(msg.table)
        self._host(t, msg.host)
        clock = t.clock
        if clock is None or clock.expired or t.phase != PLAYING:
            raise HoukagoError("clock/none", "no timed phase is running")
        op = msg.op
        if op == "pause":
            if not clock.paused:
                clock.left, clock.paused = clock.remaining(now), True
        elif op == "resume":
            if clock.paused:
                clock.deadline, clock.paused = now + clock.left, False
        elif op == "add":
            secs = msg.seconds
            secs = 30.0 if secs is None else secs  # an explicit 0 adds nothing
            if isinstance(secs, bool) or not -3600.0 <= secs <= 3600.0:
                raise HoukagoError("msg/bad_field", "seconds out of range", field="seconds")
            secs = float(secs)
            if clock.paused:
                clock.left = max(0.0, clock.left + secs)
            else:
                clock.deadline = max(now, clock.deadline + secs)
            clock.total = max(0.0, clock.total + secs)
        else:
            raise HoukagoError("clock/bad_op", "clock op is pause, resume or add", op=op[:20])
        self._update_wake(t)
        frame = encode_message(ClockUpdate(table=t.id, clock=ClockInfo(**clock.wire(now))))
        return [(cid, frame) for cid in t.members() | {conn.id}]

    def _on_replace(self, conn: Conn, msg: Replace, now: float, ref: Any) -> Out:
        """Give a live but silent seat to a stand-in bot: at once by the host's word (``host``), or when a
        majority of the other seated humans here vote so (``seat`` + ``token``; ``yes: false`` takes a vote
        back). The seat stays its human's: ``resume`` (or an accepted ``act``) takes it back, as after grace."""
        t = self._table(msg.table)
        host, seat_no = msg.host, msg.seat
        if host is not None:
            self._host(t, host)
        elif seat_no is None:
            raise HoukagoError("msg/bad_field", "a vote names its seat and token, the host gives its token",
                               field="seat")
        else:
            self._seat(t, seat_no, msg.token)
            self._holder(conn, t, seat_no)
        if t.state is None:
            raise HoukagoError("table/not_started", "the game has not started")
        if t.phase == OVER:
            raise RuleError("game/over", "the game is over")
        target = msg.target
        if not 0 <= target < t.n:
            raise HoukagoError("seat/unknown", "no such seat", seat=target)
        aim = t.seats[target]
        if aim.token_hash is None or aim.bot is not None:
            raise HoukagoError("seat/not_human", "only a human's seat can be given to a stand-in", seat=target)
        if aim.takeover is not None:
            raise HoukagoError("seat/stood_in", "a stand-in already plays that seat", seat=target)
        if not t.takeover_enabled or not t.has_bots or t.damaged:
            raise HoukagoError("seat/no_stand_in", "no stand-in can play at this table")
        if host is None:
            if seat_no == target:
                raise HoukagoError("seat/own", "you cannot vote on your own seat", seat=target)
            if seat_no not in t.voters(target):
                raise HoukagoError("seat/not_voter", "only the other seated players here vote", seat=seat_no)
        yes = msg.yes
        if yes and not t.legal[target]:
            raise HoukagoError("seat/not_waiting", "that player has nothing to do now", seat=target)
        out: Out = []
        if host is None:
            votes = t.votes.setdefault(target, set())
            voter = seat_no
            assert voter is not None  # (a vote names its seat: checked above)
            if yes:
                votes.add(voter)
            else:
                votes.discard(voter)
            counted, needed = t.votes_for(target), t.votes_needed(target)
            if not counted:
                t.votes.pop(target, None)
            if not yes or len(counted) < needed:
                return self._lobby(t, also=conn.id, now=now)
            by, cast = "vote", sorted(counted)
        else:
            by, cast, needed = "host", [], 0
        t.votes.pop(target, None)
        aim.takeover = t.spec.default_bot_level()
        t.turn_due.pop(target, None)
        t.schedule_bots(now)
        self._update_wake(t)
        log.info("table %s: seat %d given to a stand-in by %s", t.id, target, by)
        frame = encode_message(Replaced(table=t.id, seat=target, by=by, votes=cast, needed=needed))
        out += [(cid, frame) for cid in t.members() | {conn.id}]
        return out + self._lobby(t, also=conn.id, now=now)

    def _on_pack(self, conn: Conn, msg: AskPack, now: float, ref: Any) -> Out:
        """The bytes of a user content pack the table plays with (its ``packs`` option), for a client that
        lacks it (docs/content_packs.md). Only packs the table names leave, each at most PACK_MAX_BYTES."""
        t = self._table(msg.table)
        fp = msg.fp
        named = t.options.get("packs")
        content = t.spec.content() if isinstance(named, str) and fp in named.split(",") else None
        info = getattr(content, "packs", {}).get(fp)
        if info is None:
            raise HoukagoError("pack/unknown", "this table plays with no such content pack", fp=fp[:40])
        return [(conn.id, encode_message(Pack(table=t.id, fp=fp, data=info.source, ref=ref)))]

    def _on_replay(self, conn: Conn, msg: AskReplay, now: float, ref: Any) -> Out:
        """A started game as the spectators saw it, step by step, rebuilt from the journal.

        Only ``view(state, None)`` and the public events ever leave: a replay shows
        nothing a spectator watching live could not have seen. Sent in parts that
        fit the frame cap, streamed by :meth:`work` a slice at a time (actions read
        from the journal in pages), so a long replay never holds up the other tables.
        """
        if self.journal is None:
            raise HoukagoError("replay/unavailable", "this server keeps no journal")
        limits = self.limits
        conn.replay_allowance = min(float(limits.replay_burst),
                                    conn.replay_allowance + (now - conn.replay_at) * limits.replays_per_minute / 60.0)
        conn.replay_at = now
        if conn.replay_allowance < 1.0:
            raise HoukagoError("replay/too_fast", "too many replays asked for; wait a moment",
                               per_minute=limits.replays_per_minute)
        conn.replay_allowance -= 1.0  # (an ask counts even when refused below: each one reads the journal)
        if sum(cid == conn.id for cid, _ in self.jobs) >= limits.replays_per_conn:
            raise HoukagoError("replay/busy", "a replay is still being sent to you", limit=limits.replays_per_conn)
        if len(self.jobs) >= limits.replays_running:
            raise HoukagoError("replay/busy", "the server is sending other replays; try again soon",
                               limit=limits.replays_running)
        rec = self.journal.table(msg.table)
        if rec is None:
            raise HoukagoError("table/unknown", "no such table", table=msg.table[:40])
        spec = self.games.get(rec.game)
        if spec is None or rec.seed is None:
            raise HoukagoError("replay/unavailable", "that game has not started or is not installed")
        if self.journal.action_count(rec.id) > MAX_REPLAY_STEPS:
            raise HoukagoError("replay/too_long", f"replays are limited to {MAX_REPLAY_STEPS} steps",
                               limit=MAX_REPLAY_STEPS)
        self.jobs.append((conn.id, self._replay_frames(rec, spec, ref)))
        return []

    def _replay_frames(self, rec: TableRecord, spec: GameSpec, ref: Any) -> Iterator[bytes | None]:
        """The replay's frames; yields None after each step so :meth:`work` can stop between steps."""
        def frame(part: int, last: bool, steps: list[dict[str, Any]], result: Any = None) -> bytes:
            """One part (``result``: the game's, in the last part of a finished game)."""
            return encode_message(Replay(table=rec.id, game=rec.game, players=rec.seats, names=rec.names, part=part,
                                         last=last, steps=steps, result=result, ref=ref))

        part = 0
        chunk: list[dict[str, Any]] = []
        size = 0
        try:
            state = spec.setup(rec.seats, rec.seed, rec.options)  # type: ignore[arg-type]  # started: seeded
            step: dict[str, Any] = {"sid": 0, "view": spec.view(state, None), "events": []}
            n = 0
            page: deque[tuple[int, dict[str, Any]]] = deque()
            while True:
                step_size = len(encode({"t": "s", "s": step}))
                if chunk and size + step_size > REPLAY_PART:
                    yield frame(part, False, chunk)
                    part, chunk, size = part + 1, [], 0
                chunk.append(step)
                size += step_size
                yield None
                if not page and self.journal is not None:
                    page.extend(self.journal.actions(rec.id, start=n, limit=REPLAY_PAGE))
                if not page:
                    break
                seat_no, action = page.popleft()
                n += 1
                state, events = spec.apply(state, seat_no, action)
                step = {"sid": n, "view": spec.view(state, None), "events": spec.events_for(events, None)}
        except Exception as exc:  # noqa: BLE001 - a journal that no longer replays: say so, do not crash the loop
            log.error("table %s: replay failed at a journaled action: %s", rec.id, exc)
            yield error_frame("table/damaged", "this table's journal does not replay", ref, table=rec.id)
            return
        over = spec.is_over(state)
        yield frame(part, not over, chunk)
        if over:  # the result in a part of its own: it may repeat much of the last view
            yield frame(part + 1, True, [], result=spec.result(state))

    def has_work(self) -> bool:
        return bool(self.jobs)

    def work(self, clock: Callable[[], float], budget: float, ready: Callable[[int], bool]) -> tuple[Out, bool]:
        """Stream queued replays for about ``budget`` seconds of ``clock``, round robin over the jobs
        whose connection is ``ready`` (reads its frames). Returns the frames and whether any job ran."""
        out: Out = []
        ran = False
        stop = clock() + budget
        for _ in range(len(self.jobs)):
            cid, job = self.jobs.popleft()
            if cid not in self.conns:
                continue
            if not ready(cid):
                self.jobs.append((cid, job))
                continue
            ran = True
            done = False
            while clock() < stop:
                try:
                    frame = next(job)
                except StopIteration:
                    done = True
                    break
                if frame is not None:
                    out.append((cid, frame))
                    if not ready(cid):
                        break
            if not done:
                self.jobs.append((cid, job))
            if clock() >= stop:
                break
        return out, ran
