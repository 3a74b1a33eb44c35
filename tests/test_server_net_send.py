"""Connection.send: straight to the socket while the transport holds nothing; the rest of a partial
write, and everything while the transport holds bytes, goes through the transport in order."""
from __future__ import annotations

import socket
from types import SimpleNamespace

from server.net import Connection


class Transport:
    """What Connection.send uses of an asyncio transport; records what is written through it."""

    def __init__(self) -> None:
        self.written: list[bytes] = []

    def is_closing(self) -> bool:
        return False

    def get_write_buffer_size(self) -> int:
        return sum(len(b) for b in self.written)

    def write(self, data: bytes) -> None:
        self.written.append(bytes(data))


def _conn() -> tuple[Connection, Transport, socket.socket]:
    server = SimpleNamespace(max_frame_in=1 << 16, loop=SimpleNamespace(time=lambda: 0.0),
                             soft_outbuf=64 << 20, max_outbuf=128 << 20, hub=SimpleNamespace(slow=set()))
    ours, theirs = socket.socketpair()
    ours.setblocking(False)
    conn = Connection(server, 1)  # type: ignore[arg-type]
    conn.transport, conn.sock = Transport(), ours  # type: ignore[assignment]
    return conn, conn.transport, theirs  # type: ignore[return-value]


def _drain(sock: socket.socket, n: int) -> bytes:
    got = b""
    while len(got) < n:
        got += sock.recv(n - len(got))
    return got


def test_an_idle_connection_writes_to_the_socket_and_a_partial_write_leaves_the_rest_to_the_transport() -> None:
    conn, transport, peer = _conn()
    slow = conn.server.hub.slow
    conn.send(b"hello")
    assert transport.written == [] and _drain(peer, 5) == b"hello"
    assert slow == set()  # it reads: the hub builds its snapshots as plain bytes
    big = bytes(range(256)) * (16 * 1024)  # 4 MiB: more than a socket buffer takes at once
    conn.send(big)
    assert len(transport.written) == 1 and 0 < len(transport.written[0]) < len(big)
    assert slow == {1}  # bytes wait: its snapshots are to be built Lossy (holdable)
    sent = len(big) - len(transport.written[0])
    assert _drain(peer, sent) + transport.written[0] == big
    conn.send(b"after")  # the transport holds bytes now: behind them, never ahead
    assert transport.written[1:] == [b"after"]
    transport.written.clear()  # the transport wrote everything out
    conn.send(b"later")
    assert slow == set() and transport.written == [] and _drain(peer, 5) == b"later"


def test_without_a_socket_everything_goes_through_the_transport() -> None:
    conn, transport, _ = _conn()
    conn.sock = None
    conn.send(b"frame")
    assert transport.written == [b"frame"]
