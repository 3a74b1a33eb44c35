"""Issue 31: a live but silent seated player replaced by a stand-in once the game runs — by a majority vote of
the other seated humans, or by the host alone (``replace``); the host's turn clock journaled and counted down in
``lobby`` (sans-I/O hub, and over loopback)."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from srvkit import SyncClient, frame_message
from waiting import wait_until

from server.hub import Hub
from server.journal import Journal
from server.runtime import ServerThread
from shared.errors import RuleError
from shared.protocol import PROTOCOL_VERSION
from shared.spec import GameSpec


# --- a tiny untimed game: three rounds in which each seat says "done" (nobody is ever forced to) ---------------
def _setup(players: int, seed: int, options: dict, content: Any) -> dict:
    return {"players": players, "phase": "talk", "round": 1, "done": [False] * players}


def _legal(state: dict, seat: int) -> list:
    return [{"type": "done"}] if state["phase"] == "talk" and not state["done"][seat] else []


def _apply(state: dict, seat: int, action: dict) -> tuple[dict, list]:
    if action.get("type") != "done" or state["phase"] != "talk" or state["done"][seat]:
        raise RuleError("action/illegal", "not now")
    new = {**state, "done": list(state["done"])}
    new["done"][seat] = True
    if all(new["done"]):
        new["round"] += 1
        new["done"] = [False] * state["players"]
        if new["round"] > 3:
            new["phase"] = "over"
    return new, [{"type": "done", "seat": seat}]


TALK = GameSpec(
    id="talk", names={"en": "Talk"}, min_seats=2, max_seats=5,
    rules=SimpleNamespace(  # type: ignore[arg-type]
        setup=_setup, legal_actions=_legal, apply=_apply,
        view=lambda s, seat: {"phase": s["phase"], "round": s["round"], "done": s["done"]},
        is_over=lambda s: s["phase"] == "over", result=lambda s: {"rounds": s["round"] - 1}),
    bots_module="shared.games.bench_vote.bots")


def _frames(out: list) -> list[tuple[int, dict[str, Any]]]:
    return [(cid, frame_message(f)) for cid, f in out if f is not None]


class Table:
    """A started table of ``humans`` human seats (connections 1..humans, seat = cid - 1) and ``bots`` bot seats;
    connection 100 is the host (not seated)."""

    def __init__(self, humans: int = 4, bots: int = 0, journal: Journal | None = None, start: bool = True,
                 **create: Any) -> None:
        self.hub = Hub(journal, grace=30.0, server_name="t", games={"talk": TALK})
        self.hello(100)
        created = self.send(100, {"t": "create", "game": "talk", "seats": humans + bots, "bot_delay": 1.0,
                                  **create})
        msg = next(m for _, m in created if m["t"] == "created")
        self.id, self.host = msg["table"], msg["host"]
        self.tokens: dict[int, str] = {}
        for s in range(humans):
            self.hello(s + 1)
            joined = [m for _, m in self.send(s + 1, {"t": "join", "table": self.id, "seat": s}) if m["t"] == "joined"]
            self.tokens[s] = joined[0]["token"]
        for s in range(humans, humans + bots):
            self.send(100, {"t": "bot", "table": self.id, "host": self.host, "seat": s, "level": "random"})
        if start:
            self.send(100, {"t": "start", "table": self.id, "host": self.host})

    def hello(self, cid: int) -> None:
        self.hub.connect(cid)
        self.hub.handle(cid, {"t": "hello", "v": PROTOCOL_VERSION, "name": f"c{cid}"}, 0.0)

    def send(self, cid: int, msg: dict[str, Any], now: float = 0.0) -> list[tuple[int, dict[str, Any]]]:
        return _frames(self.hub.handle(cid, msg, now))

    def vote(self, voter: int, target: int, now: float = 0.0, **extra: Any) -> list[tuple[int, dict[str, Any]]]:
        return self.send(voter + 1, {"t": "replace", "table": self.id, "target": target, "seat": voter,
                                     "token": self.tokens[voter], **extra}, now)

    def act(self, seat: int, now: float = 0.0) -> list[tuple[int, dict[str, Any]]]:
        t = self.hub.tables[self.id]
        return self.send(seat + 1, {"t": "act", "table": self.id, "seat": seat, "token": self.tokens[seat],
                                    "sid": t.sid, "action": {"type": "done"}}, now)


def _error(frames: list[tuple[int, dict[str, Any]]]) -> str | None:
    codes = [m["code"] for _, m in frames if m["t"] == "error"]
    return codes[0] if codes else None


def _lobby(frames: list[tuple[int, dict[str, Any]]], cid: int) -> dict[str, Any]:
    return [m for c, m in frames if c == cid and m["t"] == "lobby"][-1]["table"]


def test_a_majority_of_the_other_seated_humans_gives_a_silent_seat_to_a_stand_in() -> None:
    tb = Table(humans=4)
    t = tb.hub.tables[tb.id]
    out = tb.vote(1, 0)  # three others vote: two are needed
    assert _error(out) is None
    assert not [m for _, m in out if m["t"] == "replaced"]
    shown = _lobby(out, 3)  # every member sees the vote running, how many voted and how many are needed
    assert shown["votes"] == [{"seat": 0, "for": [1], "needed": 2}]
    assert t.seats[0].takeover is None
    out = tb.vote(1, 0, yes=False)  # taken back
    assert _lobby(out, 2)["votes"] == []
    tb.vote(1, 0)
    out = tb.vote(2, 0, now=5.0)
    replaced = [(c, m) for c, m in out if m["t"] == "replaced"]
    assert {c for c, _ in replaced} == {1, 2, 3, 4}  # every member, the replaced player too
    assert replaced[0][1] == {"t": "replaced", "table": tb.id, "seat": 0, "by": "vote", "votes": [1, 2],
                              "needed": 2}
    shown = _lobby(out, 1)
    assert shown["seats"][0]["bot"] == "sensible" and shown["votes"] == []
    assert t.seats[0].holder == 1 and t.seats[0].token_hash is not None  # still the human's seat
    assert tb.hub.next_wakeup() == 6.0  # the stand-in moves after bot_delay
    tb.hub.tick(6.0)
    assert t.own_since[0] == 1
    # the human comes back (as after grace): resume takes the seat back, no stand-in any more
    out = tb.send(1, {"t": "resume", "table": tb.id, "seat": 0, "token": tb.tokens[0]}, 7.0)
    assert _lobby(out, 2)["seats"][0]["bot"] is None and t.seats[0].takeover is None


def test_the_host_alone_replaces_a_silent_seat_and_acting_takes_it_back() -> None:
    tb = Table(humans=2, bots=1)
    t = tb.hub.tables[tb.id]
    out = tb.send(100, {"t": "replace", "table": tb.id, "target": 1, "host": "nope"})
    assert _error(out) == "table/not_host"
    out = tb.send(100, {"t": "replace", "table": tb.id, "target": 1, "host": tb.host})
    assert next(m for _, m in out if m["t"] == "replaced")["by"] == "host"
    assert t.seats[1].takeover == "sensible"
    out = tb.act(1, 0.5)  # the human plays before the stand-in did: the seat is theirs again, everyone told
    assert _error(out) is None and t.seats[1].takeover is None
    assert _lobby(out, 1)["seats"][1]["bot"] is None


def test_a_vote_ends_when_its_target_moves_and_refusals_are_typed() -> None:
    tb = Table(humans=3, bots=1)
    t = tb.hub.tables[tb.id]
    tb.vote(1, 0)
    assert t.votes == {0: {1}}
    out = tb.act(0)
    assert t.votes == {} and _lobby(out, 2)["votes"] == []
    assert _error(tb.vote(1, 0)) == "seat/not_waiting"  # seat 0 has nothing to do until the next round
    assert _error(tb.vote(1, 1)) == "seat/own"
    assert _error(tb.vote(1, 3)) == "seat/not_human"  # the host's bot
    assert _error(tb.vote(1, 7)) == "seat/unknown"
    assert _error(tb.vote(1, 2, token="x")) == "seat/bad_token"
    assert _error(tb.send(3, {"t": "replace", "table": tb.id, "target": 2, "seat": 1, "token": tb.tokens[1]})) \
        == "seat/not_holder"
    assert _error(tb.send(2, {"t": "replace", "table": tb.id, "target": 2})) == "msg/bad_field"
    assert _error(tb.send(2, {"t": "replace", "table": "nope", "target": 2, "seat": 1, "token": "x"})) \
        == "table/unknown"
    tb.send(100, {"t": "replace", "table": tb.id, "target": 2, "host": tb.host})
    assert _error(tb.vote(1, 2)) == "seat/stood_in"
    assert _error(tb.send(3, {"t": "replace", "table": tb.id, "target": 1, "seat": 2, "token": tb.tokens[2]})) \
        == "seat/not_voter"  # a seat a stand-in plays does not vote
    lobby = Table(humans=2, start=False)
    assert _error(lobby.vote(1, 0)) == "table/not_started"
    no_bots = Table(humans=2, takeover=False)
    assert _error(no_bots.vote(1, 0)) == "seat/no_stand_in"


def test_voters_who_leave_no_longer_count_and_two_players_need_one_vote() -> None:
    tb = Table(humans=2)
    out = tb.vote(1, 0)  # the only other human: a majority of one
    assert next(m for _, m in out if m["t"] == "replaced")["votes"] == [1]
    tb = Table(humans=5)
    t = tb.hub.tables[tb.id]
    tb.vote(1, 0)
    tb.vote(2, 0)  # 2 of the 3 needed (four others)
    tb.hub.disconnect(3, 1.0)  # seat 2's human goes: its vote no longer counts, three others now need two
    assert t.votes_for(0) == {1} and t.votes_needed(0) == 2
    out = tb.vote(3, 0, now=2.0)
    assert next(m for _, m in out if m["t"] == "replaced")["votes"] == [1, 3]


def test_the_turn_clock_is_counted_down_in_lobby_and_survives_a_restart(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite3")
    tb = Table(humans=2, journal=journal, start=False, turn_seconds=20)
    out = tb.send(100, {"t": "start", "table": tb.id, "host": tb.host}, 0.0)
    seats = _lobby(out, 1)["seats"]
    assert [s["turn"] for s in seats] == [20.0, 20.0]
    out = tb.act(0, 4.0)  # seat 0 moved: it is off the clock; seat 1 still has 16 s (everyone is told)
    assert [s["turn"] for s in _lobby(out, 2)["seats"]] == [None, 16.0]
    journal.commit()
    journal.close()
    again = Journal(tmp_path / "j.sqlite3")
    hub = Hub(again, grace=30.0, server_name="t", games={"talk": TALK})
    assert hub.restore(100.0) == 1
    t = hub.tables[tb.id]
    assert t.turn_seconds == 20.0 and t.lobby_info(100.0)["turn_seconds"] == 20.0
    assert t.turn_due == {1: 120.0}  # the seat waiting gets its clock again from the restart
    hub.connect(1)
    hub.handle(1, {"t": "hello", "v": PROTOCOL_VERSION}, 100.0)
    hub.handle(1, {"t": "resume", "table": tb.id, "seat": 0, "token": tb.tokens[0]}, 100.0)  # someone is here
    hub.tick(119.0)
    assert t.sid == 1
    hub.tick(120.0)
    assert t.sid == 2 and t.own_since[1] == 2  # the clock ran out after the restart too: seat 1 was moved for
    again.close()


def test_a_vote_over_loopback_gives_the_seat_to_a_stand_in_and_its_player_takes_it_back() -> None:
    """Two players and a host on a real server: the one with something to do stays silent, the other votes
    (a majority of one), the stand-in plays for the silent one, who comes back with ``resume``."""
    with ServerThread() as srv:
        host = SyncClient(srv.port or 0, "host")
        table, host_token = host.create("mind_swap", 3)
        players = [SyncClient(srv.port or 0, name) for name in ("Aiko", "Ken")]
        for s, p in enumerate(players):
            p.join(table, s)
        host.send({"t": "bot", "table": table, "host": host_token, "seat": 2, "level": "random"})
        host.send({"t": "watch", "table": table})
        host.send({"t": "start", "table": table, "host": host_token})
        for s, p in enumerate(players):
            wait_until(lambda p=p, s=s: (p.pump(0.05), s in p.snap)[1], "first snapshots")
        silent = next((s for s, p in enumerate(players) if p.snap[s]["legal"]), None)
        assert silent is not None
        voter = 1 - silent
        sid = players[silent].snap[silent]["sid"]
        players[voter].send({"t": "replace", "table": table, "target": silent, "seat": voter,
                             "token": players[voter].tokens[voter]})
        told = players[silent].expect("replaced")
        assert told["seat"] == silent and told["by"] == "vote" and told["votes"] == [voter]
        lobby = host.expect(lambda m: m["t"] == "lobby" and m["table"]["seats"][silent]["bot"])
        assert lobby["table"]["seats"][silent]["name"] == ["Aiko", "Ken"][silent]  # the human's name stays
        wait_until(lambda: (players[silent].pump(0.05), players[silent].snap[silent]["sid"] > sid)[1],
                   "the stand-in plays the silent seat")
        players[voter].inbox.clear()  # (the lobbies from before the game: the silent seat had no bot there either)
        players[silent].send({"t": "resume", "table": table, "seat": silent, "token": players[silent].tokens[silent]})
        back = players[voter].expect(lambda m: m["t"] == "lobby" and m["table"]["seats"][silent]["bot"] is None)
        assert back["table"]["seats"][silent]["connected"]
        for c in (*players, host):
            c.close()


def test_without_a_turn_clock_or_a_vote_an_act_sends_no_lobby() -> None:
    """The lobby frames that carry the turn clock's countdown go only to tables that have one."""
    for turn, lobbies in ((0, 0), (20, 1)):
        tb = Table(humans=2, start=False, turn_seconds=turn)
        tb.send(100, {"t": "start", "table": tb.id, "host": tb.host})
        out = tb.act(0, 1.0)
        assert sum(m["t"] == "lobby" for c, m in out if c == 2) == lobbies
