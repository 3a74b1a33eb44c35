"""The typed edges of the protocol (shared/messages.py, docs/protocol.md "Typed messages").

A client message the doc does not allow (an unknown type, a missing field, a field of the wrong type, an
unknown field) is refused with its typed error naming the field, echoes ``ref`` and changes nothing — over
the sans-I/O hub and over a loopback socket. A server message the types do not allow fails at the server's
edge in strict mode (``HOUKAGO_STRICT_PROTOCOL=1``, which tests/conftest.py sets for every test), also one
spliced from packed parts.
"""
from __future__ import annotations

import socket
from typing import Any

import msgpack
import pytest
from srvkit import SyncClient
from waiting import WAIT_SECONDS

from server.hub import Hub, Out
from server.net import STRICT_ENV, strict_default
from server.runtime import ServerThread
from server.tables import Lossy
from shared.messages import (
    CLIENT_TYPES,
    SERVER_TYPES,
    Act,
    Chat,
    Create,
    Error,
    Pong,
    Snapshot,
    check_frame,
    client_message,
    kind,
    server_message,
    to_map,
)
from shared.protocol import HEADER, PROTOCOL_VERSION, FrameDecoder, ProtocolError, encode

GAME, SEATS = "fate_votes", 4


def _bad_messages(table: str, tokens: list[str]) -> list[tuple[dict[str, Any], str, str | None]]:
    """(message, the error it gets, params.field) for one refusal of each kind, each at a table in play."""
    act = {"t": "act", "table": table, "seat": 0, "token": tokens[0], "sid": 0, "action": {"type": "ready"}}
    return [
        ({"t": "teleport", "table": table}, "msg/unknown_type", None),
        ({k: v for k, v in act.items() if k != "sid"}, "msg/missing_field", "sid"),
        ({k: v for k, v in act.items() if k != "action"}, "msg/missing_field", "action"),
        ({**act, "seat": "0"}, "msg/bad_field", "seat"),
        ({**act, "seat": True}, "msg/bad_field", "seat"),
        ({**act, "sid": 0.0}, "msg/bad_field", "sid"),
        ({**act, "action": ["ready"]}, "msg/bad_field", "action"),
        ({**act, "token": "t" * 2001}, "msg/bad_field", "token"),
        ({**act, "cheat": True}, "msg/unknown_field", "cheat"),
        ({"t": "join", "table": table, "seat": 0, "nmae": "x"}, "msg/unknown_field", "nmae"),
        ({"t": "create", "game": GAME, "seats": SEATS, "turn_seconds": "30"}, "msg/bad_field", "turn_seconds"),
        ({"t": "create", "game": GAME, "seats": SEATS, "bots": 3}, "msg/unknown_field", "bots"),
        ({"t": "chat", "table": table, "text": ["hi"]}, "msg/bad_field", "text"),
        ({"t": "list", "all": 1}, "msg/bad_field", "all"),
        ({"t": "ping", "n": "1"}, "msg/bad_field", "n"),
    ]


def _frames(out: Out, cid: int) -> list[dict[str, Any]]:
    return [FrameDecoder().feed(f)[0] for c, f in out if c == cid and f is not None]


def _hub_in_play() -> tuple[Hub, str, list[str]]:
    hub = Hub(None, grace=5.0, server_name="typed")
    hub.connect(1)
    hub.handle(1, {"t": "hello", "v": PROTOCOL_VERSION}, 0.0)
    created = _frames(hub.handle(1, {"t": "create", "game": GAME, "seats": SEATS, "bot_delay": 0}, 0.0), 1)[0]
    table, host = created["table"], created["host"]
    tokens = [_frames(hub.handle(1, {"t": "join", "table": table, "seat": s}, 0.0), 1)[0]["token"]
              for s in range(SEATS - 1)]  # the last seat stays free (a join refused must not take it)
    hub.handle(1, {"t": "bot", "table": table, "host": host, "seat": SEATS - 1, "level": "random"}, 0.0)
    hub.handle(1, {"t": "start", "table": table, "host": host}, 0.0)
    return hub, table, tokens


def test_the_hub_refuses_what_the_doc_does_not_allow_with_the_typed_error_and_changes_nothing() -> None:
    hub, table, tokens = _hub_in_play()
    t = hub.tables[table]
    before = (t.sid, t.state, len(hub.tables), [s.token_hash for s in t.seats], t.seats[0].name)
    for msg, code, field in _bad_messages(table, tokens):
        out = hub.handle(1, {**msg, "ref": 41}, 1.0)
        assert len(out) == 1, (msg, out)
        err = server_message(FrameDecoder().feed(out[0][1])[0])  # type: ignore[arg-type]  # a frame
        assert isinstance(err, Error) and err.code == code, (msg, err)
        assert err.params.get("field") == field and err.ref == 41, (msg, err)
        assert (t.sid, t.state, len(hub.tables), [s.token_hash for s in t.seats], t.seats[0].name) == before
    good = {"t": "act", "table": table, "seat": 0, "token": tokens[0], "sid": 0, "action": {"type": "ready"}}
    assert client_message(good) == Act(table=table, seat=0, token=tokens[0], sid=0, action={"type": "ready"})


def test_a_message_before_hello_is_hello_first_even_when_the_doc_does_not_allow_it() -> None:
    hub = Hub(None, server_name="typed")
    hub.connect(1)
    for msg in ({"t": "teleport"}, {"t": "act", "cheat": 1}, {"t": "list", "all": 1}):
        assert [m["code"] for m in _frames(hub.handle(1, msg, 0.0), 1)] == ["proto/hello_first"]
    assert [m["code"] for m in _frames(hub.handle(1, {"t": "hello", "v": "1"}, 0.0), 1)] == ["msg/bad_field"]
    assert [m["t"] for m in _frames(hub.handle(1, {"t": "hello", "v": PROTOCOL_VERSION}, 0.0), 1)] == ["welcome"]


def test_over_a_socket_each_refusal_is_typed_the_connection_stays_and_nothing_changes() -> None:
    with ServerThread() as srv:
        assert srv.port is not None and srv.hub is not None
        c = SyncClient(srv.port)
        table, host = c.create(GAME, SEATS, bot_delay=0)
        for s in range(SEATS - 1):
            c.join(table, s)
        c.send({"t": "bot", "table": table, "host": host, "seat": SEATS - 1, "level": "random"})
        c.expect("lobby")
        c.send({"t": "start", "table": table, "host": host})
        c.expect("snapshot")
        c.pump(0.2)
        t = srv.hub.tables[table]
        before = (t.sid, len(srv.hub.tables), [s.token_hash for s in t.seats])
        tokens = [c.tokens[s] for s in range(SEATS - 1)]
        for n, (msg, code, field) in enumerate(_bad_messages(table, tokens)):
            c.send({**msg, "ref": n})
            err = c.expect(lambda m, n=n: m["t"] == "error" and m.get("ref") == n)
            assert (err["code"], err["params"].get("field")) == (code, field), (msg, err)
        c.send({"t": "ping", "n": 5, "ref": "still-open"})
        assert c.expect("pong") == {"t": "pong", "n": 5, "ref": "still-open"}
        assert (t.sid, len(srv.hub.tables), [s.token_hash for s in t.seats]) == before
        c.close()


class _Raw:
    """A plain socket client that checks nothing (to see what a server sends when it is not strict)."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT_SECONDS)
        self.decoder = FrameDecoder()
        self.got: list[dict[str, Any]] = []

    def ask(self, msg: dict[str, Any], reply: str) -> dict[str, Any] | None:
        """Send ``msg``; the first message of type ``reply`` or ``error``, None if the server closes."""
        try:
            self.sock.sendall(encode(msg))
            while True:
                for m in self.got:
                    if m["t"] in (reply, "error"):
                        self.got.remove(m)
                        return m
                data = self.sock.recv(65536)
                if not data:
                    return None
                self.got += self.decoder.feed(data)
        except (ConnectionResetError, BrokenPipeError):  # closed (before or after what was sent arrived)
            return None


def _leaky_pong(self: Hub, conn: Any, msg: Any, now: float, ref: Any) -> Out:
    """A pong with a field the doc does not have (the kind of drift strict mode is for)."""
    return [(conn.id, encode({"t": "pong", "n": msg.n, "secret": conn.id}))]


def test_strict_servers_refuse_to_send_a_message_the_doc_does_not_allow(monkeypatch: pytest.MonkeyPatch) -> None:
    assert strict_default(), f"tests run with {STRICT_ENV}=1 (tests/conftest.py)"
    monkeypatch.setattr(Hub, "_on_ping", _leaky_pong)
    with ServerThread() as srv:
        assert srv.port is not None
        c = _Raw(srv.port)
        assert c.ask({"t": "hello", "v": PROTOCOL_VERSION}, "welcome") is not None
        err = c.ask({"t": "ping", "n": 1}, "pong")
        assert err is not None and err["t"] == "error" and err["code"] == "server/bad_message", err
        assert err["params"]["problem"] == "msg/unknown_field" and err["params"]["field"] == "secret"
        assert c.ask({"t": "ping", "n": 2}, "pong") is None  # and the connection was closed
    monkeypatch.setenv(STRICT_ENV, "0")  # the same server, not strict: the frame leaves as it was built
    with ServerThread() as srv:
        assert srv.port is not None
        c = _Raw(srv.port)
        c.ask({"t": "hello", "v": PROTOCOL_VERSION}, "welcome")
        assert c.ask({"t": "ping", "n": 1}, "pong") == {"t": "pong", "n": 1, "secret": 1}
        with pytest.raises(ProtocolError) as refused:  # and the client's edge refuses it
            server_message({"t": "pong", "n": 1, "secret": 1})
        assert refused.value.code == "msg/unknown_field"


def test_spliced_snapshot_frames_and_their_whole_forms_pass_the_check_and_a_broken_one_does_not() -> None:
    """Frames spliced from packed parts (delta and whole seats, spectators, a slow reader's full()) are
    messages the types allow; one with a field dropped or a wrong length header is refused."""
    hub, table, tokens = _hub_in_play()
    hub.connect(2)
    hub.handle(2, {"t": "hello", "v": PROTOCOL_VERSION, "delta": True}, 0.0)
    hub.handle(2, {"t": "watch", "table": table}, 0.0)
    t = hub.tables[table]
    checked = 0
    for step in range(30):
        seat = next((s for s in range(SEATS - 1) if t.legal[s]), None)
        if seat is None or t.state is None:
            break
        for every in (False, True):  # plain bytes, then every frame Lossy (a slow reader's)
            t_frames = t.snapshot_frames([], float(step), None, None if every else set())
            for _, frame in t_frames:
                assert isinstance(check_frame(frame), Snapshot)
                if type(frame) is Lossy:
                    assert isinstance(check_frame(frame.full()), Snapshot)
                checked += 1
        hub.handle(1, {"t": "act", "table": table, "seat": seat, "token": tokens[seat], "sid": t.sid,
                       "action": t.legal[seat][0]}, float(step))
    assert checked > 20
    frame = t.snapshot_frames([], 99.0)[0][1]
    body = msgpack.unpackb(frame[HEADER.size:])
    for broken, code in ((HEADER.pack(len(frame)) + frame[HEADER.size:], "frame/bad_length"),
                         (encode({k: v for k, v in body.items() if k != "events"}), "msg/missing_field"),
                         (encode({**body, "sid": str(body["sid"])}), "msg/bad_field")):
        with pytest.raises(ProtocolError) as refused:
            check_frame(broken)
        assert refused.value.code == code


def test_every_message_type_goes_to_the_wire_and_back_unchanged() -> None:
    """to_map of a Struct is the map its edge decodes into the same Struct (both directions)."""
    assert len({kind(c) for c in CLIENT_TYPES}) == len(CLIENT_TYPES)
    assert len({kind(c) for c in SERVER_TYPES}) == len(SERVER_TYPES)
    samples = [Create(game=GAME, seats=4, turn_seconds=30, ref="r"), Chat(table="t", text="hi", seat=0, token="x"),
               Act(table="t", seat=1, token="x", sid=3, action={"type": "vote", "target": 2}),
               Pong(n=3), Error(code="seat/bad_token", msg="no", params={"seat": 1}, ref=7)]
    for msg in samples:
        wire = msgpack.unpackb(encode(to_map(msg))[HEADER.size:])
        assert wire["t"] == kind(type(msg))
        assert (client_message(wire) if type(msg) in CLIENT_TYPES else server_message(wire)) == msg
