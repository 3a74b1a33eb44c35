"""Pass-and-play curtain, the table display's data, and an automated all-bots run."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest
from client_helpers import make_app, run_until
from waiting import GAME_WAIT_SECONDS, expect_message

ROOT = Path(__file__).resolve().parent.parent
PRIVATE_KEYS = {"hand", "my_pending", "my_discards", "legal"}


def keys_in(x: Any) -> set[str]:
    out: set[str] = set()
    stack = [x]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            out.update(k for k in v if isinstance(k, str))
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out


@pytest.fixture
def draw_log(monkeypatch):
    """Records the seat of every table-view draw call."""
    from client.match import Match

    log: list[Any] = []
    original = Match.view_class

    def recording(self: Match) -> type:
        base = original(self)

        class Recording(base):  # type: ignore[misc, valid-type]
            def draw(self, surface, rect):
                log.append(self.seat)
                return super().draw(surface, rect)

        return Recording

    monkeypatch.setattr(Match, "view_class", recording)
    return log


def test_curtain_hides_the_next_seat_until_a_real_click(tmp_path, draw_log):
    app = make_app(tmp_path, "play", "fate_votes", "--players", "4", "--bots", "0", "--seed", "3",
                   "--size", "1280x720")
    from client import modes

    modes.start(app, app.args)
    try:
        assert run_until(app, lambda: app.top is not None and app.top.name == "curtain")
        table = app.find("table")
        first = app.top.seat
        draw_log.clear()
        for _ in range(5):
            app.frame(0.016)
        assert draw_log == [], "a table view was drawn while the curtain was up"
        # A press alone does not lift the curtain.
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 360), button=1))
        app.frame(0.016)
        assert app.top.name == "curtain" and draw_log == []
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 360), button=1))
        app.frame(0.016)
        app.frame(0.016)
        assert app.top.name == "table" and table.shown == first
        assert draw_log and set(draw_log) == {first}
        # The revealed seat acts until the seat that must act changes: the curtain comes back.
        for _ in range(20):
            legal = app.match.legal.get(first) or []
            if not legal or app.top.name == "curtain":
                break
            sid = app.match.sid.get(first)
            app.match.send_action(first, legal[0])
            run_until(app, lambda sid=sid: app.top.name == "curtain" or app.match.sid.get(first) != sid, frames=500)
        assert run_until(app, lambda: app.top.name == "curtain", frames=500)
        nxt = app.top.seat
        assert nxt != first
        draw_log.clear()
        for _ in range(5):
            app.frame(0.016)
        assert draw_log == []
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1))
        app.frame(0.016)
        app.frame(0.016)
        assert set(draw_log) == {nxt}
        assert table.reveals == [first, nxt]
    finally:
        app.shutdown()


def test_display_receives_only_public_data_and_sends_only_watch(tmp_path, monkeypatch):
    from client import session as net
    from client.wire import kind_of
    from server.runtime import ServerThread

    sessions: list[Any] = []
    original = net.ClientSession.__init__

    def recording_init(self, *a, **kw):
        kw["record"] = True
        original(self, *a, **kw)
        sessions.append(self)

    srv = ServerThread(host="127.0.0.1", port=0)
    port = srv.start()
    player = net.ClientSession("127.0.0.1", port, name="p").start()
    app = None
    try:
        player.create("fate_votes", 4, bot_delay=0, practice=True)
        table = expect_message(player, "created").table
        player.join(table, 0, "Mio")
        for s in (1, 2, 3):
            player.bot(table, s)
        player.start_game(table, seed=11)
        snap = expect_message(player, "snapshot")
        assert "hand" in snap.view  # a seat does get a hand: the check below can fail

        monkeypatch.setattr(net.ClientSession, "__init__", recording_init)
        app = make_app(tmp_path, "display", f"127.0.0.1:{port}", "--table", table, "--size", "1280x720")
        from client import modes

        modes.start(app, app.args)
        assert app.top is not None and app.find(app.top.name) is app.top
        assert run_until(app, lambda: app.match is not None and app.match.started)
        assert app.match.views and list(app.match.views) == [None]
        assert all(v.ctx.display_mode for v in app.match.views.values())
        # The player acts a few times so more snapshots and events reach the display.
        for _ in range(6):
            legal = snap.legal or []
            if not legal or snap.over:
                break
            player.act(table, 0, snap.sid, legal[0])
            nxt = expect_message(player, {"snapshot", "error"}, "the answer to the player's action")
            if kind_of(nxt) == "error":
                break
            snap = nxt
            for _ in range(5):
                app.frame(0.016)
        display = sessions[-1]
        assert run_until(app, lambda: len([m for m in display.received if kind_of(m) == "snapshot"]) >= 2,
                         what="the display to receive two snapshots")
        for m in display.received:
            if kind_of(m) == "snapshot":
                assert m.seat is None and m.legal is None
                assert not (keys_in(m.view) & PRIVATE_KEYS), keys_in(m.view) & PRIVATE_KEYS
                for ev in m.events:
                    assert "vis" not in ev
            assert kind_of(m) not in ("joined",)
        assert {kind_of(m) for m in display.sent} <= {"hello", "list", "watch", "ping"}  # (ping: the heartbeat)
    finally:
        if app is not None:
            app.shutdown()
        player.close()
        srv.stop()


def test_all_bots_pass_and_play_until_over_exits_zero(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_CONFIG_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-m", "houkago", "play", "fate_votes", "--players", "6", "--bots", "6",
                           "--until-over", "--screenshot-dir", str(tmp_path / "shots")],
                          check=False, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert any(p.name.endswith("_table.png") for p in (tmp_path / "shots").glob("*.png"))


def test_until_over_fails_when_no_server_can_start(tmp_path, monkeypatch):
    """An automated run that cannot set up exits non-zero instead of hanging."""
    app = make_app(tmp_path, "play", "no_such_game", "--players", "2", "--bots", "2", "--until-over",
                   "--size", "1280x720")
    from client import modes

    modes.start(app, app.args)
    try:
        assert run_until(app, lambda: app.exit_code is not None, frames=2000)
        assert app.exit_code != 0
    finally:
        app.shutdown()


def test_launcher_pass_and_play_with_bots_reaches_the_table(tmp_path):
    """Launcher → Pass and play → 4 seats, 2 bots → Start: two local humans, so a curtain first."""
    from client_helpers import button, click

    from client import modes

    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en")
    modes.start(app, app.args)
    try:
        app.frame(0.016)
        click(app, button(app.top, "play").rect.center)
        if app.top.name == "tutorial_offer":  # a game's first launch offers its guided game first
            click(app, button(app.top, "offer_no").rect.center)
        setup = app.top
        while setup.players > 4:
            click(app, button(setup, "players_down").rect.center)
        while setup.players < 4:
            click(app, button(setup, "players_up").rect.center)
        click(app, button(setup, "bots_up").rect.center)
        click(app, button(setup, "bots_up").rect.center)
        assert (setup.players, setup.bots) == (4, 2)
        click(app, button(setup, "start").rect.center)
        assert run_until(app, lambda: app.top.name == "curtain")
        assert app.match.humans == [0, 1]
        assert app.server is not None and app.session is not None
    finally:
        app.shutdown()


def test_results_frame_and_play_again(tmp_path):
    """An all-bots game (no delay) ends in the results frame; Play again starts a new table."""
    from client_helpers import button, click

    from client import modes

    app = make_app(tmp_path, "--size", "1280x720", "--lang", "zh")
    modes.start(app, app.args)
    try:
        modes.start_play(app, "fate_votes", 4, 4, until_over=True)  # until_over here only means bot_delay 0
        assert run_until(app, lambda: app.top.name == "results", timeout=GAME_WAIT_SECONDS)
        first_table = app.match.table
        assert app.match.over and app.match.result is not None
        for _ in range(3):
            app.frame(0.016)
        # the finished table shows darkened around the box
        box, table = app.top.box, app.scenes[-2]
        alone = pygame.Surface(app.screen.get_size())
        table.draw(alone)
        w, h = app.screen.get_size()
        outside = [(x, y) for x in range(3, w, 37) for y in range(3, h, 29) if not box.inflate(40, 40).collidepoint(x, y)]
        light = sum(sum(alone.get_at(p)[:3]) for p in outside)
        assert sum(sum(app.screen.get_at(p)[:3]) for p in outside) < 0.7 * light
        click(app, button(app.top, "again").rect.center)
        assert run_until(app, lambda: app.match is not None and app.match.table != first_table)
        assert app.replay["players"] == 4
    finally:
        app.shutdown()


def test_display_follows_the_next_game(tmp_path):
    """When the watched game ends, the display switches to the next game playing on that server."""
    from client import session as net
    from server.runtime import ServerThread

    srv = ServerThread(host="127.0.0.1", port=0)
    port = srv.start()
    player = net.ClientSession("127.0.0.1", port, name="p").start()
    app = None

    def bots_table(delay: float, start: bool = True, human: bool = False) -> tuple[str, str]:
        player.create("fate_votes", 4, bot_delay=delay, practice=True)
        created = expect_message(player, "created")
        if human:  # the player holds seat 0 and never acts: the game keeps playing however slow the machine
            player.join(created.table, 0, "p")
        for s in range(1 if human else 0, 4):
            player.bot(created.table, s)
        if start:
            player.start_game(created.table, seed=5)
        return created.table, created.host

    try:
        first, host = bots_table(0.0, start=False)
        app = make_app(tmp_path, "display", f"127.0.0.1:{port}", "--table", first, "--size", "1280x720")
        from client import modes

        modes.start(app, app.args)
        assert run_until(app, lambda: app.match is not None and app.top.name == "table"), "display did not watch"
        player.start_game(first, seed=5)
        assert run_until(app, lambda: app.match.over, sleep=0.001, timeout=GAME_WAIT_SECONDS,
                         what="the first game to end")
        second, _ = bots_table(0.5, human=True)
        assert run_until(app, lambda: app.match is not None and app.match.table == second, sleep=0.001,
                         timeout=GAME_WAIT_SECONDS, what="the display to follow the next game")
        assert app.top.name == "table" and app.match.mode == "display"
    finally:
        if app is not None:
            app.shutdown()
        player.close()
        srv.stop()


def test_until_over_says_why_it_fails_on_stderr(tmp_path: Path) -> None:
    """An automated run that cannot start exits 2 and names the reason on stderr."""
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               XDG_CONFIG_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-m", "houkago", "--lang", "en", "play", "fate_votes",
                           "--players", "99", "--bots", "99", "--until-over"],
                          check=False, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.strip().startswith("houkago: ") and "4" in proc.stderr and "12" in proc.stderr
