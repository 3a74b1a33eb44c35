"""Issue 31: players see the host's turn clock count down on their seats, and vote from "Seats and votes" to let a
stand-in play a silent player's seat (client/scenes/seat_vote.py, client/match.py) — a real server over loopback."""
from __future__ import annotations

import time

from client_helpers import button, click, make_app, run_until
from srvkit import SyncClient
from typedmsg import typed


def _seat(seat: int, name: str, **extra: object) -> dict:
    return {"seat": seat, "name": name, "taken": True, "connected": True, "bot": None, "stand_in": False,
            "ready": True, "colour": seat, "away": None, "turn": None, **extra}


def _lobby(seats: list[dict], votes: list[dict] | None = None) -> dict:
    return {"t": "lobby", "table": {"id": "t1", "game": "mind_swap", "phase": "playing", "seats": seats,
                                    "votes": votes or [], "turn_seconds": 60}}


def test_turn_countdown_votes_and_a_stand_in_for_a_present_player(tmp_path, monkeypatch) -> None:
    from client.match import Match
    from client.scenes.seat_vote import seat_rows

    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en")
    try:
        t = app.strings.t
        match = Match(app, "mind_swap", "t1", mode="lan", humans=[1])
        match.started = True
        match.on_message(typed(_lobby([_seat(0, "Rena", turn=42.0), _seat(1, "Ken"), _seat(2, "normal bot", bot="normal")])))
        rena = t("lan.turn_who", name="Rena", secs=42)
        assert match.turn_words() == t("lan.turn_clock_words", who=rena)  # whose clock, seconds left
        assert match.seat_name(0) == "Rena"  # (the name itself stays as it is in the table's sentences)
        clock = time.monotonic()
        monkeypatch.setattr(time, "monotonic", lambda: clock + 10.5)
        assert match.turn_words() == t("lan.turn_clock_words", who=t("lan.turn_who", name="Rena", secs=32))
        monkeypatch.undo()
        match.on_message(typed(_lobby([_seat(0, "Rena", turn=42.0), _seat(1, "Ken", turn=42.0), _seat(2, "Aiko", turn=9.0)])))
        both = t("lan.turn_who", name=t("lan.turn_join").join(["Rena", t("lan.seats.you")]), secs=42)
        aiko = t("lan.turn_who", name="Aiko", secs=9)
        assert match.turn_words() == t("lan.turn_clock_words", who=t("lan.turn_join").join([aiko, both]))
        match.on_message(typed(_lobby([_seat(0, "Rena", turn=42.0), _seat(1, "Ken"), _seat(2, "normal bot", bot="normal")])))
        rows = seat_rows(app, match)
        assert [r.action for r in rows] == ["vote", "", ""]  # a vote on the other human; never on one's own seat
        assert rows[2].status == t("lan.seats.host_bot")
        match.on_message(typed(_lobby([_seat(0, "Rena", turn=30.0), _seat(1, "Ken"), _seat(2, "normal bot", bot="normal")],
                                [{"seat": 0, "for": [1], "needed": 2}])))
        assert next(r.action for r in seat_rows(app, match)) == "unvote"
        assert seat_rows(app, match)[0].votes == t("lan.seats.votes", n=1, needed=2)
        assert any(x.message == t("lan.vote_started", name="Rena", n=1, needed=2) for x in app.toasts)
        # a stand-in plays Ken's own seat while Ken is here (a vote): his name stays, marked; he may take it back
        match.on_message(typed(_lobby([_seat(0, "Rena"), _seat(1, "Ken", bot="normal", stand_in=True),
                                 _seat(2, "normal bot", bot="normal")])))
        assert match.seat_name(1) == t("lan.stand_in_name", name="Ken")
        assert [r.action for r in seat_rows(app, match)] == ["", "take_back", ""]
        match.on_message(typed({"t": "replaced", "table": "t1", "seat": 1, "by": "vote", "votes": [0], "needed": 1}))
        assert app.toasts[-1].message == t("lan.replaced_you")
        match.host_token = "h"  # the host decides alone
        match.on_message(typed(_lobby([_seat(0, "Rena"), _seat(1, "Ken"), _seat(2, "normal bot", bot="normal")])))
        assert [r.action for r in seat_rows(app, match)] == ["host_replace", "", ""]
    finally:
        app.shutdown()


def test_a_player_votes_a_silent_player_out_from_seats_and_votes(tmp_path) -> None:
    """Rena (seat 0) has something to do and stays silent; Ken sees her turn clock, opens Esc → Seats and votes,
    votes (a majority of one), and everyone is told a bot plays her seat, which it does."""
    from client import modes
    from server.runtime import ServerThread

    with ServerThread() as srv:
        port = srv.port or 0
        host = SyncClient(port, "Host")
        table, host_token = host.create("mind_swap", 3, practice=True, turn_seconds=60)
        rena = SyncClient(port, "Rena")
        rena.join(table, 0, "Rena")
        host.send({"t": "bot", "table": table, "host": host_token, "seat": 2, "level": "random"})
        app = make_app(tmp_path, "--size", "1280x720", "--name", "Ken", "--lang", "en", "join", f"127.0.0.1:{port}")
        try:
            modes.start(app, app.args)
            join = app.top
            assert run_until(app, lambda: join.tables and any(b.key == "row_0" for b in join.buttons))
            click(app, button(join, "row_0").rect.center)
            assert run_until(app, lambda: app.top.name == "lobby" and app.top.my_seat == 1)
            host.send({"t": "start", "table": table, "host": host_token, "seed": 1})  # seat 0 moves first
            assert run_until(app, lambda: app.top.name == "table" and app.match.turn_until.get(0) is not None,
                             what="the table with Rena on the turn clock")
            table_scene = app.top
            said = app.strings.t("lan.turn_clock_words", who="Rena")  # then " 60s" or " 59s"
            assert app.match.turn_words().startswith(said)
            assert any(w.startswith(said) for w in table_scene.status_words())  # said in the table's bar
            app.push("menu")
            app.frame(0.016)
            click(app, button(app.top, "seats").rect.center)
            seats = app.top
            assert seats.name == "seats"
            app.frame(0.016)
            click(app, button(seats, "seat_vote_0").rect.center)
            told = rena.expect("replaced")
            assert told["votes"] == [1] and told["needed"] == 1
            t = app.strings.t
            assert run_until(app, lambda: any(x.message == t("lan.replaced_by_vote", name="Rena", n=1, needed=1)
                                              for x in app.toasts), what="Ken told")
            assert run_until(app, lambda: seats.rows and seats.rows[0].status == t("lan.seats.stand_in"))
            assert app.match.seat_name(0) == t("lan.stand_in_name", name="Rena")
            rena.expect(lambda m: m["t"] == "snapshot" and m["sid"] >= 1)  # the stand-in played her move
        finally:
            app.shutdown()
            host.close()
            rena.close()
