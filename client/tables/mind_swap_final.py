"""The final scores, laid over the map when the game is over."""
from __future__ import annotations

from typing import Any

import pygame

from client.kit import theme
from client.kit.cache import LruCache, SurfaceCache
from client.kit.textfit import is_recording
from client.kit.widgets import Panel, fitter_for
from client.tables import mind_swap_draw as D
from client.tables import mind_swap_layout as L
from client.tables.mind_swap_texts import restored_story

_PLACED: LruCache[tuple[Any, ...]] = LruCache(8)  # the stories and the fitted panel, per what they are made from


def draw_final(table: Any, surface: pygame.Surface, lay: L.Layout) -> None:
    """The scores panel over the shaded map (the table, once the game is over)."""
    m = table.model
    if not m.over or not m.players:
        return
    Panel.veil(surface, lay.map, theme.VEIL, 120)
    draw_scores(table, m, surface, lay.map, lay.unit)


def draw_scores(table: Any, m: Any, surface: pygame.Surface, area: pygame.Rect, unit: float) -> None:
    """The scores panel for model ``m`` centred in ``area`` (the map, or the app's results frame): per
    player the score, the restored students and, in words, whom they restored and who restored their
    character. The unit shrinks so every row fits ``area``."""
    if not m.players:
        return
    rows = sorted(m.players, key=lambda pl: (-pl.score, pl.seat))
    ctx = table.ctx
    names = tuple((table.texts.seat_name(pl.seat), pl.seat, pl.score, tuple(pl.pile), pl.character) for pl in rows)
    shown = (names, tuple(m.winners), tuple(area), unit, ctx.lang)  # all a story and the panel's size come from
    stories, u, w, h, text_w, heights = _PLACED.get(shown, lambda: _place_scores(table, m, rows, area, unit))
    cache: SurfaceCache = table.painter.scores_cache
    panel = pygame.Rect(0, 0, w, h)
    panel.center = area.center
    if is_recording() or surface.get_flags() & pygame.SRCALPHA:
        _paint_scores(table, m, surface, panel, u, rows, heights, stories, text_w)
        return
    key = (names, tuple(m.winners), tuple(stories.items()), panel.size, u, ctx.lang)

    def make() -> pygame.Surface:
        layer = pygame.Surface((w + 4, h + 6), pygame.SRCALPHA)
        _paint_scores(table, m, layer, pygame.Rect(0, 0, w, h), u, rows, heights, stories, text_w, theme.DROP_SHADOW_SOLID)
        return layer
    surface.blit(cache.get(key, make), panel.topleft)


def _place_scores(table: Any, m: Any, rows: list[Any], area: pygame.Rect, unit: float) -> tuple[Any, ...]:
    """Each player's story in words and the panel's size: (stories, unit, w, h, text width, row heights)."""
    ctx = table.ctx
    fit = fitter_for(ctx)
    stories = {pl.seat: restored_story(m, pl, lambda no: table.texts.name(no, short=True), table.texts.seat_name, ctx.t, ctx.lang)
               for pl in rows}
    u = unit
    for _ in range(12):  # the unit shrinks until every row (its story wrapped, never cut) fits the area
        w = min(area.w - round(u * 2), round(u * 44))
        text_w = w - round(u * 6)  # the row less its margins and the badge
        heights = [round(u * 2.7) + fit.block(stories[pl.seat], u * 0.8, text_w).height + round(u * 0.5)
                   for pl in rows]
        h = round(u * 4.2) + sum(heights) + round(u * 0.8)
        if h <= area.h or u < 8:
            break
        u *= 0.92
    return stories, u, w, h, text_w, heights


def _paint_scores(table: Any, m: Any, surface: pygame.Surface, panel: pygame.Rect, u: float, rows: list[Any],
                  heights: list[int], stories: dict[int, str], text_w: int,
                  shadow: tuple[int, ...] = theme.SOFT_SHADOW) -> None:
    """The scores panel at ``panel`` (``shadow``: opaque black in a layer, as the screen shows it)."""
    ctx = table.ctx
    fit = fitter_for(ctx)
    pygame.draw.rect(surface, shadow, panel.move(4, 6), border_radius=round(u))
    pygame.draw.rect(surface, D.PAPER, panel, border_radius=round(u))
    pygame.draw.rect(surface, D.INK, panel, 2, border_radius=round(u))
    title = ctx.text(ctx.t("ms.final_scores"), max(14, u * 1.6), D.INK, True)
    surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + round(u * 0.8))))
    y = panel.y + round(u * 3.6)
    winners = set(m.winners)
    for pl, row_h in zip(rows, heights, strict=True):
        r = pygame.Rect(panel.x + round(u), y, panel.w - round(u * 2), row_h - round(u * 0.3))
        if pl.seat in winners:
            pygame.draw.rect(surface, (*D.ACCENT,), r, border_radius=round(u * 0.6))
        else:
            pygame.draw.rect(surface, theme.MS_SCORE_ROW, r, border_radius=round(u * 0.6))
        top = pygame.Rect(r.x, r.y, r.w, round(u * 2.7))  # the first line: badge, name, pile, score
        badge = table.painter.player_badge(pl.seat, round(top.h * 0.4))
        surface.blit(badge, badge.get_rect(midleft=(r.x + round(u * 0.4), top.centery)))
        x = r.x + round(u * 0.8) + badge.get_width()
        name = table.painter.fit_text(table.texts.seat_name(pl.seat), u * 1.05, D.INK, round(u * 9), True)
        surface.blit(name, (x, r.y + round(u * 0.2)))
        if pl.character is not None:
            ch = table.painter.fit_text(ctx.t("ms.as_character", no=pl.character, name=table.texts.name(pl.character)),
                                        u * 0.8, D.SOFT_INK, round(u * 11))
            surface.blit(ch, (x, top.bottom - ch.get_height() - round(u * 0.1)))
        if pl.seat in winners:
            win = ctx.text(ctx.t("ms.winner"), max(14, u * 0.85), D.INK, True)
            surface.blit(win, win.get_rect(topright=(r.right - round(u * 4.5), r.y + round(u * 0.2))))
        score = ctx.text(str(pl.score), max(14, u * 1.8), D.INK, True)
        surface.blit(score, score.get_rect(midright=(r.right - round(u * 0.8), top.centery)))
        # the score pile: every restored student this player brought home (own character marked)
        pw, ph = round(u * 1.5), round(u * 2.0)
        px = x + round(u * 12)
        for no in pl.pile:
            if px + pw > r.right - round(u * 6):
                break
            card = table.painter.mini_card(no, pw, ph)
            surface.blit(card, (px, top.centery - ph // 2))
            if no == pl.character:
                pygame.draw.rect(surface, D.INK, (px - 2, top.centery - ph // 2 - 2, pw + 4, ph + 4), 2,
                                 border_radius=4)
            px += pw + round(u * 0.2)
        story = stories[pl.seat]
        line = pygame.Rect(x, top.bottom, min(text_w, r.right - x), r.bottom - top.bottom)
        fitted = fit.block(story, u * 0.8, line.w, line.h)
        fit.draw_block(surface, story, line, fitted.size, D.INK, valign="center", kind="rule", fitted=fitted)
        y += row_h
