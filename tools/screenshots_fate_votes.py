"""Screenshots of the fate_votes table in ja/zh/en, driven by the real rules.

Run under Xvfb: ``xvfb-run -a -s "-screen 0 1920x1080x24" python3 tools/screenshots_fate_votes.py``.
Writes docs/screenshots/fate_votes_<scene>_<lang>.png (round, display, reveal, results).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from bench import fv_scenes as S  # noqa: E402
from tests.fakes import FakeCtx  # noqa: E402


def _drag(table, start, end) -> None:
    """Real mouse events through SDL's queue, as a player would drag."""
    def post(etype, **kw):
        pygame.event.post(pygame.event.Event(etype, **kw))
        for ev in pygame.event.get(etype):
            table.handle_event(ev)
    post(pygame.MOUSEBUTTONDOWN, pos=(int(start[0]), int(start[1])), button=1)
    for i in range(1, 9):
        p = (int(start[0] + (end[0] - start[0]) * i / 8), int(start[1] + (end[1] - start[1]) * i / 8))
        post(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
        table.update(1 / 60)
    post(pygame.MOUSEBUTTONUP, pos=(int(end[0]), int(end[1])), button=1)
    for _ in range(30):
        table.update(1 / 60)


def scenes(lang: str, screen: pygame.Surface):
    ctx = FakeCtx(lang=lang, unit=screen.get_height() / 54)
    t = S.round_scene(ctx, n=8)
    t.set_clock(None)
    loose = [c for c in t._hand_order() if c not in t.staged]
    _drag(t, t.hand_sprites[loose[-1]].pos, t.L.discard.center)
    yield "round", t
    big = FakeCtx(lang=lang, unit=screen.get_height() / 54 * 1.5, display_mode=True)
    state, _ = S.play_to(8, 3, lambda s: s["round"] == 3 and s["phase"] == "discussion")
    d = S.make_table(big, state, None, lang)
    d.set_clock(97)
    for _ in range(5):
        d.update(1 / 60)
    yield "display", d
    yield "reveal", S.final_reveal_scene(ctx, n=12, seat=0, progress=3.3)
    r = S.results_scene(ctx, n=8)
    r.results_toggle = True  # the table's own results sheet (the app shows draw_results in its frame)
    r.update(1 / 60)
    yield "results", r


def main() -> None:
    pygame.init()
    screen = pygame.display.set_mode((1920, 1080))
    out = ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    langs = sys.argv[1:] or ["ja", "zh", "en"]
    for lang in langs:
        for name, table in scenes(lang, screen):
            table.update(1 / 60)
            table.draw(screen, screen.get_rect())
            pygame.display.flip()
            path = out / f"fate_votes_{name}_{lang}.png"
            pygame.image.save(screen, str(path))
            print(path)


if __name__ == "__main__":
    main()
