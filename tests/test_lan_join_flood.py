"""One guest with six connections tries to bury a real table on the Join list (127.0.0.2 is the guest's
machine, 127.0.0.3 the real host's: both count as LAN addresses to a server on 127.0.0.1)."""
from __future__ import annotations

import socket
from typing import Any

from client_helpers import make_app, run_until
from srvkit import SyncClient
from waiting import WAIT_SECONDS

from client import lanwords
from server.runtime import ServerThread
from shared.protocol import PROTOCOL_VERSION


def _from(address: str, port: int, name: str) -> SyncClient:
    """A SyncClient whose connection comes from ``address`` (any 127.x address is this machine)."""
    c = SyncClient(port, hello=False)
    c.sock.close()  # (never greeted: the server just drops it)
    c.sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT_SECONDS, source_address=(address, 0))
    c.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    c.send({"t": "hello", "v": PROTOCOL_VERSION, "name": name, "delta": True})
    c.expect("welcome")
    return c


def _flood(port: int) -> tuple[list[SyncClient], int]:
    """Six connections from one address each create tables named after the real host until refused, and sit
    at them."""
    guests = [_from("127.0.0.2", port, "Aiko") for _ in range(6)]
    made = 0
    for g in guests:
        for _ in range(10):
            g.send({"t": "create", "game": "fate_votes", "seats": 4, "name": "Aiko"})
            reply: dict[str, Any] = g.expect(lambda m: m["t"] in ("created", "error"))
            if reply["t"] == "error":
                assert reply["code"] == "table/too_many"
                break
            made += 1
            for h in guests[:3]:
                h.send({"t": "join", "table": reply["table"], "seat": None})
    return guests, made


def test_a_six_connection_guest_cannot_push_a_real_table_off_the_first_join_screen(tmp_path) -> None:
    from client import modes

    with ServerThread() as srv:
        port = srv.port or 0
        guests, made = _flood(port)  # first: the real table comes after every one of them in the server's order
        real = _from("127.0.0.3", port, "Aiko")
        table, _ = real.create("fate_votes", 4)
        real.join(table, 0, "Aiko")
        assert 0 < made <= 2  # a guest's address holds a few lobbies, not 32
        app = make_app(tmp_path, "--size", "1280x720", "--name", "Mio", "--lang", "ja", "join", f"127.0.0.1:{port}")
        app.settings.ui_scale = 1.5
        try:
            modes.start(app, app.args)
            join = app.top
            assert run_until(app, lambda: join.tables is not None and len(join.tables) == made + 1)
            shown = [b for b in join.buttons if b.key.startswith("row_")]
            ours = next(i for i in join.tables if i["id"] == table)
            assert any(b.label == lanwords.table_label(app.strings, ours) for b in shown), [b.label for b in shown]
            assert "127.0.0.3" in lanwords.table_label(app.strings, ours)  # same name, told apart by address
        finally:
            app.shutdown()
            for c in guests + [real]:
                c.close()


def test_a_long_join_list_scrolls(tmp_path) -> None:
    """More tables than fit: the arrows and Page Down show the rest, a row at a time never cut."""
    import pygame

    from client import modes

    with ServerThread() as srv:  # this machine is trusted: it may open many tables
        port = srv.port or 0
        owner = SyncClient(port, "Ren")
        ids = [owner.create("fate_votes", 4)[0] for _ in range(14)]
        app = make_app(tmp_path, "--size", "1280x720", "--name", "Mio", "--lang", "en", "join", f"127.0.0.1:{port}")
        try:
            modes.start(app, app.args)
            join = app.top
            assert run_until(app, lambda: join.tables is not None and len(join.tables) == len(ids))
            def rows() -> list[str]:
                return [b.key for b in join.buttons if b.key.startswith("row_")]

            first = rows()
            assert 0 < len(first) < len(ids) and first[0] == "row_0"
            assert any(b.key == "scroll_down" and b.enabled for b in join.buttons)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="",
                                                 scancode=0))
            app.frame(0.016)
            assert rows()[-1] == f"row_{len(ids) - 1}" and rows()[0] != "row_0"  # the last page
            assert not any(b.key == "scroll_down" and b.enabled for b in join.buttons)
            for _ in range(5):
                pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
                app.frame(0.016)
            assert rows() == first
        finally:
            app.shutdown()
            owner.close()


def test_join_says_games_are_being_played_when_none_waits(tmp_path) -> None:
    from client import modes

    with ServerThread() as srv:
        port = srv.port or 0
        owner = SyncClient(port, "Ren")
        table, host = owner.create("fate_votes", 4, options={"discussion_seconds": 0})
        owner.join(table, 0, "Ren")
        for s in (1, 2, 3):
            owner.send({"t": "bot", "table": table, "host": host, "seat": s})
        owner.send({"t": "start", "table": table, "host": host})
        owner.expect("snapshot")
        app = make_app(tmp_path, "--size", "1280x720", "--lang", "en", "join", f"127.0.0.1:{port}")
        try:
            modes.start(app, app.args)
            join = app.top
            assert run_until(app, lambda: join.tables == [] and join.live_tables)
            assert join.empty_note() == app.strings.t("lan.games_running", n=1) != app.strings.t("join.no_tables")
        finally:
            app.shutdown()
            owner.close()
