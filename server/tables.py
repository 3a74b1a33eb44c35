"""One table: seats, tokens, game state, clock and bots — no sockets, no clock reads.

A :class:`Table` is driven by :class:`server.hub.Hub`. Methods take ``now`` (a
monotonic time in seconds) instead of reading a clock, so they are unit-testable.
Each change returns nothing itself; the hub builds the outgoing frames with
:meth:`Table.snapshot_frames` and :meth:`Table.lobby_info`.

Staleness (``action/stale``): an act names the state id ``sid`` it was made on.
It is stale when ``sid`` is in the future, when the seat has had an action
accepted since ``sid`` (``own_since[seat]``: a double send, or a choice made
before the seat's own last move), or when the game moved on since ``sid`` and
the seat is no longer offered any action of that ``type`` (a move meant for an
earlier phase). Otherwise other players' moves in between do not make it stale —
simultaneous secret votes, notes added to a shared board — and the rules judge
the action against the current state.
"""
from __future__ import annotations

import dataclasses
import hashlib
import hmac
import logging
import secrets
from collections.abc import Container
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from server import claims
from server.clock import Clock
from server.journal import Journal, TableRecord
from server.packing import encode_plain
from server.packing import pack as _pack
from shared.bots import with_bot_seats
from shared.claims import with_claim
from shared.messages import LobbySeat, LobbyTable, Result, TableEntry, VoteTally, encode_message
from shared.protocol import HEADER, MAX_FRAME, ProtocolError
from shared.rng import Rng
from shared.spec import GameSpec

log = logging.getLogger("houkago.table")

LOBBY, PLAYING, OVER = "lobby", "playing", "over"


_KEY = {k: _pack(k) for k in ("t", "table", "seat", "sid", "view", "legal", "over", "events", "clock", "result",
                               "ref", "delta", "gone")}
_SNAPSHOT = _pack("snapshot")
_TRUE = _pack(True)
_ABSENT = object()
_SEAT = [_pack(s) for s in range(64)]
_AWAY = attrgetter("away_since")
LOSSY_FROM = 4096  # bytes: a snapshot frame this long is Lossy even to a connection that reads (bounds what a
# connection that turns slow while a tick's frames go out may be sent that it cannot lose)
DELTA_MIN = 192  # bytes: a seat whose last whole view was at most this long gets whole views (no comparing)
HISTORY_ACTIONS = 300  # the events of this many last actions are kept for a viewer who comes back (its log)
PAST_BYTES = 96 * 1024  # at most this many bytes of past events go with a comeback snapshot (frame cap 256 KiB)


_MAP_HEADS = [bytes((0x80 | n,)) for n in range(16)]


def _map_head(pairs: int) -> bytes:
    return _MAP_HEADS[pairs] if pairs < 16 else b"\xde" + pairs.to_bytes(2, "big")


class Lossy(bytes):
    """A frame a slow reader may lose: chat (``key`` None), or a snapshot of which only the latest
    per ``key`` (table, seat) matters. The connection adapter decides; the bytes are the frame.
    :meth:`full` gives the whole snapshot a delta snapshot stands for, to hold instead of it."""

    remake: tuple | None = None  # a delta snapshot's (key, parts) for :meth:`full` (see Table.snapshot_frames)
    _key: Any = None

    @property
    def key(self) -> Any:
        """What it is held under: (table, seat) for a snapshot, None for chat. A delta snapshot keeps it in
        ``remake`` (one attribute set per frame instead of two)."""
        remake = self.remake
        return self._key if remake is None else remake[0]

    @key.setter
    def key(self, value: Any) -> None:
        self._key = value

    def full(self) -> bytes:
        """This frame, or for a delta snapshot the whole one (view packed whole, legal included)."""
        if self.remake is None:
            return self
        key, table, shared, pairs, s, view, legal, state, tail, ref = self.remake
        legal_part = table._packed_legal(s, legal, True, state)
        body = b"".join((_map_head(pairs + (2 if ref else 1)), shared, _KEY_SEAT, _seat_bytes(s), _KEY_VIEW,
                         _pack(view), tail, _KEY_LEGAL, legal_part, ref))
        return _with_header(body, key)


_KEY_SEAT, _KEY_VIEW, _KEY_EVENTS, _KEY_LEGAL = _KEY["seat"], _KEY["view"], _KEY["events"], _KEY["legal"]
_KEY_CLOCK, _KEY_REF, _KEY_GONE = _KEY["clock"], _KEY["ref"], _KEY["gone"]
_DELTA_TRUE = _KEY["delta"] + _TRUE
_OVER, _NOT_OVER = _KEY["over"] + _TRUE, _KEY["over"] + _pack(False)
_HEADER_PACK = HEADER.pack


def _seat_bytes(s: int) -> bytes:
    return _SEAT[s] if s < 64 else _pack(s)


_HEADERS_UPTO = 4096
_HEADERS = [_HEADER_PACK(n) for n in range(_HEADERS_UPTO)]  # the length header of a frame body under 4 KiB


def _frame_header(size: int) -> bytes:
    """The length header of a frame body of ``size`` bytes (ProtocolError over the cap)."""
    if size > MAX_FRAME:
        raise ProtocolError("frame/too_large", f"frame of {size} bytes exceeds {MAX_FRAME}")
    return _HEADER_PACK(size)


def _with_header(body: bytes, key: Any = None) -> Lossy:
    """Frame a pre-packed msgpack body (same cap as :func:`shared.protocol.encode`)."""
    frame = Lossy(_frame_header(len(body)) + body)
    frame._key = key  # (the key property's setter, without its call)
    return frame


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_ok(token: Any, stored_hash: str | None) -> bool:
    """Constant-time check of a presented token against a stored hash."""
    if stored_hash is None or not isinstance(token, str):
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


def new_token() -> tuple[str, str]:
    tok = secrets.token_urlsafe(18)
    return tok, token_hash(tok)


def replay_state(spec: GameSpec, players: int, seed: int, options: dict[str, Any],
                 actions: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
    """The state after ``actions`` from ``setup``: a restarted server rebuilding a table.

    Uses the rules' ``replay`` hook when the game has one (no events, no copies of
    intermediate states); otherwise ``apply`` step by step. Raises if an action does not apply.
    """
    state = spec.setup(players, seed, options)
    return spec.replay(state, actions)


@dataclass(slots=True)
class Seat:
    """A seat: who holds it (token hash, name), whether a bot plays it, presence."""

    name: str = ""
    token_hash: str | None = None
    bot: str | None = None  # bot level for a bot seat chosen by the host
    takeover: str | None = None  # bot level playing for a human who is away
    ready: bool = False
    holder: int | None = None  # connection id holding this seat
    away_since: float | None = None  # monotonic time the human went away (None = present or free)
    # delta snapshots (the holder said hello with delta): what was last sent to the holder
    delta: bool = False
    sent_view: dict[str, Any] | None = field(default=None, repr=False)
    # the last view sent as its two parts (view_shared, the seat's view_owns), while ``sent_view`` is None: a view
    # spliced from its parts is made whole only when a delta needs it
    sent_parts: tuple[dict[str, Any], dict[str, Any]] | None = field(default=None, repr=False)
    # (view_owns' object for the seat, its pairs packed, their length) of the last spliced view: the same object
    # is not packed again
    own_packed: tuple[dict[str, Any], bytes, int] | None = field(default=None, repr=False)
    sent_legal: list[dict[str, Any]] | None = field(default=None, repr=False)
    view_size: int = 0  # bytes of the last whole view sent (small views are always sent whole)
    # (holder, token, token_hash) of the holder's last act whose token was checked: its next acts with the
    # same token skip the hashing (only the connection holding the seat ever gets this shortcut)
    proved: tuple[int, str, str] | None = field(default=None, repr=False)

    def hand_to(self, holder: int, delta: bool) -> None:
        """A connection takes the seat: its next snapshot is a full one."""
        self.holder, self.delta = holder, delta
        self.sent_view = self.sent_legal = self.sent_parts = None
        self.proved = None
        self.view_size = 0

    def copy(self) -> Seat:
        twin = object.__new__(Seat)
        for name in _SEAT_FIELDS:
            setattr(twin, name, getattr(self, name))
        return twin

    @property
    def taken(self) -> bool:
        return self.token_hash is not None or self.bot is not None

    @property
    def bot_level(self) -> str | None:
        return self.bot or self.takeover


_SEAT_FIELDS = tuple(f.name for f in dataclasses.fields(Seat))


# A table's state before a change, to put it back if the change cannot be sent or saved (Table.mark): (state,
# sid, phase, legal, own_since, clock, bot_due, seed, started_wall, finished_wall, seats — None: the change does
# not touch the seats, an action). A plain tuple: one is made for every action (a class's __init__ cost 2.4k
# instructions more).
Mark = tuple[dict[str, Any] | None, int, str, list[list[dict[str, Any]]], list[int], Clock | None,
             dict[int, float], int | None, float | None, float | None, list[Seat] | None]


@dataclass
class Table:
    id: str
    spec: GameSpec
    n: int
    options: dict[str, Any]
    host_hash: str
    bot_delay: float = 0.5
    takeover_enabled: bool = True
    created: float = 0.0
    practice: bool = False  # a practice table may choose its seed (every member sees it is one)
    spectator_chat: bool = False  # whether connections without a seat here may chat
    creator: int | None = None  # the connection that created it (None after a restart)
    creator_address: str | None = None
    host_name: str = ""  # who opened it (the create's name or the connection's), for the Join list
    lang: str = ""  # the language its players speak (create's lang), for the Join list
    empty_since: float | None = None  # monotonic time the last member left (None = someone is here)
    unseated_since: float | None = None  # monotonic time a lobby last had no human in a seat (None = one has)
    last_move: float = 0.0  # monotonic time of the last accepted action (or the start)
    damaged: str | None = None  # why its journal does not replay past ``sid`` (then it is read-only)
    fingerprint: str | None = None  # the rules/content fingerprint it started with
    seats: list[Seat] = field(default_factory=list)
    seed: int | None = None
    state: dict[str, Any] | None = None
    sid: int = 0
    phase: str = LOBBY
    watchers: set[int] = field(default_factory=set)
    legal: list[list[dict[str, Any]]] = field(default_factory=list)
    own_since: list[int] = field(default_factory=list)
    clock: Clock | None = None
    bot_due: dict[int, float] = field(default_factory=dict)
    # the host's turn clock (create ``turn_seconds``; 0 = none, journaled): a human seat that has had something to
    # do for that long without a move gets one move from the stand-in bot (seat -> when)
    turn_seconds: float = 0.0
    turn_due: dict[int, float] = field(default_factory=dict)
    # votes to give a live but silent seat to a stand-in (``replace``): target seat -> the seats that voted so
    votes: dict[int, set[int]] = field(default_factory=dict)
    started_wall: float | None = None
    finished_wall: float | None = None
    # (sid after the action, its events unfiltered) of the last actions, for a viewer who comes back;
    # ``history_from``: the sid from which it is complete (a restored table knows nothing before its restore)
    history: list[tuple[int, list[dict[str, Any]]]] = field(default_factory=list, repr=False)
    history_from: int = 0
    _legal_packed: dict[tuple[int, bool], tuple[list, bytes]] = field(default_factory=dict, repr=False)
    _rows: tuple | None = field(default=None, repr=False)  # see _frame_rows

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [Seat() for _ in range(self.n)]
        self.has_bots = bool(self.spec.bots())
        self.timed = hasattr(self.spec.rules, "timer")  # whether the game has phase clocks (spec.timer)
        self.claims = hasattr(self.spec.rules, "claim_step")  # humans' claim windows (server/claims.py)
        self.view_split = self.spec.view_split()  # (view_shared, view_owns) of games that split their views
        # the rules' is_over and optional legal_seats, looked up once (GameSpec's are a call more each per action)
        self._is_over = self.spec.rules.is_over
        self._legal_seats = getattr(self.spec.rules, "legal_seats", None)

    # --- persistence -------------------------------------------------------------
    def record(self) -> TableRecord:
        return TableRecord(
            id=self.id, game=self.spec.id, seats=self.n, options=self.options, host_hash=self.host_hash,
            tokens=[s.token_hash for s in self.seats], names=[s.name for s in self.seats],
            bots=[s.bot for s in self.seats], bot_delay=self.bot_delay, takeover=self.takeover_enabled,
            seed=self.seed, created=self.created, started=self.started_wall, finished=self.finished_wall,
            practice=self.practice, spectator_chat=self.spectator_chat, fingerprint=self.fingerprint,
            host_name=self.host_name, lang=self.lang, turn_seconds=self.turn_seconds)

    @classmethod
    def from_record(cls, rec: TableRecord, spec: GameSpec, journal: Journal, now: float) -> Table:
        """Rebuild a table: replay seed + journaled actions, checking each applies."""
        t = cls(id=rec.id, spec=spec, n=rec.seats, options=rec.options, host_hash=rec.host_hash,
                bot_delay=rec.bot_delay, takeover_enabled=rec.takeover, created=rec.created,
                practice=rec.practice, spectator_chat=rec.spectator_chat, empty_since=now, last_move=now,
                fingerprint=rec.fingerprint, host_name=rec.host_name, lang=rec.lang, turn_seconds=rec.turn_seconds)
        for seat, tok, name, bot in zip(t.seats, rec.tokens, rec.names, rec.bots):
            seat.token_hash, seat.name, seat.bot = tok, name, bot
            if tok is not None:
                seat.away_since = now
        if rec.seed is not None:
            t.seed, t.started_wall = rec.seed, rec.started
            actions = journal.actions(rec.id)
            try:  # the fast path (rules.replay); if the journal disagrees, step by step to the last good state
                state = replay_state(spec, t.n, rec.seed, rec.options, actions)
                t.sid = len(actions)
            except Exception:  # noqa: BLE001 - any replay failure: step by step to the last good state
                state = spec.setup(t.n, rec.seed, rec.options)
                for seat_no, action in actions:
                    try:
                        state, _ = spec.apply(state, seat_no, action)
                    except Exception as exc:  # noqa: BLE001 - the journal disagrees: keep the last good state, read-only
                        t.damaged = f"action {t.sid} does not replay ({type(exc).__name__}: {exc})"[:200]
                        break
                    t.sid += 1
            t.state = state
            t.phase = OVER if spec.is_over(state) else PLAYING
            t.legal = [[] for _ in range(t.n)]
            t.own_since = [t.sid] * t.n
            t.history_from = t.sid
            t.refresh(now)
        return t

    def mark(self, seats: bool = True) -> Mark:
        """What :meth:`rollback` restores: the game (and the seats, unless ``seats`` is False) as they are now."""
        clock = self.clock
        return (self.state, self.sid, self.phase, list(self.legal), list(self.own_since),
                None if clock is None else clock.copy(), dict(self.bot_due),
                self.seed, self.started_wall, self.finished_wall,
                [s.copy() for s in self.seats] if seats else None)

    def mark_seats(self, m: Mark) -> Mark:
        """A mark taken without the seats with the seats as they are now added (a mark with seats as it is)."""
        if m[10] is None:
            return (*m[:10], [s.copy() for s in self.seats])
        return m

    def rollback(self, m: Mark) -> None:
        """Put the table back as it was at ``m`` (states are never mutated, so references suffice; the
        mark's lists and clock are copied: a mark may serve twice, for its action and for its tick)."""
        state, sid, phase, legal, own_since, clock, bot_due, seed, started_wall, finished_wall, seats = m
        (self.state, self.sid, self.phase, self.legal, self.own_since, self.clock, self.bot_due, self.seed,
         self.started_wall, self.finished_wall) = (state, sid, phase, list(legal), list(own_since),
                                                   None if clock is None else clock.copy(),
                                                   dict(bot_due), seed, started_wall, finished_wall)
        while self.history and self.history[-1][0] > sid:
            self.history.pop()
        if seats is not None:
            holders = [s.holder for s in self.seats]  # who is connected now is not part of the rollback
            self.seats = [s.copy() for s in seats]
            for seat, holder in zip(self.seats, holders):
                seat.holder = holder

    # --- game -----------------------------------------------------------------------
    def start(self, seed: int, now: float, wall: float) -> None:
        self.seed = seed
        self.last_move = now
        self.state = self.spec.setup(self.n, seed, self.options)
        self.started_wall = wall
        self.phase = PLAYING
        self.sid = 0
        self.history, self.history_from = [], 0
        self.legal = [[] for _ in range(self.n)]
        self.own_since = [0] * self.n
        self.refresh(now)

    def check_sid(self, seat: int, sid: int, action: dict[str, Any]) -> bool:
        """False if an act made on state ``sid`` is stale (see the module docstring)."""
        if not self.own_since[seat] <= sid <= self.sid:
            return False
        return not (sid < self.sid and action.get("type") not in {a.get("type") for a in self.legal[seat]})

    def apply(self, seat: int, action: dict[str, Any], now: float) -> list[dict[str, Any]]:
        """Apply one action (RuleError if illegal; state unchanged then). Returns the events."""
        assert self.state is not None
        before = self.state
        state, events = self.spec.apply(before, seat, action)
        self.state = state
        self.last_move = now
        self.sid = sid = self.sid + 1
        self.own_since[seat] = sid
        if self.turn_due:  # the seat moved: its turn clock starts again when it next has something to do
            self.turn_due.pop(seat, None)
        if events:  # kept for past(): the last HISTORY_ACTIONS actions' events
            history = self.history
            history.append((sid, events))
            if len(history) > 2 * HISTORY_ACTIONS:
                del history[:-HISTORY_ACTIONS]
        legal_seats = self._legal_seats  # (spec.legal_seats)
        self.refresh(now, None if legal_seats is None else legal_seats(before, state))
        return events

    def rebuild_history(self, actions: list[tuple[int, dict[str, Any]]]) -> None:
        """A restored table: replay its journaled ``actions`` up to its restore (``history_from`` of
        them, from the deal) step by step to get back the events of the last ones. Leaves the history
        as it is if they do not replay."""
        if self.seed is None or not self.history_from or len(actions) != self.history_from:
            return
        keep_from = max(0, len(actions) - HISTORY_ACTIONS)
        history: list[tuple[int, list[dict[str, Any]]]] = []
        try:
            state = self.spec.setup(self.n, self.seed, self.options)
            for n, (seat_no, action) in enumerate(actions, 1):
                state, events = self.spec.apply(state, seat_no, action)
                if n > keep_from and events:
                    history.append((n, events))
        except Exception as exc:  # noqa: BLE001 - the state came from the same journal: should not happen
            log.warning("table %s: its log could not be rebuilt: %s", self.id, exc)
            return
        self.history, self.history_from = (history + self.history)[-2 * HISTORY_ACTIONS:], 0

    def past(self, seat: int | None) -> list[dict[str, Any]]:
        """The events of the last actions as ``seat`` may see them (its view's filter; ``None`` = a
        spectator): what a viewer who comes back needs for its log. The newest ``PAST_BYTES`` at most."""
        out: list[dict[str, Any]] = []
        size = 0
        for _, events in reversed(self.history[-HISTORY_ACTIONS:]):
            mine = self.spec.events_for(events, seat)
            size += len(_pack(mine))
            if size > PAST_BYTES:
                break
            out[:0] = mine
        return out

    def refresh(self, now: float, seats: Any = None) -> None:
        """After a state change: legal actions, the phase clock and the bots' next moves.

        ``seats``: the seats whose legal actions may have changed (None = every seat).
        A seat's list object is kept while its content is unchanged.
        """
        state = self.state
        assert state is not None
        spec = self.spec
        over = self._is_over(state)  # (spec.is_over)
        if over:
            self.phase = OVER
            seats = None
        for s in range(self.n) if seats is None else seats:
            new = [] if over else spec.legal_actions(state, s)
            if new != self.legal[s]:
                self.legal[s] = new
        if self.timed or self.clock is not None or self.claims:  # (else there is no clock to set or end)
            self._refresh_clock(now, over)
        self.schedule_bots(now)

    def _refresh_clock(self, now: float, over: bool) -> None:
        if self.claims and not self.timed:  # the clock is the humans' claim window
            self.clock = claims.claim_clock(self, now, over)
            return
        state = self.state
        # (a started table: its state is set, None only before the start)
        seconds = None if over or self.damaged or not self.timed else self.spec.timer(state)  # type: ignore[arg-type]
        if seconds is None:
            self.clock = None
            return
        # (a started table: its state is set, None only before the start)
        key = (seconds, state.get("phase"), state.get("round"), state.get("turn"))  # type: ignore[union-attr]
        if self.clock is None or self.clock.key != key:
            self.clock = Clock(total=float(seconds), key=key, deadline=now + float(seconds))

    def schedule_bots(self, now: float) -> None:
        if self.phase != PLAYING or self.damaged:
            self.bot_due.clear()
            self.turn_due.clear()
            return
        if self.turn_seconds:
            self._schedule_turns(now)
        due, legal, seats = self.bot_due, self.legal, self.seats
        if not due:  # this runs after every action: a plain loop (attrgetter's calls cost more)
            for seat in seats:
                if seat.bot or seat.takeover:
                    break
            else:
                return  # no bot plays here
        # a visible beat while anyone looks on (a human at a seat, a watcher); at once for nobody
        delay = self.bot_delay if self.watchers or any(s.holder is not None for s in seats) else 0.0
        for s, seat in enumerate(seats):
            if (seat.bot or seat.takeover) and legal[s]:
                due.setdefault(s, now + delay)
            elif due:
                due.pop(s, None)

    def _schedule_turns(self, now: float) -> None:
        """The turn clock: each human seat with something to do has a deadline (kept while it waits)."""
        turns = self.turn_due
        for s, seat in enumerate(self.seats):
            if self.legal[s] and not seat.bot_level:
                turns.setdefault(s, now + self.turn_seconds)
            else:
                turns.pop(s, None)

    def bot_action(self, seat_no: int, now: float | None = None) -> dict[str, Any] | None:
        """What the seat's bot plays now (None: it waits); it sees only that seat's view and legal actions.
        While the humans' claim window is open the bot is told so and asked again when it closes."""
        seat = self.seats[seat_no]
        bots = self.spec.bots()
        # (type: ignore: a game without a default level has None here, which finds no bot: the first is taken)
        bot = bots.get(seat.bot_level or self.spec.default_bot_level()) or next(iter(bots.values()))  # type: ignore[arg-type]
        rng = Rng.from_seed((self.seed or 0) * 1_000_003 + seat_no * 7919 + self.sid)
        # (a started table: its state is set, None only before the start)
        view = with_bot_seats(self.spec.view(self.state, seat_no),  # type: ignore[arg-type]
                              [i for i, s in enumerate(self.seats) if s.bot_level])  # bots leave humans their game
        held = self.claims and claims.claim_open(self)
        if self.claims:
            view = with_claim(view, held)
        legal = self.legal[seat_no]
        try:
            action = bot(view, legal, rng)
        except Exception:  # a buggy bot must not stop the table
            log.exception("table %s: bot of seat %d failed; playing a random legal action", self.id, seat_no)
            action = rng.choice(legal)
        if action is None and held and now is not None:
            claims.wait_for_claim(self, seat_no, now)
        return action

    def takeover_due(self) -> bool:
        """Whether absent humans may be replaced by bots now: a game is running, the table allows it,
        the game has bots, and at least one human is still here (an abandoned table just waits)."""
        return (self.phase == PLAYING and self.takeover_enabled and self.has_bots and not self.damaged
                and any(s.holder is not None for s in self.seats))

    def wakeup(self, grace: float) -> float | None:
        """The next monotonic time something happens here without input (bots, clock, grace)."""
        clock = self.clock
        if not self.bot_due and clock is None and not self.turn_due:
            for seat in self.seats:
                if seat.away_since:
                    break
            else:
                return None  # the common case after a move: no bots due, no clock, nobody away
        times = list(self.bot_due.values()) + list(self.turn_due.values())
        if clock and not clock.paused and not clock.expired:
            times.append(clock.deadline)
        away = [s.away_since + grace for s in self.seats
                if s.away_since is not None and s.takeover is None and s.token_hash] \
            if any(map(_AWAY, self.seats)) else None
        if away and self.takeover_due():
            times += away
        return min(times) if times else None

    # --- what leaves the server --------------------------------------------------------
    def snapshot(self, seat: int | None, events: list[dict[str, Any]], now: float,
                 past: bool = False) -> dict[str, Any]:
        """The message for one viewer: its view, its legal actions, its events (``past``: also the
        earlier events it may see, for the log of a viewer who comes back)."""
        spec, state = self.spec, self.state
        msg: dict[str, Any] = {"t": "snapshot", "table": self.id, "seat": seat, "sid": self.sid,
                               # (a started table: its state is set, None only before the start)
                               "view": spec.view(state, seat), "over": self.phase == OVER,  # type: ignore[arg-type]
                               "events": spec.events_for(events, seat)}
        if past:
            msg["past"] = self.past(seat)
        if seat is not None:
            msg["legal"] = self.legal[seat]
            held = self.seats[seat]
            if held.delta:  # a whole snapshot (resume): the next ones are deltas against it
                held.sent_view, held.sent_legal = msg["view"], msg["legal"]
                held.view_size = len(_pack(msg["view"]))
        if self.clock is not None and not self.clock.expired:
            msg["clock"] = self.clock.wire(now)
        return msg

    def result_frame(self) -> bytes:
        """The game's result, sent apart from the final snapshots so neither outgrows a frame."""
        state = self.state
        # (a started table: its state is set, None only before the start)
        return encode_message(Result(table=self.id, result=self.spec.result(state)))  # type: ignore[arg-type]

    def snapshot_frames(self, events: list[dict[str, Any]], now: float, ack: tuple[int, Any] | None = None,
                        slow: Container[int] | None = None) -> list[tuple[int, bytes]]:
        """One encoded snapshot per held seat and one shared frame for all spectators.

        ``ack = (seat, ref)`` adds ``ref`` to that seat's snapshot only: the acting
        client learns which of its acts produced this state. ``slow``: the connections
        that may hold snapshots back (a slow reader's, see :mod:`server.net`); only
        their frames, frames of ``LOSSY_FROM`` bytes or more and the spectators' shared
        frame are :class:`Lossy`, the others plain bytes (None: every frame is Lossy).

        The same message as :meth:`snapshot`, encoded by splicing: the parts every
        viewer shares (table, sid, over, clock, public events) are packed once, a
        seat's unchanged legal actions are reused from the last broadcast, and only
        each seat's view is packed per seat. A seat whose holder asked for deltas gets
        ``legal`` only when it changed and, once its whole view has been over
        ``DELTA_MIN`` bytes, only the view's changed top-level keys (``delta``, ``gone``;
        see :class:`shared.protocol.SnapshotMemo`). Such a Lossy frame carries ``full()``:
        the whole snapshot, for a connection that coalesces the snapshots a slow reader
        missed. A frame is one join of its parts behind its length header (the length is
        summed from the parts', not measured after a copy). The common frame — a delta
        seat's small whole view, its legal actions unchanged, public events, no ``ref``,
        to a connection that reads — takes the loop's first branch. There, for a game that
        splits its views (``view_shared``/``view_owns``, see :mod:`shared.spec`), the shared
        pairs are packed once and each seat's own pairs spliced behind them (packed again only
        when ``view_owns`` gives a new object); the seat keeps the two parts (``sent_parts``)
        and makes the whole view of them only if a delta needs it.
        """
        state: Any = self.state  # (a started table's)
        pack = _pack
        rows = self._rows
        if rows is None or rows[0] is not self.seats:
            rows = self._frame_rows()
        clock = self.clock
        if clock is not None and not clock.expired:
            shared = b"".join((rows[1], encode_plain(self.sid), _OVER if self.phase == OVER else _NOT_OVER,
                               _KEY_CLOCK, pack(clock.wire(now))))
            pairs = 8  # t, table, sid, over, clock + seat, view, events
        else:
            shared = b"".join((rows[1], encode_plain(self.sid), _OVER if self.phase == OVER else _NOT_OVER))
            pairs = 7
        public = True
        for ev in events:
            if "vis" in ev:
                public = False
                break
        if public:
            try:
                shared_events = encode_plain(events)
            except TypeError:  # a type only msgpack packs
                shared_events = pack(events)
        else:
            shared_events = b""
        tail = _KEY_EVENTS + shared_events
        fixed = 1 + len(shared)  # the map's header (pairs + extras < 16: a fixmap) and the shared parts
        base = fixed + len(tail)
        ack_seat, ack_ref = (-1, b"") if ack is None else (ack[0], _KEY_REF + pack(ack[1]))
        everyone = slow is None
        quick = public and not everyone  # whether the first branch may be taken
        behind: Container[int] = () if slow is None else slow
        out: list[tuple[int, bytes]] = []
        view_of, legals, heads, join, headers = self.spec.rules.view, self.legal, _MAP_HEADS, b"".join, _HEADERS
        quick_head = heads[pairs]
        split = self.view_split if quick else None
        if split is not None:  # the view's shared pairs packed once (a fixmap's header is its first byte)
            shared_view = split[0](state)
            n_shared = len(shared_view)
            shared_pairs = b""  # (none: each view whole, as without the split)
            if n_shared < 15:  # (else no room for own keys in a fixmap)
                try:
                    shared_pairs = encode_plain(shared_view)[1:]
                except TypeError:  # a type only msgpack packs
                    pass
            if not shared_pairs:
                split = None
            else:
                owns = split[1](state)
                front = quick_head + shared  # (one part of each frame's join fewer)
                view_base = base + 1 + len(shared_pairs)  # a frame's size but its seat's head and own pairs
        for s, seat, key, seat_head, head_size in rows[2]:
            holder = seat.holder
            if holder is None:
                continue
            if (quick and seat.delta and seat.view_size <= DELTA_MIN and seat.sent_legal is legals[s]
                    and s != ack_seat and holder not in behind):
                if split is not None:  # the seat's own pairs behind the shared ones
                    own = owns[s]
                    n_view = n_shared + len(own)
                    if n_view < 16:  # (a fixmap: encode(view)'s bytes are its header and the two parts' pairs)
                        cached = seat.own_packed
                        if cached is not None and cached[0] is own:
                            own_pairs, n = cached[1], cached[2]
                        elif shared_view.keys().isdisjoint(own):
                            try:
                                own_pairs = encode_plain(own)[1:]  # (a fixmap: its header is its first byte)
                            except TypeError:  # a type only msgpack packs
                                own_pairs = pack(own)[1:]
                            n = len(own_pairs)
                            seat.own_packed = (own, own_pairs, n)
                        else:
                            own_pairs = None
                        if own_pairs is not None:
                            seat.view_size = view_base + n - base
                            seat.sent_view, seat.sent_parts = None, (shared_view, own)
                            size = view_base + head_size + n
                            out.append((holder, join((headers[size] if size < _HEADERS_UPTO else _frame_header(size),
                                                      front, seat_head, heads[n_view], shared_pairs, own_pairs,
                                                      tail))))
                            continue
                view = view_of(state, s)
                try:
                    packed_view = encode_plain(view)
                except TypeError:  # a type only msgpack packs
                    packed_view = pack(view)
                seat.view_size = n = len(packed_view)
                seat.sent_view = view
                size = base + head_size + n
                out.append((holder, join((headers[size] if size < _HEADERS_UPTO else _frame_header(size),
                                          quick_head, shared, seat_head, packed_view, tail))))
                continue
            view = view_of(state, s)
            legal = legals[s]
            lossy = everyone or holder in behind  # (its size may still make it Lossy)
            if not public:
                tail = _KEY_EVENTS + pack(self.spec.events_for(events, s))
                base = fixed + len(tail)
            if s == ack_seat:
                ref, size, extra = ack_ref, base + len(ack_ref) + head_size, 1
            else:
                ref, size, extra = b"", base + head_size, 0
            if not seat.delta:
                packed_view = pack(view)
                legal_part = _KEY_LEGAL + self._packed_legal(s, legal, False)
                size += len(packed_view) + len(legal_part)
                body = join((headers[size] if size < _HEADERS_UPTO else _frame_header(size),
                             heads[pairs + extra + 1], shared, seat_head, packed_view, tail, legal_part, ref))
                if lossy or size >= LOSSY_FROM:
                    body = frame = Lossy(body)
                    frame._key = key  # (the key property's setter, without its call)
                out.append((holder, body))
                continue
            sent = seat.sent_view
            if sent is None and seat.sent_parts is not None:  # sent spliced from its parts: made whole now
                shared_part, own_part = seat.sent_parts
                sent = {**shared_part, **own_part}
            if sent is None or seat.view_size <= DELTA_MIN:  # the whole view
                try:
                    packed_view = encode_plain(view)
                except TypeError:  # a type only msgpack packs
                    packed_view = pack(view)
                seat.view_size = n = len(packed_view)
                size += n
                view_tail = b""
            else:  # only its changed top-level keys
                packed_view = pack({k: v for k, v in view.items() if (old := sent.get(k, _ABSENT)) is not v
                                    and old != v})
                view_tail = _DELTA_TRUE
                extra += 1
                if sent.keys() != view.keys():
                    view_tail += _KEY_GONE + pack([k for k in sent if k not in view])
                    extra += 1
                size += len(packed_view) + len(view_tail)
            if seat.sent_legal is not legal:
                legal_part = _KEY_LEGAL + self._packed_legal(s, legal, True)
                size += len(legal_part)
                extra += 1
                whole = not view_tail  # the frame holds the whole view and the legal actions
            else:
                legal_part, whole = b"", False
            seat.sent_view, seat.sent_legal = view, legal
            body = join((headers[size] if size < _HEADERS_UPTO else _frame_header(size), heads[pairs + extra],
                         shared, seat_head, packed_view, tail, view_tail, legal_part, ref))
            if lossy or size >= LOSSY_FROM:
                body = frame = Lossy(body)
                if whole:
                    frame._key = key  # (the key property's setter, without its call)
                else:
                    frame.remake = (key, self, shared, pairs, s, view, legal, state, tail, ref)
            out.append((holder, body))
        if self.watchers:
            evs = shared_events if public else pack(self.spec.events_for(events, None))
            frame = _with_header(b"".join((_map_head(pairs), shared, _KEY_SEAT, pack(None), _KEY_VIEW,
                                           pack(self.spec.view(state, None)), _KEY_EVENTS, evs)), (self.id, None))
            out += [(cid, frame) for cid in self.watchers]
        return out

    def _frame_rows(self) -> tuple[list[Seat], bytes, list[tuple[int, Seat, tuple[str, int], bytes, int]]]:
        """What a snapshot's frames take from the table as it is seated: (the seats list it was made for,
        the packed start "t": "snapshot", "table": id, "sid", per seat (seat, its Seat, its frames' key,
        its packed "seat": s, "view", that head's length)). Remade when the seats list is replaced (a rollback)."""
        heads = [_KEY_SEAT + _seat_bytes(s) + _KEY_VIEW for s in range(len(self.seats))]
        self._rows = (self.seats, b"".join((_KEY["t"], _SNAPSHOT, _KEY["table"], _pack(self.id), _KEY["sid"])),
                      [(s, seat, (self.id, s), heads[s], len(heads[s])) for s, seat in enumerate(self.seats)])
        return self._rows

    def _packed_legal(self, s: int, legal: list[dict[str, Any]], delta: bool, state: Any = None) -> bytes:
        """Seat ``s``'s legal actions packed (delta connections: in the game's compact form, from
        ``state``, default the current one), cached while the list object is the same."""
        hit = self._legal_packed.get((s, delta))
        if hit is None or hit[0] is not legal:
            # (a started table: its state is set, None only before the start)
            wire = self.spec.wire_legal(self.state if state is None else state, s, legal) if delta else legal  # type: ignore[arg-type]
            packed = _pack(wire)
            if state is not None and state is not self.state:
                return packed  # an older frame remade: the cache keeps the current list
            hit = self._legal_packed[(s, delta)] = (legal, packed)
        return hit[1]

    def members(self) -> set[int]:
        return {s.holder for s in self.seats if s.holder is not None} | self.watchers

    def lobby_info(self, now: float | None = None, grace: float = 0.0) -> LobbyTable:
        """The table as the lobby message shows it; with ``now``, each seat whose human is away says in
        ``away`` the seconds left of its grace period (0 once a stand-in plays or the time is up), and each
        seat on the host's turn clock in ``turn`` the seconds left of its turn. ``votes``: the votes running
        to give a seat to a stand-in."""
        turns = self.turn_due
        return LobbyTable(
            id=self.id, game=self.spec.id, seats=[
                LobbySeat(seat=i, name=s.name, taken=s.taken, connected=s.holder is not None or s.bot is not None,
                          bot=s.bot_level, stand_in=s.takeover is not None, ready=s.ready, colour=i,
                          away=None if s.away_since is None or s.holder is not None or now is None
                          else round(max(0.0, s.away_since + grace - now) if s.takeover is None else 0.0, 1),
                          turn=None if now is None or i not in turns else round(max(0.0, turns[i] - now), 1))
                for i, s in enumerate(self.seats)],
            phase=self.phase, options=self.options, sid=self.sid, bot_delay=self.bot_delay,
            takeover=self.takeover_enabled, watchers=len(self.watchers), practice=self.practice,
            spectator_chat=self.spectator_chat, damaged=self.damaged is not None, turn_seconds=self.turn_seconds,
            votes=[VoteTally(seat=target, voters=sorted(self.votes_for(target)), needed=self.votes_needed(target))
                   for target in sorted(self.votes)])

    # --- votes to give a seat to a stand-in (``replace``) ----------------------------------------------
    def voters(self, target: int) -> set[int]:
        """The seats that vote on giving ``target`` to a stand-in: the other seats whose human is here
        (holds the seat) and plays it (no bot, no stand-in)."""
        return {i for i, s in enumerate(self.seats) if i != target and s.token_hash is not None
                and s.holder is not None and s.bot_level is None}

    def votes_needed(self, target: int) -> int:
        """A majority of :meth:`voters` (0 when there is nobody to vote: only the host can)."""
        n = len(self.voters(target))
        return n // 2 + 1 if n else 0

    def votes_for(self, target: int) -> set[int]:
        """The votes cast on ``target`` by seats that still vote."""
        return self.votes.get(target, set()) & self.voters(target)

    def summary(self) -> TableEntry:
        """The table as the ``tables`` list shows it."""
        return TableEntry(id=self.id, game=self.spec.id, seats=self.n, free=sum(not s.taken for s in self.seats),
                          phase=self.phase, names=[s.name for s in self.seats], practice=self.practice,
                          damaged=self.damaged is not None, host_name=self.host_name, lang=self.lang,
                          host_address=self.creator_address or "",
                          humans=sum(s.token_hash is not None for s in self.seats))
