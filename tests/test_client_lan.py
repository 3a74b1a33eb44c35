"""LAN mode end to end on 127.0.0.1: host lobby → bots → start → table, chat with CJK, reconnect overlay."""
from __future__ import annotations

import pygame
from client_helpers import button, click, make_app, run_until
from waiting import expect_message

from shared import messages as m


def test_host_lobby_to_table_chat_and_reconnect(tmp_path, monkeypatch):
    from client import modes
    from client.services import open_session, start_local_server
    from client.session import ClientSession

    app = make_app(tmp_path, "--size", "1280x720", "--name", "Mio", "--lang", "ja")
    modes.start(app, app.args)
    guest = None
    try:
        port = start_local_server(app, host="127.0.0.1", port=0)  # tests stay on loopback, no discovery
        open_session(app, "127.0.0.1", port)
        lobby = app.push("lobby", game="fate_votes", hosting=True, port=port)
        app.frame(0.016)
        while lobby.seats > 4:
            click(app, button(lobby, "seats_down").rect.center)
        click(app, button(lobby, "open").rect.center)
        assert run_until(app, lambda: lobby.my_seat == 0)
        guest = ClientSession("127.0.0.1", port, name="Rena").start()
        guest.send(m.Join(table=lobby.table, name="Rena"))
        assert expect_message(guest, "joined").seat == 1
        assert run_until(app, lambda: any(b.key == "bot_2" for b in lobby.buttons))
        click(app, button(lobby, "bot_2").rect.center)
        assert run_until(app, lambda: any(b.key == "bot_3" for b in lobby.buttons))
        click(app, button(lobby, "bot_3").rect.center)
        assert run_until(app, lambda: button(lobby, "start").enabled)
        assert app.match.seat_name(1) == "Rena"
        click(app, button(lobby, "start").rect.center)
        assert run_until(app, lambda: app.top.name == "table")
        table = app.top
        assert app.match.humans == [0] and table.shown == 0
        assert expect_message(guest, "snapshot").seat == 1
        assert run_until(app, lambda: 0 in app.match.views and app.match.views[0].view)

        # The host controls the discussion clock.
        assert run_until(app, lambda: any(b.key == "clock_pause" for b in table.buttons))
        click(app, button(table, "clock_pause").rect.center)
        assert run_until(app, lambda: isinstance(app.match.clock, dict) and app.match.clock.get("paused"))

        # Chat: open the panel, type Japanese (committed IME text), Enter.
        click(app, button(table, "chat").rect.center)
        assert table.chat_open and table.chat_entry is not None
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="よろしく"))
        app.frame(0.016)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        assert run_until(app, lambda: any(text == "よろしく" for _, _, text in app.match.chat))
        heard = expect_message(guest, "chat")
        assert heard.text == "よろしく" and heard.seat == 0

        # Reconnect: the connection drops, the overlay shows, the seat comes back with its token.
        # (the overlay is recorded when pushed: on a loaded machine "down" and "up" can both arrive
        # within one frame, so the overlay may come and go between two looks at the scene stack)
        pushed: list[str] = []
        push = app.push
        monkeypatch.setattr(app, "push", lambda name, **params: pushed.append(name) or push(name, **params))
        token = app.session.token(lobby.table, 0)
        app.session.drop()
        assert run_until(app, lambda: "reconnecting" in pushed, what="the reconnecting overlay to be pushed")
        assert run_until(app, lambda: app.find("reconnecting") is None)
        assert app.session.token(lobby.table, 0) == token
        assert app.top is table
    finally:
        if guest is not None:
            guest.close()
        app.shutdown()


def test_join_a_dedicated_server_and_open_a_new_table_there(tmp_path):
    """`houkago server` + `houkago join ADDR`: with no table open, a player opens one from the Join screen."""
    from client import modes
    from server.runtime import ServerThread

    server = ServerThread(host="127.0.0.1", port=0, data_dir=str(tmp_path / "data"))
    port = server.start()
    app = make_app(tmp_path, "--size", "1280x720", "--name", "Hana", "--lang", "en", "join", f"127.0.0.1:{port}")
    try:
        modes.start(app, app.args)
        join = app.top
        assert join.name == "join"
        assert run_until(app, lambda: join.tables == [] and any(b.key == "new_fate_votes" for b in join.buttons))
        click(app, button(join, "new_fate_votes").rect.center)
        assert run_until(app, lambda: app.top is not None and app.top.name == "lobby")
        lobby = app.top
        assert lobby.hosting and lobby.phase == "setup"
        while lobby.seats > 4:
            click(app, button(lobby, "seats_down").rect.center)
        click(app, button(lobby, "open").rect.center)
        assert run_until(app, lambda: lobby.my_seat == 0 and lobby.host_token)
        assert run_until(app, lambda: any(b.key == "bot_1" for b in lobby.buttons))
    finally:
        app.shutdown()
        server.stop()


def test_close_the_window_mid_game_and_come_back_to_the_seat(tmp_path):
    """The seat token is kept on disk: a new window's Join screen offers 'Back to your seat' and resumes it."""
    from client import modes
    from client.session import ClientSession
    from server.runtime import ServerThread

    server = ServerThread(host="127.0.0.1", port=0, data_dir=str(tmp_path / "data"))
    port = server.start()
    me = tmp_path / "hana"
    guest = None
    app = make_app(me, "--size", "1280x720", "--name", "Hana", "--lang", "en", "join", f"127.0.0.1:{port}")
    try:
        modes.start(app, app.args)
        join = app.top
        assert run_until(app, lambda: any(b.key == "new_fate_votes" for b in join.buttons))
        click(app, button(join, "new_fate_votes").rect.center)
        assert run_until(app, lambda: app.top is not None and app.top.name == "lobby")
        lobby = app.top
        while lobby.seats > 4:
            click(app, button(lobby, "seats_down").rect.center)
        click(app, button(lobby, "open").rect.center)
        assert run_until(app, lambda: lobby.my_seat == 0 and lobby.host_token)
        table_id = lobby.table
        guest = ClientSession("127.0.0.1", port, name="Ren").start()
        guest.send(m.Join(table=table_id, name="Ren"))
        assert expect_message(guest, "joined").seat == 1
        for seat in (2, 3):
            assert run_until(app, lambda s=seat: any(b.key == f"bot_{s}" for b in lobby.buttons))
            click(app, button(lobby, f"bot_{seat}").rect.center)
        assert run_until(app, lambda: button(lobby, "start") is not None and button(lobby, "start").enabled)
        click(app, button(lobby, "start").rect.center)
        assert run_until(app, lambda: app.top.name == "table")
    finally:
        app.shutdown()  # the window is closed mid-game
    app = make_app(me, "--size", "1280x720", "--lang", "en", "join", f"127.0.0.1:{port}")
    try:
        modes.start(app, app.args)
        join = app.top
        assert run_until(app, lambda: join.rejoin and any(b.key == "row_0" for b in join.buttons))
        assert join.rejoin[0]["table"] == table_id and join.rejoin[0]["seat"] == 0
        click(app, button(join, "row_0").rect.center)
        assert run_until(app, lambda: app.top.name == "table")
        assert app.match.table == table_id and app.match.humans == [0] and app.match.host_token
        assert run_until(app, lambda: 0 in app.match.views and app.match.views[0].view.get("hand"))
    finally:
        if guest is not None:
            guest.close()
        app.shutdown()
        server.stop()
