"""Screenshots of the school_mystery table at 1920×1080, reached by playing the real rules.

Run under a display (``xvfb-run -a -s "-screen 0 1920x1080x24" python3 tools/screenshots_school_mystery.py``);
writes ``docs/screenshots/school_mystery_<scene>_<lang>.png`` for the scenes subject, setup, table,
roll (3d6 with advantage), resolution and article, in Japanese, Chinese and English (``--langs``).
Text goes through the app's own engine (fonts, kinsoku wrap) and strings. ``--size 1280x720 --out /tmp/x``
renders another window size (the unit follows the height), ``--scenes table,roll`` only some scenes.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from bench import sm_scenes as S
from client.kit.headless import HeadlessContext
from shared.engine import REGISTRY

SIZE = (1920, 1080)
OUT = ROOT / "docs" / "screenshots"


def ShotCtx(lang: str, unit: float, display_mode: bool = False) -> HeadlessContext:
    """The kit's headless context (the app's text engine and strings), animations finished at once."""
    return HeadlessContext(lang, unit=unit, fast=True, display_mode=display_mode)


def roll_scene(lang: str) -> tuple[dict, list, int]:
    """A rolled 3d6 with advantage and a friend's help that a secret could still raise."""
    sp = REGISTRY["school_mystery"]
    for seed in range(11, 80):
        state, hist, roller = S.scene_roll(lang, seed=seed)
        roll = state["roll"]
        if roll and roll["stage"] == "rolled" and roll["mode"] == "advantage" and roll["band"] != "great" and any(
                a["type"] == "unlock_secret" for a in sp.legal_actions(state, roller)):
            return state, hist, roller
    return S.scene_roll(lang)


def scenes(lang: str) -> list[tuple[str, dict, list, int | None]]:
    out = []
    state, hist = S.play(4, 3, lang, lambda s: True, options={})  # the subject choice (seat 0 enters it)
    out.append(("subject", state, hist, 0))
    state, hist = S.scene_setup(lang)
    out.append(("setup", state, hist, 2))
    state, hist = S.scene_table(lang)
    out.append(("table", state, hist, 0))
    state, hist, roller = roll_scene(lang)
    out.append(("roll", state, hist, roller))
    state, hist = S.scene_resolution(lang)
    out.append(("resolution", state, hist, 0))
    state, hist = S.scene_over(lang)
    out.append(("article", state, hist, 0))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--langs", default="ja,zh,en")
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--display", action="store_true", help="also the table display of the table scene")
    ap.add_argument("--size", default=f"{SIZE[0]}x{SIZE[1]}", help="window size WxH (default 1920x1080)")
    ap.add_argument("--scenes", default="", help="comma-separated scene names (default: all)")
    args = ap.parse_args(argv)
    size = tuple(int(n) for n in args.size.lower().split("x"))
    wanted = set(filter(None, args.scenes.split(",")))
    pygame.init()
    screen = pygame.display.set_mode(size)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for lang in args.langs.split(","):
        for name, state, hist, seat in scenes(lang):
            if wanted and name not in wanted:
                continue
            ctx = ShotCtx(lang, size[1] / 54)
            table = S.make_table(ctx, state, hist, seat, screen.get_rect())
            if name == "setup":  # the player is halfway through the form
                table.update(0)
                table.entries["name"].set_text(S.TEXTS[lang]["names"][seat])
                table.sel.update(stats=1, rival=3)
                table.dirty = True
            if name == "article":
                table.export_dir = Path("~/Documents/houkago").expanduser()
                table.dirty = True
            table.update(0.1)
            table.draw(screen, screen.get_rect())
            pygame.display.flip()
            path = out / f"school_mystery_{name}_{lang}.png"
            pygame.image.save(screen, str(path))
            print(path)
        if args.display:
            state, hist = S.scene_table(lang)
            ctx = ShotCtx(lang, size[1] / 54 * 1.5, display_mode=True)
            table = S.make_table(ctx, state, hist, None, screen.get_rect())
            table.update(0.1)
            table.draw(screen, screen.get_rect())
            path = out / f"school_mystery_display_{lang}.png"
            pygame.image.save(screen, str(path))
            print(path)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
