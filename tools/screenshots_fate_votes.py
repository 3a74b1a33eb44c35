"""Screenshots of the fate_votes table in ja/zh/en, driven by the real rules.

Run under Xvfb: ``xvfb-run -a -s "-screen 0 1920x1080x24" python3 tools/screenshots_fate_votes.py``.
Writes docs/screenshots/fate_votes_<scene>_<lang>.png (round, display, reveal, results);
``--size 1280x720`` adds the size to the name, ``--text 1.5`` (text size 150 %) adds ``_150``,
``--out DIR`` writes elsewhere.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from bench import fv_scenes as S
from tests.fakes import FakeCtx


def scenes(lang: str, screen: pygame.Surface, text: float = 1.0):
    """The table while discarding (one card dragged), the TV display, the round-5 reveal, the results."""
    ctx = FakeCtx(lang=lang, unit=screen.get_height() / 54 * text)
    t = S.register_walk_scene("fate_votes_discard")(ctx)
    t.set_clock(None)
    yield "round", t
    big = FakeCtx(lang=lang, unit=screen.get_height() / 54 * 1.5, display_mode=True)
    state, _ = S.play_to(8, 3, lambda s: s["round"] == 3 and s["phase"] == "discussion")
    d = S.make_table(big, state, None, lang)
    d.set_clock(97)
    for _ in range(5):
        d.update(1 / 60)
    yield "display", d
    yield "reveal", S.final_reveal_scene(ctx, n=12, seat=0, progress=3.3)
    yield "results", S.register_walk_scene("fate_votes_results")(ctx)


def main() -> None:
    """``python3 tools/screenshots_fate_votes.py [--size WxH] [--text 1.5] [--out DIR] [lang ...]``."""
    args = sys.argv[1:]
    size, out, text = (1920, 1080), ROOT / "docs" / "screenshots", 1.0
    if "--text" in args:
        i = args.index("--text")
        text = float(args[i + 1])
        del args[i:i + 2]
    if "--size" in args:
        i = args.index("--size")
        w, h = args[i + 1].split("x")
        size = (int(w), int(h))
        del args[i:i + 2]
    if "--out" in args:
        i = args.index("--out")
        out = Path(args[i + 1])
        del args[i:i + 2]
    pygame.init()
    screen = pygame.display.set_mode(size)
    out.mkdir(parents=True, exist_ok=True)
    suffix = ("" if size == (1920, 1080) else f"_{size[0]}x{size[1]}") + ("" if text == 1.0 else f"_{round(text * 100)}")
    for lang in args or ["ja", "zh", "en"]:
        for name, table in scenes(lang, screen, text):
            table.set_rect(screen.get_rect())
            table.update(1 / 60)
            table.draw(screen, screen.get_rect())
            pygame.display.flip()
            path = out / f"fate_votes_{name}_{lang}{suffix}.png"
            pygame.image.save(screen, str(path))
            print(path)


if __name__ == "__main__":
    main()
