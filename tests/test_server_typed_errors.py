"""Issue 14 item 1: no input reaches ``server/internal``.

A mutated-legal-action fuzz over the three games through the sans-I/O hub, and
the reported case (an ``act`` whose ``action.type`` is a list or a map, with an
older state id) over a loopback socket.
"""
from __future__ import annotations

import logging
import random
from typing import Any

import msgpack
import pytest
from srvkit import SyncClient, frame_message

from server.hub import Hub
from server.runtime import ServerThread
from shared.engine import REGISTRY
from shared.messages import CLIENT_BY_T
from shared.protocol import PROTOCOL_VERSION, decode_body

FAST = {"fate_votes": {"discussion_seconds": 0}}
ODD_VALUES: list[Any] = [None, True, False, 0, -1, 2 ** 63, -(2 ** 63), 2 ** 64 - 1, 1.5, float("nan"),
                         float("inf"), "", "x" * 300, "🎲" * 50, [], [1, [2]], {}, {"a": {"b": 1}},
                         {"type": "play"}, ["play"], b"\x00\xff"]


def _decode(out: list) -> list[tuple[int, dict]]:
    return [(cid, frame_message(frame)) for cid, frame in out if frame is not None]


def _mutate(action: dict[str, Any], r: random.Random) -> Any:
    """A legal action with one or two fields replaced, dropped or added (sometimes not a map at all)."""
    roll = r.random()
    if roll < 0.03:
        return r.choice(ODD_VALUES)
    a = dict(action)
    for _ in range(r.randint(1, 2)):
        keys = list(a)
        op = r.random()
        if keys and op < 0.55:
            key = r.choice(keys)
            old = a[key]
            if isinstance(old, int) and not isinstance(old, bool) and abs(old) < 2 ** 40 and r.random() < 0.5:
                a[key] = old + r.choice([-100, -1, 1, 7, 1000])
            else:
                a[key] = r.choice(ODD_VALUES)
        elif keys and op < 0.75:
            del a[r.choice(keys)]
        else:
            a[r.choice(["extra", "seat", "target", "card", "to", "text", "type"])] = r.choice(ODD_VALUES)
    return a


@pytest.mark.parametrize("game", ["fate_votes", "mind_swap", "school_mystery"])
def test_mutated_legal_actions_never_reach_server_internal(game: str, caplog: pytest.LogCaptureFixture) -> None:
    spec = REGISTRY[game]
    r = random.Random(14)
    hub = Hub(None, grace=5.0, server_name="fuzz")
    hub.connect(1)
    hub.handle(1, {"t": "hello", "v": PROTOCOL_VERSION}, 0.0)
    codes: dict[str, int] = {}
    now = 0.0
    tries = 0
    table, tokens = "", {}
    with caplog.at_level(logging.ERROR):
        for _ in range(3000):
            if tries >= 400:
                break
            t = hub.tables.get(table)
            if t is None or t.phase != "playing":  # (another) game
                created = _decode(hub.handle(1, {"t": "create", "game": game, "seats": spec.max_seats,
                                                 "bot_delay": 0, "options": FAST.get(game, {})}, now))[0][1]
                table = created["table"]
                for s in range(spec.max_seats):
                    tokens[s] = _decode(hub.handle(1, {"t": "join", "table": table, "seat": s}, now))[0][1]["token"]
                hub.handle(1, {"t": "start", "table": table, "host": created["host"]}, now)
                continue
            seats = [s for s in range(t.n) if t.legal[s]]
            if not seats:
                now += 1.0
                hub.tick(now)
                continue
            seat = r.choice(seats)
            action = r.choice(t.legal[seat])
            if r.random() < 0.7:
                tries += 1
                sid = t.sid - r.choice([0, 0, 1, 2, 5]) if r.random() < 0.8 else r.choice(ODD_VALUES)
                msg = {"t": "act", "table": table, "seat": seat, "token": tokens[seat], "sid": sid,
                       "action": _mutate(action, r)}
                wire = decode_body(msgpack.packb(msg, use_bin_type=True))  # only what a socket can carry
                for _, m in _decode(hub.handle(1, wire, now)):
                    if m["t"] == "error":
                        codes[m["code"]] = codes.get(m["code"], 0) + 1
            else:
                hub.handle(1, {"t": "act", "table": table, "seat": seat, "token": tokens[seat], "sid": t.sid,
                               "action": action}, now)
    assert tries >= 400
    assert "server/internal" not in codes, codes
    assert not [rec for rec in caplog.records if rec.levelno >= logging.ERROR], caplog.text[:2000]


@pytest.mark.parametrize("kind", [["vote"], {"a": 1}])
def test_act_with_a_container_type_and_an_old_sid_is_a_typed_error(kind: Any) -> None:
    with ServerThread() as srv:
        c = SyncClient(srv.port or 0)
        table, host = c.create("fate_votes", 4, options={"discussion_seconds": 0})
        for s in range(4):
            c.join(table, s)
        c.send({"t": "start", "table": table, "host": host})
        c.expect(lambda m: m["t"] == "snapshot" and m["seat"] == 0)
        c.act(table, 0, {"type": "ready"}, sid=0)
        c.expect(lambda m: m["t"] == "snapshot" and m["sid"] == 1)
        c.send({"t": "act", "table": table, "seat": 1, "token": c.tokens[1], "sid": 0,
                "action": {"type": kind}, "ref": 9})
        err = c.error()
        assert err["code"] in ("action/bad_shape", "action/stale") and err["ref"] == 9, err


def test_every_message_type_with_odd_field_values_is_a_typed_error(caplog: pytest.LogCaptureFixture) -> None:
    """Each client message with each field replaced by odd values (valid tokens and ids elsewhere)."""
    r = random.Random(1414)
    hub = Hub(None, grace=5.0, server_name="fuzz")
    hub.connect(1)
    hub.handle(1, {"t": "hello", "v": PROTOCOL_VERSION}, 0.0)
    created = _decode(hub.handle(1, {"t": "create", "game": "fate_votes", "seats": 4, "bot_delay": 0}, 0.0))[0][1]
    table, host = created["table"], created["host"]
    tokens = [_decode(hub.handle(1, {"t": "join", "table": table, "seat": s}, 0.0))[0][1]["token"] for s in range(4)]
    hub.handle(1, {"t": "start", "table": table, "host": host}, 0.0)
    base = {"table": table, "host": host, "seat": 1, "token": tokens[1], "sid": 0, "action": {"type": "ready"},
            "text": "hi", "op": "add", "seconds": 5, "ready": True, "game": "fate_votes", "seats": 4,
            "level": "random", "n": 3, "v": PROTOCOL_VERSION, "name": "x", "options": {}, "all": True}
    seen = set()
    with caplog.at_level(logging.ERROR):
        for kind, cls in CLIENT_BY_T.items():
            if kind == "hello":
                continue
            fields = cls.__struct_encode_fields__  # (ref among them)
            for name in fields:
                for value in ODD_VALUES:
                    msg = {"t": kind, **{f: base[f] for f in fields if f in base}, name: value}
                    wire = decode_body(msgpack.packb(msg, use_bin_type=True))
                    for _, m in _decode(hub.handle(1, wire, r.random())):
                        if m["t"] == "error":
                            seen.add(m["code"])
    assert "server/internal" not in seen
    assert not [rec for rec in caplog.records if rec.levelno >= logging.ERROR], caplog.text[:2000]
