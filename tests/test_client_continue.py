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
    from server.journal import Journal
    from server.runtime import JOURNAL_FILE
    from server.tables import replay_state
    from shared.engine import REGISTRY

    journal = Journal(folder / JOURNAL_FILE, read_only=True)
    try:
        rec = journal.table(table)
        assert rec is not None and rec.seed is not None
        state = replay_state(REGISTRY[GAME], rec.seats, rec.seed, rec.options, journal.actions(table, 0, sid))
    finally:
        journal.close()
    return REGISTRY[GAME].view(state, seat)


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
