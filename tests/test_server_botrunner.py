"""``houkago bots``: full games by bot clients, and surviving a server kill -9 + restart."""
from __future__ import annotations

import argparse
import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from srvkit import GAME
from test_server_crash import ROOT, start_server
from waiting import GAME_WAIT_SECONDS, WAIT_SECONDS, wait_until

from server import botrunner
from server.journal import Journal
from server.runtime import ServerThread
from shared.engine import REGISTRY
from shared.messages import ListTables, Snapshot, Tables, Watch

pytestmark = [pytest.mark.skipif(not REGISTRY[GAME].ends, reason=f"{GAME} never ends: bots need a real game")]
PLAYERS = max(REGISTRY[GAME].min_seats, min(6, REGISTRY[GAME].max_seats))


def test_bots_play_full_games(capsys: pytest.CaptureFixture[str]) -> None:
    with ServerThread() as srv:
        args = argparse.Namespace(address=f"127.0.0.1:{srv.port}", game=GAME, players=PLAYERS, games=2, tables=2,
                                  level="sensible", timeout=GAME_WAIT_SECONDS)
        assert botrunner.main(args) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["games_finished"] == 4 and out["errors"] == 0 and not out["timed_out"]
    assert out["actions"] > 0 and out["p50_ms"] is not None and out["p99_ms"] >= out["p50_ms"]


@pytest.mark.parametrize("game,players", [("mind_swap", 4), ("school_mystery", 4)])
def test_bots_finish_every_game(game: str, players: int, capsys: pytest.CaptureFixture[str]) -> None:
    """Every game finishes with bot clients, including school_mystery, where everyone may act at
    once and sensible bots wait (None) for other players' steps."""
    with ServerThread() as srv:
        args = argparse.Namespace(address=f"127.0.0.1:{srv.port}", game=game, players=players, games=1,
                                  tables=3, level="sensible", timeout=GAME_WAIT_SECONDS)
        assert botrunner.main(args) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["games_finished"] == 3 and not out["timed_out"]


def journaled(data: Path) -> int:
    """Actions committed so far (in the journal's actions and its log)."""
    try:
        journal = Journal(data / "journal.sqlite3", read_only=True)
    except sqlite3.Error:
        return 0
    try:
        return journal.total_actions()
    except sqlite3.Error:
        return 0
    finally:
        journal.close()


def test_bots_resume_after_server_kill9(tmp_path: Path) -> None:
    proc, port = start_server(tmp_path)
    bots = subprocess.Popen([sys.executable, "-m", "houkago", "bots", f"127.0.0.1:{port}", "--game", GAME,
                             "--players", str(PLAYERS), "--games", "2", "--tables", "2", "--level", "random",
                             "--timeout", str(GAME_WAIT_SECONDS)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=str(ROOT))
    try:
        # kill the server while the first games are being played (however fast or slow the machine is)
        wait_until(lambda: journaled(tmp_path) >= 20 or bots.poll() is not None, "20 journaled bot actions")
        assert bots.poll() is None, "the bots finished before the kill; make the run longer"
        proc.send_signal(signal.SIGKILL)
        proc.wait(WAIT_SECONDS)
        time.sleep(0.5)
        proc, _ = start_server(tmp_path, port)
        out_s, err_s = bots.communicate(timeout=GAME_WAIT_SECONDS + WAIT_SECONDS)
        out = json.loads(out_s.strip().splitlines()[-1])
        assert out["games_finished"] == 4, (out, err_s[-2000:])
        assert bots.returncode == 0
    finally:
        bots.kill()
        bots.communicate()
        proc.kill()
        proc.wait(WAIT_SECONDS)


def test_bots_wait_for_a_display_and_play_the_whole_game_before_it(capsys: pytest.CaptureFixture[str]) -> None:
    """With ``--watch-wait`` a new table waits in its lobby for a watcher; once watched, the bots act
    after their beat and the watcher receives every state of the game from the deal on (live, not only
    the last reveal). Nobody watching: no beat (pace 0)."""
    import asyncio
    import threading

    assert botrunner.TableWatch(2, botrunner.Stats()).pace() == 0.0  # nobody watches: at once
    seen: list[int] = []
    with ServerThread() as srv:
        args = argparse.Namespace(address=f"127.0.0.1:{srv.port}", game="school_mystery", players=2, games=1,
                                  tables=1, level="normal", timeout=GAME_WAIT_SECONDS, beat=0.01, watch_wait=30.0)
        runner = threading.Thread(target=botrunner.main, args=(args,))
        runner.start()

        async def watch() -> None:
            link = botrunner.Link("127.0.0.1", srv.port, "display")
            await link.connect()
            table = None
            while table is None:
                tables = (await link.request(ListTables(), Tables)).tables
                table = next((t.id for t in tables if t.phase == "lobby"), None)
                await asyncio.sleep(0.05)
            link.send(Watch(table=table))
            while True:
                msg = await link.recv()
                if isinstance(msg, Snapshot):
                    seen.append(msg.sid)
                    if msg.over:
                        break
            link.close()

        asyncio.run(asyncio.wait_for(watch(), GAME_WAIT_SECONDS))
        runner.join(GAME_WAIT_SECONDS)
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["games_finished"] == 1
    assert seen[0] == 0 and seen == list(range(seen[-1] + 1)), seen[:10]  # every state, from the deal
