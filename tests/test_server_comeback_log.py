"""Issue 13: a player who comes back to a seat (resume) or a late spectator (watch) gets the table's log
back: the comeback snapshot's ``past`` holds exactly the earlier events that viewer may see (never another
seat's private draw), also after a server restart (rebuilt from the journal). Loopback sockets."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from srvkit import SyncClient, play

from server.runtime import ServerThread
from shared.engine import REGISTRY
from shared.spec import events_for

GAME = "mind_swap"  # its card draws are private events ("vis": [seat])
SEED = 4242


def _start(port: int) -> tuple[str, dict[int, SyncClient], SyncClient]:
    seats = {s: SyncClient(port, f"p{s}") for s in range(3)}
    table, host = seats[0].create(GAME, 3, practice=True)
    for s, c in seats.items():
        c.join(table, s)
    seats[0].send({"t": "start", "table": table, "host": host, "seed": SEED})
    for s, c in seats.items():
        c.expect(lambda m, s=s: m["t"] == "snapshot" and m["seat"] == s)
    return table, seats, seats[0]


def _expected(history: list[tuple[int, dict[str, Any]]], viewer: int | None) -> tuple[list, list]:
    """(what ``viewer`` may see, every event) of the moves in ``history`` replayed from the deal."""
    spec = REGISTRY[GAME]
    state = spec.setup(3, SEED, spec.resolve_options({}))
    seen: list[dict[str, Any]] = []
    every: list[dict[str, Any]] = []
    for seat, action in history:
        state, events = spec.apply(state, seat, action)
        seen += events_for(events, viewer)
        every += events
    return seen, every


def _comeback(port: int, table: str, seat: int, token: str) -> dict[str, Any]:
    again = SyncClient(port, "again")
    again.send({"t": "resume", "table": table, "seat": seat, "token": token})
    snap = again.expect(lambda m: m["t"] == "snapshot" and m["seat"] == seat)
    again.close()
    return snap


def test_resume_and_watch_bring_back_the_viewers_own_log(tmp_path: Path) -> None:
    with ServerThread(data_dir=tmp_path) as srv:
        table, seats, _ = _start(srv.port)
        history: list[tuple[int, dict[str, Any]]] = []
        play(table, seats, [], seed=7, history=history, max_steps=40, stop=lambda step: step >= 25)
        assert len(history) >= 10
        token = seats[1].tokens[1]
        seats[1].close()  # the window closes; the player comes back on a new connection
        snap = _comeback(srv.port, table, 1, token)
        seen, every = _expected(history, 1)
        assert snap["past"] == seen, "the log of seat 1 is not what seat 1 saw"
        private = [ev for ev in every if ev.get("vis") and 1 not in ev["vis"]]
        assert private, "the game drew no card for another seat: the leak check would prove nothing"
        assert not [ev for ev in snap["past"] if ev.get("type") == "draw" and ev.get("seat") != 1]
        assert snap["events"] == []  # nothing to animate: the log is rebuilt, not replayed

        tv = SyncClient(srv.port, "tv")
        tv.send({"t": "watch", "table": table})
        public = tv.expect(lambda m: m["t"] == "snapshot" and m["seat"] is None)
        assert public["past"] == _expected(history, None)[0]
        assert not [ev for ev in public["past"] if ev.get("type") == "draw"]
        for c in [tv, *seats.values()]:
            c.close()


def test_the_log_comes_back_after_a_server_restart(tmp_path: Path) -> None:
    history: list[tuple[int, dict[str, Any]]] = []
    with ServerThread(data_dir=tmp_path) as srv:
        table, seats, _ = _start(srv.port)
        play(table, seats, [], seed=11, history=history, max_steps=40, stop=lambda step: step >= 15)
        tokens = {s: c.tokens[s] for s, c in seats.items()}
        for c in seats.values():
            c.close()
    with ServerThread(data_dir=tmp_path) as srv:  # the same journal: the table is restored
        snap = _comeback(srv.port, table, 2, tokens[2])
        assert snap["sid"] == len(history)
        assert snap["past"] == _expected(history, 2)[0]
        assert [ev for ev in snap["past"] if ev.get("type") == "draw"], "seat 2's own draws are in its log"
        assert not [ev for ev in snap["past"] if ev.get("type") == "draw" and ev.get("seat") != 2]


def test_a_restored_table_is_listed_with_its_host_name_and_language(tmp_path: Path) -> None:
    """The Join list names tables by host and language: both are journaled, so a restart keeps them."""
    with ServerThread(data_dir=tmp_path) as srv:
        host = SyncClient(srv.port, "Rena")
        table, _ = host.create("fate_votes", 4, name="Rena", lang="zh")
        host.join(table, 0, "Rena")  # (a lobby nobody sat at is not restored)
        host.close()
    with ServerThread(data_dir=tmp_path) as srv:
        look = SyncClient(srv.port, "look")
        look.send({"t": "list"})
        listed = {t["id"]: t for t in look.expect("tables")["tables"]}
        look.close()
    assert listed[table]["host_name"] == "Rena" and listed[table]["lang"] == "zh"
