"""The client's protocol object, sans I/O: bytes in, typed messages out; no sockets, no threads, no clock."""
from __future__ import annotations

from typing import Any

import pytest
from typedmsg import lobby_table

from client.wire import HEARTBEAT_REF, ClientProtocol, NetStatus, Refused
from shared import messages as m
from shared.protocol import PROTOCOL_VERSION, FrameDecoder, encode


def frames(*msgs: dict[str, Any]) -> bytes:
    return b"".join(encode(msg) for msg in msgs)


def sent(data: bytes) -> list[dict[str, Any]]:
    return FrameDecoder().feed(data)


WELCOME = {"t": "welcome", "v": PROTOCOL_VERSION, "server": "S", "games": []}


def snap(seat: int | None, sid: int, view: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"t": "snapshot", "table": "T", "seat": seat, "sid": sid, "view": view, "over": False, "events": [],
            **extra}


def test_feed_bytes_in_pieces_gives_typed_messages() -> None:
    proto = ClientProtocol("Aiko", strict=True)
    hello = sent(proto.connected(now=0.0))
    assert hello == [{"t": "hello", "v": PROTOCOL_VERSION, "name": "Aiko", "client": "houkago-client", "delta": True}]
    data = frames(WELCOME, {"t": "joined", "table": "T", "seat": 1, "token": "k1"})
    got = proto.feed(data[:5], 0.1) + proto.feed(data[5:], 0.2)
    assert [type(x) for x in got] == [m.Welcome, m.Joined]
    assert proto.welcome is not None and proto.welcome.server == "S"
    assert proto.token("T", 1) == "k1" and proto.local_seats("T") == [1]


def test_reconnect_resumes_every_seat_host_and_watched_table() -> None:
    proto = ClientProtocol("Aiko", strict=True)
    proto.connected(0.0)
    proto.feed(frames(WELCOME, {"t": "created", "table": "T", "host": "h", "lobby": lobby_table("T")},
                      {"t": "joined", "table": "T", "seat": 0, "token": "a"},
                      {"t": "joined", "table": "T", "seat": 2, "token": "c"},
                      {"t": "joined", "table": "U", "seat": 1, "token": "u"},
                      {"t": "left", "table": "U", "seat": 1}), 0.1)
    proto.send(m.Watch(table="T"))
    again = sent(proto.connected(5.0))
    assert [x["t"] for x in again] == ["hello", "resume", "resume", "watch"]
    assert again[1] == {"t": "resume", "table": "T", "seat": 0, "token": "a"}
    assert again[2] == {"t": "resume", "table": "T", "seat": 2, "token": "c"}
    assert proto.host_token("T") == "h"
    proto.unwatch("T")
    assert [x["t"] for x in sent(proto.connected(6.0))] == ["hello", "resume", "resume"]


def test_delta_snapshots_are_rebuilt_and_compact_legal_expanded() -> None:
    proto = ClientProtocol(strict=True)
    proto.connected(0.0)
    legal = [{"type": "vote", "target": t} for t in range(3)]
    wire_legal = [{"$product": {"type": "vote"}, "keys": [["target", [0, 1, 2]]]}]
    first = proto.feed(frames(snap(0, 1, {"a": 1, "b": 2, "c": 3}, legal=wire_legal)), 0.1)
    assert isinstance(first[0], m.Snapshot) and first[0].legal == legal and first[0].view == {"a": 1, "b": 2, "c": 3}
    (second,) = proto.feed(frames(snap(0, 2, {"b": 5}, delta=True, gone=["c"])), 0.2)
    assert isinstance(second, m.Snapshot)
    assert second.view == {"a": 1, "b": 5} and second.legal == legal and not second.delta and second.sid == 2
    # a new connection starts with no base: a delta first is a broken stream
    proto.connected(1.0)
    with pytest.raises(Exception, match="no_base|delta"):
        proto.feed(frames(snap(0, 3, {"b": 6}, delta=True)), 1.1)


def test_a_message_the_doc_does_not_allow_is_refused() -> None:
    bad = frames({"t": "joined", "table": "T", "seat": "zero", "token": "k"})
    strict = ClientProtocol(strict=True)
    strict.connected(0.0)
    with pytest.raises(Refused) as caught:
        strict.feed(bad, 0.1)
    assert caught.value.code == "msg/bad_field"
    unknown = ClientProtocol(strict=True)
    unknown.connected(0.0)
    with pytest.raises(Refused, match="unknown"):
        unknown.feed(frames({"t": "presence", "table": "T"}), 0.1)


def test_production_drops_a_refused_message_and_says_it_once(capsys: pytest.CaptureFixture[str]) -> None:
    proto = ClientProtocol(strict=False)
    proto.connected(0.0)
    bad = {**snap(0, 1, {}), "extra": 1}
    got = proto.feed(frames(bad, bad, {"t": "watching", "table": "T"}), 0.1)
    assert [type(x) for x in got] == [m.Watching]  # the refused ones dropped, the good one kept
    err = capsys.readouterr().err
    assert err.count("dropped") == 1 and "msg/unknown_field" in err
    assert proto.token("T", 0) is None and len(proto.refused) == 2


def test_heartbeat_pings_swallows_its_pongs_and_notices_silence() -> None:
    proto = ClientProtocol(heartbeat=2.0, silence=7.0, strict=True)
    proto.connected(10.0)
    assert [x["t"] for x in sent(proto.tick(10.0))] == ["ping"]
    assert proto.tick(11.0) == b"" and proto.next_due() == 12.0
    assert sent(proto.tick(12.0)) == [{"t": "ping", "ref": HEARTBEAT_REF}]
    assert proto.feed(frames({"t": "pong", "ref": HEARTBEAT_REF}), 12.1) == []
    assert proto.feed(frames({"t": "pong", "ref": "mine"}), 12.2) == [m.Pong(ref="mine")]
    assert not proto.silent(19.0) and proto.silent(19.3)


def test_save_retry_resends_the_same_change_by_time_and_reports_status() -> None:
    proto = ClientProtocol(heartbeat=None, strict=True)
    proto.connected(0.0)
    proto.feed(frames({"t": "joined", "table": "T", "seat": 0, "token": "k"}), 0.0)
    (act,) = sent(proto.send(m.Act(table="T", seat=0, token="k", sid=4, action={"type": "x"}, ref="act:0:1")))
    got = proto.feed(frames({"t": "error", "code": "journal/unavailable", "msg": "disk", "params": {},
                                     "ref": "act:0:1"}), 1.0)
    assert got == [NetStatus(state="saving", attempt=1, retry_in=0.5, pending=1)]
    assert proto.next_due() == 1.5 and proto.tick(1.4) == b""
    assert sent(proto.tick(1.5)) == [act]  # the very same change: same ref, same sid
    got = proto.feed(frames(snap(0, 5, {}, legal=[], ref="act:0:1")), 1.6)
    assert isinstance(got[0], m.Snapshot) and got[1] == NetStatus(state="saved")


def test_repeat_sends_a_message_again_while_connected() -> None:
    proto = ClientProtocol(heartbeat=None, strict=True)
    proto.connected(0.0)
    proto.repeat(m.ListTables(), 2.0, now=0.0)
    assert proto.tick(1.0) == b"" and sent(proto.tick(2.0)) == [{"t": "list"}]
    proto.repeat(None, 2.0, now=2.0)
    assert proto.tick(10.0) == b""
