"""docs/protocol.md, checked against a running ``houkago server`` by a client written from that page alone.

Nothing of the project is imported: the server runs as its own process, and this file has its own tiny
msgpack encoder/decoder and frame reader. Each check names the part of the document it reads.
"""
from __future__ import annotations

import os
import re
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import serverlog
from waiting import WAIT_SECONDS, WaitTimeout, describe, wait_until

ROOT = Path(__file__).resolve().parent.parent


# --- a tiny msgpack ------------------------------------------------------------------------------
def pack(x: Any) -> bytes:
    if x is None:
        return b"\xc0"
    if x is True or x is False:
        return b"\xc3" if x else b"\xc2"
    if isinstance(x, int):
        if 0 <= x < 128:
            return bytes([x])
        if -32 <= x < 0:
            return struct.pack(">b", x)
        if 0 <= x < 2 ** 64:
            return b"\xcf" + struct.pack(">Q", x)
        return b"\xd3" + struct.pack(">q", x)
    if isinstance(x, float):
        return b"\xcb" + struct.pack(">d", x)
    if isinstance(x, str):
        raw = x.encode("utf-8")
        return (bytes([0xA0 | len(raw)]) if len(raw) < 32 else b"\xdb" + struct.pack(">I", len(raw))) + raw
    if isinstance(x, bytes):
        return b"\xc6" + struct.pack(">I", len(x)) + x
    if isinstance(x, list):
        return b"\xdd" + struct.pack(">I", len(x)) + b"".join(pack(v) for v in x)
    if isinstance(x, dict):
        return b"\xdf" + struct.pack(">I", len(x)) + b"".join(pack(k) + pack(v) for k, v in x.items())
    raise TypeError(type(x))


def unpack(b: bytes, i: int = 0) -> tuple[Any, int]:
    c = b[i]
    i += 1
    if c < 0x80:
        return c, i
    if c >= 0xE0:
        return c - 256, i
    if 0x80 <= c <= 0x8F:
        return _map(b, i, c & 0x0F)
    if 0x90 <= c <= 0x9F:
        return _arr(b, i, c & 0x0F)
    if 0xA0 <= c <= 0xBF:
        n = c & 0x1F
        return b[i:i + n].decode("utf-8"), i + n
    simple = {0xC0: None, 0xC2: False, 0xC3: True}
    if c in simple:
        return simple[c], i
    sizes = {0xCC: ">B", 0xCD: ">H", 0xCE: ">I", 0xCF: ">Q", 0xD0: ">b", 0xD1: ">h", 0xD2: ">i", 0xD3: ">q",
             0xCA: ">f", 0xCB: ">d"}
    if c in sizes:
        fmt = sizes[c]
        return struct.unpack_from(fmt, b, i)[0], i + struct.calcsize(fmt)
    lens = {0xD9: ">B", 0xDA: ">H", 0xDB: ">I", 0xC4: ">B", 0xC5: ">H", 0xC6: ">I", 0xDC: ">H", 0xDD: ">I",
            0xDE: ">H", 0xDF: ">I"}
    n = struct.unpack_from(lens[c], b, i)[0]
    i += struct.calcsize(lens[c])
    if c in (0xD9, 0xDA, 0xDB):
        return b[i:i + n].decode("utf-8"), i + n
    if c in (0xC4, 0xC5, 0xC6):
        return b[i:i + n], i + n
    return _arr(b, i, n) if c in (0xDC, 0xDD) else _map(b, i, n)


def _arr(b: bytes, i: int, n: int) -> tuple[list, int]:
    out = []
    for _ in range(n):
        v, i = unpack(b, i)
        out.append(v)
    return out, i


def _map(b: bytes, i: int, n: int) -> tuple[dict, int]:
    out = {}
    for _ in range(n):
        k, i = unpack(b, i)
        out[k], i = unpack(b, i)
    return out, i


def frame(msg: dict) -> bytes:
    body = pack(msg)
    return struct.pack(">I", len(body)) + body


# --- a client ---------------------------------------------------------------------------------------
class Client:
    def __init__(self, port: int, hello: bool = True, name: str = "c") -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT_SECONDS)
        self.buf = b""
        self.inbox: list[dict] = []
        self.closed = False
        if hello:
            self.send({"t": "hello", "v": 1, "name": name})
            assert self.expect("welcome")["v"] == 1

    @classmethod
    def when_room(cls, port: int) -> Client:
        """A greeted connection to a server with a small connection cap: connections just closed may still
        count for a moment, so a `server/full` is tried again (until ``WAIT_SECONDS``)."""
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            c = cls(port, hello=False)
            c.send({"t": "hello", "v": 1, "name": "c"})
            m = c.expect(lambda m: m["t"] in ("welcome", "error"))
            if m["t"] == "welcome":
                return c
            assert m["code"] == "server/full" and time.monotonic() < deadline, m
            c.close()
            time.sleep(0.1)

    def send(self, msg: dict) -> None:
        self.sock.sendall(frame(msg))

    def _read(self, timeout: float) -> None:
        self.sock.settimeout(timeout)
        try:
            data = self.sock.recv(1 << 16)
        except TimeoutError:
            return
        except ConnectionResetError:
            data = b""
        if not data:
            self.closed = True
            return
        self.buf += data
        while len(self.buf) >= 4:
            (n,) = struct.unpack_from(">I", self.buf)
            assert n <= 256 * 1024, "a server frame over 256 KiB"
            if len(self.buf) < 4 + n:
                break
            msg, end = unpack(self.buf, 4)
            assert end == 4 + n
            self.inbox.append(msg)
            self.buf = self.buf[4 + n:]

    def expect(self, want: str | Callable[[dict], bool], timeout: float = WAIT_SECONDS) -> dict:
        pred = (lambda m: m["t"] == want) if isinstance(want, str) else want
        deadline = time.monotonic() + timeout
        while True:
            for k, m in enumerate(self.inbox):
                if pred(m):
                    del self.inbox[:k + 1]
                    return m
            if self.closed or time.monotonic() > deadline:
                what = describe(None, pred) if callable(want) else want
                raise WaitTimeout(f"gave up after {timeout:g} s waiting for {what}; got {self.inbox}")
            self._read(max(0.01, deadline - time.monotonic()))

    def error(self, ref: Any = None) -> dict:
        m = self.expect(lambda m: m["t"] == "error" and (ref is None or m.get("ref") == ref))
        assert isinstance(m["code"], str) and isinstance(m["msg"], str) and isinstance(m["params"], dict)
        return m

    def call(self, msg: dict, ref: Any) -> str:
        """Send with ``ref``; the error code it caused, or the type of the direct reply carrying ``ref``."""
        self.send({**msg, "ref": ref})
        m = self.expect(lambda m: m.get("ref") == ref)
        return m["code"] if m["t"] == "error" else m["t"]

    def close(self) -> None:
        self.sock.close()

    def wait_closed(self, timeout: float = WAIT_SECONDS) -> bool:
        deadline = time.monotonic() + timeout
        while not self.closed and time.monotonic() < deadline:
            self._read(0.1)
        return self.closed


def _server(data: Path, *extra: str):
    """A ``houkago server`` process on 127.0.0.1 with options ``extra``; yields its port."""
    log = serverlog.keep(data / "server.log")  # shown with any test that fails
    with open(log, "w", encoding="utf-8") as out:
        proc = subprocess.Popen([sys.executable, "-m", "houkago", "server", "--host", "127.0.0.1", "--port", "0",
                                 "--data", str(data), "--no-discovery", "--log-level", "INFO", *extra], cwd=ROOT,
                                stdout=out, stderr=subprocess.STDOUT, text=True,
                                env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        found = wait_until(lambda: re.search(r"listening on [\d.]+:(\d+)", log.read_text(encoding="utf-8"))
                           or proc.poll() is not None, f"the server to print its address (log: {log})")
        assert found is not True and proc.poll() is None, log.read_text(encoding="utf-8")
        yield int(found.group(1))
    finally:
        proc.terminate()
        try:
            proc.wait(WAIT_SECONDS)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        serverlog.release(log)


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory):
    """A server with the documented defaults."""
    yield from _server(tmp_path_factory.mktemp("conformance"))


STRICT = {"hello_timeout": 1, "frame_timeout": 1, "max_connections": 6, "tables_per_conn": 2,
          "tables_per_address": 6, "lobbies_per_address": 6, "trust_loopback": "false", "silence": 2}
GRACE = 0.5


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory):
    """A server with small limits (``--limit NAME=VALUE``), a short grace period, and this machine treated
    as any other LAN address (``trust_loopback=false``)."""
    limits = [arg for name, value in STRICT.items() for arg in ("--limit", f"{name}={value}")]
    yield from _server(tmp_path_factory.mktemp("strict"), *limits, "--grace", str(GRACE))


def _game(c: Client, **create: Any) -> tuple[str, str, list[str]]:
    """A started 4-seat fate_votes table, every seat held by ``c``."""
    c.send({"t": "create", "game": "fate_votes", "seats": 4, "options": {"discussion_seconds": 0}, **create})
    created = c.expect("created")
    tokens = []
    for s in range(4):
        c.send({"t": "join", "table": created["table"], "seat": s})
        tokens.append(c.expect("joined")["token"])
    c.send({"t": "start", "table": created["table"], "host": created["host"]})
    for s in range(4):
        c.expect(lambda m, s=s: m["t"] == "snapshot" and m["seat"] == s and m["sid"] == 0)
    return created["table"], created["host"], tokens


# --- Framing --------------------------------------------------------------------------------------
def test_framing_errors_close_the_connection(port: int) -> None:
    for raw, code in ((struct.pack(">I", 64 * 1024 + 1), "frame/too_large"),
                      (struct.pack(">I", 2) + b"\x81\xc1", "frame/bad_msgpack")):
        c = Client(port)
        c.sock.sendall(raw)
        assert c.error()["code"] == code and c.wait_closed()
    c = Client(port)
    body = pack({"t": "ping"}) + b"\xc0"
    c.sock.sendall(struct.pack(">I", len(body)) + body)
    assert c.error()["code"] == "frame/trailing_data" and c.wait_closed()
    c = Client(port)
    body = pack([1, 2])
    c.sock.sendall(struct.pack(">I", len(body)) + body)
    assert c.error()["code"] == "msg/not_a_message" and c.wait_closed()
    c = Client(port)  # a container larger than the frame allows: an array of 2³²−1 items in 5 bytes
    body = b"\xdd" + struct.pack(">I", 2 ** 32 - 1)
    c.sock.sendall(struct.pack(">I", len(body)) + body)
    assert c.error()["code"] == "frame/bad_msgpack" and c.wait_closed()


def test_message_errors_keep_the_connection_and_echo_ref(port: int) -> None:
    c = Client(port)
    assert c.call({"t": "nope"}, 1) == "msg/unknown_type"
    c.send({"t": "join", "ref": 2})
    err = c.error(2)
    assert err["code"] == "msg/missing_field" and err["params"]["field"] == "table"
    c.send({"t": "ping", "n": "x", "ref": "s"})
    err = c.error("s")
    assert err["code"] == "msg/bad_field" and err["params"]["field"] == "n"
    assert c.call({"t": "watch", "table": "x" * 2001}, 3) == "msg/bad_field"
    c.send({"t": "ping", "n": 1, "ref": "r" * 65})  # a ref over 64 characters is ignored
    assert "ref" not in c.expect("pong")
    c.send({"t": "ping", "n": 1, "ref": 2 ** 53 + 1})  # so is an int over 2⁵³
    assert "ref" not in c.expect("pong")
    c.send({"t": "ping", "n": 7, "ref": 2 ** 53})
    pong = c.expect("pong")
    assert pong["n"] == 7 and pong["ref"] == 2 ** 53


# --- Session --------------------------------------------------------------------------------------
def test_session_hello_first_version_and_second_hello(port: int) -> None:
    c = Client(port, hello=False)
    assert c.call({"t": "list"}, 1) == "proto/hello_first"
    assert c.call({"t": "nope"}, 2) == "proto/hello_first"  # even an unknown type
    c.send({"t": "hello", "v": 1, "name": "n" * 100, "ref": 3})
    welcome = c.expect("welcome")
    assert welcome["ref"] == 3 and isinstance(welcome["server"], str)
    games = {g["id"]: g for g in welcome["games"]}
    assert {"fate_votes", "mind_swap", "school_mystery"} <= set(games)
    assert all({"names", "min", "max", "listed"} <= set(g) for g in games.values())
    assert c.call({"t": "hello", "v": 1, "name": "again"}, 4) == "welcome"
    bad = Client(port, hello=False)
    assert bad.call({"t": "hello", "v": 999}, 5) == "proto/version" and bad.wait_closed()


def test_names_are_cut_to_64_characters(port: int) -> None:
    """Names (`hello.name`, `join.name`) are cut to 64 characters; a seat's name is `join.name`, else the
    hello name (a second `hello` updates it), else `Player N`."""
    c = Client(port, name="h" * 100)
    c.send({"t": "create", "game": "fate_votes", "seats": 4})
    table = c.expect("created")["table"]
    c.send({"t": "join", "table": table, "seat": 0, "name": "x" * 100})
    c.expect("joined")
    lobby = c.expect("lobby")
    assert lobby["table"]["seats"][0]["name"] == "x" * 64
    assert "ref" not in lobby  # a broadcast carries no ref
    c.send({"t": "join", "table": table, "seat": 1})
    c.expect("joined")
    assert c.expect("lobby")["table"]["seats"][1]["name"] == "h" * 64
    c.send({"t": "hello", "v": 1, "name": "again"})
    c.expect("welcome")
    c.send({"t": "join", "table": table, "seat": 2})
    c.expect("joined")
    assert c.expect("lobby")["table"]["seats"][2]["name"] == "again"
    nameless = Client(port, name="")
    nameless.send({"t": "join", "table": table, "seat": 3})
    nameless.expect("joined")
    assert nameless.expect("lobby")["table"]["seats"][3]["name"] == "Player 4"


# --- Client → server: create, join, watch, ready, bot, start ----------------------------------
def test_create_join_watch_ready_bot_start(port: int) -> None:
    c = Client(port)
    assert c.call({"t": "create", "game": "chess", "seats": 2}, 1) == "table/unknown_game"
    assert c.call({"t": "create", "game": "fate_votes", "seats": 99}, 2) == "setup/bad_seats"
    assert c.call({"t": "create", "game": "fate_votes", "seats": 4, "options": {"zz": 1}}, 3) == "setup/bad_option"
    assert c.call({"t": "create", "game": "fate_votes", "seats": 4, "bot_delay": 61}, 4) == "msg/bad_field"
    c.send({"t": "create", "game": "fate_votes", "seats": 4, "ref": 5})
    created = c.expect("created")
    table, host = created["table"], created["host"]
    lobby = created["lobby"]
    assert created["ref"] == 5 and lobby["id"] == table and lobby["phase"] == "lobby"
    assert {"options", "sid", "bot_delay", "takeover", "practice", "spectator_chat", "damaged",
            "watchers", "seats"} <= set(lobby)
    assert isinstance(lobby["seats"], list) and len(lobby["seats"]) == 4
    assert {"seat", "name", "taken", "connected", "bot", "ready", "colour"} <= set(lobby["seats"][0])
    assert c.call({"t": "join", "table": "nope", "seat": 0}, 6) == "table/unknown"
    assert c.call({"t": "join", "table": table, "seat": 9}, 7) == "seat/unknown"
    c.send({"t": "join", "table": table, "seat": None, "ref": 8})
    joined = c.expect("joined")
    assert joined["seat"] == 0 and joined["ref"] == 8 and isinstance(joined["token"], str)
    assert c.expect("lobby")["table"]["seats"][0]["taken"] is True
    assert c.call({"t": "join", "table": table, "seat": 0}, 9) == "seat/taken"
    other = Client(port)
    assert other.call({"t": "ready", "table": table, "seat": 0, "token": "bad", "ready": True}, 1) == "seat/bad_token"
    assert other.call({"t": "ready", "table": table, "seat": 0, "token": joined["token"], "ready": True},
                      2) == "seat/not_holder"
    assert other.call({"t": "watch", "table": table}, 3) == "watching"
    assert other.expect("lobby")["table"]["watchers"] == 1
    c.send({"t": "ready", "table": table, "seat": 0, "token": joined["token"], "ready": True})
    assert c.expect(lambda m: m["t"] == "lobby" and m["table"]["seats"][0]["ready"])
    assert c.call({"t": "bot", "table": table, "host": "bad", "seat": 1}, 10) == "table/not_host"
    assert c.call({"t": "bot", "table": table, "host": host, "seat": 1, "level": "zz"}, 11) == "bot/unknown_level"
    assert other.call({"t": "join", "table": table, "seat": 1}, 12) == "joined"  # a squatter: the host frees it
    c.send({"t": "bot", "table": table, "host": host, "seat": 1, "level": "none"})
    assert other.expect("left") == {"t": "left", "table": table, "seat": 1}
    assert c.expect(lambda m: m["t"] == "lobby" and not m["table"]["seats"][1]["taken"])
    c.send({"t": "start", "table": table, "host": host, "ref": 13})
    err = c.error(13)
    assert err["code"] == "table/not_full" and err["params"]["free"] == [1, 2, 3]
    for s in (1, 2, 3):
        c.send({"t": "bot", "table": table, "host": host, "seat": s})
        c.expect(lambda m, s=s: m["t"] == "lobby" and m["table"]["seats"][s]["bot"])
    assert c.call({"t": "start", "table": table, "host": host, "seed": 5}, 14) == "table/not_practice"
    c.send({"t": "start", "table": table, "host": host})
    assert c.expect(lambda m: m["t"] == "lobby" and m["table"]["phase"] == "playing")
    snap = c.expect(lambda m: m["t"] == "snapshot" and m["seat"] == 0)
    assert snap["sid"] == 0 and snap["events"] == [] and isinstance(snap["legal"], list) and snap["over"] is False
    spectator = other.expect(lambda m: m["t"] == "snapshot")
    assert spectator["seat"] is None and "legal" not in spectator
    assert c.call({"t": "join", "table": table, "seat": None}, 15) == "table/started"
    c.send({"t": "list", "ref": 16})
    tables = c.expect("tables")
    assert tables["ref"] == 16
    listed = {t["id"]: t for t in tables["tables"]}
    assert listed[table]["seats"] == 4 and listed[table]["free"] == 0 and listed[table]["phase"] == "playing"
    assert listed[table]["practice"] is False and isinstance(listed[table]["names"], list)


def test_practice_tables_take_a_seed_and_show_it(port: int) -> None:
    c = Client(port)
    c.send({"t": "create", "game": "fate_votes", "seats": 4, "practice": True})
    created = c.expect("created")
    assert created["lobby"]["practice"] is True
    for s in range(4):
        c.send({"t": "bot", "table": created["table"], "host": created["host"], "seat": s})
    assert c.call({"t": "start", "table": created["table"], "host": created["host"], "seed": 2 ** 64 - 1},
                  1) == "msg/bad_field"
    c.send({"t": "start", "table": created["table"], "host": created["host"], "seed": 5})
    assert c.expect(lambda m: m["t"] == "lobby" and m["table"]["phase"] == "playing")["table"]["practice"]


# --- act, staleness, seats ----------------------------------------------------------------------
def test_act_replies_staleness_and_seat_holding(port: int) -> None:
    c = Client(port)
    table, host, tokens = _game(c)
    assert c.call({"t": "act", "table": table, "seat": 0, "token": "x", "sid": 0, "action": {"type": "ready"}},
                  1) == "seat/bad_token"
    assert c.call({"t": "act", "table": table, "seat": 0, "token": tokens[0], "sid": 0,
                   "action": {"type": ["ready"]}}, 2) == "action/bad_shape"
    assert c.call({"t": "act", "table": table, "seat": 0, "token": tokens[0], "sid": 0,
                   "action": {"type": "zz"}}, 3).startswith("action/")
    c.send({"t": "act", "table": table, "seat": 0, "token": tokens[0], "sid": 0, "action": {"type": "ready"},
            "ref": 4})
    ack = c.expect(lambda m: m["t"] == "snapshot" and m.get("ref") == 4)
    assert ack["seat"] == 0 and ack["sid"] == 1
    c.send({"t": "act", "table": table, "seat": 0, "token": tokens[0], "sid": 0, "action": {"type": "ready"},
            "ref": 5})
    err = c.error(5)
    assert err["code"] == "action/stale" and err["params"]["sid"] == 1 and err["params"]["yours"] == 0
    other = Client(port)
    other.send({"t": "resume", "table": table, "seat": 1, "token": tokens[1], "ref": 6})
    assert other.expect("joined")["ref"] == 6
    assert other.expect("snapshot")["seat"] == 1
    left = c.expect(lambda m: m["t"] == "left" and m["seat"] == 1)
    assert "ref" not in left
    assert c.call({"t": "act", "table": table, "seat": 1, "token": tokens[1], "sid": 1,
                   "action": {"type": "ready"}}, 7) == "seat/not_holder"
    c.send({"t": "leave", "table": table, "seat": 2, "token": tokens[2], "ref": 8})
    assert c.expect("left")["ref"] == 8
    assert c.expect("lobby")["table"]["seats"][2]["connected"] is False
    assert c.call({"t": "act", "table": table, "seat": 2, "token": tokens[2], "sid": 1,
                   "action": {"type": "ready"}}, 9) == "seat/not_holder"
    assert c.call({"t": "clock", "table": table, "host": "x", "op": "pause"}, 10) == "table/not_host"
    assert c.call({"t": "clock", "table": table, "host": host, "op": "pause"}, 11) == "clock/none"
    assert c.call({"t": "act", "table": "nope", "seat": 0, "token": "t", "sid": 0, "action": {"type": "a"}},
                  12) == "table/unknown"


def test_a_finished_game_sends_the_result_apart_and_replays(port: int) -> None:
    c = Client(port)
    c.send({"t": "create", "game": "fate_votes", "seats": 4, "options": {"discussion_seconds": 0},
            "bot_delay": 0})
    created = c.expect("created")
    for s in range(4):
        c.send({"t": "bot", "table": created["table"], "host": created["host"], "seat": s})
    c.send({"t": "watch", "table": created["table"]})
    c.send({"t": "start", "table": created["table"], "host": created["host"]})
    final = c.expect(lambda m: m["t"] == "snapshot" and m["over"], timeout=60)
    assert "result" not in final
    result = c.expect("result")
    assert result["table"] == created["table"] and isinstance(result["result"], dict)
    c.send({"t": "replay", "table": created["table"], "ref": 1})
    steps = []
    while True:
        part = c.expect("replay", timeout=30)
        assert part["ref"] == 1 and part["part"] >= 0
        steps += part["steps"]
        if part["last"]:
            break
    assert part["steps"] == [] and part["result"] == result["result"]
    assert [s["sid"] for s in steps] == list(range(final["sid"] + 1))
    assert c.call({"t": "replay", "table": "nope"}, 2) == "table/unknown"
    c.send({"t": "create", "game": "fate_votes", "seats": 4})
    lobby_only = c.expect("created")["table"]
    assert c.call({"t": "replay", "table": lobby_only}, 3) == "replay/unavailable"


# --- chat ------------------------------------------------------------------------------------------
def test_chat_membership_limits_and_rate(port: int) -> None:
    c = Client(port)
    table, _, tokens = _game(c)
    watcher = Client(port)
    assert watcher.call({"t": "chat", "table": table, "text": "hi"}, 1) == "table/not_member"
    watcher.send({"t": "watch", "table": table})
    watcher.expect("watching")
    assert watcher.call({"t": "chat", "table": table, "text": "hi"}, 2) == "chat/spectators_off"
    seat = {"seat": 0, "token": tokens[0]}
    assert c.call({"t": "chat", "table": table, "text": "  ", **seat}, 3) == "chat/bad_text"
    assert c.call({"t": "chat", "table": table, "text": "x" * 501, **seat}, 4) == "chat/bad_text"
    assert c.call({"t": "chat", "table": table, "text": "\U0001F600" * 501, **seat}, 5) == "chat/bad_text"
    codes = []
    # ten lines in one write: the burst is used up before a slow machine lets the rate refill it
    c.sock.sendall(b"".join(frame({"t": "chat", "table": table, "text": f"line {k}", "ref": 10 + k, **seat})
                            for k in range(10)))
    for k in range(10):  # a chat line is broadcast (no ref); a refused one is an error with the ref
        m = c.expect(lambda m, k=k: (m["t"] == "chat" and m["text"] == f"line {k}")
                     or (m["t"] == "error" and m.get("ref") == 10 + k))
        codes.append(m.get("code", m["t"]))
    assert codes[:8] == ["chat"] * 8 and "chat/too_fast" in codes[8:]
    line = watcher.expect("chat")
    assert line["seat"] == 0 and line["text"] == "line 0" and isinstance(line["ts"], (int, float))
    open_ = Client(port)
    open_.send({"t": "create", "game": "fate_votes", "seats": 4, "spectator_chat": True})
    open_table = open_.expect("created")["table"]
    open_.send({"t": "watch", "table": open_table})
    open_.expect("watching")
    open_.send({"t": "chat", "table": open_table, "text": "hello"})
    assert open_.expect("chat")["seat"] is None


# --- limits -----------------------------------------------------------------------------------------
def test_bench_vote_is_created_from_this_machine(port: int) -> None:
    c = Client(port)
    assert c.call({"t": "create", "game": "bench_vote", "seats": 2}, 1) == "created"
    c.send({"t": "list", "all": True})
    assert any(t["game"] == "bench_vote" for t in c.expect("tables")["tables"])


# --- the messages' own limits and errors ----------------------------------------------------------
def test_create_refuses_options_that_start_would_refuse(port: int) -> None:
    """`create` → `setup/bad_option` also for options that do not fit that many seats."""
    c = Client(port)
    assert c.call({"t": "create", "game": "mind_swap", "seats": 4, "options": {"students": [2, 3]}},
                  1) == "setup/bad_option"  # two students for four players
    assert c.call({"t": "create", "game": "mind_swap", "seats": 2, "options": {"students": [2, 3]}}, 2) == "created"


def test_every_table_message_answers_an_unknown_table(port: int) -> None:
    """`table/unknown` for each message that names a table."""
    c = Client(port)
    seat = {"seat": 0, "token": "t"}
    for k, msg in enumerate(({"t": "join", "table": "nope", "seat": None}, {"t": "resume", "table": "nope", **seat},
                             {"t": "watch", "table": "nope"}, {"t": "leave", "table": "nope"},
                             {"t": "ready", "table": "nope", **seat, "ready": True},
                             {"t": "bot", "table": "nope", "host": "h", "seat": 0},
                             {"t": "start", "table": "nope", "host": "h"},
                             {"t": "clock", "table": "nope", "host": "h", "op": "pause"},
                             {"t": "replay", "table": "nope"})):
        assert c.call(msg, k) == "table/unknown", msg


def test_leave_in_the_lobby_frees_the_seat_and_its_token_dies(port: int) -> None:
    """`leave`: in the lobby the seat becomes free and its token dies; `left` carries the `ref`."""
    c = Client(port)
    c.send({"t": "create", "game": "fate_votes", "seats": 4})
    table = c.expect("created")["table"]
    c.send({"t": "join", "table": table, "seat": 0})  # the lobby keeps coming to the holder of seat 0
    c.expect("joined")
    c.send({"t": "join", "table": table, "seat": 1})
    token = c.expect("joined")["token"]
    c.send({"t": "leave", "table": table, "seat": 1, "token": token, "ref": 1})
    left = c.expect("left")
    assert left["ref"] == 1 and left["seat"] == 1
    assert c.expect(lambda m: m["t"] == "lobby" and not m["table"]["seats"][1]["taken"])
    assert c.call({"t": "resume", "table": table, "seat": 1, "token": token}, 2) == "seat/bad_token"
    c.send({"t": "watch", "table": table})
    c.expect("watching")
    c.send({"t": "leave", "table": table, "ref": 3})  # no seat: stop watching
    stopped = c.expect("left")
    assert stopped["ref"] == 3 and stopped["seat"] is None


def test_bot_levels(port: int) -> None:
    """`bot`: `level` `easy`/`normal`/`strong` (nil = the game's default, `normal`; `"none"` removes it)."""
    c = Client(port)
    c.send({"t": "create", "game": "fate_votes", "seats": 4})
    created = c.expect("created")
    table, host = created["table"], created["host"]
    for seat, level, shown in ((0, "easy", "easy"), (1, None, "normal"), (2, "strong", "strong")):
        msg = {"t": "bot", "table": table, "host": host, "seat": seat}
        if level:
            msg["level"] = level
        c.send(msg)
        assert c.expect(lambda m, s=seat: m["t"] == "lobby" and m["table"]["seats"][s]["bot"])["table"][
            "seats"][seat]["bot"] == shown
    c.send({"t": "bot", "table": table, "host": host, "seat": 0, "level": "none"})
    assert c.expect(lambda m: m["t"] == "lobby" and not m["table"]["seats"][0]["taken"])


def test_clock_ops_and_limits(port: int) -> None:
    """`clock`: `pause`/`resume`/`add` (−3600…3600 seconds, else `msg/bad_field`), `clock` to the sender."""
    c = Client(port)
    c.send({"t": "create", "game": "fate_votes", "seats": 4})  # the default discussion is timed
    created = c.expect("created")
    table, host = created["table"], created["host"]
    for s in range(4):
        c.send({"t": "join", "table": table, "seat": s})
        c.expect("joined")
    c.send({"t": "start", "table": table, "host": host})
    snap = c.expect(lambda m: m["t"] == "snapshot" and m["seat"] == 0)
    assert isinstance(snap.get("clock"), dict) and snap["clock"]["total"] > 0
    total = snap["clock"]["total"]
    clock = {"t": "clock", "table": table, "host": host}
    assert c.call({**clock, "op": "add", "seconds": 3601}, 1) == "msg/bad_field"
    assert c.call({**clock, "op": "add", "seconds": -3601}, 2) == "msg/bad_field"
    assert c.call({**clock, "op": "wind"}, 3) == "clock/bad_op"
    c.send({**clock, "op": "add", "seconds": 60})
    assert c.expect("clock")["clock"]["total"] == total + 60
    c.send({**clock, "op": "pause"})
    assert c.expect("clock")["clock"]["paused"] is True
    c.send({**clock, "op": "resume"})
    assert c.expect("clock")["clock"]["paused"] is False


def test_an_action_nested_too_deeply_is_a_bad_shape(port: int) -> None:
    """`act`: `action` is a map with a string `type`, nested at most 6 deep (the action itself included)."""
    c = Client(port)
    table, _, tokens = _game(c)
    act = {"t": "act", "table": table, "seat": 0, "token": tokens[0], "sid": 0}
    deep: Any = 1
    for _ in range(6):
        deep = [deep]
    assert c.call({**act, "action": {"type": "ready", "x": deep}}, 1) == "action/bad_shape"  # 7 levels
    assert c.call({**act, "action": {"type": "ready"}, "sid": 0}, 2) == "snapshot"  # nothing changed before


# --- fair shares (a server started with `--limit`) ---------------------------------------------------
def test_timeouts_send_an_error_frame_then_close(strict: int) -> None:
    """A connection that does not say `hello` in time, or leaves a frame unfinished, gets `error
    proto/timeout` and is closed; a greeted connection may stay idle."""
    idle = Client.when_room(strict)
    silent = Client(strict, hello=False)
    assert silent.error()["code"] == "proto/timeout" and silent.wait_closed()
    half = Client.when_room(strict)
    body = pack({"t": "ping"})
    half.sock.sendall(struct.pack(">I", len(body)) + body[:1])
    assert half.error()["code"] == "proto/timeout" and half.wait_closed()
    time.sleep(STRICT["hello_timeout"] + 0.5)
    assert idle.call({"t": "ping"}, 1) == "pong"
    idle.close()


def test_a_connection_that_pings_is_closed_once_silent(strict: int) -> None:
    """The heartbeat: after its first `ping` a connection that sends nothing for `silence` seconds is closed
    (no frame: its link is taken as dead); one that keeps pinging stays, as does one that never pinged."""
    quiet, beating, never = Client.when_room(strict), Client.when_room(strict), Client.when_room(strict)
    try:
        assert quiet.call({"t": "ping"}, 1) == "pong" and beating.call({"t": "ping"}, 1) == "pong"
        began = time.monotonic()
        while time.monotonic() - began < STRICT["silence"] + 1.5:
            assert beating.call({"t": "ping"}, 2) == "pong"
            time.sleep(0.4)
        assert quiet.wait_closed(STRICT["silence"] + 5)
        assert not any(m["t"] == "error" for m in quiet.inbox)  # closed without a word: its link is dead
        assert never.call({"t": "list"}, 3) == "tables" and beating.call({"t": "ping"}, 4) == "pong"
    finally:
        for c in (quiet, beating, never):
            c.close()


def test_a_full_server_says_so_politely(strict: int) -> None:
    """At most `max_connections` connections: the next gets `error server/full` (`params.limit`), closed."""
    clients: list[Client] = []
    try:
        for _ in range(STRICT["max_connections"] + 1):
            c = Client(strict, hello=False)
            c.send({"t": "hello", "v": 1, "ref": 0})
            m = c.expect(lambda m: m["t"] in ("welcome", "error"))
            if m["t"] == "error":
                break
            clients.append(c)
        assert m["t"] == "error" and m["code"] == "server/full" and m["params"]["limit"] == STRICT["max_connections"]
        assert c.wait_closed() and len(clients) <= STRICT["max_connections"]
    finally:
        for c in clients:
            c.close()
    Client.when_room(strict).close()  # the closed ones make room again


def test_absent_players_seats_after_the_grace_period(strict: int) -> None:
    """After the grace period a lobby seat whose human disconnected is freed; in a game a bot (`normal`)
    plays for the absent human while another human is still at the table."""
    host = Client.when_room(strict)
    guest = Client.when_room(strict)
    try:
        host.send({"t": "create", "game": "fate_votes", "seats": 4, "options": {"discussion_seconds": 0}})
        created = host.expect("created")
        table = created["table"]
        host.send({"t": "join", "table": table, "seat": 0})
        host.expect("joined")
        guest.send({"t": "join", "table": table, "seat": 1})
        guest.expect("joined")
        assert host.expect(lambda m: m["t"] == "lobby" and m["table"]["seats"][1]["taken"])
        guest.close()
        assert host.expect(lambda m: m["t"] == "lobby" and not m["table"]["seats"][1]["connected"])
        assert host.expect(lambda m: m["t"] == "lobby" and not m["table"]["seats"][1]["taken"])
        playing = Client.when_room(strict)
        playing.send({"t": "join", "table": table, "seat": 1})
        playing.expect("joined")
        for seat in (2, 3):
            host.send({"t": "bot", "table": table, "host": created["host"], "seat": seat})
        host.send({"t": "start", "table": table, "host": created["host"]})
        playing.expect("snapshot")
        playing.close()
        seats = host.expect(lambda m: m["t"] == "lobby" and m["table"]["seats"][1]["bot"])["table"]["seats"]
        assert seats[1]["bot"] == "normal" and seats[1]["connected"] is False
    finally:
        host.close()


def test_tables_per_connection_and_address_and_unlisted_games(strict: int) -> None:
    """One connection may have created `tables_per_conn` open tables, one address `tables_per_address`
    (`table/too_many`, `params.limit`: the limit reached); only this machine may create `bench_vote` (here
    it counts as elsewhere). (Runs after the other tests on this server: it uses up the address's share.)"""
    first = Client.when_room(strict)
    try:
        assert first.call({"t": "create", "game": "bench_vote", "seats": 2}, 0) == "table/unknown_game"
        create = {"t": "create", "game": "fate_votes", "seats": 4}
        assert [first.call(create, k) for k in range(2)] == ["created", "created"]
        first.send({**create, "ref": 9})
        err = first.error(9)
        assert err["code"] == "table/too_many" and err["params"]["limit"] == STRICT["tables_per_conn"]
        first.send({"t": "list", "ref": 3})  # every table here was opened from this address
        made, refused = sum(t["phase"] != "over" for t in first.expect("tables")["tables"]), None
        while refused is None and made <= STRICT["tables_per_address"]:  # more connections, 2 tables each
            other = Client.when_room(strict)
            for ref in (1, 2):
                other.send({**create, "ref": ref})
                reply = other.expect(lambda m, ref=ref: m.get("ref") == ref)
                if reply["t"] != "created":
                    refused = reply
                    break
                made += 1
            other.close()
        assert refused is not None and refused["code"] == "table/too_many"
        assert refused["params"]["limit"] == STRICT["tables_per_address"] and made == STRICT["tables_per_address"]
    finally:
        first.close()


def test_replace_by_vote_and_by_the_host(port: int) -> None:
    """`replace`: a vote by a seat (`seat` + `token`) shows in `lobby.table.votes`; a majority of the other seats
    here gives the target to a stand-in (`replaced`, its `bot` set in `lobby`); `resume` takes it back; the host
    alone replaces at once; typed refusals."""
    c = Client(port)
    c.send({"t": "create", "game": "fate_votes", "seats": 4, "options": {"discussion_seconds": 0},
            "bot_delay": 60})  # (the stand-in does not move within the test: the target keeps something to do)
    created = c.expect("created")
    table, host = created["table"], created["host"]
    tokens = []
    for s in range(4):
        c.send({"t": "join", "table": table, "seat": s})
        tokens.append(c.expect("joined")["token"])
    c.send({"t": "start", "table": table, "host": host})
    legal = {s: c.expect(lambda m, s=s: m["t"] == "snapshot" and m["seat"] == s and m["sid"] == 0)["legal"]
             for s in range(4)}
    waiting = [s for s in range(4) if legal[s]]
    target = waiting[0]
    voters = [s for s in range(4) if s != target]

    def vote(seat: int, ref: Any, **extra: Any) -> str:
        return c.call({"t": "replace", "table": table, "target": target, "seat": seat, "token": tokens[seat],
                       **extra}, ref)

    assert vote(target, 1) == "seat/own"
    c.send({"t": "replace", "table": table, "target": target, "seat": voters[0], "token": tokens[voters[0]]})
    shown = c.expect(lambda m: m["t"] == "lobby" and m["table"]["votes"])["table"]
    assert shown["votes"] == [{"seat": target, "for": [voters[0]], "needed": 2}]
    c.send({"t": "replace", "table": table, "target": target, "seat": voters[1], "token": tokens[voters[1]]})
    told = c.expect("replaced")
    assert (told["seat"], told["by"], told["votes"], told["needed"]) == (target, "vote", sorted(voters[:2]), 2)
    assert c.expect("lobby")["table"]["seats"][target]["bot"] == "normal"
    assert vote(voters[2], 2) == "seat/stood_in"
    c.send({"t": "resume", "table": table, "seat": target, "token": tokens[target]})
    assert c.expect(lambda m: m["t"] == "lobby" and m["table"]["seats"][target]["bot"] is None)
    assert c.call({"t": "replace", "table": table, "target": target, "host": "nope"}, 3) == "table/not_host"
    c.send({"t": "replace", "table": table, "target": target, "host": host})
    assert c.expect("replaced")["by"] == "host"
