"""Finding a table: the Join list refreshes itself and names tables as players know them; errors in words."""
from __future__ import annotations

import socket

from client_helpers import make_app, run_until
from waiting import expect_message


def test_join_list_updates_without_a_click(tmp_path):
    """A table opened elsewhere appears on the Join list by itself, by host name, game, seats free and language."""
    from client import modes
    from client.net import NetSession
    from server.runtime import ServerThread

    server = ServerThread(host="127.0.0.1", port=0)
    port = server.start()
    other = None
    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en", "join", f"127.0.0.1:{port}")
    try:
        modes.start(app, app.args)
        join = app.top
        run_until(app, lambda: join.tables == [], what="the empty table list")
        other = NetSession("127.0.0.1", port, name="Rena").start()
        other.send({"t": "create", "game": "fate_votes", "seats": 4, "name": "Rena", "lang": "ja"})
        table = expect_message(other, "created")["table"]
        run_until(app, lambda: join.tables, what="the new table on the Join list, no click")
        labels = [b.label for b in join.buttons if b.key.startswith("row_")]
        assert len(labels) == 1 and table not in labels[0]
        assert "Rena" in labels[0] and "4 of 4 seats free" in labels[0] and "日本語" in labels[0]
        other.send({"t": "join", "table": table, "name": "Ren"})
        expect_message(other, "joined")
        run_until(app, lambda: any("3 of 4 seats free" in b.label for b in join.buttons),
                  what="the seat taken elsewhere shown by itself")
    finally:
        if other is not None:
            other.close()
        app.shutdown()
        server.stop()


def test_unreachable_server_is_said_in_the_players_language(tmp_path):
    """A closed port: the reason in words of the chosen language, no raw errno."""
    from client import modes

    with socket.socket() as s:  # held bound, never listening: nobody answers there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        app = make_app(tmp_path, "--size", "1280x720", "--lang", "zh", "join", f"127.0.0.1:{port}")
        try:
            modes.start(app, app.args)
            join = app.top
            run_until(app, lambda: join.problem, what="the Join screen to say the server did not answer")
            assert "Errno" not in join.problem and "refused" not in join.problem
            assert app.strings.t("lan.why.refused") in join.problem
        finally:
            app.shutdown()


def test_the_no_tables_hint_goes_once_an_address_is_typed(tmp_path):
    from client import modes

    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en", "join")
    try:
        modes.start(app, app.args)
        join = app.top
        join.searching, join.looked = False, True
        heads: list[str] = []
        original = app.text.blit

        def record(surface, text, *args, **kw):
            heads.append(text)
            return original(surface, text, *args, **kw)

        app.text.blit = record
        app.frame(0.016)
        assert app.strings.t("join.none_found") in heads
        heads.clear()
        join.entry.set_text("192.168.1.20")
        app.frame(0.016)
        assert app.strings.t("join.none_found") not in heads
    finally:
        app.shutdown()
