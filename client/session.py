"""The client's one network session: a thread, a socket and the protocol object; typed commands and
subscriptions for the scenes.

:class:`ClientSession` runs one TCP connection on a background thread around a
:class:`client.wire.ClientProtocol` (which owns hello, resume, deltas, heartbeat and save retries). When
the connection drops it reconnects with backoff and the protocol resumes every seat it holds, so the
players return to the same seats. Scenes never touch the socket: they call typed commands
(:meth:`ClientSession.join`, :meth:`act`, :meth:`chat` …) and :meth:`subscribe` to the message kinds
they need; the app calls :meth:`dispatch` once a frame, which hands each message, typed, to its
subscribers on the main thread. The connection's state arrives the same way, as a
:class:`client.wire.NetStatus` (kind ``_net``).
"""
from __future__ import annotations

import collections
import queue
import selectors
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from client.net import BACKOFF, reason_of
from client.router import Handler, Kinds, Router, Subscription, kinds_of
from client.wire import HEARTBEAT, SILENCE, ClientProtocol, Incoming, NetStatus, Refused, kind_of
from shared import messages as m
from shared.protocol import ProtocolError


class ClientSession:
    """A client connection that can hold several seats (pass-and-play) and survive drops."""

    def __init__(self, host: str, port: int, name: str = "", client: str = "houkago-client",
                 connect_timeout: float = 3.0, first_attempts: int = 3, record: bool = False,
                 heartbeat: float | None = HEARTBEAT, silence: float = SILENCE, router: Router | None = None,
                 strict: bool | None = None) -> None:
        """``heartbeat``: seconds between pings (None: no pings); ``silence``: seconds without a byte from
        the server after which the session drops the connection and reconnects (resuming its seats)."""
        self.host, self.port = host, port
        self.connect_timeout = connect_timeout
        self.first_attempts = first_attempts
        self.proto = ClientProtocol(name, client, heartbeat=heartbeat, silence=silence, strict=strict,
                                    record=record)
        self.router = router or Router()
        self.inbox: queue.Queue[Incoming] = queue.Queue()
        self.on_inbox: Callable[[], None] | None = None  # called on the network thread after each message
        self._out: collections.deque[m.ClientMessage] = collections.deque()
        self._lock = threading.Lock()  # guards _out and the protocol object
        self._stop = threading.Event()
        self._sock: socket.socket | None = None
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._refused: Refused | None = None  # strict mode: raised on the main thread at the next dispatch
        self.state = "connecting"
        self.attempt = 0
        self._thread = threading.Thread(target=self._run, name="houkago-net", daemon=True)

    # --- what the session holds ----------------------------------------------------------
    @property
    def welcome(self) -> m.Welcome | None:
        return self.proto.welcome

    @property
    def server_name(self) -> str:
        """The server's name from its welcome ("" before it)."""
        return self.proto.welcome.server if self.proto.welcome is not None else ""

    @property
    def address(self) -> str:
        """``host:port`` (IPv6 in brackets), as the seat book and the join screen say it."""
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    @property
    def ever_up(self) -> bool:
        return self.proto.ever_up

    @property
    def received(self) -> list[m.ServerMessage]:
        return self.proto.received

    @property
    def sent(self) -> list[m.ClientMessage]:
        return self.proto.sent

    def token(self, table: str, seat: int) -> str | None:
        with self._lock:
            return self.proto.token(table, seat)

    def local_seats(self, table: str) -> list[int]:
        with self._lock:
            return self.proto.local_seats(table)

    def host_token(self, table: str) -> str | None:
        with self._lock:
            return self.proto.host_token(table)

    def adopt_host(self, table: str, host: str) -> None:
        """This client hosts ``table`` (a saved game's host token, a table it just made)."""
        with self._lock:
            self.proto.adopt(table, host=host)

    def unwatch(self, table: str) -> None:
        with self._lock:
            self.proto.unwatch(table)

    # --- main-thread API ------------------------------------------------------------
    def start(self) -> ClientSession:
        self._thread.start()
        return self

    def subscribe(self, kinds: Kinds, handler: Handler, order: int = 0) -> Subscription:
        """``handler(msg)`` for each message of ``kinds`` (``"snapshot"``, ``m.Snapshot``, ``"_net"``; None:
        all), on the main thread in :meth:`dispatch`. Cancel it when the scene leaves."""
        return self.router.subscribe(kinds, handler, order)

    def dispatch(self, before: Handler | None = None) -> list[Incoming]:
        """Hand every message received since the last call to its subscribers, in order (``before(msg)``
        first, e.g. to decide whether it must be drawn); returns them."""
        got = self.poll()
        for msg in got:
            if before is not None:
                before(msg)
            self.router.deliver(msg)
        return got

    def poll(self) -> list[Incoming]:
        """Every message received since the last poll, in order (not delivered to subscribers)."""
        out: list[Incoming] = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                break
        self._raise_refused()
        return out

    def wait_for(self, kinds: Kinds, timeout: float = 5.0) -> Any:
        """Block until a message of one of ``kinds`` arrives (tests and scripts); others are dropped."""
        wanted = kinds_of(kinds)
        end = time.monotonic() + timeout
        while True:
            self._raise_refused()
            left = end - time.monotonic()
            if left <= 0:
                return None
            try:
                msg = self.inbox.get(timeout=min(left, 0.25))
            except queue.Empty:
                continue
            if wanted is None or kind_of(msg) in wanted:
                return msg

    def _raise_refused(self) -> None:
        refused = self._refused
        if refused is not None:
            self._refused = None
            raise refused

    def send(self, msg: m.ClientMessage) -> None:
        """Queue a typed message (sent as soon as the connection is up)."""
        with self._lock:
            self._out.append(msg)
        self._wake()

    def repeat(self, msg: m.ClientMessage | None, seconds: float = 2.0) -> None:
        """Send ``msg`` every ``seconds`` while connected (None stops it), from the network thread."""
        with self._lock:
            self.proto.repeat(msg, seconds, time.monotonic())
        self._wake()

    # --- typed commands ---------------------------------------------------------------
    def _as_seat(self, table: str, seat: int, message: Callable[[str], m.ClientMessage]) -> bool:
        """Send ``message(token)`` with the token of a seat this client holds (False, nothing sent, if none)."""
        token = self.token(table, seat)
        if token is None:
            return False
        self.send(message(token))
        return True

    def _as_host(self, table: str, message: Callable[[str], m.ClientMessage]) -> bool:
        """Send ``message(host token)`` for a table this client hosts (False, nothing sent, if it does not)."""
        host = self.host_token(table)
        if host is None:
            return False
        self.send(message(host))
        return True

    def list_tables(self, every: float | None = None) -> None:
        """Ask for the table list (``every``: and again every so many seconds while connected)."""
        self.send(m.ListTables())
        if every is not None:
            self.repeat(m.ListTables(), every)

    def stop_listing(self) -> None:
        self.repeat(None)

    @property
    def repeating(self) -> bool:
        """Whether the session asks for something every few seconds by itself (the table list)."""
        return self.proto.repeating

    def create(self, game: str, seats: int, **fields: Any) -> None:
        self.send(m.Create(game=game, seats=seats, **fields))

    def join(self, table: str, seat: int | None = None, name: str | None = None) -> None:
        self.send(m.Join(table=table, seat=seat, name=name))

    def resume(self, table: str, seat: int, token: str) -> None:
        """Take back a seat held before (its token: a saved game, the seat book)."""
        self.send(m.Resume(table=table, seat=seat, token=token))

    def watch(self, table: str) -> None:
        self.send(m.Watch(table=table))

    def leave(self, table: str, seat: int | None = None) -> None:
        token = self.token(table, seat) if seat is not None else None
        self.send(m.Leave(table=table, seat=seat, token=token))

    def ready(self, table: str, seat: int, ready: bool) -> bool:
        return self._as_seat(table, seat, lambda token: m.Ready(table=table, seat=seat, token=token, ready=ready))

    def bot(self, table: str, seat: int, level: str | None = None) -> bool:
        return self._as_host(table, lambda host: m.Bot(table=table, host=host, seat=seat, level=level))

    def start_game(self, table: str, seed: int | None = None) -> bool:
        return self._as_host(table, lambda host: m.Start(table=table, host=host, seed=seed))

    def clock(self, table: str, op: str, seconds: float | None = None) -> bool:
        return self._as_host(table, lambda host: m.Clock(table=table, host=host, op=op, seconds=seconds))

    def act(self, table: str, seat: int, sid: int, action: dict[str, Any], ref: str | None = None) -> bool:
        """Send a candidate action for a held seat; the server echoes ``ref`` in an error."""
        return self._as_seat(table, seat, lambda token: m.Act(table=table, seat=seat, token=token, sid=sid,
                                                               action=action, ref=ref))

    def chat(self, table: str, text: str, seat: int | None = None) -> None:
        token = self.token(table, seat) if seat is not None else None
        self.send(m.Chat(table=table, text=text, seat=seat if token else None, token=token))

    def replace(self, table: str, target: int, yes: bool = True, voter: int | None = None,
                ref: str | None = None) -> bool:
        """Vote (as ``voter``, a held seat; ``yes`` False withdraws it) or, without a voter, as the host
        give ``target`` to a stand-in. False when this client holds neither."""
        if voter is not None:
            return self._as_seat(table, voter, lambda token: m.Replace(table=table, target=target, seat=voter,
                                                                       token=token, yes=yes, ref=ref))
        return self._as_host(table, lambda host: m.Replace(table=table, target=target, host=host, ref=ref))

    def take_back(self, table: str, seat: int) -> bool:
        """Resume a seat this client holds (a stand-in plays it now): False when it holds none."""
        token = self.token(table, seat)
        if token is None:
            return False
        self.resume(table, seat, token)
        return True

    def replay(self, table: str) -> None:
        self.send(m.AskReplay(table=table))

    def pack(self, table: str, fp: str) -> None:
        self.send(m.AskPack(table=table, fp=fp))

    def ping(self, n: int | None = None) -> None:
        self.send(m.Ping(n=n))

    # --- tests --------------------------------------------------------------------------
    def drop(self) -> None:
        """Close the socket as if the network failed (the thread reconnects). For tests."""
        sock = self._sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def close(self) -> None:
        self._stop.set()
        self._wake()
        if self._thread.is_alive():
            self._thread.join(timeout=2.0)
        for s in (self._wake_r, self._wake_w):
            try:
                s.close()
            except OSError:
                pass

    # --- the thread ---------------------------------------------------------------------
    def _wake(self) -> None:
        try:
            self._wake_w.send(b"x")
        except OSError:
            pass

    def _deliver(self, msg: Incoming) -> None:
        """Hand a message to the main loop (and wake it if it sleeps)."""
        self.inbox.put(msg)
        notify = self.on_inbox
        if notify is not None:
            notify()

    def _status(self, state: str, why: str = "", reason: str = "") -> None:
        self.state = state
        self._deliver(NetStatus(state=state, attempt=self.attempt, why=why, reason=reason))

    def _run(self) -> None:
        failures = 0
        while not self._stop.is_set():
            try:
                sock = socket.create_connection((self.host, self.port), timeout=self.connect_timeout)
            except (OSError, OverflowError, ValueError, UnicodeError) as exc:
                failures += 1
                self.attempt = failures
                if not self.ever_up and failures >= self.first_attempts:
                    self._status("failed", why=str(exc) or type(exc).__name__, reason=reason_of(exc))
                    return
                if self.ever_up:
                    self._status("down")
                self._stop.wait(BACKOFF[min(failures - 1, len(BACKOFF) - 1)])
                continue
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.setblocking(False)
            self._sock = sock
            try:
                with self._lock:
                    first = self.proto.connected(time.monotonic())
                failures = 0
                self.attempt = 0
                self._status("up")
                self._pump(sock, first)
            except Refused as exc:  # strict mode: the main thread raises it; the connection is dropped
                self._refused = exc
                self._deliver(NetStatus(state="down", attempt=failures, why=str(exc), reason="other"))
                if self._stop.wait(BACKOFF[0]):
                    break
            except (OSError, ProtocolError, ConnectionError) as exc:
                if self._stop.is_set():
                    break
                failures += 1
                self.attempt = failures
                self._status("down", why=str(exc) or type(exc).__name__, reason=reason_of(exc))
                self._stop.wait(BACKOFF[min(failures - 1, len(BACKOFF) - 1)])
            finally:
                self._sock = None
                try:
                    sock.close()
                except OSError:
                    pass
        self.state = "closed"

    def _pump(self, sock: socket.socket, pending: bytes) -> None:
        sel = selectors.DefaultSelector()
        sel.register(sock, selectors.EVENT_READ)
        sel.register(self._wake_r, selectors.EVENT_READ)
        proto = self.proto
        try:
            while not self._stop.is_set():
                with self._lock:
                    now = time.monotonic()
                    pending += proto.tick(now)
                    while self._out:
                        pending += proto.send(self._out.popleft())
                    due = proto.next_due()
                while pending:
                    try:
                        n = sock.send(pending)
                    except BlockingIOError:
                        break
                    pending = pending[n:]
                now = time.monotonic()
                wait = 0.5 if due is None else min(0.5, max(0.0, due - now))
                for key, _ in sel.select(timeout=wait if not pending else 0.02):
                    if key.fileobj is self._wake_r:
                        try:
                            while self._wake_r.recv(4096):
                                pass
                        except (BlockingIOError, OSError):
                            pass
                        continue
                    try:
                        data = sock.recv(65536)
                    except BlockingIOError:
                        continue
                    if not data:
                        raise ConnectionError("closed by the server")
                    with self._lock:
                        got = proto.feed(data, time.monotonic())
                    for msg in got:
                        if isinstance(msg, NetStatus) and not msg.attempt and msg.state == "saved":
                            msg.attempt = self.attempt
                        self._deliver(msg)
                # (checked after reading what came: a thread that was not scheduled for a while reads first)
                if proto.silent(time.monotonic()):
                    raise ConnectionError("the server has been silent too long (its link is down?)")
        finally:
            sel.close()
