"""Crash recovery: kill -9 the server mid-game, restart it on the same journal, finish."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import serverlog
from srvkit import FAST_OPTIONS, GAME, SyncClient, play, replay, wait_sid
from waiting import WAIT_SECONDS, WaitTimeout, wait_until

from shared.engine import REGISTRY

pytestmark = pytest.mark.timeout(120)
ROOT = Path(__file__).resolve().parent.parent
N = 6


def _listening_port(log: Path) -> int | None:
    m = re.search(r"listening on [\d.]+:(\d+)", log.read_text(encoding="utf-8", errors="replace"))
    return int(m.group(1)) if m else None


def start_server(data: Path, port: int = 0) -> tuple[subprocess.Popen, int]:
    """``houkago server`` on 127.0.0.1 in a subprocess; its output goes to a log file that a failed test
    shows. A restart on a given port retries while that port is still taken (a just-killed server's)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    deadline = time.monotonic() + WAIT_SECONDS
    attempt = 0
    while True:
        attempt += 1
        log = serverlog.attach(data / f"server-{port}-{time.monotonic_ns()}.log")
        with open(log, "w", encoding="utf-8") as out:
            proc = subprocess.Popen([sys.executable, "-m", "houkago", "server", "--host", "127.0.0.1",
                                     "--port", str(port), "--data", str(data), "--no-discovery",
                                     "--log-level", "INFO", "--grace", "600"],
                                    stdout=out, stderr=subprocess.STDOUT, text=True, cwd=str(ROOT), env=env)
        try:
            wait_until(lambda log=log, proc=proc: _listening_port(log) or proc.poll() is not None,
                       f"`houkago server --port {port}` to print its address (log: {log})",
                       timeout=max(1.0, deadline - time.monotonic()))
        except WaitTimeout:
            proc.kill()
            proc.wait()
            raise
        bound = _listening_port(log)
        if bound is not None:
            return proc, bound
        proc.wait()
        if port == 0 or time.monotonic() > deadline:
            raise RuntimeError(f"server did not start (exit {proc.returncode}, attempt {attempt}); see {log}")
        time.sleep(0.2)  # the port is still taken: try again


def test_kill9_restart_resume_and_finish(tmp_path: Path) -> None:
    seed = 2024
    proc, port = start_server(tmp_path)
    try:
        host = SyncClient(port, "host")
        table, host_token = host.create(GAME, N, options=FAST_OPTIONS, practice=True)
        players = {}
        for s in range(N):
            players[s] = SyncClient(port, f"p{s}")
            players[s].join(table, s)
        tokens = {s: c.tokens[s] for s, c in players.items()}
        host.send({"t": "start", "table": table, "host": host_token, "seed": seed})
        history: list = []
        play(table, players, [], seed, history, stop=lambda step: step >= 15)
        seen_sid = players[0].snap[0]["sid"]
        assert seen_sid == len(history) == 15
        proc.send_signal(signal.SIGKILL)
        proc.wait(WAIT_SECONDS)
        for c in [host, *players.values()]:
            assert c.is_closed()

        proc, port2 = start_server(tmp_path, port)
        assert port2 == port
        back = {}
        for s in range(N):
            c = SyncClient(port, f"p{s} again")
            c.tokens[s] = tokens[s]
            c.send({"t": "resume", "table": table, "seat": s, "token": tokens[s]})
            c.expect("joined")
            back[s] = c
        wait_sid([(c, s) for s, c in back.items()], 0)
        # every action whose update a client saw was journaled before it was sent
        assert all(c.snap[s]["sid"] == seen_sid for s, c in back.items())
        spec = REGISTRY[GAME]
        states, _ = replay(GAME, N, seed, spec.resolve_options(FAST_OPTIONS), history)
        for s, c in back.items():
            assert c.snap[s]["view"] == spec.view(states[-1], s)
        # a stale token still fails after the restart
        bad = SyncClient(port, "x")
        bad.send({"t": "resume", "table": table, "seat": 0, "token": tokens[1]})
        assert bad.error()["code"] == "seat/bad_token"

        last = play(table, back, [], seed + 1, history, stop=None if spec.ends else (lambda step: step >= 10))
        states, _ = replay(GAME, N, seed, spec.resolve_options(FAST_OPTIONS), history)
        assert last["sid"] == len(history)
        assert last["view"] == spec.view(states[-1], 0)
        if spec.ends:
            assert last["over"] and back[0].result(table) == spec.result(states[-1])
    finally:
        proc.kill()
        proc.wait(WAIT_SECONDS)


def test_restart_restores_lobby_tables_and_host_token(tmp_path: Path) -> None:
    proc, port = start_server(tmp_path)
    try:
        host = SyncClient(port, "host")
        table, host_token = host.create(GAME, N, options=FAST_OPTIONS, practice=True, turn_seconds=45)
        p = SyncClient(port, "p")
        seat = p.join(table, None, name="Aoi")
        proc.send_signal(signal.SIGKILL)
        proc.wait(WAIT_SECONDS)
        proc, port = start_server(tmp_path, port)
        host = SyncClient(port, "host")
        host.send({"t": "watch", "table": table})
        lobby = host.expect("lobby")["table"]
        assert lobby["phase"] == "lobby" and lobby["seats"][seat]["name"] == "Aoi"
        assert lobby["turn_seconds"] == 45  # the host's turn clock is journaled
        assert not lobby["seats"][seat]["connected"]
        host.send({"t": "bot", "table": table, "host": host_token, "seat": (seat + 1) % N, "level": "random"})
        host.expect(lambda m: m["t"] == "lobby" and m["table"]["seats"][(seat + 1) % N]["bot"] == "random")
    finally:
        proc.kill()
        proc.wait(WAIT_SECONDS)
