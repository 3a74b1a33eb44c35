"""Seat security and hostile input against a real server on 127.0.0.1."""
from __future__ import annotations

import os
import random
import struct

import msgpack
import pytest
from srvkit import FAST_OPTIONS, GAME, SyncClient, wait_sid

from server.runtime import ServerThread
from shared.engine import REGISTRY
from shared.protocol import PROTOCOL_VERSION, encode

pytestmark = pytest.mark.timeout(120)
N = max(4, REGISTRY[GAME].min_seats)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    srv = ServerThread(data_dir=tmp_path_factory.mktemp("sec"))
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture()
def game(server: ServerThread):
    """A started table: players[s] holds seat s; a spectator watches."""
    host = SyncClient(server.port, "host")
    table, host_token = host.create(GAME, N, options=FAST_OPTIONS, practice=True)
    players = {}
    for s in range(N):
        players[s] = SyncClient(server.port, f"p{s}")
        players[s].join(table, s)
    spectator = SyncClient(server.port, "tv")
    spectator.send({"t": "watch", "table": table})
    spectator.expect("watching")
    host.send({"t": "start", "table": table, "host": host_token, "seed": 11})
    everyone = [(c, s) for s, c in players.items()] + [(spectator, None)]
    wait_sid(everyone, 0)
    yield table, host, host_token, players, spectator, everyone
    for c in [host, spectator, *players.values()]:
        c.close()


def a_mover(players: dict) -> int:
    return next(s for s, c in players.items() if c.snap[s].get("legal"))


def unchanged(players: dict, spectator: SyncClient, sid: int) -> None:
    """No broadcast happened: every client still has state ``sid``, the server agrees."""
    spectator.send({"t": "ping", "n": 1})
    spectator.expect("pong")
    for s, c in players.items():
        c.pump(0.02)
        assert c.snap[s]["sid"] == sid
    assert spectator.snap[None]["sid"] == sid


def test_wrong_token_is_rejected(game) -> None:
    table, _, _, players, spectator, _ = game
    s = a_mover(players)
    c = players[s]
    c.act(table, s, c.snap[s]["legal"][0], token="not-the-token")
    assert c.error()["code"] == "seat/bad_token"
    unchanged(players, spectator, 0)


def test_another_seats_action_is_rejected(game) -> None:
    table, _, _, players, spectator, _ = game
    s = a_mover(players)
    other = (s + 1) % N
    c = players[s]
    legal = c.snap[s]["legal"]
    # seat s's own token used for seat `other`
    c.send({"t": "act", "table": table, "seat": other, "token": c.tokens[s], "sid": 0, "action": legal[0]})
    assert c.error()["code"] == "seat/bad_token"
    c.send({"t": "act", "table": table, "seat": 99, "token": c.tokens[s], "sid": 0, "action": legal[0]})
    assert c.error()["code"] == "seat/bad_token"
    unchanged(players, spectator, 0)


def test_spectator_cannot_act(game) -> None:
    table, _, _, players, spectator, _ = game
    s = a_mover(players)
    action = players[s].snap[s]["legal"][0]
    for token in ("", "x" * 24, players[(s + 1) % N].tokens[(s + 1) % N]):
        spectator.send({"t": "act", "table": table, "seat": s, "token": token, "sid": 0, "action": action})
        assert spectator.error()["code"] == "seat/bad_token"
    assert "legal" not in spectator.snap[None]
    unchanged(players, spectator, 0)


def test_stale_and_future_sid_are_rejected(game) -> None:
    table, _, _, players, spectator, everyone = game
    s = a_mover(players)
    c = players[s]
    c.act(table, s, c.snap[s]["legal"][0], sid=5)  # a state that does not exist yet
    assert c.error()["code"] == "action/stale"
    unchanged(players, spectator, 0)
    ref = c.act(table, s, c.snap[s]["legal"][0])  # accepted
    wait_sid(everyone, 1)
    assert c.snap[s]["ref"] == ref
    legal = c.snap[s].get("legal") or [{"type": "anything"}]
    c.act(table, s, legal[0], sid=0)  # made on the old state: a double send
    assert c.error()["code"] == "action/stale"
    unchanged(players, spectator, 1)


def test_illegal_action_carries_the_rules_code(game) -> None:
    table, _, _, players, spectator, _ = game
    s = a_mover(players)
    c = players[s]
    c.act(table, s, {"type": "no_such_move"})
    err = c.error()
    assert err["code"].startswith("action/") and err["code"] != "action/stale" and err["msg"]
    c.act(table, s, {"type": "x", "deep": [[[[[[[[[[1]]]]]]]]]]})
    assert c.error()["code"] == "action/bad_shape"
    unchanged(players, spectator, 0)


def test_host_commands_need_the_host_token(game) -> None:
    table, _host, _host_token, players, _spectator, _ = game
    for msg in ({"t": "start", "table": table, "host": players[0].tokens[0]},
                {"t": "bot", "table": table, "host": "", "seat": 0},
                {"t": "clock", "table": table, "host": "guess", "op": "pause"}):
        players[0].send(msg)
        assert players[0].error()["code"] == "table/not_host"


# --- hostile input -------------------------------------------------------------------------
def deep(n: int) -> bytes:
    return b"\x91" * n + b"\xc0"  # n nested one-element arrays around nil


def raw_frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


HOSTILE = {
    "random bytes": lambda r: bytes(r.randrange(256) for _ in range(300)),
    "huge length prefix": lambda r: b"\xff\xff\xff\xff" + b"x" * 50,
    "over the frame cap": lambda r: raw_frame(b"\xdb" + struct.pack(">I", 70000) + b"a" * 70000),
    "not a map": lambda r: raw_frame(msgpack.packb([1, 2, 3])),
    "map without t": lambda r: raw_frame(msgpack.packb({"x": 1})),
    "deeply nested": lambda r: raw_frame(msgpack.packb({"t": "hello"})[:-6] + b"\xa1x" + deep(5000)),
    "int map keys": lambda r: raw_frame(b"\x81\x01\x02"),
    "ext type": lambda r: raw_frame(b"\x81\xa1t\xd4\x01\x00"),
    "trailing data": lambda r: raw_frame(msgpack.packb({"t": "ping"}) + b"\xc0"),
    "invalid utf-8": lambda r: raw_frame(b"\x81\xa1t\xa2\xff\xfe"),
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_hostile_frames_close_only_that_client(server: ServerThread, game, kind: str) -> None:
    table, _, _, players, _spectator, everyone = game
    bad = SyncClient(server.port, "evil")
    bad.send_raw(HOSTILE[kind](random.Random(kind)))
    # the server answers with an error and/or closes this connection; it never crashes
    assert bad.is_closed() or any(m["t"] == "error" for m in bad.log)
    # everybody else keeps playing
    s = a_mover(players)
    players[s].act(table, s, players[s].snap[s]["legal"][0])
    wait_sid(everyone, 1)


def test_truncated_frame_then_disconnect(server: ServerThread, game) -> None:
    table, _, _, players, _spectator, everyone = game
    bad = SyncClient(server.port, "evil")
    frame = encode({"t": "chat", "table": table, "text": "half"})
    bad.send_raw(frame[: len(frame) // 2])
    bad.close()
    s = a_mover(players)
    players[s].act(table, s, players[s].snap[s]["legal"][0])
    wait_sid(everyone, 1)


WRONG_TYPES = [
    {"t": "act", "table": 1, "seat": 0, "token": "x", "sid": 0, "action": {}},
    {"t": "act", "table": "t", "seat": "0", "token": "x", "sid": 0, "action": {}},
    {"t": "act", "table": "t", "seat": True, "token": "x", "sid": 0, "action": {}},
    {"t": "act", "table": "t", "seat": 0, "token": None, "sid": 0, "action": []},
    {"t": "act", "table": "t", "seat": 0, "token": "x", "sid": 1.5, "action": {}},
    {"t": "create", "game": ["x"], "seats": 4},
    {"t": "create", "game": GAME, "seats": 10 ** 12},
    {"t": "create", "game": GAME, "seats": N, "options": {"no_such": 1}},
    {"t": "create", "game": GAME, "seats": N, "bot_delay": -1},
    {"t": "join", "table": "t" * 5000},
    {"t": "join", "table": "nope", "seat": -7},
    {"t": "chat", "table": "nope", "text": ""},
    {"t": "clock", "table": "nope", "host": "x", "op": "explode"},
    {"t": "no_such_message"},
    {"t": "hello", "v": "1"},
    {"t": "start", "table": "nope", "host": "x", "seed": 2 ** 64 - 1},
    {"t": "ready", "table": "nope", "seat": 0, "token": "x", "ready": "yes"},
]


def test_wrong_types_in_known_messages_get_errors(server: ServerThread, game) -> None:
    table, _, _, players, _spectator, everyone = game
    c = SyncClient(server.port, "fuzzy")
    for msg in WRONG_TYPES:
        c.send(msg)
        err = c.error()
        assert "/" in err["code"] and isinstance(err["msg"], str), msg
    c.send({"t": "ping", "n": 3})
    assert c.expect("pong")["n"] == 3
    s = a_mover(players)
    players[s].act(table, s, players[s].snap[s]["legal"][0])
    wait_sid(everyone, 1)


def test_protocol_version_mismatch_is_refused(server: ServerThread) -> None:
    c = SyncClient(server.port, hello=False)
    c.send({"t": "hello", "v": PROTOCOL_VERSION + 1})
    assert c.error()["code"] == "proto/version"
    assert c.is_closed()


def test_messages_before_hello_are_refused(server: ServerThread) -> None:
    c = SyncClient(server.port, hello=False)
    c.send({"t": "list"})
    assert c.error()["code"] == "proto/hello_first"


def test_random_garbage_storm_leaves_the_server_serving(server: ServerThread) -> None:
    r = random.Random(1234)
    for i in range(30):
        c = SyncClient(server.port, hello=i % 2 == 0)
        c.send_raw(os.urandom(r.randrange(1, 2000)) if i % 3 else raw_frame(os.urandom(r.randrange(1, 500))))
        c.close()
    ok = SyncClient(server.port)
    ok.send({"t": "ping"})
    ok.expect("pong")
