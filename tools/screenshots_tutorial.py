"""Screenshots of the guided first games, taken in the real app (local server, bots, real events).

Run under Xvfb: ``xvfb-run -a -s "-screen 0 1920x1080x24" python3 tools/screenshots_tutorial.py``.
Plays each guided game with :mod:`tools.tutorial_drive` up to the named step and saves the window
when that step's ring is on screen: docs/screenshots/tutorial_<game>_<step>_<lang>.png (``--out DIR``).
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from client import modes
from client.app import App
from client.tutorial import offer
from houkago.cli import build_parser
from tools.shots import out_folder
from tools.tutorial_drive import act_on_ring, frames

SHOTS = (("fate_votes", "vote_1", "ja"), ("mind_swap", "magic", "en"), ("fate_votes", "choose_strike", "zh"),
         ("school_mystery", "clue_draw", "en"))
LIMIT_SECONDS = 120


def shoot(game: str, step: str, lang: str, out: Path) -> Path:
    """Play ``game``'s guided game until ``step`` rings what to touch; save the window."""
    cfg = Path(tempfile.mkdtemp(prefix="houkago-shots-"))
    app = App(build_parser().parse_args(["--lang", lang, "--size", "1920x1080"]), settings_path=cfg / "settings.json")
    modes.start(app, app.args)
    app.frame(0.016)
    offer.start(app, game)
    started = time.monotonic()
    try:
        while time.monotonic() - started < LIMIT_SECONDS:
            frames(app, 2)
            tut = app.find("tutorial")
            if tut is None or app.top is not tut:
                continue
            if tut.step.id == step and tut.ring_nodes() and not tut.view().busy():
                frames(app, 40)  # the card's pulse fades
                path = out / f"tutorial_{game}_{step}_{lang}.png"
                pygame.image.save(app.screen, str(path))
                return path
            act_on_ring(app, tut)
        raise SystemExit(f"{game}: step {step} was not reached in {LIMIT_SECONDS} s")
    finally:
        app.shutdown()


def main() -> None:
    """``python3 tools/screenshots_tutorial.py [--out DIR]``."""
    out = out_folder(sys.argv[1:])
    for game, step, lang in SHOTS:
        print(shoot(game, step, lang, out))


if __name__ == "__main__":
    main()
