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

from server import botrunner
from server.runtime import ServerThread
from shared.engine import REGISTRY
from srvkit import GAME
from test_server_crash import ROOT, start_server

pytestmark = [pytest.mark.timeout(150),
              pytest.mark.skipif(not REGISTRY[GAME].ends, reason=f"{GAME} never ends: bots need a real game")]
PLAYERS = max(REGISTRY[GAME].min_seats, min(6, REGISTRY[GAME].max_seats))


def test_bots_play_full_games(capsys: pytest.CaptureFixture[str]) -> None:
    with ServerThread() as srv:
        args = argparse.Namespace(address=f"127.0.0.1:{srv.port}", game=GAME, players=PLAYERS, games=2, tables=2,
                                  level="sensible", timeout=90.0)
        assert botrunner.main(args) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["games_finished"] == 4 and out["errors"] == 0 and not out["timed_out"]
    assert out["actions"] > 0 and out["p50_ms"] is not None and out["p99_ms"] >= out["p50_ms"]


def journaled(data: Path) -> int:
    try:
        with sqlite3.connect(f"file:{data / 'journal.sqlite3'}?mode=ro", uri=True, timeout=1) as db:
            return db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    except sqlite3.Error:
        return 0


def test_bots_resume_after_server_kill9(tmp_path: Path) -> None:
    proc, port = start_server(tmp_path)
    bots = subprocess.Popen([sys.executable, "-m", "houkago", "bots", f"127.0.0.1:{port}", "--game", GAME,
                             "--players", str(PLAYERS), "--games", "15", "--tables", "2", "--level", "random",
                             "--timeout", "100"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=str(ROOT))
    try:
        deadline = time.monotonic() + 30
        while journaled(tmp_path) < 150 and time.monotonic() < deadline and bots.poll() is None:
            time.sleep(0.05)
        assert bots.poll() is None, "the bots finished before the kill; make the run longer"
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        time.sleep(0.5)
        proc, _ = start_server(tmp_path, port)
        out_s, err_s = bots.communicate(timeout=120)
        out = json.loads(out_s.strip().splitlines()[-1])
        assert out["games_finished"] == 30, (out, err_s[-2000:])
        assert bots.returncode == 0
    finally:
        bots.kill()
        proc.kill()
        proc.wait(10)
