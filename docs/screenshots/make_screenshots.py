"""Make the launcher and lobby screenshots in ja, zh and en (run under Xvfb or with SDL dummy).

    xvfb-run -a -s "-screen 0 1920x1080x24" python3 docs/screenshots/make_screenshots.py

Needs the server (server.runtime) and the fate_votes rules. Everything stays on 127.0.0.1.
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame

from client import modes
from client.app import App
from client.services import open_session, start_local_server
from client.session import ClientSession
from houkago.cli import build_parser

OUT = Path(__file__).resolve().parent
NAMES = {"ja": ("ミオ", ["レナ", "サトコ"]), "zh": ("美绪", ["蕾娜", "沙都子"]), "en": ("Mio", ["Rena", "Satoko"])}


def frames(app: App, n: int = 10) -> None:
    for _ in range(n):
        app.frame(0.016)
        time.sleep(0.01)


def main() -> None:
    cfg = tempfile.mkdtemp(prefix="houkago-shots-")
    for lang, (me, others) in NAMES.items():
        args = build_parser().parse_args(["--lang", lang, "--size", "1920x1080", "--name", me])
        app = App(args, settings_path=Path(cfg) / "settings.json")
        modes.start(app, args)
        frames(app, 5)
        pygame.image.save(app.screen, str(OUT / f"launcher_{lang}.png"))
        port = start_local_server(app, host="127.0.0.1", port=0)
        open_session(app, "127.0.0.1", port)
        lobby = app.push("lobby", game="fate_votes", hosting=True, port=port)
        frames(app, 5)
        pygame.image.save(app.screen, str(OUT / f"lobby_setup_{lang}.png"))
        lobby.open_table()
        for _ in range(200):
            frames(app, 1)
            if lobby.my_seat is not None:
                break
        guests = []
        for name in others:
            g = ClientSession("127.0.0.1", port, name=name).start()
            g.join(lobby.table, name=name)
            guests.append(g)
        frames(app, 20)
        joined = guests[0].wait_for("joined")
        if joined:
            guests[0].ready(lobby.table, joined.seat, True)
        lobby.set_bot(3, None)
        lobby.set_bot(4, None)
        frames(app, 30)
        pygame.image.save(app.screen, str(OUT / f"lobby_{lang}.png"))
        for g in guests:
            g.close()
        app.shutdown()
    print("saved to", OUT)


if __name__ == "__main__":
    main()
