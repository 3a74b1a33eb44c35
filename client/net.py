"""The network session: a background thread with queues to the main loop.

One TCP connection speaking :mod:`shared.protocol` (length-prefixed msgpack frames).
The session remembers every seat it holds (table, seat → token, from ``joined``),
every table it watches and every host token (from ``created``). When the connection
drops it reconnects with backoff, says hello again and resumes every seat with its
token (and re-watches), so the players return to the same seats. The main loop
calls :meth:`NetSession.poll` each frame; status changes arrive as messages of type
``_net`` with ``state`` = ``up`` / ``down`` / ``failed`` and the attempt number.

When the server could not save a change (``journal/unavailable``, a full disk), the session sends the
same message again by itself with backoff (same ``ref``, same state id: the server changed nothing, and
an ``act`` made on an older state can never be applied twice) and reports ``_net`` ``saving`` (with the
attempt) until the server took it, then ``saved`` (see :class:`SaveRetry`).
"""
from __future__ import annotations

import collections
import errno
import queue
import selectors
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from client.saveretry import SaveRetry
from shared.protocol import (
    PROTOCOL_VERSION,
    FrameDecoder,
    ProtocolError,
    SnapshotMemo,
    encode,
)

BACKOFF = (0.2, 0.5, 1.0, 2.0, 3.0)
HEARTBEAT = 2.0  # seconds between the session's pings (the server answers each with a pong)
SILENCE = 7.0  # seconds without a byte from the server after which its link is taken as dead: reconnect
HEARTBEAT_REF = "hb"  # the ref of the session's own pings: their pongs are not handed to the main loop


def reason_of(exc: BaseException) -> str:
    """Why a connection failed, as a word the client can say in the player's language (``net.why.*``)."""
    if isinstance(exc, ConnectionRefusedError):
        return "refused"
    if isinstance(exc, (TimeoutError, socket.timeout)):
        return "timeout"
    if isinstance(exc, (socket.gaierror, UnicodeError, ValueError, OverflowError)):
        return "unknown_host"
    if isinstance(exc, (ConnectionResetError, ConnectionAbortedError, BrokenPipeError, ConnectionError)):
        return "closed"
    if isinstance(exc, OSError) and exc.errno is not None and exc.errno in _UNREACHABLE:
        return "unreachable"
    return "other"


_UNREACHABLE = {getattr(errno, n) for n in ("ENETUNREACH", "EHOSTUNREACH", "ENETDOWN", "EHOSTDOWN") if hasattr(errno, n)}


class NetSession:
    """A client connection that can hold several seats (pass-and-play) and survive drops."""

    def __init__(self, host: str, port: int, name: str = "", client: str = "houkago-client",
                 connect_timeout: float = 3.0, first_attempts: int = 3, record: bool = False,
                 heartbeat: float | None = HEARTBEAT, silence: float = SILENCE) -> None:
        """``heartbeat``: seconds between pings (None: no pings, the server then never takes a silence for
        a dead link); ``silence``: seconds without a byte from the server after which the session drops the
        connection and reconnects (resuming its seats)."""
        self.host, self.port = host, port
        self.heartbeat, self.silence = heartbeat, silence
        self.name = name
        self.client = client
        self.connect_timeout = connect_timeout
        self.first_attempts = first_attempts
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.on_inbox: Callable[[], None] | None = None  # called on the network thread after each message
        self._out: collections.deque[dict[str, Any]] = collections.deque()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._sock: socket.socket | None = None
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self.seats: dict[tuple[str, int], str] = {}  # (table, seat) -> token
        self.watching: set[str] = set()
        self.hosts: dict[str, str] = {}  # table -> host token
        self.welcome: dict[str, Any] | None = None
        self._every: tuple[dict[str, Any], float] | None = None  # (message, seconds): see repeat()
        self._every_at = 0.0
        self.saving = SaveRetry()  # changes the server could not save, sent again (network thread only)
        self.state = "connecting"
        self.attempt = 0
        self.ever_up = False
        self.record = record
        self.received: list[dict[str, Any]] = []  # every message received (when record=True)
        self.sent: list[dict[str, Any]] = []  # every message sent (when record=True)
        self._thread = threading.Thread(target=self._run, name="houkago-net", daemon=True)

    # --- main-thread API ------------------------------------------------------------
    def start(self) -> NetSession:
        self._thread.start()
        return self

    def send(self, msg: dict[str, Any]) -> None:
        """Queue a message (sent as soon as the connection is up)."""
        with self._lock:
            self._out.append(msg)
        self._wake()

    def repeat(self, msg: dict[str, Any] | None, seconds: float = 2.0) -> None:
        """Send ``msg`` every ``seconds`` while connected (None stops it). The network thread sends it, so a
        scene that polls the server (the waiting table display) needs no frames of its own for that."""
        with self._lock:
            self._every = (msg, seconds) if msg is not None else None
            self._every_at = time.monotonic() + seconds
        self._wake()

    def poll(self) -> list[dict[str, Any]]:
        """Every message received since the last poll, in order."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def wait_for(self, kinds: set[str] | str, timeout: float = 5.0) -> dict[str, Any] | None:
        """Block until a message of one of ``kinds`` arrives (tests and scripts); others are dropped."""
        kinds = {kinds} if isinstance(kinds, str) else kinds
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return None
            try:
                msg = self.inbox.get(timeout=left)
            except queue.Empty:
                return None
            if msg.get("t") in kinds:
                return msg

    def token(self, table: str, seat: int) -> str | None:
        with self._lock:
            return self.seats.get((table, seat))

    def local_seats(self, table: str) -> list[int]:
        with self._lock:
            return sorted(s for (t, s) in self.seats if t == table)

    def act(self, table: str, seat: int, sid: int, action: dict[str, Any], ref: str | None = None) -> bool:
        """Send a candidate action for a held seat; the server echoes ``ref`` in an error."""
        token = self.token(table, seat)
        if token is None:
            return False
        msg: dict[str, Any] = {"t": "act", "table": table, "seat": seat, "token": token, "sid": sid,
                               "action": action}
        if ref is not None:
            msg["ref"] = ref
        self.send(msg)
        return True

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

    def _deliver(self, msg: dict[str, Any]) -> None:
        """Hand a message to the main loop (and wake it if it sleeps)."""
        self.inbox.put(msg)
        notify = self.on_inbox
        if notify is not None:
            notify()

    def _status(self, state: str, **extra: Any) -> None:
        self.state = state
        self._deliver({"t": "_net", "state": state, "attempt": self.attempt, **extra})

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
            sock.settimeout(None)
            sock.setblocking(False)
            self._sock = sock
            try:
                self._greet(resume=self.ever_up)
                failures = 0
                self.ever_up = True
                self.attempt = 0
                self._status("up")
                self._pump(sock)
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

    def _greet(self, resume: bool) -> None:
        """Queue hello first, then (after a drop) resume every seat and re-watch every table."""
        first: list[dict[str, Any]] = [{"t": "hello", "v": PROTOCOL_VERSION, "name": self.name,
                                        "client": self.client, "delta": True}]
        if resume:
            with self._lock:
                for (table, seat), token in sorted(self.seats.items()):
                    first.append({"t": "resume", "table": table, "seat": seat, "token": token})
                for table in sorted(self.watching):
                    first.append({"t": "watch", "table": table})
        with self._lock:
            self._out.extendleft(reversed(first))

    def _pump(self, sock: socket.socket) -> None:
        decoder = FrameDecoder()
        memo = SnapshotMemo()  # per connection: delta snapshots become full ones here
        sel = selectors.DefaultSelector()
        sel.register(sock, selectors.EVENT_READ)
        sel.register(self._wake_r, selectors.EVENT_READ)
        pending = b""
        self.saving.reconnected(time.monotonic())
        heard = ping_at = time.monotonic()  # when the server was last heard; when the next ping is due
        heartbeat = self.heartbeat
        try:
            while not self._stop.is_set():
                with self._lock:
                    every, now = self._every, time.monotonic()
                    if every is not None and now >= self._every_at:
                        self._out.append(every[0])
                        self._every_at = now + every[1]
                    if heartbeat is not None and now >= ping_at:
                        self._out.append({"t": "ping", "ref": HEARTBEAT_REF})
                        ping_at = now + heartbeat
                    self._out.extend(self.saving.due(now))
                    while self._out:
                        msg = self.saving.outgoing(self._out.popleft())
                        self._note_sent(msg)
                        pending += encode(msg)
                while pending:
                    try:
                        n = sock.send(pending)
                    except BlockingIOError:
                        break
                    pending = pending[n:]
                now = time.monotonic()
                wait = 0.5 if self._every is None else min(0.5, max(0.0, self._every_at - now))
                if heartbeat is not None:
                    wait = min(wait, max(0.0, ping_at - now))
                retry_at = self.saving.next_due()
                if retry_at is not None:
                    wait = min(wait, max(0.0, retry_at - now))
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
                    heard = time.monotonic()
                    for msg in decoder.feed(data):
                        msg = memo.full(msg)
                        if msg.get("t") == "pong" and msg.get("ref") == HEARTBEAT_REF:
                            continue  # the heartbeat's answer: it only had to arrive
                        self._note_received(msg)
                        shown, statuses = self.saving.incoming(msg, time.monotonic())
                        if shown:
                            self._deliver(msg)
                        for status in statuses:
                            self._deliver({**status, "attempt": status.get("attempt", self.attempt)})
                # (checked after reading what came: a thread that was not scheduled for a while reads first)
                if heartbeat is not None and time.monotonic() - heard > self.silence:
                    raise ConnectionError("the server has been silent too long (its link is down?)")
        finally:
            sel.close()

    def _note_sent(self, msg: dict[str, Any]) -> None:
        if msg.get("t") == "watch":
            with_table = msg.get("table")
            if isinstance(with_table, str):
                self.watching.add(with_table)
        if self.record:
            self.sent.append(msg)

    def _note_received(self, msg: dict[str, Any]) -> None:
        kind = msg.get("t")
        if self.record:
            self.received.append(msg)
        if kind == "welcome":
            self.welcome = msg
        elif kind == "joined" and isinstance(msg.get("token"), str):
            with self._lock:
                self.seats[(msg["table"], msg["seat"])] = msg["token"]
        elif kind == "created" and isinstance(msg.get("host"), str):
            with self._lock:
                self.hosts[msg["table"]] = msg["host"]
        elif kind == "left" and msg.get("seat") is not None:
            with self._lock:
                # a lookup: a key of any other type finds nothing
                self.seats.pop((msg.get("table"), msg.get("seat")), None)  # type: ignore[arg-type]
