"""ClientSession framing, reconnect and typed commands against a tiny fake server (127.0.0.1), independent of server/."""
from __future__ import annotations

import socket
import threading

from typedmsg import lobby_table
from waiting import expect_message, wait_until

from shared.protocol import PROTOCOL_VERSION, FrameDecoder, encode


class FakeServer:
    """Accepts connections one after another; answers hello/join/resume; records what it got."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.port = self.sock.getsockname()[1]
        self.got: list[list[dict]] = []  # messages per connection
        self.conn: socket.socket | None = None
        self.stop = False
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while not self.stop:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.conn = conn
            msgs: list[dict] = []
            self.got.append(msgs)
            dec = FrameDecoder()
            try:
                while True:
                    data = conn.recv(65536)
                    if not data:
                        break
                    for msg in dec.feed(data):
                        msgs.append(msg)
                        for reply in self.answer(msg):
                            conn.sendall(encode(reply))
            except OSError:
                pass
            finally:
                conn.close()

    def answer(self, msg: dict) -> list[dict]:
        t = msg["t"]
        if t == "hello":
            return [{"t": "welcome", "v": PROTOCOL_VERSION, "server": "fake", "games": []}]
        if t == "join":
            return [{"t": "joined", "table": msg["table"], "seat": msg["seat"], "token": f"tok{msg['seat']}"}]
        if t == "resume":
            return [{"t": "joined", "table": msg["table"], "seat": msg["seat"], "token": msg["token"]},
                    {"t": "snapshot", "table": msg["table"], "seat": msg["seat"], "sid": 3, "view": {},
                     "over": False, "legal": [], "events": []}]
        if t == "act":
            return [{"t": "error", "code": "action/not_your_turn", "msg": "no", "params": {}, "ref": msg.get("ref")}]
        if t == "create":
            return [{"t": "created", "table": "t9", "host": "H", "lobby": lobby_table("t9")}]
        return []

    def kick(self) -> None:
        if self.conn is not None:
            self.conn.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.stop = True
        self.sock.close()


def test_hello_join_drop_reconnect_resume_with_tokens():
    from client.session import ClientSession

    srv = FakeServer()
    session = ClientSession("127.0.0.1", srv.port, name="ミオ").start()
    try:
        session.join("t1", 0, "a")
        session.join("t1", 2, "b")
        session.watch("t1")
        assert expect_message(session, "welcome").server == "fake"
        assert expect_message(session, "joined").seat == 0
        assert expect_message(session, "joined").seat == 2
        assert session.local_seats("t1") == [0, 2] and session.token("t1", 2) == "tok2"
        assert srv.got[0][0] == {"t": "hello", "v": PROTOCOL_VERSION, "name": "ミオ", "client": "houkago-client",
                                 "delta": True}

        srv.kick()  # the server side drops the connection
        down = expect_message(session, "_net")
        assert down.state == "down"
        up = expect_message(session, "_net")
        assert up.state == "up"
        assert expect_message(session, "snapshot") is not None
        # the snapshot answers the first resume; the fake server's thread may still be reading the rest,
        # and the re-watch is sent last: once it is there, so is every resume
        second = wait_until(lambda: len(srv.got) > 1 and {"t": "watch", "table": "t1"} in srv.got[1] and srv.got[1],
                            "the fake server to receive the re-watch on the second connection")
        assert second[0]["t"] == "hello"
        resumes = [m for m in second if m["t"] == "resume"]
        assert {(m["seat"], m["token"]) for m in resumes} == {(0, "tok0"), (2, "tok2")}

        assert session.act("t1", 2, 3, {"type": "x"}, ref="act:2:1")
        err = expect_message(session, "error")
        assert err.ref == "act:2:1"
        assert not session.act("t1", 5, 3, {"type": "x"})  # not a seat we hold
    finally:
        session.close()
        srv.close()


def test_large_and_split_frames_arrive_whole():
    """Frames bigger than one recv and several frames in one recv both decode."""
    from client.session import ClientSession

    srv = FakeServer()
    session = ClientSession("127.0.0.1", srv.port).start()
    try:
        assert expect_message(session, "welcome")
        big = {"t": "chat", "table": "t1", "name": "n", "text": "字" * 60000, "seat": None, "ts": 1.0}
        payload = encode(big) + encode({"t": "pong", "n": 1}) + encode({"t": "pong", "n": 2})
        srv.conn.sendall(payload[:5])
        srv.conn.sendall(payload[5:])
        assert expect_message(session, "chat").text == "字" * 60000
        assert expect_message(session, "pong").n == 1
        assert expect_message(session, "pong").n == 2
    finally:
        session.close()
        srv.close()


def test_a_message_the_doc_does_not_allow_fails_at_the_client_edge():
    """Strict mode (tests): a server message outside docs/protocol.md is raised on the main thread (the
    test fails), and the session reconnects; the messages around it still arrive."""
    import pytest

    from client.session import ClientSession
    from client.wire import Refused

    srv = FakeServer()
    session = ClientSession("127.0.0.1", srv.port, strict=True).start()
    try:
        assert expect_message(session, "welcome")
        srv.conn.sendall(encode({"t": "joined", "table": "t1", "seat": 0, "token": "k", "colour": 3}))
        with pytest.raises(Refused) as caught:
            expect_message(session, "joined")
        assert caught.value.code == "msg/unknown_field" and caught.value.params.get("field") == "colour"
        assert expect_message(session, "welcome")  # it said hello again on a new connection
    finally:
        session.close()
        srv.close()


def test_typed_commands_carry_the_tokens_the_session_holds():
    """Each command builds its message from shared.messages with the seat token (from ``joined``) or the
    host token (from ``created``) the session holds; without one it sends nothing and says so."""
    from client.session import ClientSession

    srv = FakeServer()
    session = ClientSession("127.0.0.1", srv.port, heartbeat=None).start()
    try:
        assert not session.bot("t9", 1) and not session.ready("t9", 0, True)  # nothing held yet
        session.create("fate_votes", 4, name="Mio", takeover=False)
        assert expect_message(session, "created").host == "H"
        session.join("t9", 0, "Mio")
        expect_message(session, "joined")
        assert session.ready("t9", 0, True) and session.bot("t9", 1, "easy") and session.start_game("t9", seed=3)
        assert session.clock("t9", "add", 30) and session.replace("t9", 1, voter=0, ref="seats:1")
        assert session.replace("t9", 2) and session.take_back("t9", 0)
        assert not session.replace("t9", 2, voter=3)  # a seat it does not hold cannot vote
        session.chat("t9", "やあ", seat=0)
        session.leave("t9", 0)
        session.list_tables()
        got = wait_until(lambda: len(srv.got[0]) >= 13 and srv.got[0], "the fake server to get every command")
        sent = [m for m in got if m["t"] not in ("hello", "join", "create")]
        assert sent == [
            {"t": "ready", "table": "t9", "seat": 0, "token": "tok0", "ready": True},
            {"t": "bot", "table": "t9", "host": "H", "seat": 1, "level": "easy", "ref": sent[1]["ref"]},
            {"t": "start", "table": "t9", "host": "H", "seed": 3, "ref": sent[2]["ref"]},
            {"t": "clock", "table": "t9", "host": "H", "op": "add", "seconds": 30},
            {"t": "replace", "ref": "seats:1", "table": "t9", "target": 1, "seat": 0, "token": "tok0"},
            {"t": "replace", "table": "t9", "target": 2, "host": "H"},
            {"t": "resume", "table": "t9", "seat": 0, "token": "tok0"},
            {"t": "chat", "table": "t9", "text": "やあ", "seat": 0, "token": "tok0"},
            {"t": "leave", "table": "t9", "seat": 0, "token": "tok0", "ref": sent[8]["ref"]},
            {"t": "list"},
        ]
    finally:
        session.close()
        srv.close()
