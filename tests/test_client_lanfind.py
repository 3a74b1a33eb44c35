"""Finding a table: the Join list refreshes itself and names tables as players know them; errors in words."""
from __future__ import annotations

import socket
import time

from client_helpers import make_app, run_until
from waiting import expect_message

from shared import messages as m


def _record_text(app, method: str) -> list[str]:
    """Every text the app's text engine draws through ``method`` from now on (drawing unchanged)."""
    seen: list[str] = []
    original = getattr(app.text, method)

    def record(surface, text, *args, **kw):
        seen.append(text)
        return original(surface, text, *args, **kw)

    setattr(app.text, method, record)
    return seen

def test_join_list_updates_without_a_click(tmp_path):
    """A table opened elsewhere appears on the Join list by itself, by host name, game, seats free and language."""
    from client import modes
    from client.session import ClientSession
    from server.runtime import ServerThread

    server = ServerThread(host="127.0.0.1", port=0)
    port = server.start()
    other = None
    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en", "join", f"127.0.0.1:{port}")
    try:
        modes.start(app, app.args)
        join = app.top
        run_until(app, lambda: join.tables == [], what="the empty table list")
        other = ClientSession("127.0.0.1", port, name="Rena").start()
        other.send(m.Create(game="fate_votes", seats=4, name="Rena", lang="ja"))
        table = expect_message(other, "created").table
        run_until(app, lambda: join.tables, what="the new table on the Join list, no click")
        labels = [b.label for b in join.buttons if b.key.startswith("row_")]
        assert len(labels) == 1 and table not in labels[0]
        assert "Rena" in labels[0] and "4 of 4 seats free" in labels[0] and "日本語" in labels[0]
        other.send(m.Join(table=table, name="Ren"))
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
        heads = _record_text(app, "blit")
        app.frame(0.016)
        assert app.strings.t("join.none_found") in heads
        heads.clear()
        join.entry.set_text("192.168.1.20")
        app.frame(0.016)
        assert app.strings.t("join.none_found") not in heads
    finally:
        app.shutdown()


def _free_port_holder() -> socket.socket:
    """A loopback port held bound (never listening) so nothing answers there until it is closed."""
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    return holder


def _open_table(port: int, name: str) -> tuple[object, str]:
    from client.session import ClientSession

    session = ClientSession("127.0.0.1", port, name=name).start()
    session.send(m.Create(game="fate_votes", seats=4, name=name, lang="en"))
    return session, expect_message(session, "created").table


def test_display_waits_for_a_server_that_starts_late(tmp_path):
    """No server yet: the display says so in words, has no button, tries again by itself and then watches."""
    from client import modes
    from server.runtime import ServerThread

    holder = _free_port_holder()
    port = holder.getsockname()[1]
    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en", "display", f"127.0.0.1:{port}")
    server = other = None
    try:
        modes.start(app, app.args)
        scene = app.top
        run_until(app, lambda: scene.failures >= 2, what="two failed tries while no server is up")
        assert app.top is scene and scene.name == "display_connect" and not scene.buttons
        assert scene.reason == app.strings.t("lan.why.refused") and "Errno" not in scene.status
        holder.close()
        server = ServerThread(host="127.0.0.1", port=port)
        server.start()
        other, table = _open_table(port, "Rena")
        run_until(app, lambda: app.match is not None and app.match.table == table and app.top.name == "table",
                  what="the display to watch the table once the server is up")
        assert app.match.mode == "display"
    finally:
        holder.close()
        if other is not None:
            other.close()
        app.shutdown()
        if server is not None:
            server.stop()


def test_display_comes_back_by_itself_after_a_server_restart(tmp_path):
    """The server goes away mid-watch: the overlay speaks of the display; the restarted server's table is watched."""
    from client import modes
    from server.runtime import ServerThread

    server = ServerThread(host="127.0.0.1", port=0)
    port = server.start()
    other, first = _open_table(port, "Rena")
    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en", "display", f"127.0.0.1:{port}")
    try:
        modes.start(app, app.args)
        run_until(app, lambda: app.match is not None and app.match.table == first and app.top.name == "table",
                  what="the display to watch the first table")
        seen = _record_text(app, "blit_wrapped")
        other.close()
        server.stop()
        run_until(app, lambda: app.find("reconnecting") is not None, what="the reconnecting overlay")
        run_until(app, lambda: any("display lost the table server" in s for s in seen),
                  what="the overlay to speak of the display")
        assert not any("seats" in s for s in seen)
        server = ServerThread(host="127.0.0.1", port=port)
        server.start()
        other, second = _open_table(port, "Ren")
        run_until(app, lambda: app.match is not None and app.match.table == second and app.top.name == "table"
                  and app.find("reconnecting") is None, what="the display to watch the restarted server's table")
    finally:
        other.close()
        app.shutdown()
        server.stop()


def test_display_without_an_address_searches_until_a_server_is_announced(tmp_path, monkeypatch):
    """`houkago display` with no address, started before the server: it searches the LAN again and again
    (never falls back to this machine), then connects to the announced server, shows that server's join
    address and watches its table, with no input. (The LAN search is replaced by a stand-in announcing
    127.0.0.1 once the server is up: tests talk only to loopback.)"""
    from client import modes, services
    from client.scenes import display
    from server.runtime import ServerThread

    announced: list[dict] = []
    searches: list[float] = []

    def browse(timeout: float = 3.0) -> list[dict]:
        searches.append(timeout)
        time.sleep(0.05)
        return list(announced)

    monkeypatch.setattr(services, "browse", browse)
    monkeypatch.setattr(display, "BROWSE_SECONDS", 0.05)
    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en", "display")
    server = other = None
    try:
        modes.start(app, app.args)
        scene = app.top
        run_until(app, lambda: len(searches) >= 3, what="several LAN searches while no server is announced")
        assert scene.target is None and app.session is None and scene.join_at == ""  # no guess at an address
        server = ServerThread(host="127.0.0.1", port=0)
        port = server.start()
        announced.append({"name": "clubroom", "addresses": ["127.0.0.1"], "port": port})
        run_until(app, lambda: scene.target == ("127.0.0.1", port), what="the announced server to be used")
        assert scene.join_at.endswith(f":{port}")
        other, table = _open_table(port, "Rena")
        run_until(app, lambda: app.match is not None and app.match.table == table and app.top.name == "table",
                  what="the display to watch the table with no input")
        assert app.match.mode == "display"
    finally:
        if other is not None:
            other.close()
        app.shutdown()
        if server is not None:
            server.stop()


def test_display_shows_the_results_without_buttons_then_moves_on_to_a_waiting_table(tmp_path, monkeypatch):
    """A finished game: its results stay up a while (no button: the TV takes no input), then the display
    moves on by itself to a table waiting for players, which it watches."""
    from client import modes
    from client.scenes import table as table_scene
    from client.session import ClientSession
    from server.runtime import ServerThread

    monkeypatch.setattr(table_scene, "RESULTS_HOLD", 1.0)
    server = ServerThread(host="127.0.0.1", port=0)
    port = server.start()
    player = ClientSession("127.0.0.1", port, name="p").start()
    app = None
    try:
        player.send(m.Create(game="fate_votes", seats=4, bot_delay=0,
                     options={"discussion_seconds": 0}))
        created = expect_message(player, "created")
        for s in range(4):
            player.send(m.Bot(table=created.table, host=created.host, seat=s))
        app = make_app(tmp_path, "--size", "1280x720", "--lang", "en", "display", f"127.0.0.1:{port}",
                       "--table", created.table)
        modes.start(app, app.args)
        run_until(app, lambda: app.match is not None and app.top.name == "table", what="the display to watch")
        player.send(m.Start(table=created.table, host=created.host))
        run_until(app, lambda: app.top.name == "results", sleep=0.001, what="the results on the display")
        assert app.top.buttons == []
        other, waiting = _open_table(port, "Rena")
        run_until(app, lambda: app.match is not None and app.match.table == waiting and app.top.name == "table",
                  what="the display to move on to the waiting table")
        other.close()
    finally:
        if app is not None:
            app.shutdown()
        player.close()
        server.stop()


def test_display_found_on_the_lan_searches_again_when_its_server_goes(tmp_path, monkeypatch):
    """A display with no address watches the server it found; that server goes for good and another is
    announced: the display gives the lost one up after a few reconnections and watches the new one's table."""
    from client import modes, services
    from client.scenes import display
    from server.runtime import ServerThread

    announced: list[dict] = []

    def browse(timeout: float = 3.0) -> list[dict]:
        time.sleep(0.05)
        return list(announced)

    monkeypatch.setattr(services, "browse", browse)
    monkeypatch.setattr(display, "BROWSE_SECONDS", 0.05)
    first = ServerThread(host="127.0.0.1", port=0)
    port = first.start()
    announced.append({"name": "old", "addresses": ["127.0.0.1"], "port": port})
    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en", "display")
    second = sessions = None
    try:
        modes.start(app, app.args)
        a, table_a = _open_table(port, "Rena")
        run_until(app, lambda: app.match is not None and app.match.table == table_a and app.top.name == "table",
                  what="the display to watch the first server's table")
        a.close()
        announced.clear()
        first.stop()
        second = ServerThread(host="127.0.0.1", port=0)
        port_b = second.start()
        announced.append({"name": "new", "addresses": ["127.0.0.1"], "port": port_b})
        sessions, table_b = _open_table(port_b, "Ken")
        run_until(app, lambda: app.match is not None and app.match.table == table_b and app.top.name == "table",
                  what="the display to find the new server and watch its table")
    finally:
        if sessions is not None:
            sessions.close()
        app.shutdown()
        first.stop()
        if second is not None:
            second.stop()
