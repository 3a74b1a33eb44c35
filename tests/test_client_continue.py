"""Issue 13: pass-and-play games are kept in the data folder; after the app is killed mid-game, a new
app's launcher offers Continue, and Continue restores the same game (every seat's hand and the map as the
journal on disk says, the log back) — a real game on a real journal, a real process killed."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from client_helpers import button, click, make_app, run_until
from waiting import wait_until

GAME, PLAYERS, BOTS = "mind_swap", 3, 1
MOVES = 6  # accepted actions before the window "closes"

# The first app: a pass-and-play game whose human seats play their first legal action (as a player
# clicking would) until MOVES actions are in; then it says READY and waits to be killed.
FIRST_APP = textwrap.dedent(f"""
    import sys, time
    from pathlib import Path
    from client_helpers import make_app
    from client import modes

    app = make_app(Path(sys.argv[1]), "--lang", "en", "--size", "1280x720")
    app.replace("launcher")
    modes.start_play(app, {GAME!r}, {PLAYERS}, {BOTS})
    tries = {{}}  # (seat, sid) -> legal actions tried (a refused one: the next)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        app.frame(0.016)
        match = app.match
        if match is None or not match.started:
            continue
        sid = max(match.sid.values())
        if sid >= {MOVES}:
            print("READY", sid, flush=True)
            time.sleep(600)
        for seat in match.acting():
            key = (seat, match.sid[seat])
            if tries.get(key, 0) < len(match.legal[seat]) and app.frames % 20 == 0:
                match.send_action(seat, match.legal[seat][tries.get(key, 0)])
                tries[key] = tries.get(key, 0) + 1
    print("STUCK", dict(tries), flush=True)
""")


def _journal_view(folder: Path, table: str, sid: int, seat: int) -> dict:
    """Seat ``seat``'s view after the journal's first ``sid`` actions (what the table must show)."""
    return _journal_view_of(GAME, folder, table, sid, seat)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_continue_restores_a_pass_and_play_game_after_the_app_was_killed(tmp_path: Path) -> None:
    from client import localgames

    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), str(root / "tests")]),
               PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    first = subprocess.Popen([sys.executable, "-c", FIRST_APP, str(tmp_path / "first")], cwd=root, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = first.stdout.readline() if first.stdout else ""
        assert line.startswith("READY"), f"the first app did not get going: {line!r} {first.stderr.read()}"
    finally:
        first.kill()  # the window is gone: no clean shutdown, the journal is what is on disk
        first.wait()

    kept = localgames.unfinished()
    assert len(kept) == 1 and kept[0].mode == "play" and kept[0].game == GAME
    saved = kept[0]
    assert sorted(saved.seats) == list(range(PLAYERS - BOTS)) and saved.moves >= MOVES

    app = make_app(tmp_path / "second", "--lang", "en", "--size", "1280x720")
    try:
        app.replace("launcher")
        app.frame(0.016)
        click(app, button(app.top, "continue").rect.center, frames=2)
        assert app.top.name == "continue"
        click(app, button(app.top, "continue_0").rect.center, frames=2)
        run_until(app, lambda: "table" in [s.name for s in app.scenes], what="the restored table")
        match = app.match
        assert match is not None and match.mode == "play" and match.humans == [0, 1]
        wait_until(lambda: all(s in match.sid for s in match.humans), "both seats' snapshots",
                   step=lambda: app.frame(0.016))
        for seat in match.humans:
            view = match.views[seat]
            assert view.view == _journal_view(saved.folder, saved.table or "", match.sid[seat], seat), (
                f"seat {seat} does not see the game the journal holds")
            assert view.view.get("hand"), "a seat's hand came back"
            assert view.log_lines(), f"seat {seat}'s log is empty after Continue"
        assert match.sid[0] >= MOVES
        # the game goes on: a human seat acts on the restored table
        seat = (match.acting() or [None])[0]
        if seat is not None:
            before = match.sid[seat]
            match.send_action(seat, match.legal[seat][0])
            run_until(app, lambda: match.sid[seat] > before, what="an action accepted after Continue")
    finally:
        app.shutdown()
    assert [g.folder for g in localgames.unfinished()] == [saved.folder]  # still kept (not over)


def test_continue_brings_a_hosted_game_back_with_its_server(tmp_path: Path) -> None:
    """Host on this network: the table opened from the lobby, bots in the other seats, the game started;
    the app stops mid-game; Continue starts the server again on the kept journal (the same port when it
    is free) and the host is back in their seat at the same game."""
    from client import localgames, modes

    app = make_app(tmp_path / "first", "--lang", "en", "--size", "1280x720")
    try:
        app.replace("launcher")
        modes.start_host(app, "fate_votes", port=0)
        lobby = app.top
        assert lobby.name == "lobby" and app.keeper is not None and app.keeper.game.mode == "host"
        lobby.seats = 4
        lobby.options["discussion_seconds"] = 0
        lobby.open_table()
        run_until(app, lambda: lobby.my_seat == 0 and app.keeper.game.seats, what="the host seated at the table")
        table, host = app.keeper.game.table, app.keeper.game.host
        for seat in (1, 2, 3):
            assert app.session.bot(table, seat, "easy")
        assert app.session.start_game(table)
        run_until(app, lambda: app.match is not None and app.match.started and 0 in app.match.sid,
                  what="the hosted game to start")
        port = app.keeper.game.port
    finally:
        app.shutdown()  # the window closes mid-game

    kept = localgames.unfinished()
    assert [(g.mode, g.game, g.table) for g in kept] == [("host", "fate_votes", table)]
    again = make_app(tmp_path / "second", "--lang", "en", "--size", "1280x720")
    try:
        again.replace("launcher")
        again.frame(0.016)
        click(again, button(again.top, "continue").rect.center, frames=2)
        click(again, button(again.top, "continue_0").rect.center, frames=2)
        run_until(again, lambda: "table" in [s.name for s in again.scenes] and 0 in again.match.sid,
                  what="the hosted table back")
        match = again.match
        assert match.mode == "lan" and match.humans == [0] and match.host_token == host
        assert again.server is not None and again.server.port == port  # the LAN players find it where it was
        view = match.views[0]
        assert view.view == _journal_view_of("fate_votes", kept[0].folder, table, match.sid[0], 0)
    finally:
        again.shutdown()


def _journal_view_of(game: str, folder: Path, table: str, sid: int, seat: int) -> dict:
    """``game``'s view for ``seat`` after the first ``sid`` actions of ``table`` in the journal in ``folder``."""
    from server.journal import Journal
    from server.runtime import JOURNAL_FILE
    from server.tables import replay_state
    from shared.engine import REGISTRY

    journal = Journal(folder / JOURNAL_FILE, read_only=True)
    try:
        rec = journal.table(table)
        assert rec is not None and rec.seed is not None
        state = replay_state(REGISTRY[game], rec.seats, rec.seed, rec.options, journal.actions(table, 0, sid))
    finally:
        journal.close()
    return REGISTRY[game].view(state, seat)
