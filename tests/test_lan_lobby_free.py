"""The host frees a squatted lobby seat: with a click in its lobby; the squatter's own app goes back to Join."""
from __future__ import annotations

from client_helpers import button, click, make_app, run_until
from srvkit import SyncClient
from waiting import expect_message

from shared import messages as m


def test_the_host_frees_a_squatted_seat_with_a_click(tmp_path) -> None:
    from client import modes
    from client.services import open_session, start_local_server
    from client.session import ClientSession

    app = make_app(tmp_path, "--size", "1280x720", "--name", "Mio", "--lang", "en")
    modes.start(app, app.args)
    squatter = None
    try:
        port = start_local_server(app, host="127.0.0.1", port=0)
        open_session(app, "127.0.0.1", port)
        lobby = app.push("lobby", game="fate_votes", hosting=True, port=port)
        app.frame(0.016)
        while lobby.seats > 4:
            click(app, button(lobby, "seats_down").rect.center)
        click(app, button(lobby, "open").rect.center)
        assert run_until(app, lambda: lobby.my_seat == 0)
        squatter = ClientSession("127.0.0.1", port, name="Mio").start()  # the host's own name, a connected squatter
        squatter.send(m.Join(table=lobby.table, name="Mio"))
        assert expect_message(squatter, "joined").seat == 1
        assert run_until(app, lambda: any(b.key == "free_1" for b in lobby.buttons))
        assert not any(b.key == "free_0" for b in lobby.buttons)  # never the host's own seat
        click(app, button(lobby, "free_1").rect.center)
        left = expect_message(squatter, "left")
        assert left.seat == 1 and squatter.token(lobby.table, 1) is None
        assert run_until(app, lambda: not lobby.seat_entries()[1]["taken"] and any(b.key == "bot_1" for b in lobby.buttons))
    finally:
        if squatter is not None:
            squatter.close()
        app.shutdown()


def test_a_freed_guest_goes_back_to_the_join_list(tmp_path) -> None:
    from client import modes
    from server.runtime import ServerThread

    with ServerThread() as srv:
        port = srv.port or 0
        host = SyncClient(port, "Rena")
        table, host_token = host.create("fate_votes", 4)
        host.join(table, 0, "Rena")
        app = make_app(tmp_path, "--size", "1280x720", "--name", "Ken", "--lang", "en", "join", f"127.0.0.1:{port}")
        try:
            modes.start(app, app.args)
            join = app.top
            assert run_until(app, lambda: join.tables and any(b.key == "row_0" for b in join.buttons))
            click(app, button(join, "row_0").rect.center)
            assert run_until(app, lambda: app.top.name == "lobby" and app.top.my_seat == 1)
            assert not app.session.repeating  # at a table the list is not asked for every 3 s
            host.send({"t": "bot", "table": table, "host": host_token, "seat": 1, "level": "none"})
            assert run_until(app, lambda: app.top is join, what="the freed guest back on the Join list")
            assert app.session.repeating  # the Join list refreshes itself again
            assert app.match is None
            assert any(toast.message == app.strings.t("lan.seat_freed") for toast in app.toasts)
        finally:
            app.shutdown()
            host.close()


def test_the_host_sets_a_turn_clock_in_the_set_up(tmp_path) -> None:
    from client import modes
    from client.services import open_session, start_local_server

    app = make_app(tmp_path, "--size", "1280x720", "--name", "Mio", "--lang", "ja")
    modes.start(app, app.args)
    try:
        port = start_local_server(app, host="127.0.0.1", port=0)
        open_session(app, "127.0.0.1", port)
        lobby = app.push("lobby", game="fate_votes", hosting=True, port=port)
        app.frame(0.016)
        assert lobby.options["turn_seconds"] == 0
        click(app, button(lobby, "opt_turn_seconds_up").rect.center)
        click(app, button(lobby, "opt_turn_seconds_up").rect.center)
        assert lobby.options["turn_seconds"] == 60
        click(app, button(lobby, "open").rect.center)
        assert run_until(app, lambda: lobby.my_seat == 0 and app.match.lobby.get("turn_seconds") == 60)
        assert "turn_seconds" not in app.match.lobby["options"]  # beside the game's options, not among them
    finally:
        app.shutdown()


def test_a_lobby_guest_whose_link_died_is_shown_away_counting_down(tmp_path) -> None:
    from client import modes
    from client.services import open_session, start_local_server

    app = make_app(tmp_path, "--size", "1280x720", "--name", "Mio", "--lang", "en")
    modes.start(app, app.args)
    guest = None
    try:
        port = start_local_server(app, host="127.0.0.1", port=0)
        open_session(app, "127.0.0.1", port)
        lobby = app.push("lobby", game="fate_votes", hosting=True, port=port)
        app.frame(0.016)
        click(app, button(lobby, "open").rect.center)
        assert run_until(app, lambda: lobby.my_seat == 0)
        guest = SyncClient(port, "Ken")
        guest.join(lobby.table, 1, "Ken")
        assert run_until(app, lambda: lobby.seat_entries()[1].get("taken"))
        guest.close()
        assert run_until(app, lambda: 1 in app.match.away_until)
        assert app.match.seat_name(1).startswith("Ken (away ")
        assert lobby.frame_due() == 1.0  # it counts down
    finally:
        app.shutdown()
