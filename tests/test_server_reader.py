"""The server's one reader (server.net.Reader): every client socket read in one loop callback, with what
each transport's own reader did — pipelined frames in order, end of stream and broken streams closed,
a failing handler costing only its own connection, closed sockets forgotten before their fd is reused."""
from __future__ import annotations

import asyncio
import struct
from collections.abc import Awaitable, Callable
from typing import Any

import msgpack
import pytest

from server import net
from server.hub import Hub
from server.net import Server
from shared.protocol import PROTOCOL_VERSION, FrameDecoder, encode

pytestmark = pytest.mark.timeout(60)


class Client:
    """A raw asyncio stream client that decodes frames."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.decoder = FrameDecoder()
        self.inbox: list[dict[str, Any]] = []

    async def next(self) -> dict[str, Any]:
        while not self.inbox:
            data = await asyncio.wait_for(self.reader.read(65536), 10)
            if not data:
                raise EOFError
            self.inbox.extend(self.decoder.feed(data))
        return self.inbox.pop(0)

    async def closed_by_server(self) -> bool:
        try:
            while True:
                await self.next()
        except (EOFError, ConnectionError):
            return True


def run(body: Callable[[Server, Callable[[], Awaitable[Client]]], Awaitable[None]]) -> None:
    async def main() -> None:
        server = Server(Hub(None))
        port = await server.listen("127.0.0.1", 0)

        async def connect() -> Client:
            return Client(*await asyncio.open_connection("127.0.0.1", port))

        try:
            await body(server, connect)
        finally:
            await server.close()

    asyncio.run(main())


async def settle(check: Callable[[], bool]) -> None:
    for _ in range(500):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the server did not get there in time")


def hello() -> bytes:
    return encode({"t": "hello", "v": PROTOCOL_VERSION})


@pytest.mark.parametrize("one_reader", [True, False])
def test_pipelined_frames_of_many_clients_are_answered_in_order(one_reader: bool,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    if not one_reader:  # e.g. uvloop or no epoll: each transport reads its own socket, as before
        monkeypatch.setattr(net.Reader, "available", staticmethod(lambda loop: False))

    async def body(server: Server, connect: Callable[[], Awaitable[Client]]) -> None:
        clients = [await connect() for _ in range(5)]
        for c in clients:  # a hello and 30 pings in one write, a frame split across two writes
            c.writer.write(hello() + b"".join(encode({"t": "ping", "n": n}) for n in range(30)))
            half = encode({"t": "ping", "n": 99})
            c.writer.write(half[:3])
        await asyncio.sleep(0.05)
        for c in clients:
            c.writer.write(half[3:])
        for c in clients:
            assert (await c.next())["t"] == "welcome"
            assert [(await c.next())["n"] for _ in range(31)] == [*range(30), 99]
        assert (server.reader is not None) == one_reader
        if server.reader is not None:
            assert server.reader.watching() == 5
            assert not any(conn.transport.is_reading() for conn in server.conns.values())  # type: ignore[union-attr]

    run(body)


def test_a_client_that_closes_its_side_is_closed_and_forgotten() -> None:
    async def body(server: Server, connect: Callable[[], Awaitable[Client]]) -> None:
        a, b = await connect(), await connect()
        for c in (a, b):
            c.writer.write(hello())
            assert (await c.next())["t"] == "welcome"
        a.writer.write_eof()
        assert await a.closed_by_server()
        await settle(lambda: len(server.conns) == 1 and server.hub.conns.keys() == server.conns.keys())
        assert server.reader is not None and server.reader.watching() == 1
        b.writer.write(encode({"t": "ping", "n": 7}))
        assert await b.next() == {"t": "pong", "n": 7}

    run(body)


def test_a_broken_frame_stream_gets_its_error_and_is_no_longer_read() -> None:
    async def body(server: Server, connect: Callable[[], Awaitable[Client]]) -> None:
        c = await connect()
        c.writer.write(hello())
        assert (await c.next())["t"] == "welcome"
        c.writer.write(struct.pack(">I", 1 << 30) + b"x" * 64)
        err = await c.next()
        assert err["t"] == "error" and err["code"] == "frame/too_large"
        assert await c.closed_by_server()
        await settle(lambda: not server.conns)
        assert server.reader is not None and server.reader.watching() == 0

    run(body)


def test_a_handler_that_fails_closes_only_its_own_connection(monkeypatch: pytest.MonkeyPatch) -> None:
    async def body(server: Server, connect: Callable[[], Awaitable[Client]]) -> None:
        handle = server.hub.handle

        def failing(cid: int, msg: dict[str, Any], now: float) -> Any:
            if msg.get("n") == 666:
                raise RuntimeError("a bug")
            return handle(cid, msg, now)

        monkeypatch.setattr(server.hub, "handle", failing)
        bad, good = await connect(), await connect()
        for c in (bad, good):
            c.writer.write(hello())
            assert (await c.next())["t"] == "welcome"
        bad.writer.write(encode({"t": "ping", "n": 666}))
        assert await bad.closed_by_server()
        good.writer.write(encode({"t": "ping", "n": 1}))
        assert await good.next() == {"t": "pong", "n": 1}
        await settle(lambda: len(server.conns) == 1)

    run(body)


def test_sockets_closed_and_opened_again_reuse_fds_without_stale_reads() -> None:
    async def body(server: Server, connect: Callable[[], Awaitable[Client]]) -> None:
        for round_ in range(12):
            clients = [await connect() for _ in range(3)]
            for i, c in enumerate(clients):
                c.writer.write(hello() + encode({"t": "ping", "n": round_ * 10 + i}))
            for i, c in enumerate(clients):
                assert (await c.next())["t"] == "welcome"
                assert await c.next() == {"t": "pong", "n": round_ * 10 + i}
            for c in clients[:2]:  # two leave abruptly, one politely
                c.writer.transport.abort()
            clients[2].writer.close()
            await settle(lambda: not server.conns)
            assert server.reader is not None and server.reader.watching() == 0

    run(body)


def test_garbage_msgpack_is_a_typed_error_through_the_reader() -> None:
    async def body(server: Server, connect: Callable[[], Awaitable[Client]]) -> None:
        c = await connect()
        body_ = msgpack.packb([1, 2, 3])
        c.writer.write(hello())
        assert (await c.next())["t"] == "welcome"
        c.writer.write(struct.pack(">I", len(body_)) + body_)
        err = await c.next()
        assert err["t"] == "error" and err["code"] == "msg/not_a_message"

    run(body)
