"""Every page of every rules book in ja, zh and en at 1280×720, 1920×1080 and 150 % text at 1280×720:
no text is cut, no text leaves its panel, no control overlaps another or leaves the window, and
scrolling a long page brings every paragraph and caption into view whole."""
from __future__ import annotations

import pygame
import pytest

from assets.loaders import rules_book as RB
from client.kit.textfit import recording
from tools import layout_walk as W

CONFIGS = [c for c in W.CONFIGS if (c.width, c.height) in ((1280, 720), (1920, 1080))]


def _texts(view) -> set[str]:
    page = view.page
    lang = view.ctx.lang
    out = {page.title[lang], *(p[lang] for p in page.paragraphs)}
    if page.example:
        out.add(page.example[lang])
    out.update(a.caption[lang] for a in page.art if a.caption)
    return out


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: c.name)
def test_every_page_fits(cfg):
    from client.kit.headless import HeadlessContext
    from client.rulesbook.view import RulesBookView

    if not pygame.get_init():
        pygame.init()
    assert len(CONFIGS) == 9
    surface = pygame.Surface((cfg.width, cfg.height))
    bounds = surface.get_rect()
    ctx = HeadlessContext(cfg.lang, unit=cfg.height / 54 * cfg.text_scale)
    problems: list[str] = []
    for game in RB.GAMES:
        view = RulesBookView(ctx, game)
        view.set_rect(bounds)
        for i in range(len(view.book.pages)):
            view.open_page(i)
            seen: set[str] = set()
            while True:  # from the top to the bottom of the page, a panel at a time
                view.update(1 / 60)
                with recording() as rec:
                    view.draw(surface, bounds)
                where = f"{game}/{view.page_id} {cfg.name} scroll {view.scroll}"
                for r in rec.records:
                    if r.cut:
                        problems.append(f"{where}: cut {r.text[:50]!r}")
                    elif r.kind == "rule" and not view.inside.contains(r.rect):
                        problems.append(f"{where}: {r.text[:50]!r} leaves the page at {tuple(r.rect)}")
                    elif r.text.strip() and not bounds.contains(r.rect):
                        problems.append(f"{where}: {r.text[:50]!r} outside the window")
                    if r.kind == "rule" and r.rect.h >= view.ctx.font(12).get_linesize() // 2:
                        seen.add(r.text)
                nodes = view.nodes()
                for a, b in nodes.overlaps(("button",), across_z=True):
                    problems.append(f"{where}: {a.id} overlaps {b.id}")
                for n in nodes.outside(bounds):
                    problems.append(f"{where}: {n.id} outside the window")
                if view.scroll >= view.max_scroll:
                    break
                view.scroll_by(view.inside.h // 2)
            missing = _texts(view) - seen
            if missing:
                problems.append(f"{game}/{view.page_id} {cfg.name}: never shown: {min(missing)[:50]!r}")
    assert problems == [], "\n".join(problems[:40])
