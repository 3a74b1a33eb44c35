"""Issue 14 item 4: only the connection holding a seat acts for it; the stand-in bot stops when the
human is back; the seed is the server's unless the table is a practice table (loopback sockets)."""
from __future__ import annotations

from typing import Any

import pytest
from srvkit import SyncClient, frame_message

from server.hub import Hub
from server.runtime import ServerThread
from shared.protocol import PROTOCOL_VERSION

FV = {"discussion_seconds": 0}


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory):
    with ServerThread(data_dir=tmp_path_factory.mktemp("seats")) as srv:
        yield srv.port


def _started(port: int, practice: bool = False) -> tuple[str, str, list[SyncClient]]:
    players = [SyncClient(port, f"p{s}") for s in range(4)]
    table, host = players[0].create("fate_votes", 4, options=FV, practice=practice)
    for s, c in enumerate(players):
        c.join(table, s)
    players[0].send({"t": "start", "table": table, "host": host})
    for s, c in enumerate(players):
        c.expect(lambda m, s=s: m["t"] == "snapshot" and m["seat"] == s)
    return table, host, players


def test_act_after_leave_is_not_holder_and_answers_the_sender(port: int) -> None:
    table, _, players = _started(port)
    p1 = players[1]
    p1.send({"t": "leave", "table": table, "seat": 1, "token": p1.tokens[1]})
    p1.expect("left")
    p1.act(table, 1, {"type": "ready"}, sid=0)
    err = p1.error()
    assert err["code"] == "seat/not_holder" and err["ref"] == p1.refs and err["params"]["seat"] == 1
    for c in players:
        c.close()


def test_old_connection_cannot_act_after_another_resumed_the_seat(port: int) -> None:
    table, _, players = _started(port)
    old = players[2]
    new = SyncClient(port, "again")
    new.send({"t": "resume", "table": table, "seat": 2, "token": old.tokens[2]})
    new.expect("joined")
    old.expect(lambda m: m["t"] == "left" and m["seat"] == 2)
    old.send({"t": "act", "table": table, "seat": 2, "token": old.tokens[2], "sid": 0,
              "action": {"type": "ready"}, "ref": "old-1"})
    assert old.error()["code"] == "seat/not_holder"
    new.pump(0.2)
    assert not [m for m in new.log if m.get("ref") == "old-1"], "the old connection's ack went to the new holder"
    assert new.snap[2]["sid"] == 0, "the refused act changed the table"
    new.send({"t": "act", "table": table, "seat": 2, "token": old.tokens[2], "sid": 0,
              "action": {"type": "ready"}, "ref": "new-1"})
    assert new.expect(lambda m: m["t"] == "snapshot" and m.get("ref") == "new-1")["sid"] == 1
    for c in players + [new]:
        c.close()


def test_chosen_seed_needs_a_practice_table_everyone_sees(port: int) -> None:
    host = SyncClient(port, "host")
    table, host_token = host.create("fate_votes", 4, options=FV)
    host.send({"t": "start", "table": table, "host": host_token, "seed": 7})
    assert host.error()["code"] in ("table/not_practice", "table/not_full")
    for s in range(4):
        host.join(table, s)
    host.send({"t": "start", "table": table, "host": host_token, "seed": 7, "ref": 3})
    err = host.error()
    assert err["code"] == "table/not_practice" and err["ref"] == 3

    practice, practice_host = host.create("fate_votes", 4, options=FV, practice=True)
    display = SyncClient(port, "tv")
    display.send({"t": "watch", "table": practice})
    display.expect("watching")
    assert display.expect("lobby")["table"]["practice"] is True
    for s in range(4):
        host.join(practice, s)
    host.send({"t": "start", "table": practice, "host": practice_host, "seed": 7})
    lobby = host.expect(lambda m: m["t"] == "lobby" and m["table"]["phase"] == "playing")
    assert lobby["table"]["practice"] is True
    host.send({"t": "list"})
    listed = {t["id"]: t for t in host.expect("tables")["tables"]}
    assert listed[practice]["practice"] is True and listed[table]["practice"] is False
    host.close()
    display.close()


def _frames(out: list) -> list[tuple[int, dict[str, Any]]]:
    return [(cid, frame_message(f)) for cid, f in out if f is not None]


def test_a_human_back_at_the_seat_stops_the_stand_in_bot() -> None:
    hub = Hub(None, grace=5.0, server_name="t")
    for cid in range(1, 6):
        hub.connect(cid)
        hub.handle(cid, {"t": "hello", "v": PROTOCOL_VERSION}, 0.0)
    created = _frames(hub.handle(1, {"t": "create", "game": "fate_votes", "seats": 4, "bot_delay": 0,
                                     "options": FV}, 0.0))[0][1]
    table = created["table"]
    tokens = {}
    for s in range(4):
        out = _frames(hub.handle(s + 1, {"t": "join", "table": table, "seat": s}, 0.0))
        tokens[s] = next(m for _, m in out if m["t"] == "joined")["token"]
    hub.handle(1, {"t": "start", "table": table, "host": created["host"]}, 0.0)
    t = hub.tables[table]
    hub.disconnect(1, 1.0)
    hub.tick(10.0)  # past the grace period: a bot stands in for seat 0
    assert t.seats[0].takeover is not None
    refused = _frames(hub.handle(5, {"t": "act", "table": table, "seat": 0, "token": tokens[0], "sid": t.sid,
                                     "action": {"type": "ready"}}, 10.2))
    assert [m["code"] for _, m in refused] == ["seat/not_holder"]  # acting needs the seat: resume first
    hub.handle(5, {"t": "resume", "table": table, "seat": 0, "token": tokens[0]}, 10.5)
    assert t.seats[0].takeover is None and 0 not in t.bot_due
    if t.legal[0]:
        hub.handle(5, {"t": "act", "table": table, "seat": 0, "token": tokens[0], "sid": t.sid,
                       "action": t.legal[0][0]}, 11.0)
    for step in range(40):  # the other seats play on; seat 0's bot never comes back
        hub.tick(12.0 + step)
        for s in (1, 2, 3):
            if t.legal[s] and t.phase == "playing":
                hub.handle(s + 1, {"t": "act", "table": table, "seat": s, "token": tokens[s], "sid": t.sid,
                                   "action": t.legal[s][0]}, 12.0 + step)
        assert t.seats[0].takeover is None and 0 not in t.bot_due
