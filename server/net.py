"""The asyncio adapter: sockets in, :class:`server.hub.Hub` calls, frames out.

Each connection is an ``asyncio.Protocol``: bytes go through a
:class:`shared.protocol.FrameDecoder` (hard frame cap); each message goes to the
hub; the frames the hub returns are queued and, once per event-loop tick, the
journal is committed and only then are the frames written. The outbound queue of
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
from typing import Any

from shared.protocol import ProtocolError, FrameDecoder

from server.hub import Hub, Out, error_frame

log = logging.getLogger("houkago.net")

MAX_FRAME_IN = 64 * 1024  # client messages are small
MAX_OUTBUF = 4 * 1024 * 1024  # bytes queued for one client before it is dropped
MAX_CONNECTIONS = 2000
HELLO_TIMEOUT = 30.0  # seconds a new connection has to say hello


class Connection(asyncio.Protocol):
    """One client socket."""

    def __init__(self, server: "Server", cid: int) -> None:
        self.server = server
        self.id = cid
        self.transport: asyncio.Transport | None = None
        self.decoder = FrameDecoder(server.max_frame_in)
        self.closed = False
        self.peer: Any = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.peer = transport.get_extra_info("peername")
        if len(self.server.conns) >= MAX_CONNECTIONS:
            log.warning("too many connections; refusing %s", self.peer)
            self.closed = True
            transport.abort()
            return
        self.server.conns[self.id] = self
        self.server.hub.connect(self.id)
        self._hello_timer = self.server.loop.call_later(HELLO_TIMEOUT, self._hello_check)
        log.debug("connection %d from %s", self.id, self.peer)

    def _hello_check(self) -> None:
        conn = self.server.hub.conns.get(self.id)
        if conn is not None and not conn.greeted and self.transport is not None:
            log.info("connection %d never said hello; closing", self.id)
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        if self.closed:
            return
        server = self.server
        try:
            msgs = self.decoder.feed(data)
        except ProtocolError as err:
            log.info("connection %d: bad frame stream (%s); closing", self.id, err.code)
            server.deliver([(self.id, error_frame(err.code, err.message)), (self.id, None)])
            self.closed = True
            if self.transport is not None:
                self.transport.pause_reading()
            return
        now = server.loop.time()
        for msg in msgs:
            server.deliver(server.hub.handle(self.id, msg, now))

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        timer = getattr(self, "_hello_timer", None)
        if timer is not None:
            timer.cancel()
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
            t.close()
            return
        if t.get_write_buffer_size() + len(data) > self.server.max_outbuf:
            log.warning("connection %d (%s) does not read; dropping it", self.id, self.peer)
            self.closed = True
            t.abort()
            return
        t.write(data)


class Server:
    """Listens, feeds the hub, commits the journal, then writes the frames."""

    def __init__(self, hub: Hub, max_frame_in: int = MAX_FRAME_IN, max_outbuf: int = MAX_OUTBUF) -> None:
        self.hub = hub
        self.max_frame_in = max_frame_in
        self.max_outbuf = max_outbuf
        self.conns: dict[int, Connection] = {}
        self.loop = asyncio.get_running_loop()
        self._ids = itertools.count(1)
        self._pending: Out = []
        self._flush_scheduled = False
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at: float | None = None
        self._server: asyncio.base_events.Server | None = None
        self.closing = False

    async def listen(self, host: str, port: int) -> int:
        self._server = await self.loop.create_server(lambda: Connection(self, next(self._ids)), host, port,
                                                     reuse_address=True)
        self._reschedule()
        return self._server.sockets[0].getsockname()[1]

    def deliver(self, out: Out) -> None:
        if not out:
            return
        self._pending += out
        if not self._flush_scheduled:
            self._flush_scheduled = True
            self.loop.call_soon(self._flush)

    def _flush(self) -> None:
        self._flush_scheduled = False
        pending, self._pending = self._pending, []
        try:
            if self.hub.journal is not None:
                self.hub.journal.commit()  # durable before anyone sees it
        except Exception:
            log.exception("journal commit failed; not sending %d frames", len(pending))
            raise
        conns = self.conns
        for cid, data in pending:
            conn = conns.get(cid)
            if conn is not None:
                conn.send(data)
        self._reschedule()

    def _reschedule(self) -> None:
        if self.closing:
            return
        when = self.hub.next_wakeup()
        if when == self._timer_at:
            return
        if self._timer is not None:
            self._timer.cancel()
        self._timer_at = when
        self._timer = None if when is None else self.loop.call_at(when, self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None
        self._timer_at = None
        try:
            self.deliver(self.hub.tick(self.loop.time()))
        except Exception:
            log.exception("tick failed")
        self._reschedule()

    async def close(self) -> None:
        """Stop listening, drop every connection, commit what is pending; no more ticks."""
        self.closing = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._server is not None:
            self._server.close()
        for conn in list(self.conns.values()):
            if conn.transport is not None:
                conn.transport.abort()
        if self._server is not None:
            await self._server.wait_closed()
        self._flush()
