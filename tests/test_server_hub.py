"""The sans-I/O core (server.hub / server.tables): clocks, timeouts, bots, private events, restore."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import msgpack
from srvkit import frame_message

from server.hub import Hub
from server.journal import Journal
from shared.errors import RuleError
from shared.protocol import PROTOCOL_VERSION, FrameDecoder
from shared.spec import GameSpec


# --- a tiny timed game: two rounds of "talk"; everyone says done; the timer says done for them
def _setup(players: int, seed: int, options: dict, content: Any) -> dict:
    return {"players": players, "phase": "talk", "round": 1, "done": [False] * players, "secret": seed % 97}


def _legal(state: dict, seat: int) -> list:
    return [{"type": "done"}] if state["phase"] == "talk" and not state["done"][seat] else []


def _apply(state: dict, seat: int, action: dict) -> tuple[dict, list]:
    if action.get("type") != "done" or state["phase"] != "talk" or state["done"][seat]:
        raise RuleError("action/illegal", "not now")
    new = {**state, "done": list(state["done"])}
    new["done"][seat] = True
    events = [{"type": "done", "seat": seat}, {"type": "whisper", "to": seat, "vis": [seat]}]
    if all(new["done"]):
        new["round"] += 1
        new["done"] = [False] * state["players"]
        if new["round"] > 2:
            new["phase"] = "over"
    return new, events


TIMED = GameSpec(
    id="timed", names={"en": "Timed"}, min_seats=2, max_seats=4,
    rules=SimpleNamespace(  # type: ignore[arg-type]
        setup=_setup, legal_actions=_legal, apply=_apply,
        view=lambda s, seat: {"phase": s["phase"], "round": s["round"], "done": s["done"]},
        is_over=lambda s: s["phase"] == "over", result=lambda s: {"rounds": s["round"] - 1},
        timer=lambda s: 10.0 if s["phase"] == "talk" else None,
        timeout_actions=lambda s: [(i, {"type": "done"}) for i, d in enumerate(s["done"]) if not d]),
    bots_module="shared.games.bench_vote.bots")


def decode(out: list) -> list[tuple[int, dict]]:
    return [(cid, frame_message(frame)) for cid, frame in out if frame is not None]


class Harness:
    def __init__(self, journal: Journal | None = None) -> None:
        self.hub = Hub(journal, grace=5.0, server_name="test", games={"timed": TIMED})
        self.next = 1

    def conn(self) -> int:
        cid = self.next
        self.next += 1
        self.hub.connect(cid)
        self.send(cid, {"t": "hello", "v": PROTOCOL_VERSION, "name": f"c{cid}"})
        return cid

    def send(self, cid: int, msg: dict, now: float = 0.0) -> list[tuple[int, dict]]:
        return decode(self.hub.handle(cid, msg, now))


def one(msgs: list[tuple[int, dict]], kind: str, cid: int | None = None) -> dict:
    found = [m for c, m in msgs if m["t"] == kind and (cid is None or c == cid)]
    assert len(found) == 1, (kind, msgs)
    return found[0]


def started(h: Harness, seats: int = 2, bots: int = 0, bot_delay: float = 0.0):
    host = h.conn()
    created = one(h.send(host, {"t": "create", "game": "timed", "seats": seats, "bot_delay": bot_delay, "practice": True}), "created")
    table, host_token = created["table"], created["host"]
    players = {}
    for s in range(seats - bots):
        cid = h.conn()
        players[s] = (cid, one(h.send(cid, {"t": "join", "table": table, "seat": s}), "joined")["token"])
    for s in range(seats - bots, seats):
        h.send(host, {"t": "bot", "table": table, "host": host_token, "seat": s, "level": "random"})
    h.send(host, {"t": "watch", "table": table})
    out = h.send(host, {"t": "start", "table": table, "host": host_token, "seed": 5})
    return table, host, host_token, players, out


def test_clock_runs_pauses_resumes_adds_and_times_out() -> None:
    h = Harness()
    table, host, host_token, players, out = started(h)
    snap = one(out, "snapshot", players[0][0])
    assert snap["clock"] == {"deadline_in": 10.0, "paused": False, "total": 10.0}
    assert h.hub.next_wakeup() == 10.0
    clock = one(h.send(host, {"t": "clock", "table": table, "host": host_token, "op": "pause"}, now=3.0), "clock", host)
    assert clock["clock"] == {"deadline_in": 7.0, "paused": True, "total": 10.0}
    assert h.hub.next_wakeup() is None
    assert h.hub.tick(50.0) == []
    h.send(host, {"t": "clock", "table": table, "host": host_token, "op": "resume"}, now=100.0)
    clock = one(h.send(host, {"t": "clock", "table": table, "host": host_token, "op": "add", "seconds": 5},
                       now=100.0), "clock", host)
    assert clock["clock"]["deadline_in"] == 12.0 and clock["clock"]["total"] == 15.0
    clock = one(h.send(host, {"t": "clock", "table": table, "host": host_token, "op": "add", "seconds": 0},
                       now=100.0), "clock", host)
    assert clock["clock"]["deadline_in"] == 12.0 and clock["clock"]["total"] == 15.0  # 0 is not the default 30
    for bad in (True, float("nan"), 1e9):
        err = h.send(host, {"t": "clock", "table": table, "host": host_token, "op": "add", "seconds": bad}, now=100.0)
        assert one(err, "error")["code"] == "msg/bad_field"
    assert h.hub.next_wakeup() == 112.0
    assert h.hub.tick(111.9) == []
    # seat 0 is done; the timer makes seat 1 done: round 2 with a fresh clock
    h.send(players[0][0], {"t": "act", "table": table, "seat": 0, "token": players[0][1], "sid": 0,
                           "action": {"type": "done"}}, now=105.0)
    msgs = decode(h.hub.tick(112.0))
    last = [m for c, m in msgs if m["t"] == "snapshot" and c == players[1][0]][-1]
    assert last["sid"] == 2 and last["view"]["round"] == 2
    assert last["clock"]["deadline_in"] == 10.0
    bad = h.send(host, {"t": "clock", "table": table, "host": host_token, "op": "explode"}, now=113.0)
    assert one(bad, "error")["code"] == "clock/bad_op"


def test_private_events_reach_only_their_seat() -> None:
    h = Harness()
    table, host, _host_token, players, _ = started(h)
    out = h.send(players[0][0], {"t": "act", "table": table, "seat": 0, "token": players[0][1], "sid": 0,
                                 "action": {"type": "done"}, "ref": "a1"})
    mine = one(out, "snapshot", players[0][0])
    theirs = one(out, "snapshot", players[1][0])
    watcher = one(out, "snapshot", host)
    assert [e["type"] for e in mine["events"]] == ["done", "whisper"] and "vis" not in mine["events"][1]
    assert [e["type"] for e in theirs["events"]] == ["done"]
    assert [e["type"] for e in watcher["events"]] == ["done"] and "legal" not in watcher
    assert mine["ref"] == "a1" and "ref" not in theirs and "ref" not in watcher


def test_spliced_snapshots_equal_plain_encoding() -> None:
    h = Harness()
    table, _host, _host_token, _players, _ = started(h)
    t = h.hub.tables[table]
    events = t.apply(0, {"type": "done"}, 1.0)
    for cid, frame in t.snapshot_frames(events, 1.0):
        m = FrameDecoder().feed(frame)[0]
        assert m == t.snapshot(m["seat"], events, 1.0)
        assert msgpack.unpackb(frame[4:]) == m


def test_bots_play_on_ticks_with_their_delay() -> None:
    h = Harness()
    table, _host, _host_token, players, _out = started(h, seats=3, bots=2, bot_delay=0.5)
    assert h.hub.next_wakeup() == 0.5
    assert h.hub.tick(0.4) == []
    msgs = decode(h.hub.tick(0.5))
    assert max(m["sid"] for _, m in msgs if m["t"] == "snapshot") == 2  # both bots said done
    h.send(players[0][0], {"t": "act", "table": table, "seat": 0, "token": players[0][1], "sid": 2,
                           "action": {"type": "done"}}, now=1.0)
    for now in (1.5, 2.0, 2.5, 3.0):
        h.hub.tick(now)
    t = h.hub.tables[table]
    assert t.state["round"] == 2 and t.state["done"] == [False, True, True]


def test_journal_restore_replays_every_table(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    h = Harness(journal)
    table, _host, _host_token, players, _ = started(h, seats=3)
    for s in (0, 2):
        h.send(players[s][0], {"t": "act", "table": table, "seat": s, "token": players[s][1], "sid": 0,
                               "action": {"type": "done"}})
    journal.commit()
    before = h.hub.tables[table]
    journal2 = Journal(tmp_path / "j.sqlite3")
    h2 = Hub(journal2, games={"timed": TIMED})
    assert h2.restore(0.0) == 1
    after = h2.tables[table]
    assert after.sid == before.sid == 2 and after.state == before.state and after.seed == 5
    assert all(s.holder is None and s.away_since == 0.0 for s in after.seats)
    # the tokens survived (as hashes) and still work
    h2.connect(9)
    h2.handle(9, {"t": "hello", "v": PROTOCOL_VERSION}, 0.0)
    msgs = decode(h2.handle(9, {"t": "resume", "table": table, "seat": 1, "token": players[1][1]}, 0.0))
    assert one(msgs, "snapshot")["sid"] == 2
    assert journal2.table(table).tokens[1] != players[1][1]  # only hashes are stored


def test_journal_disagreement_restores_the_table_read_only_up_to_its_last_good_action(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    h = Harness(journal)
    table, _, _, players, _ = started(h)
    h.send(players[0][0], {"t": "act", "table": table, "seat": 0, "token": players[0][1], "sid": 0,
                           "action": {"type": "done"}})
    journal.append_action(table, 1, 1, {"type": "nonsense"})
    journal.commit()
    h2 = Hub(Journal(tmp_path / "j.sqlite3"), games={"timed": TIMED})
    assert h2.restore(0.0) == 1
    t = h2.tables[table]
    assert t.sid == 1 and t.damaged and t.lobby_info()["damaged"] is True and not t.bot_due and t.clock is None
    h2.connect(9)
    h2.handle(9, {"t": "hello", "v": PROTOCOL_VERSION}, 0.0)
    h2.handle(9, {"t": "resume", "table": table, "seat": 1, "token": players[1][1]}, 0.0)
    got = decode(h2.handle(9, {"t": "act", "table": table, "seat": 1, "token": players[1][1], "sid": 1,
                               "action": {"type": "done"}}, 0.0))
    assert one(got, "error")["code"] == "table/damaged"


def test_host_can_replace_a_departed_lobby_player_and_a_present_squatter() -> None:
    h = Harness()
    host = h.conn()
    created = one(h.send(host, {"t": "create", "game": "timed", "seats": 2}), "created")
    table, host_token = created["table"], created["host"]
    a, b = h.conn(), h.conn()
    tok_a = one(h.send(a, {"t": "join", "table": table, "seat": 0}), "joined")["token"]
    tok_b = one(h.send(b, {"t": "join", "table": table, "seat": 1}), "joined")["token"]
    freed = h.send(host, {"t": "bot", "table": table, "host": host_token, "seat": 1, "level": "none"})
    assert one(freed, "left", b) == {"t": "left", "table": table, "seat": 1}  # the squatter is told
    assert one(freed, "lobby", host)["table"]["seats"][1]["taken"] is False
    assert (table, 1) not in h.hub.conns[b].seats
    ready = h.send(b, {"t": "ready", "table": table, "seat": 1, "token": tok_b, "ready": True})
    assert one(ready, "error")["code"] == "seat/bad_token"  # its token died with the seat
    h.hub.disconnect(a, 1.0)
    bad = h.send(host, {"t": "bot", "table": table, "host": host_token, "seat": 0, "level": "nope"})
    assert one(bad, "error")["code"] == "bot/unknown_level"
    lobby = one(h.send(host, {"t": "bot", "table": table, "host": host_token, "seat": 0}), "lobby", host)
    assert lobby["table"]["seats"][0]["bot"] == "sensible"
    back = h.conn()
    err = one(h.send(back, {"t": "resume", "table": table, "seat": 0, "token": tok_a}), "error")
    assert err["code"] == "seat/bad_token"


def test_takeover_after_grace_only_while_someone_is_still_there() -> None:
    h = Harness()
    table, host, host_token, players, _ = started(h, seats=3)
    t = h.hub.tables[table]
    h.send(host, {"t": "clock", "table": table, "host": host_token, "op": "pause"})  # only grace matters here
    h.hub.disconnect(players[0][0], 10.0)
    assert h.hub.next_wakeup() == 15.0  # grace 5 s
    h.hub.tick(15.0)
    assert t.seats[0].takeover == "sensible"
    # everybody goes: the others' grace never ends in a bot game of nobody
    h.hub.disconnect(players[1][0], 20.0)
    h.hub.disconnect(players[2][0], 20.0)
    for now in (30.0, 100.0, 1000.0):
        h.hub.tick(now)
    assert t.seats[1].takeover is None and t.seats[2].takeover is None
    # one comes back: the other absent seat is taken over; the returning seat is theirs again
    back = h.conn()
    h.send(back, {"t": "resume", "table": table, "seat": 1, "token": players[1][1]}, now=1000.0)
    h.hub.tick(1000.0)
    assert t.seats[1].takeover is None and t.seats[2].takeover == "sensible"


def test_staleness_rules() -> None:
    h = Harness()
    table, _host, _host_token, players, _ = started(h, seats=3)
    t = h.hub.tables[table]

    def act(seat: int, sid: int) -> list:
        cid, token = players[seat]
        return h.send(cid, {"t": "act", "table": table, "seat": seat, "token": token, "sid": sid,
                            "action": {"type": "done"}})

    assert one(act(0, 1), "error")["code"] == "action/stale"  # a future state
    act(0, 0)
    assert t.sid == 1
    assert one(act(0, 0), "error")["code"] == "action/stale"  # double send
    act(1, 0)  # another seat's move in between does not make seat 1's choice stale
    assert t.sid == 2
    # a choice whose kind is no longer offered (as after a phase change) is stale
    t.legal[2] = [{"type": "something_else"}]
    assert not t.check_sid(2, 0, {"type": "done"}) and t.check_sid(2, 2, {"type": "done"})


def test_replay_is_refused_past_its_step_limit(tmp_path: Path, monkeypatch) -> None:
    """Replaying is bounded work: a table longer than the limit gets replay/too_long, nothing else."""
    import server.hub as hub_module

    journal = Journal(tmp_path / "j.sqlite3")
    h = Harness(journal)
    table, host, _host_token, players, _ = started(h, seats=3)
    for sid, s in enumerate((0, 1, 2)):
        h.send(players[s][0], {"t": "act", "table": table, "seat": s, "token": players[s][1], "sid": sid,
                               "action": {"type": "done"}})
    journal.commit()
    monkeypatch.setattr(hub_module, "MAX_REPLAY_STEPS", 2)
    err = one(h.send(host, {"t": "replay", "table": table}), "error")
    assert err["code"] == "replay/too_long" and err["params"]["limit"] == 2
    monkeypatch.setattr(hub_module, "MAX_REPLAY_STEPS", 3)
    assert h.send(host, {"t": "replay", "table": table}) == []  # streamed by Hub.work
    streamed: list = []
    while h.hub.has_work():
        streamed += h.hub.work(lambda: 0.0, 1.0, lambda cid: True)[0]
    parts = [m for _, m in decode(streamed) if m["t"] == "replay"]
    assert parts and parts[-1]["last"] and len([st for p in parts for st in p["steps"]]) == 4


def test_an_act_is_checked_for_token_and_holder_every_time() -> None:
    """The holder's repeated acts skip re-hashing its proved token, yet a wrong token, another
    connection, or the same token after the seat changed hands is refused as before."""
    h = Harness()
    table, _host, _host_token, players, _ = started(h, seats=3)
    (c0, tok0), (c1, _tok1) = players[0], players[1]

    def act(cid: int, seat: int, token: str) -> list:
        sid = h.hub.tables[table].sid
        return h.send(cid, {"t": "act", "table": table, "seat": seat, "token": token, "sid": sid,
                            "action": {"type": "done"}})

    assert not [m for _, m in act(c0, 0, tok0) if m["t"] == "error"]  # proved once
    assert one(act(c0, 0, tok0 + "x"), "error")["code"] == "seat/bad_token"  # the holder, a wrong token
    assert one(act(c1, 0, tok0), "error")["code"] == "seat/not_holder"  # the right token, another connection
    assert one(act(c0, 1, tok0), "error")["code"] == "seat/bad_token"
    h.send(c1, {"t": "resume", "table": table, "seat": 0, "token": tok0})  # seat 0 changes hands
    assert one(act(c0, 0, tok0), "error")["code"] == "seat/not_holder"
    assert not [m for _, m in act(c1, 0, tok0) if m["t"] == "error" and m["code"].startswith("seat/")]
