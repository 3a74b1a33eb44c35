"""One machine of the network-namespace LAN run (tests/test_lan_netns.py): run inside a namespace with
``ip netns exec``, it prints one JSON line per thing it saw, each with ``at`` (wall-clock seconds: every
namespace shares the machine's clock).

    python tests/netns_agent.py host ADDR PORT        opens a 4-seat table, takes seat 1 and plays it, bots 2-3
    python tests/netns_agent.py player ADDR PORT TABLE  takes seat 0 with the game's ClientSession, never moves
    python tests/netns_agent.py display ADDR PORT DIR   the real app's table display, headless
"""
from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]


def say(**what: Any) -> None:
    print(json.dumps({"at": time.time(), **what}), flush=True)


def host(address: str, port: int) -> None:
    from client.session import ClientSession
    from shared.messages import to_map

    s = ClientSession(address, port, name="Host", connect_timeout=3.0, first_attempts=20).start()
    s.create("fate_votes", 4, options={"discussion_seconds": 0}, name="Host", bot_delay=0.3)
    created = s.wait_for("created", 30.0)
    assert created is not None
    table = created.table
    s.join(table, 1, "Host")
    say(kind="table", table=table)
    rng = random.Random(3)
    started = False
    seat0: tuple[Any, ...] | None = None
    snap: dict[str, Any] | None = None
    acted_on = -1
    while True:
        for m in map(to_map, s.poll()):  # (as plain maps, t included)
            if m["t"] == "_net":
                say(kind="net", state=m["state"])
            elif m["t"] == "lobby":
                seats = m["table"]["seats"]
                mine = (seats[0]["taken"], seats[0]["connected"], seats[0]["bot"], seats[0].get("away") is not None)
                if mine != seat0:
                    seat0 = mine
                    say(kind="seat0", taken=mine[0], connected=mine[1], bot=mine[2], away=seats[0].get("away"),
                        name=seats[0]["name"], sid=m["table"]["sid"])
                if not started and seats[0]["taken"]:
                    started = True
                    for b in (2, 3):
                        s.bot(table, b)
                    s.start_game(table)
            elif m["t"] == "snapshot" and m.get("seat") == 1:
                snap = m
                say(kind="sid", sid=m["sid"], over=m["over"])
            elif m["t"] == "result":
                say(kind="over")
        if snap and snap.get("legal") and snap["sid"] != acted_on and not snap["over"]:
            acted_on = snap["sid"]
            s.act(table, 1, snap["sid"], rng.choice(snap["legal"]))
        time.sleep(0.05)


def player(address: str, port: int, table: str) -> None:
    from client.session import ClientSession
    from shared.messages import to_map

    s = ClientSession(address, port, name="Aiko", connect_timeout=2.0, first_attempts=20).start()
    s.join(table, 0, "Aiko")
    while True:
        for m in map(to_map, s.poll()):  # (as plain maps, t included)
            if m["t"] == "_net":
                say(kind="net", state=m["state"], reason=m.get("reason"))
            elif m["t"] == "joined":
                say(kind="joined", seat=m["seat"])
            elif m["t"] == "snapshot" and m.get("seat") == 0:
                say(kind="snapshot", sid=m["sid"], legal=bool(m.get("legal")))
        time.sleep(0.05)


def display(address: str, port: int, folder: str) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from client import modes
    from client.app import App
    from houkago.cli import build_parser

    args = build_parser().parse_args(["--size", "1280x720", "--lang", "en", "display", f"{address}:{port}"])
    app = App(args, settings_path=Path(folder) / "settings.json")
    modes.start(app, app.args)
    shown: tuple[Any, ...] | None = None
    while True:
        app.poll_network()
        app.frame(0.05)
        match = app.match
        now = (app.top.name if app.top else None, match.table if match else None,
               match.seat_name(0) if match else None)
        if now != shown:
            shown = now
            say(kind="display", scene=now[0], table=now[1], seat0=now[2])
        time.sleep(0.05)


if __name__ == "__main__":
    role, addr, port_text, *rest = sys.argv[1:]
    {"host": lambda: host(addr, int(port_text)), "player": lambda: player(addr, int(port_text), rest[0]),
     "display": lambda: display(addr, int(port_text), rest[0])}[role]()
