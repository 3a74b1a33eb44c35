"""The client's side of the protocol, sans I/O: bytes in, typed messages out; typed commands in, bytes out.

:class:`ClientProtocol` is the client's twin of the server's hub. It owns everything about one client's
conversation with a server except the socket, the thread and the clock (every call that depends on time
is given ``now``):

- the ``hello`` on each connection and, after a reconnect, the ``resume`` of every seat it holds (tokens
  from ``joined``) and the ``watch`` of every table it watches; host tokens from ``created``;
- delta snapshots (``hello`` with ``delta``) rebuilt into full ones, compact legal lists expanded
  (:class:`shared.protocol.SnapshotMemo`, :func:`shared.legal.expand`);
- the heartbeat: a ``ping`` every ``heartbeat`` seconds, its pongs swallowed, and :meth:`silent` when
  the server has said nothing for ``silence`` seconds;
- changes the server could not save, sent again by themselves (:class:`client.saveretry.SaveRetry`),
  reported as :class:`NetStatus` ``saving`` / ``saved``;
- a message sent again every few seconds while connected (:meth:`repeat`: the table list a waiting
  screen shows).

Every server message is checked at the edge with :func:`shared.messages.server_message`: one the doc
does not allow is refused. In strict mode (env ``HOUKAGO_STRICT_PROTOCOL=1``, set for every test) the
refusal raises :class:`Refused`; otherwise it is said once on stderr and the message is dropped.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Union

import msgspec

from client.router import kind_of
from client.saveretry import SaveRetry
from shared.messages import (
    ClientMessage,
    Created,
    Hello,
    Joined,
    Left,
    Ping,
    Pong,
    Resume,
    ServerMessage,
    Snapshot,
    Watch,
    Welcome,
    server_message,
    to_map,
)
from shared.protocol import PROTOCOL_VERSION, FrameDecoder, ProtocolError, SnapshotMemo, encode

HEARTBEAT = 2.0  # seconds between pings (the server answers each with a pong)
SILENCE = 7.0  # seconds without a byte from the server after which its link is taken as dead
HEARTBEAT_REF = "hb"  # the ref of the heartbeat's own pings: their pongs are not handed on
STRICT_ENV = "HOUKAGO_STRICT_PROTOCOL"


class NetStatus(msgspec.Struct, tag="_net", tag_field="t", kw_only=True, omit_defaults=True):
    """The connection's state, a local event beside the server's messages (never on the wire).

    ``state``: ``connecting`` / ``up`` / ``down`` / ``failed`` (the first attempts all failed: given up),
    ``saving`` (a change the server could not save is being sent again: ``attempt``, ``retry_in``,
    ``pending``) and ``saved``. ``why``/``reason``: why a connection failed (``reason``: a word for
    ``net.why.*``)."""

    state: str
    attempt: int = 0
    why: str = ""
    reason: str = ""
    retry_in: float = 0.0
    pending: int = 0


Incoming = Union[ServerMessage, NetStatus]  # noqa: UP007  # what a session hands to the main loop


class Refused(ProtocolError):
    """A server message the doc does not allow (strict mode): its ``code`` is the edge's error code."""


def strict_default() -> bool:
    """Strict mode from the environment (``HOUKAGO_STRICT_PROTOCOL=1``)."""
    return os.environ.get(STRICT_ENV, "") not in ("", "0")


@dataclass
class Held:
    """What this client holds on the server, resumed after a reconnect."""

    seats: dict[tuple[str, int], str] = field(default_factory=dict)  # (table, seat) -> token
    hosts: dict[str, str] = field(default_factory=dict)  # table -> host token
    watching: set[str] = field(default_factory=set)


class ClientProtocol:
    """One client's conversation with a server, without sockets, threads or clock reads."""

    def __init__(self, name: str = "", client: str = "houkago-client", *, heartbeat: float | None = HEARTBEAT,
                 silence: float = SILENCE, strict: bool | None = None, record: bool = False,
                 saving: SaveRetry | None = None) -> None:
        self.name, self.client = name, client
        self.heartbeat, self.silence = heartbeat, silence
        self.strict = strict_default() if strict is None else strict
        self.held = Held()
        self.welcome: Welcome | None = None
        self.saving = saving or SaveRetry()
        self.ever_up = False
        self.record = record
        self.received: list[ServerMessage] = []  # every message handed on (record=True)
        self.sent: list[ClientMessage] = []  # every message sent (record=True)
        self.refused: list[ProtocolError] = []  # refusals at the edge (each also said on stderr once)
        self._said: set[str] = set()
        self._decoder = FrameDecoder()
        self._memo = SnapshotMemo()
        self._heard = 0.0
        self._ping_at = 0.0
        self._every: tuple[ClientMessage, float] | None = None
        self._every_at = 0.0

    # --- the connection ---------------------------------------------------------------
    def connected(self, now: float) -> bytes:
        """A new connection is up: the bytes to send first (hello; after a drop, every seat resumed and
        every watched table watched again, then any change whose answer was lost with the old one)."""
        self._decoder, self._memo = FrameDecoder(), SnapshotMemo()  # per connection
        first: list[ClientMessage] = [Hello(v=PROTOCOL_VERSION, name=self.name, client=self.client, delta=True)]
        if self.ever_up:
            first += [Resume(table=t, seat=s, token=tok) for (t, s), tok in sorted(self.held.seats.items())]
            first += [Watch(table=t) for t in sorted(self.held.watching)]
        self.ever_up = True
        self._heard = self._ping_at = now
        self._every_at = now + (self._every[1] if self._every else 0.0)
        self.saving.reconnected(now)
        return b"".join(self._encode(m) for m in first)

    def send(self, msg: ClientMessage) -> bytes:
        """The bytes of a typed command (a change gets a ref and is remembered for a save retry)."""
        return self._encode(msg)

    def repeat(self, msg: ClientMessage | None, seconds: float, now: float) -> None:
        """Send ``msg`` every ``seconds`` while connected (None stops it): see :meth:`tick`."""
        self._every = (msg, seconds) if msg is not None else None
        self._every_at = now + seconds

    @property
    def repeating(self) -> bool:
        """Whether a message is being sent again every few seconds (:meth:`repeat`)."""
        return self._every is not None

    def tick(self, now: float) -> bytes:
        """What is due by ``now``: the repeated message, the heartbeat's ping, changes to send again."""
        out: list[bytes] = []
        every = self._every
        if every is not None and now >= self._every_at:
            out.append(self._encode(every[0]))
            self._every_at = now + every[1]
        if self.heartbeat is not None and now >= self._ping_at:
            out.append(self._encode(Ping(ref=HEARTBEAT_REF)))
            self._ping_at = now + self.heartbeat
        for raw in self.saving.due(now):  # the very same map as first sent (same ref, same sid)
            out.append(encode(raw))
        return b"".join(out)

    def next_due(self) -> float | None:
        """When :meth:`tick` has something next (None: nothing by time)."""
        dues = [self.saving.next_due()]
        if self._every is not None:
            dues.append(self._every_at)
        if self.heartbeat is not None:
            dues.append(self._ping_at)
        known = [d for d in dues if d is not None]
        return min(known) if known else None

    def silent(self, now: float) -> bool:
        """The server has said nothing for longer than ``silence`` (with a heartbeat): its link is dead."""
        return self.heartbeat is not None and now - self._heard > self.silence

    # --- incoming ---------------------------------------------------------------------
    def feed(self, data: bytes, now: float) -> list[Incoming]:
        """Bytes from the server: the typed messages they complete (deltas rebuilt, legal expanded,
        heartbeat pongs swallowed) and any :class:`NetStatus` of a save retry. A broken stream raises
        :class:`ProtocolError` (drop the connection); a message the doc does not allow is refused."""
        self._heard = now
        out: list[Incoming] = []
        for raw in self._decoder.feed(data):
            out += self._received(raw, now)
        return out

    def _received(self, raw: dict[str, Any], now: float) -> list[Incoming]:
        try:
            msg = server_message(raw)
        except ProtocolError as exc:
            self._refuse(exc, raw)
            return []
        if isinstance(msg, Pong) and msg.ref == HEARTBEAT_REF:
            return []  # the heartbeat's answer: it only had to arrive
        if isinstance(msg, Snapshot):
            full = self._memo.full(raw)
            if full is not raw:
                msg = msgspec.convert(full, Snapshot, strict=True)
        self._note(msg)
        shown, statuses = self.saving.incoming(raw, now)
        out: list[Incoming] = [msg] if shown else []
        for status in statuses:
            out.append(NetStatus(state=str(status["state"]), attempt=int(status.get("attempt", 0)),
                                 retry_in=float(status.get("retry_in", 0.0)), pending=int(status.get("pending", 0))))
        return out

    def _refuse(self, exc: ProtocolError, raw: Any) -> None:
        """A message the doc does not allow: raised in strict mode, else said once on stderr and dropped."""
        self.refused.append(exc)
        if self.strict:
            raise Refused(exc.code, f"server message refused at the client's edge: {exc.message}",
                          **(exc.params or {})) from None
        said = f"{exc.code}:{kind_of(raw) if isinstance(raw, dict) else '?'}"
        if said not in self._said:
            self._said.add(said)
            print(f"houkago: a server message was dropped ({exc.code}: {exc.message})", file=sys.stderr)

    def _note(self, msg: ServerMessage) -> None:
        held = self.held
        if self.record:
            self.received.append(msg)
        if isinstance(msg, Welcome):
            self.welcome = msg
        elif isinstance(msg, Joined):
            held.seats[(msg.table, msg.seat)] = msg.token
        elif isinstance(msg, Created):
            held.hosts[msg.table] = msg.host
        elif isinstance(msg, Left) and msg.seat is not None:
            held.seats.pop((msg.table, msg.seat), None)

    # --- outgoing -----------------------------------------------------------------------
    def _encode(self, msg: ClientMessage) -> bytes:
        if isinstance(msg, Watch):
            self.held.watching.add(msg.table)
        if self.record and not (isinstance(msg, Ping) and msg.ref == HEARTBEAT_REF):
            self.sent.append(msg)
        return encode(self.saving.outgoing(to_map(msg)))

    # --- what is held -----------------------------------------------------------------------
    def token(self, table: str, seat: int) -> str | None:
        return self.held.seats.get((table, seat))

    def local_seats(self, table: str) -> list[int]:
        return sorted(s for (t, s) in self.held.seats if t == table)

    def host_token(self, table: str) -> str | None:
        return self.held.hosts.get(table)

    def adopt(self, table: str, seats: Iterable[tuple[int, str]] = (), host: str | None = None) -> None:
        """Seats (and the host token) this client held before (a saved game it continues): resumed like
        its own after a reconnect once the server said ``joined``."""
        for seat, token in seats:
            self.held.seats[(table, seat)] = token
        if host:
            self.held.hosts[table] = host

    def unwatch(self, table: str) -> None:
        """Stop re-watching ``table`` after a reconnect (its game is over)."""
        self.held.watching.discard(table)
