"""Faults: a client that stops reading keeps its seat without stalling its table; grace and takeover."""
from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest
from srvkit import FAST_OPTIONS, GAME, SyncClient, wait_sid
from waiting import WAIT_SECONDS

from server.limits import Limits
from server.runtime import ServerThread
from shared.engine import REGISTRY
from shared.protocol import PROTOCOL_VERSION, FrameDecoder, encode

pytestmark = pytest.mark.timeout(120)
N = max(4, REGISTRY[GAME].min_seats)


def test_a_reader_that_stops_keeps_its_seat_and_never_stalls_the_table(tmp_path: Path) -> None:
    """A seat whose client stops reading loses chat, never its seat; the table goes on; when it reads
    again it gets the newest snapshot (issue 14: a slow reader is not dropped)."""
    limits = Limits(chat_burst=100_000, chat_per_second=100_000.0, soft_outbuf=64 * 1024)
    srv = ServerThread(data_dir=tmp_path, max_outbuf=256 * 1024, limits=limits)
    port = srv.start()
    try:
        host = SyncClient(port, "host")
        table, host_token = host.create(GAME, N, options=FAST_OPTIONS, practice=True)
        players = {s: SyncClient(port, f"p{s}") for s in range(N - 1)}
        for s, c in players.items():
            c.join(table, s)
        # the slow one: a tiny receive buffer, holds the last seat, stops reading
        slow = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        slow.connect(("127.0.0.1", port))
        slow.sendall(encode({"t": "hello", "v": PROTOCOL_VERSION, "name": "slow"}))
        slow.sendall(encode({"t": "join", "table": table, "seat": N - 1}))
        host.send({"t": "watch", "table": table})
        host.expect(lambda m: m["t"] == "lobby" and m["table"]["seats"][N - 1]["connected"])
        seated_at = len(host.log)
        host.send({"t": "start", "table": table, "host": host_token, "seed": 8})
        everyone = [(c, s) for s, c in players.items()]
        wait_sid(everyone, 0)
        # flood the table with chat (far past what the slow one's buffers hold); the others read it all
        talker = players[0]
        text = "あ" * 400
        for _ in range(200):
            for _ in range(5):
                talker.send({"t": "chat", "table": table, "text": text, "seat": 0, "token": talker.tokens[0]})
            for c in [host, *players.values()]:
                c.pump(0.002)
        assert not any(m["t"] == "error" for c in [host, *players.values()] for m in c.log), "chat refused"
        # the table still answers at once: a move goes through and everyone sees it
        mover = next(s for s, c in players.items() if c.snap[s].get("legal"))
        players[mover].act(table, mover, players[mover].snap[mover]["legal"][0])
        wait_sid(everyone, 1)
        # the slow reader was never dropped: its seat is still connected
        assert not any(m["t"] == "lobby" and not m["table"]["seats"][N - 1]["connected"] for m in host.log[seated_at:])
        # it reads again: past the chat it was still sent, the newest snapshot (sid 1) reaches it
        slow.settimeout(1.0)
        decoder = FrameDecoder()
        newest = -1
        deadline = time.monotonic() + WAIT_SECONDS
        while newest < 1:
            assert time.monotonic() < deadline, f"gave up waiting for the slow seat's newest snapshot (has {newest})"
            try:
                data = slow.recv(1 << 16)
            except TimeoutError:
                continue
            assert data, "the server closed the slow reader's connection"
            for m in decoder.feed(data):
                if m.get("t") == "snapshot" and "sid" in m:
                    newest = max(newest, m["sid"])
        slow.close()
    finally:
        srv.stop()


def test_grace_then_bot_takes_over_then_human_returns(tmp_path: Path) -> None:
    srv = ServerThread(data_dir=tmp_path, grace=0.3)
    port = srv.start()
    try:
        host = SyncClient(port, "host")
        table, host_token = host.create(GAME, N, options=FAST_OPTIONS, bot_delay=0.01, practice=True)
        host.send({"t": "watch", "table": table})
        players = {s: SyncClient(port, f"p{s}") for s in range(N)}
        for s, c in players.items():
            c.join(table, s)
        host.send({"t": "start", "table": table, "host": host_token, "seed": 8})
        wait_sid([(c, s) for s, c in players.items()], 0)
        away = N - 1
        token = players[away].tokens[away]
        players[away].close()
        lobby = host.expect(lambda m: m["t"] == "lobby" and m["table"]["seats"][away]["bot"] is not None)
        assert not lobby["table"]["seats"][away]["connected"]
        back = SyncClient(port, "back")
        back.send({"t": "resume", "table": table, "seat": away, "token": token})
        back.expect("joined")
        host.expect(lambda m: m["t"] == "lobby" and m["table"]["seats"][away]["bot"] is None
                    and m["table"]["seats"][away]["connected"])
    finally:
        srv.stop()


def test_server_thread_starts_and_stops_cleanly() -> None:
    srv = ServerThread()
    port = srv.start()
    c = SyncClient(port)
    c.send({"t": "ping", "n": 1})
    assert c.expect("pong")["n"] == 1
    data = srv.config.data_dir
    srv.stop()
    assert c.is_closed()
    assert data is not None and not data.exists()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()


def test_server_thread_reports_a_busy_port() -> None:
    first = ServerThread()
    port = first.start()
    try:
        second = ServerThread(port=port)
        with pytest.raises(RuntimeError):
            second.start()
        second.stop()
    finally:
        first.stop()
