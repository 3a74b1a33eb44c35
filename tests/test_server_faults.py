"""Faults: a client that never reads is dropped without stalling its table; grace and takeover."""
from __future__ import annotations

import socket
from pathlib import Path

import pytest

from server.runtime import ServerThread
from shared.engine import REGISTRY
from shared.protocol import PROTOCOL_VERSION, encode
from srvkit import FAST_OPTIONS, GAME, SyncClient, wait_sid

pytestmark = pytest.mark.timeout(120)
N = 4 if REGISTRY[GAME].min_seats <= 4 else REGISTRY[GAME].min_seats


def test_slow_client_is_dropped_and_the_table_keeps_going(tmp_path: Path) -> None:
    srv = ServerThread(data_dir=tmp_path, max_outbuf=256 * 1024)
    port = srv.start()
    try:
        host = SyncClient(port, "host")
        table, host_token = host.create(GAME, N, options=FAST_OPTIONS, practice=True)
        players = {s: SyncClient(port, f"p{s}") for s in range(N - 1)}
        for s, c in players.items():
            c.join(table, s)
        # the slow one: a tiny receive buffer, holds the last seat, never reads
        slow = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        slow.connect(("127.0.0.1", port))
        slow.sendall(encode({"t": "hello", "v": PROTOCOL_VERSION, "name": "slow"}))
        slow.sendall(encode({"t": "join", "table": table, "seat": N - 1}))
        host.send({"t": "watch", "table": table})
        host.expect(lambda m: m["t"] == "lobby" and m["table"]["seats"][N - 1]["connected"])
        host.send({"t": "start", "table": table, "host": host_token, "seed": 8})
        everyone = [(c, s) for s, c in players.items()]
        wait_sid(everyone, 0)
        # flood the table with chat; the active clients read everything, the slow one nothing
        talker = players[0]
        text = "あ" * 2000
        dropped = False
        seen = 0
        for burst in range(2000):
            for _ in range(5):
                talker.send({"t": "chat", "table": table, "text": text, "seat": 0, "token": talker.tokens[0]})
            for c in [host, *players.values()]:
                c.pump(0.01)
                c.inbox.clear()
            new, seen = host.log[seen:], len(host.log)
            if any(m["t"] == "lobby" and not m["table"]["seats"][N - 1]["connected"] for m in new):
                dropped = True
                break
        assert dropped, "the slow client was never dropped"
        # the table still answers at once: a move goes through and everyone sees it
        mover = next(s for s, c in players.items() if c.snap[s].get("legal"))
        players[mover].act(table, mover, players[mover].snap[mover]["legal"][0])
        wait_sid(everyone, 1)
        # the dropped connection is really closed (after what the kernel had buffered)
        slow.settimeout(5)
        closed = False
        try:
            while True:
                if not slow.recv(1 << 20):
                    closed = True
                    break
        except (ConnectionResetError, socket.timeout):
            closed = True
        assert closed
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
