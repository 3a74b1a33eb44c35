"""Full games through a real server on 127.0.0.1: results, hidden information, reconnect, chat."""
from __future__ import annotations

from pathlib import Path

import pytest
from srvkit import FAST_OPTIONS, GAME, SyncClient, check_frames, play, replay, wait_sid

from server.runtime import ServerThread
from shared.engine import REGISTRY

pytestmark = pytest.mark.timeout(120)
N = 6


@pytest.fixture()
def server(tmp_path: Path):
    srv = ServerThread(data_dir=tmp_path)
    srv.start()
    yield srv
    srv.stop()


def seat_six(port: int, seed: int, options: dict | None = None):
    """A host, six players (one connection each) and a spectator; the game started."""
    host = SyncClient(port, "host")
    table, host_token = host.create(GAME, N, options=FAST_OPTIONS if options is None else options, practice=True)
    players = {}
    for s in range(N):
        c = SyncClient(port, f"p{s}")
        assert c.join(table, s) == s
        players[s] = c
    spectator = SyncClient(port, "tv")
    spectator.send({"t": "watch", "table": table})
    spectator.expect("watching")
    host.send({"t": "start", "table": table, "host": host_token, "seed": seed})
    host.expect(lambda m: m["t"] == "lobby" and m["table"]["phase"] == "playing")
    wait_sid([(c, s) for s, c in players.items()] + [(spectator, None)], 0)
    return host, host_token, table, players, spectator


def test_six_clients_play_a_full_game_and_see_only_their_views(server: ServerThread) -> None:
    seed = 4242
    host, _, table, players, spectator = seat_six(server.port, seed)
    history: list = []
    last = play(table, players, [(spectator, None)], seed, history)
    spec = REGISTRY[GAME]
    states, events = replay(GAME, N, seed, spec.resolve_options(FAST_OPTIONS), history)
    final = states[-1]
    assert last["sid"] == len(history)
    if spec.ends:
        assert last["over"] and spec.is_over(final)
        assert "result" not in last  # sent apart from the final view
        assert players[0].result(table) == spec.result(final)
        assert spectator.result(table) == spec.result(final)
    checked = sum(check_frames(GAME, c, states, events) for c in [*players.values(), spectator, host])
    assert checked >= (N + 1) * len(history)


def test_reconnect_mid_game_with_token(server: ServerThread) -> None:
    seed = 77
    _host, _, table, players, spectator = seat_six(server.port, seed)
    history: list = []
    play(table, players, [(spectator, None)], seed, history, stop=lambda step: step >= 8)
    sid = len(history)
    gone = players[2]
    token = gone.tokens[2]
    gone.close()
    lobby = spectator.expect(lambda m: m["t"] == "lobby" and not m["table"]["seats"][2]["connected"])
    assert lobby["table"]["seats"][2]["taken"]
    back = SyncClient(server.port, "p2 again")
    back.send({"t": "resume", "table": table, "seat": 2, "token": token})
    assert back.expect("joined")["seat"] == 2
    back.tokens[2] = token
    snap = back.expect("snapshot")
    assert snap["sid"] == sid and snap["seat"] == 2
    players[2] = back
    play(table, players, [(spectator, None)], seed + 1, history)
    spec = REGISTRY[GAME]
    states, events = replay(GAME, N, seed, spec.resolve_options(FAST_OPTIONS), history)
    if spec.ends:
        assert players[0].result(table) == spec.result(states[-1])
    for c in [*players.values(), spectator]:
        check_frames(GAME, c, states, events)


def test_resume_moves_the_seat_to_the_new_connection(server: ServerThread) -> None:
    _host, _, table, players, _spectator = seat_six(server.port, 5)
    second = SyncClient(server.port, "laptop 2")
    second.send({"t": "resume", "table": table, "seat": 1, "token": players[1].tokens[1]})
    second.expect("joined")
    assert players[1].expect("left")["seat"] == 1


def test_chat_reaches_the_table_and_strangers_cannot_chat(server: ServerThread) -> None:
    _host, _, table, players, spectator = seat_six(server.port, 9)
    players[0].send({"t": "chat", "table": table, "text": "こんにちは", "seat": 0, "token": players[0].tokens[0]})
    for c in [*players.values(), spectator]:
        m = c.expect("chat")
        assert m["text"] == "こんにちは" and m["seat"] == 0 and m["name"] == "p0"
    stranger = SyncClient(server.port, "x")
    stranger.send({"t": "chat", "table": table, "text": "hi"})
    assert stranger.error()["code"] == "table/not_member"
    players[0].send({"t": "chat", "table": table, "text": "x" * 2001, "seat": 0, "token": players[0].tokens[0]})
    assert players[0].error()["code"] == "msg/bad_field"


def test_lobby_list_bots_and_start_rules(server: ServerThread) -> None:
    host = SyncClient(server.port, "host")
    table, host_token = host.create(GAME, N, options=FAST_OPTIONS, bot_delay=0.01, practice=True)
    host.send({"t": "list"})
    listed = host.expect("tables")["tables"]
    assert any(t["id"] == table for t in listed) == REGISTRY[GAME].listed
    p = SyncClient(server.port, "solo")
    seat = p.join(table, None)
    host.send({"t": "start", "table": table, "host": host_token})
    assert host.error()["code"] == "table/not_full"
    host.send({"t": "bot", "table": table, "host": "nope", "seat": 1})
    assert host.error()["code"] == "table/not_host"
    host.send({"t": "bot", "table": table, "host": host_token, "seat": seat, "level": "nope"})
    assert host.error()["code"] == "bot/unknown_level"  # (the host may free any seat: tests/test_lan_lobby_free.py)
    for s in range(N):
        if s != seat:
            host.send({"t": "bot", "table": table, "host": host_token, "seat": s, "level": "random"})
            host.expect("lobby")
    p.send({"t": "ready", "table": table, "seat": seat, "token": p.tokens[seat], "ready": True})
    p.expect(lambda m: m["t"] == "lobby" and m["table"]["seats"][seat]["ready"])
    host.send({"t": "start", "table": table, "host": host_token, "seed": 3})
    host.expect(lambda m: m["t"] == "lobby" and m["table"]["phase"] == "playing")
    # the human plays whenever it has something to do; the bots play on their own
    import random
    r = random.Random(1)
    wait_sid([(p, seat)], 0)
    acted = -1
    for _ in range(5000):
        snap = p.snap[seat]
        if snap["over"] or (not REGISTRY[GAME].ends and snap["sid"] >= 40):
            break
        if snap.get("legal") and snap["sid"] > acted:
            ref = p.act(table, seat, r.choice(snap["legal"]))
            acted = p.expect(lambda m, ref=ref: m.get("ref") == ref)["sid"]  # our own snapshot, acknowledged
            continue
        p.pump(0.02)
    else:
        raise AssertionError("the game with bots did not end")
    assert "error" not in [m["t"] for m in p.log]


def test_replay_shows_only_the_spectator_view(server: ServerThread) -> None:
    seed = 31
    _host, _, table, players, spectator = seat_six(server.port, seed)
    history: list = []
    play(table, players, [(spectator, None)], seed, history, stop=None if REGISTRY[GAME].ends else lambda s: s >= 20)
    spec = REGISTRY[GAME]
    states, events = replay(GAME, N, seed, spec.resolve_options(FAST_OPTIONS), history)
    viewer = SyncClient(server.port, "later")
    viewer.send({"t": "replay", "table": table})
    steps: list = []
    while True:
        part = viewer.expect("replay")
        steps += part["steps"]
        if part["last"]:
            break
    assert [s["sid"] for s in steps] == list(range(len(history) + 1))
    for step in steps:
        assert step["view"] == spec.view(states[step["sid"]], None)
        assert step["events"] == spec.events_for(events[step["sid"]], None)
    if spec.ends:
        assert part["result"] == spec.result(states[-1])
    viewer.send({"t": "replay", "table": "nope"})
    assert viewer.error()["code"] == "table/unknown"


def test_one_connection_holds_several_seats_and_watches(server: ServerThread) -> None:
    """Pass-and-play: one client, every seat, plus the table display view."""
    seed = 12
    c = SyncClient(server.port, "family laptop")
    table, host_token = c.create(GAME, N, options=FAST_OPTIONS, practice=True)
    for s in range(N):
        assert c.join(table, s, name=f"kid{s}") == s
    c.send({"t": "watch", "table": table})
    c.expect("watching")
    c.send({"t": "start", "table": table, "host": host_token, "seed": seed})
    history: list = []
    play(table, {s: c for s in range(N)}, [(c, None)], seed, history, stop=lambda step: step >= 12)
    spec = REGISTRY[GAME]
    states, events = replay(GAME, N, seed, spec.resolve_options(FAST_OPTIONS), history)
    assert check_frames(GAME, c, states, events) >= (N + 1) * (len(history) + 1)
    for s in range(N):
        assert c.snap[s]["view"] == spec.view(states[-1], s)
    assert c.snap[None]["view"] == spec.view(states[-1], None)


@pytest.mark.skipif(not any(o.name == "discussion_seconds" for o in REGISTRY[GAME].options),
                    reason="needs a game with a timed discussion (fate_votes)")
def test_timed_phase_runs_out_and_the_timeout_actions_apply(server: ServerThread) -> None:
    # a long clock cannot run out before the test adds to it, however loaded the machine
    options = {"discussion_seconds": 600}
    host, host_token, table, players, spectator = seat_six(server.port, 3, options=options)
    snap = players[0].snap[0]
    assert snap["clock"]["total"] == 600.0 and not snap["clock"]["paused"] and snap["clock"]["deadline_in"] <= 600.0
    host.send({"t": "clock", "table": table, "host": host_token, "op": "add", "seconds": 0.5})
    assert host.expect("clock")["clock"]["total"] == 600.5
    host.send({"t": "clock", "table": table, "host": host_token, "op": "add", "seconds": -600})
    assert host.expect("clock")["clock"]["deadline_in"] <= 0.5
    # nobody acts: the server applies timeout_actions (journaled actions) when the clock runs out
    everyone = [(c, s) for s, c in players.items()] + [(spectator, None)]
    wait_sid(everyone, 1)
    spec = REGISTRY[GAME]
    timed_out = spec.timeout_actions(spec.setup(N, 3, spec.resolve_options(options)))
    wait_sid(everyone, len(timed_out))
    after = spectator.snap[None]
    assert after["sid"] == len(timed_out) and "clock" not in after  # the discussion is over
    assert after["view"].get("phase", "?") != "discussion"
