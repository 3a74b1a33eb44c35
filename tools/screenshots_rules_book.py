"""Screenshots of the rules book, taken in the real app (the scene the "?" on a table opens).

Run under Xvfb: ``xvfb-run -a -s "-screen 0 1920x1080x24" python3 tools/screenshots_rules_book.py``.
Writes docs/screenshots/rules_book_<game>_<page>_<lang>.png; ``--out DIR`` writes elsewhere.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from client import modes
from client.app import App
from client.rulesbook import open_rules
from houkago.cli import build_parser
from tools.shots import out_folder

SHOTS = (("mind_swap", "magic", "ja"), ("mind_swap", "goal", "en"), ("fate_votes", "winning", "en"),
         ("school_mystery", "cards", "zh"), ("mind_swap", "map", "zh"), ("school_mystery", "rolls", "ja"))


def main() -> None:
    """``python3 tools/screenshots_rules_book.py [--out DIR]``."""
    out = out_folder(sys.argv[1:])
    cfg = Path(tempfile.mkdtemp(prefix="houkago-shots-"))
    for game, page, lang in SHOTS:
        app = App(build_parser().parse_args(["--lang", lang, "--size", "1920x1080"]),
                  settings_path=cfg / "settings.json")
        modes.start(app, app.args)
        app.frame(0.016)
        open_rules(app, game, page)
        for _ in range(3):
            app.frame(0.016)
        app.draw(app.screen)
        pygame.display.flip()
        path = out / f"rules_book_{game}_{page}_{lang}.png"
        pygame.image.save(app.screen, str(path))
        print(path)
        app.shutdown()


if __name__ == "__main__":
    main()
