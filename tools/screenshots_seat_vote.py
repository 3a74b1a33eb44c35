"""Screenshots of the turn clock and "Seats and votes" as a player sees them (issue 31).

A local server on 127.0.0.1, a host and Rena (protocol clients) and Ken (the game's client, this window) at a
3-seat mind_swap table with a 60 s turn clock. Rena has the first move and stays silent: Ken sees her clock count
down, opens Esc → Seats and votes and votes (a majority of one). Then Rena takes her seat back, Ken has something
to do, Rena votes him out: Ken reads that a bot plays his seat and takes it back. Then the host's side
(:func:`run_host`): Mio hosts from the game's lobby and lets a bot play a seat at once.

    python tools/screenshots_seat_vote.py OUT_DIR [--size 1280x720] [--scale 1.5] [--lang ja --lang zh ...]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import pygame


def _click(app: Any, key: str) -> None:
    b = next(b for b in app.top.buttons if b.key == key)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b.rect.center, button=1))
    app.frame(0.016)


def _until(app: Any, cond: Any, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise SystemExit(f"gave up waiting ({cond})")
        app.frame(0.016)
        time.sleep(0.005)


def _settle(app: Any, seconds: float = 0.6) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame(0.016)
        time.sleep(0.01)


def run(out: Path, lang: str, size: str, scale: float) -> list[Path]:
    from srvkit import SyncClient

    from client import modes
    from client.app import App
    from houkago.cli import build_parser
    from server.runtime import ServerThread

    shots: list[Path] = []
    tag = f"{size}-{lang}@{round(scale * 100)}"

    def shot(app: Any, name: str) -> None:
        path = out / f"seat_vote-{tag}-{name}.png"
        pygame.image.save(app.screen, str(path))
        shots.append(path)

    with ServerThread() as srv:
        port = srv.port or 0
        host = SyncClient(port, "Host")
        table, host_token = host.create("mind_swap", 3, practice=True, turn_seconds=60, bot_delay=1.0)
        rena = SyncClient(port, "Rena")
        rena.join(table, 0, "Rena")
        host.send({"t": "bot", "table": table, "host": host_token, "seat": 2, "level": "random"})
        args = build_parser().parse_args(["--size", size, "--name", "Ken", "--lang", lang, "join",
                                          f"127.0.0.1:{port}"])
        app = App(args, settings_path=Path(tempfile.mkdtemp(prefix="houkago-shots-")) / "settings.json")
        app.settings.ui_scale = scale
        try:
            modes.start(app, app.args)
            join = app.top
            _until(app, lambda: join.tables and any(b.key == "row_0" for b in join.buttons))
            _click(app, "row_0")
            _until(app, lambda: app.top.name == "lobby" and app.top.my_seat == 1)
            host.send({"t": "start", "table": table, "host": host_token, "seed": 1})
            _until(app, lambda: app.top.name == "table" and app.match.turn_until.get(0) is not None)
            _settle(app, 2.5)
            shot(app, "1-table-turn-clock")
            app.push("menu")
            _settle(app, 0.3)
            shot(app, "2-menu")
            _click(app, "seats")
            _settle(app, 0.3)
            shot(app, "3-seats-before-vote")
            _click(app, "seat_vote_0")
            _until(app, lambda: app.top.rows and app.top.rows[0].action == "")
            _settle(app, 0.3)
            shot(app, "4-seats-after-vote")
            rena.expect(lambda m: m["t"] == "snapshot" and m["sid"] >= 1)
            rena.send({"t": "resume", "table": table, "seat": 0, "token": rena.tokens[0]})
            _until(app, lambda: 0 not in app.match.standing_in)
            _until(app, lambda: bool(app.match.legal.get(1)), 30.0)
            rena.send({"t": "replace", "table": table, "target": 1, "seat": 0, "token": rena.tokens[0]})
            _until(app, lambda: 1 in app.match.standing_in and app.top.rows
                   and app.top.rows[1].action == "take_back")
            _settle(app, 0.3)
            shot(app, "5-replaced-you")
            _click(app, "seat_take_back_1")
            _until(app, lambda: 1 not in app.match.standing_in)
            _click(app, "seats_close")
            _settle(app, 0.5)
            shot(app, "6-back")
        finally:
            app.shutdown()
            host.close()
            rena.close()
    return shots


def run_host(out: Path, lang: str, size: str, scale: float) -> list[Path]:
    """The host's side: Mio hosts from the game's lobby (turn clock 60 s), Rena and Ken join; Mio opens Seats and
    votes and lets a bot play a seat at once (the one with something to do; else the refusal is shown)."""
    from srvkit import SyncClient

    from client import modes
    from client.app import App
    from client.services import open_session, start_local_server
    from houkago.cli import build_parser

    shots: list[Path] = []
    tag = f"{size}-{lang}@{round(scale * 100)}"
    args = build_parser().parse_args(["--size", size, "--name", "Mio", "--lang", lang])
    app = App(args, settings_path=Path(tempfile.mkdtemp(prefix="houkago-shots-")) / "settings.json")
    app.settings.ui_scale = scale
    guests: list[Any] = []
    try:
        modes.start(app, app.args)
        port = start_local_server(app, host="127.0.0.1", port=0)
        open_session(app, "127.0.0.1", port)
        lobby = app.push("lobby", game="mind_swap", hosting=True, port=port)
        app.frame(0.016)
        while lobby.seats > 3:
            _click(app, "seats_down")
        for _ in range(2):
            _click(app, "opt_turn_seconds_up")
        _click(app, "open")
        _until(app, lambda: lobby.my_seat == 0)
        for name in ("Rena", "Ken"):
            g = SyncClient(port, name)
            g.join(lobby.table, None, name)
            guests.append(g)
        _until(app, lambda: any(b.key == "start" and b.enabled for b in app.top.buttons))
        _click(app, "start")
        _until(app, lambda: app.top.name == "table" and app.match.started)
        for g in guests:
            g.pump(0.5)
        waiting = [s for g in guests for s in g.snap if s is not None and g.snap[s].get("legal")]
        _settle(app, 1.5)
        path = out / f"seat_vote-host-{tag}-1-table.png"
        pygame.image.save(app.screen, str(path))
        shots.append(path)
        app.push("seats")
        _settle(app, 0.3)
        path = out / f"seat_vote-host-{tag}-2-seats.png"
        pygame.image.save(app.screen, str(path))
        shots.append(path)
        _click(app, f"seat_host_replace_{waiting[0] if waiting else 1}")
        _settle(app, 0.8)
        path = out / f"seat_vote-host-{tag}-3-after.png"
        pygame.image.save(app.screen, str(path))
        shots.append(path)
    finally:
        app.shutdown()
        for g in guests:
            g.close()
    return shots


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("out", type=Path)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--scale", type=float, default=1.5)
    p.add_argument("--lang", action="append")
    a = p.parse_args()
    a.out.mkdir(parents=True, exist_ok=True)
    for lang in a.lang or ["ja", "zh", "en"]:
        for path in run(a.out, lang, a.size, a.scale) + run_host(a.out, lang, a.size, a.scale):
            print(path)


if __name__ == "__main__":
    main()
