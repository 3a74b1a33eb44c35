"""The asyncio adapter: sockets in, :class:`server.hub.Hub` calls, frames out.

Each connection is an ``asyncio.Protocol``: bytes go through a
:class:`shared.protocol.FrameDecoder` (hard frame cap); each message goes to the
hub; the frames the hub returns are queued and, once per event-loop tick, the
journal is committed and only then are the frames written. On a selector event
loop on Linux one :class:`Reader` reads every client socket in one callback
(instead of a callback per socket) and commits and sends once its reads are done. The outbound queue of
a connection is its transport buffer, bounded by ``max_outbuf`` bytes: a client
that does not read is dropped when it overflows, and the table never waits for
it. Malformed input gets an ``error`` frame and, for a broken frame stream, the
connection is closed; nothing a client sends can stop the loop or touch another
connection.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
import os
import select
import socket
from collections.abc import Callable
from typing import Any, cast

from server.hub import Hub, Out, error_frame
from server.tables import Lossy
from shared.messages import check_frame
from shared.protocol import FrameDecoder, ProtocolError

log = logging.getLogger("houkago.net")

MAX_FRAME_IN = 64 * 1024  # client messages are small
MAX_OUTBUF = 4 * 1024 * 1024  # bytes queued for one client before it is dropped (chat/snapshots excepted)
MAX_READ = 256 * 1024  # bytes one receive takes (asyncio's own read size)
STRICT_ENV = "HOUKAGO_STRICT_PROTOCOL"  # set (not "0"): every frame sent is checked against shared.messages (tests)


def strict_default() -> bool:
    """Whether servers check every frame they send (``HOUKAGO_STRICT_PROTOCOL=1``, set by the tests; off in
    production: it decodes every frame once more). The client's session reads the same variable."""
    return os.environ.get(STRICT_ENV, "") not in ("", "0")


def _keepalive(sock: Any, idle: int) -> None:
    """TCP keepalive on a client socket: a peer whose link died is found by the kernel within about
    ``idle`` + 9 s even if it never pings (older clients, the bots' runner); never fatal."""
    if not idle or sock is None:
        return
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        for name, value in (("TCP_KEEPIDLE", idle), ("TCP_KEEPINTVL", 3), ("TCP_KEEPCNT", 3)):
            if hasattr(socket, name):
                sock.setsockopt(socket.IPPROTO_TCP, getattr(socket, name), value)
    except (OSError, AttributeError):
        pass


class Connection(asyncio.Protocol):
    """One client socket."""

    def __init__(self, server: Server, cid: int) -> None:
        self.server = server
        self.id = cid
        self.transport: asyncio.Transport | None = None
        self.decoder = FrameDecoder(server.max_frame_in)
        self.closed = False
        self.peer: Any = None
        self.opened = server.loop.time()
        self.frame_since: float | None = None  # when the first byte of a frame still incomplete came
        self.heard = self.opened  # when its last bytes came (a connection that pings is dead after a silence)
        self.held: dict[Any, bytes] = {}  # the latest snapshot per (table, seat) a slow reader has not got
        self.sock: socket.socket | None = None  # written to directly while the transport holds nothing
        self.backlog = False  # the transport may hold bytes we gave it (only our writes put bytes there)
        self.fd: int | None = None  # its socket's fd while the server's Reader reads it
        # its socket while a frame may go straight to it (see _direct): the server's flush writes then
        self.direct: socket.socket | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        stream = cast("asyncio.Transport", transport)  # a stream transport (uvloop's is not a subclass)
        self.transport = stream
        self.peer = transport.get_extra_info("peername")
        limits = self.server.hub.limits
        if len(self.server.conns) >= limits.max_connections:
            log.warning("too many connections; refusing %s", self.peer)
            self.closed = True
            stream.write(self.server.checked(error_frame(
                "server/full", "this server has too many connections; try again later", limit=limits.max_connections)))
            transport.close()
            return
        stream.set_write_buffer_limits(high=self.server.soft_outbuf)
        _keepalive(transport.get_extra_info("socket"), limits.keepalive)
        sock = getattr(transport, "_sock", None)  # asyncio's selector transport only (not a proactor's, not uvloop's)
        selector = isinstance(self.server.loop, asyncio.SelectorEventLoop)
        self.sock = sock if selector and type(sock) is socket.socket else None
        self.server.conns[self.id] = self
        if self.sock is not None and self.server.reader is not None:
            stream.pause_reading()  # its reads come through the server's one reader from now on
            self.server.reader.watch(self)
        self._direct()
        address = self.peer[0] if isinstance(self.peer, tuple) and self.peer else None
        self.server.hub.connect(self.id, address, self.opened)
        log.debug("connection %d from %s", self.id, self.peer)

    def overdue(self, now: float) -> str | None:
        """Why this connection is to be closed now (no hello in time, a frame arriving too slowly), or None."""
        limits = self.server.hub.limits
        conn = self.server.hub.conns.get(self.id)
        if conn is not None and not conn.greeted and now - self.opened > limits.hello_timeout:
            return "no hello in time"
        if self.frame_since is not None and now - self.frame_since > limits.frame_timeout:
            return "a frame did not complete in time"
        if conn is not None and conn.pings and now - self.heard > limits.silence:
            return "silent"
        return None

    def timeout(self, why: str) -> None:
        log.info("connection %d (%s): %s; closing", self.id, self.peer, why)
        self.closed = True
        self.direct = None
        if why == "silent" and self.transport is not None:  # its link is dead: nothing written would leave,
            self.transport.abort()  # and a close would wait for that (connection_lost, hence "away", now)
            return
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(self.server.checked(error_frame("proto/timeout", why)))
            self.transport.close()

    def _direct(self) -> None:
        """Set :attr:`direct`: the socket, while a frame of at most the soft limit would go straight to it in
        :meth:`send` (a socket of our own, nothing queued in the transport or held, not closing), else None.
        Called wherever one of those changes: every close of the transport and every change of ``backlog``
        and ``held`` is made by this class (the transport's own writes, which may fail and close it, happen
        only while ``backlog`` is set)."""
        t = self.transport
        self.direct = (self.sock if self.sock is not None and not self.backlog and not self.held and t is not None
                       and not t.is_closing() else None)

    def data_received(self, data: bytes) -> None:
        if self.closed:
            return
        server = self.server
        self.heard = server.loop.time()
        try:
            msgs = self.decoder.feed(data)
        except ProtocolError as err:
            log.info("connection %d: bad frame stream (%s); closing", self.id, err.code)
            server.deliver([(self.id, error_frame(err.code, err.message)), (self.id, None)])
            self.stop_reading()
            return
        now = server.loop.time()
        if not self.decoder.pending:
            self.frame_since = None
        elif self.frame_since is None or msgs:
            self.frame_since = now
        hub = server.hub
        journal = hub.journal
        for msg in msgs:
            writes = 0 if journal is None else journal.writes
            out = hub.handle(self.id, msg, now)
            server.deliver(out, durable=journal is not None and journal.writes != writes)
        if msgs and hub.jobs:
            server.kick_work()

    def stop_reading(self) -> None:
        """Read nothing more from this client (its stream is broken; it is being closed)."""
        self.closed = True
        if self.server.reader is not None:
            self.server.reader.unwatch(self)
        if self.transport is not None:
            self.transport.pause_reading()

    def read_ready(self) -> None:
        """The server's reader saw this socket readable: what the transport's own reader does (receive, hand
        the bytes to :meth:`data_received`; at end of stream or on an error, close)."""
        t = self.transport
        if self.closed or t is None or t.is_closing():
            self.server.reader.unwatch(self)  # type: ignore[union-attr]  # watched: the reader is set
            self.direct = None
            return
        try:
            data = self.sock.recv(MAX_READ)  # type: ignore[union-attr]  # an open connection has its socket
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            log.debug("connection %d: read failed (%s)", self.id, exc)
            self.server.reader.unwatch(self)  # type: ignore[union-attr]  # watched: the reader is set
            self.direct = None
            t.abort()
            return
        if not data:  # the client closed its side: so do we (as the transport does after eof_received)
            self.server.reader.unwatch(self)  # type: ignore[union-attr]  # watched: the reader is set
            self.direct = None
            t.close()
            return
        try:
            self.data_received(data)
        except Exception:
            log.exception("connection %d: reading failed; closing it", self.id)
            self.server.reader.unwatch(self)  # type: ignore[union-attr]  # watched: the reader is set
            self.direct = None
            t.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.direct = None
        if self.server.reader is not None:
            self.server.reader.unwatch(self)  # before the transport closes the socket (its fd is reused)
        self.held.clear()
        if self.id not in self.server.conns:
            return  # refused at connect
        try:
            self.server.deliver(self.server.hub.disconnect(self.id, self.server.loop.time()))
        except Exception:
            log.exception("connection %d: cleanup failed", self.id)
        finally:
            self.server.conns.pop(self.id, None)
            log.debug("connection %d closed", self.id)

    def send(self, data: bytes | None) -> None:
        t = self.transport
        if t is None or t.is_closing():
            return
        if data is None:
            self.direct = None
            t.close()
            return
        if (self.backlog or self.held or len(data) > self.server.soft_outbuf) and not self._admit(t, data):
            return
        sock = self.sock
        if sock is None or self.backlog:
            if not self.backlog:
                self._behind()
            t.write(data)
            return
        try:  # nothing queued: straight to the socket, as the transport's own write would, without its bookkeeping
            sent = sock.send(data)
        except OSError:  # would block, interrupted, or an error the transport's write meets again and reports
            sent = 0
        if sent != len(data):
            self._behind()
            t.write(data[sent:])

    def _behind(self) -> None:
        """Bytes wait in the transport: from now on the hub builds this connection's snapshots Lossy (they
        may be held back), until all it was given is written and nothing is held (:meth:`_admit`)."""
        self.backlog = True
        self.direct = None
        self.server.hub.slow.add(self.id)

    def _admit(self, t: asyncio.Transport, data: bytes) -> bool:
        """Whether ``data`` is to be written now by a connection that may have bytes queued or held, or for a
        frame over the soft limit: a slow reader loses chat and gets only the latest snapshot per seat, one that
        does not read at all is dropped. (Also finds out whether the transport still holds bytes.)"""
        size = len(data)
        if self.backlog:  # else the transport holds nothing: no need to ask it
            queued = t.get_write_buffer_size()
            self.backlog = queued > 0
            size += queued
            if not queued and not self.held:  # caught up: its snapshots are built as plain bytes again
                self.server.hub.slow.discard(self.id)
                self._direct()
        if (size > self.server.soft_outbuf or self.held) and type(data) is Lossy:
            key = data.key
            if size > self.server.soft_outbuf or key in self.held:
                if key is not None:  # a delta snapshot is held whole: the ones before it may be skipped
                    self.held[key] = data.full()
                    self.direct = None
                    self.server.hub.slow.add(self.id)  # (while any is held, its snapshots must be holdable)
                return False
        if size > self.server.max_outbuf:
            log.warning("connection %d (%s) does not read; dropping it", self.id, self.peer)
            self.closed = True
            self.direct = None
            t.abort()
            return False
        return True

    def resume_writing(self) -> None:
        """The client read enough: send the latest snapshots it missed (events of skipped ones are lost)."""
        self.flush_held()

    def flush_held(self) -> None:
        t = self.transport
        if not self.held or t is None or t.is_closing():
            return
        if t.get_write_buffer_size() > self.server.soft_outbuf // 2:
            return
        held, self.held = self.held, {}
        self.backlog = True
        self.direct = None
        for frame in held.values():
            t.write(frame)  # (in strict mode checked when it was delivered: Server._checked_out)


_AFTER_READS: Any = object()  # Server._flush_call while the reader's flush_now is to come


class Reader:
    """Every client socket's reads in one event-loop callback (selector event loops on Linux).

    The loop watches one epoll object; when any client socket is readable, :meth:`ready` receives from
    each readable one in turn. That is what each transport's own reader would do, less the loop's and the
    transport's per-socket dispatch (a callback, a context switch into it and two calls per read)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, after: Callable[[], None]) -> None:
        """``after`` runs once all the sockets found readable have been read (the server's flush)."""
        self.loop = loop
        self.after = after
        self.reading = False  # in ready(), before after()
        self._epoll = select.epoll()
        self._conns: dict[int, Connection] = {}  # by socket fd
        loop.add_reader(self._epoll.fileno(), self.ready)

    @staticmethod
    def available(loop: asyncio.AbstractEventLoop) -> bool:
        return isinstance(loop, asyncio.SelectorEventLoop) and hasattr(select, "epoll")

    def watch(self, conn: Connection) -> None:
        fd = conn.sock.fileno()  # type: ignore[union-attr]  # watched connections have sockets
        self._conns[fd] = conn
        self._epoll.register(fd, select.EPOLLIN)
        conn.fd = fd

    def unwatch(self, conn: Connection) -> None:
        """Stop reading ``conn`` (before its socket closes: a new connection may get the same fd)."""
        fd, conn.fd = conn.fd, None
        if fd is not None and self._conns.get(fd) is conn:
            del self._conns[fd]
            try:
                self._epoll.unregister(fd)
            except OSError:  # the socket was closed already: epoll dropped it itself
                pass

    def watching(self) -> int:
        """How many sockets it reads."""
        return len(self._conns)

    def ready(self) -> None:
        conns = self._conns
        self.reading = True  # the server queues what the reads answer for self.after, with no callback of its own
        try:
            for fd, _ in self._epoll.poll(0):
                conn = conns.get(fd)
                if conn is not None:
                    conn.read_ready()
        finally:
            self.reading = False
            self.after()

    def close(self) -> None:
        self.loop.remove_reader(self._epoll.fileno())
        self._conns.clear()
        self._epoll.close()


class Server:
    """Listens, feeds the hub, commits the journal, then writes the frames."""

    def __init__(self, hub: Hub, max_frame_in: int = MAX_FRAME_IN, max_outbuf: int = MAX_OUTBUF,
                 strict: bool | None = None) -> None:
        """``strict`` (default: :func:`strict_default`): every frame is checked before it leaves (see
        :meth:`checked`)."""
        self.hub = hub
        self.strict = strict_default() if strict is None else strict
        self.max_frame_in = max_frame_in
        self.max_outbuf = max_outbuf
        self.soft_outbuf = min(hub.limits.soft_outbuf, max_outbuf // 2)
        self._durable: list[tuple[int, int]] = []  # spans of _pending that show journaled changes
        self._work_scheduled = False
        self._sweeper: asyncio.TimerHandle | None = None
        self.conns: dict[int, Connection] = {}
        self.loop = asyncio.get_running_loop()
        self._ids = itertools.count(1)
        self._pending: Out = []
        self._flush_call: asyncio.Handle | None = None  # the call of _flush due at the end of this tick
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at: float | None = None
        self._server: asyncio.base_events.Server | None = None
        self.reader: Reader | None = None  # every client's reads in one callback (selector loops on Linux)
        self.closing = False

    async def listen(self, host: str, port: int) -> int:
        if Reader.available(self.loop):
            self.reader = Reader(self.loop, self.flush_now)
        self._server = await self.loop.create_server(lambda: Connection(self, next(self._ids)), host, port,
                                                     reuse_address=True)
        self._reschedule()
        self._sweep()
        return self._server.sockets[0].getsockname()[1]

    def _sweep(self) -> None:
        """Close connections past a timeout (with a ``proto/timeout`` frame); send held snapshots."""
        if self.closing:
            return
        now = self.loop.time()
        for conn in list(self.conns.values()):
            why = conn.overdue(now)
            if why is not None:
                conn.timeout(why)
            elif conn.held:
                conn.flush_held()
        limits = self.hub.limits
        self._sweeper = self.loop.call_later(max(0.01, min(1.0, limits.hello_timeout / 4, limits.frame_timeout / 4,
                                                           limits.silence / 4)),
                                             self._sweep)

    def journal_writes(self) -> int:
        journal = self.hub.journal
        return 0 if journal is None else journal.writes

    def deliver(self, out: Out, durable: bool = False) -> None:
        """Queue frames for the end of this tick; ``durable`` ones describe journaled changes and are
        sent only if the commit succeeds."""
        if out and self.strict:
            out = self._checked_out(out)
        if out:
            if durable:
                self._durable.append((len(self._pending), len(self._pending) + len(out)))
            self._pending += out
        elif not durable:
            return
        if self._flush_call is None:
            reader = self.reader
            # while the reader reads, its flush_now comes next: no callback (nor the loop turn it would cost)
            self._flush_call = _AFTER_READS if reader is not None and reader.reading else self.loop.call_soon(
                self._flush)

    def checked(self, frame: bytes) -> bytes:
        """Strict mode: ``frame`` if the doc allows its message (:func:`shared.messages.check_frame`), else —
        a server bug a test must see — logged and replaced by ``error server/bad_message`` naming the problem."""
        try:
            check_frame(frame)
        except ProtocolError as err:
            log.error("strict protocol: the server was about to send a message the doc does not allow: %s (%s)",
                      err.message, bytes(frame[:200]))
            return error_frame("server/bad_message", f"the server built a message the doc does not allow: "
                               f"{err.message}"[:300], problem=err.code, **err.params)
        return frame

    def _checked_out(self, out: Out) -> Out:
        """:meth:`checked` over frames to send (each distinct frame once); a connection that was to get a
        frame the doc does not allow gets the error and is closed."""
        seen: dict[int, bytes] = {}
        fixed: Out = []
        for cid, frame in out:
            if frame is None:
                fixed.append((cid, None))
                continue
            good = seen.get(id(frame))
            if good is None:
                good = seen[id(frame)] = self.checked(frame)
                if good is frame and type(frame) is Lossy and frame.remake is not None:
                    self.checked(frame.full())  # what a slow reader gets instead (logged if the doc forbids it)
            if good is frame:
                fixed.append((cid, frame))
            else:
                fixed += [(cid, good), (cid, None)]
        return fixed

    def flush_now(self) -> None:
        """Commit and send now what this tick queued so far (the reader's reads are done), not in a callback of
        its own at the end of the tick."""
        call = self._flush_call
        if call is not None:
            if call is not _AFTER_READS:
                call.cancel()
            self._flush()

    def _work(self) -> None:
        """Stream replays a slice at a time; come back soon if a reader is ready, later if all are slow."""
        self._work_scheduled = False
        if self.closing:
            return
        conns, soft = self.conns, self.soft_outbuf

        def ready(cid: int) -> bool:
            conn = conns.get(cid)
            return (conn is not None and conn.transport is not None
                    and conn.transport.get_write_buffer_size() < soft // 2)

        out, ran = self.hub.work(self.loop.time, self.hub.limits.replay_slice, ready)
        self.deliver(out)
        if self.hub.has_work():
            self._work_scheduled = True
            if ran:
                self.loop.call_soon(self._work)
            else:
                self.loop.call_later(0.02, self._work)

    def _flush(self) -> None:
        self._flush_call = None
        pending, self._pending = self._pending, []
        durable, self._durable = self._durable, []
        ok, errors = self.hub.commit(self.loop.time())  # durable before anyone sees it
        if not ok:  # the changes were put back: their frames must never leave
            dropped: set[int] = set()
            for start, end in durable:
                dropped.update(range(start, end))
            pending = [entry for i, entry in enumerate(pending) if i not in dropped] + errors
        conns, soft = self.conns, self.soft_outbuf
        for cid, data in pending:
            conn = conns.get(cid)
            if conn is None:
                continue
            sock = conn.direct
            if sock is None or data is None or len(data) > soft:
                conn.send(data)
                continue
            try:  # Connection.send's own fast path, without the call: nothing queued, straight to the socket
                sent = sock.send(data)
            except OSError:
                sent = 0
            if sent != len(data):
                conn._behind()
                conn.transport.write(data[sent:])  # type: ignore[union-attr]  # a direct write: transport set
        self._reschedule()
        self.kick_work()

    def kick_work(self) -> None:
        """Make sure queued replays get streamed."""
        if not self._work_scheduled and self.hub.has_work():
            self._work_scheduled = True
            self.loop.call_soon(self._work)

    def _reschedule(self) -> None:
        if self.closing:
            return
        when = self.hub.next_wakeup()
        if when == self._timer_at:
            return
        if self._timer is not None:
            if when is None or when > self._timer_at:  # type: ignore[operator]  # a timer set: _timer_at too
                return  # the timer set comes first: it finds nothing due then, and sets the next one
            self._timer.cancel()
        self._timer_at = when
        self._timer = None if when is None else self.loop.call_at(when, self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None
        self._timer_at = None
        try:
            writes = self.journal_writes()
            out = self.hub.tick(self.loop.time())
            self.deliver(out, durable=self.journal_writes() != writes)
        except Exception:
            log.exception("tick failed")
        self._reschedule()

    async def close(self) -> None:
        """Stop listening, drop every connection, commit what is pending; no more ticks."""
        self.closing = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None
        if self._server is not None:
            self._server.close()
        for conn in list(self.conns.values()):
            conn.direct = None
            if conn.transport is not None:
                conn.transport.abort()
        if self._server is not None:
            await self._server.wait_closed()
        self._flush()
        if self.reader is not None:
            self.reader.close()
            self.reader = None
