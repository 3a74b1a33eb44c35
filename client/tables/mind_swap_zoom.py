"""The zoomed card: a student's location-table rows, club and abilities, or an action card's text."""
from __future__ import annotations

from typing import Any

import pygame

from client.tables import mind_swap_draw as D
from client.tables import mind_swap_layout as L
from client.tables import mind_swap_model as M


def _ability_text(t: Any, table: Any, ab: Any) -> str:
    kind = getattr(ab, "kind", "")
    n = getattr(ab, "n", 0)
    name = t(f"ms.ability.{kind}")
    if kind == "servant":
        arg = t("ms.negi") if getattr(ab, "negi", False) else table.name(getattr(ab, "target", None), True)
        return f"{name}[{n}] / {arg}"
    if kind == "companion":
        grp = getattr(ab, "group", "") or ""
        groups = getattr(table.content, "groups", {}) or {}
        gname = (groups.get(grp) or {}).get(table.ctx.lang, grp)
        return f"{name}[{n}] / {gname} → {table.loc_name(getattr(ab, 'to', ''))}"
    return f"{name}[{n}]"


def draw_zoom(table: Any, surface: pygame.Surface, lay: L.Layout, z: tuple[str, Any]) -> None:
    u = lay.unit
    kind, ref = z
    w = round(u * 15)
    n_ab = len(M.student_abilities(table.content, int(ref))) if kind != "card" else 0
    h = max(round(w * 1.4), round(u * (21.5 + 1.2 * n_ab))) if kind != "card" else round(w * 1.4)
    r = pygame.Rect(0, 0, w, h)
    # beside the pointer, kept on screen
    mx, my = table.mouse
    r.topleft = (mx + round(u * 1.5), my - h // 2)
    if r.right > lay.rect.right - 4:
        r.right = mx - round(u * 1.5)
    r.clamp_ip(lay.rect)
    pygame.draw.rect(surface, (0, 0, 0, 110), r.move(4, 6), border_radius=round(u * 0.8))
    ctx = table.ctx
    if kind == "card":
        _draw_action_zoom(table, surface, r, ref)
        return
    no = int(ref)
    mind = kind == "mind"
    pygame.draw.rect(surface, D.MIND_PAPER if mind else D.PAPER, r, border_radius=round(u * 0.8))
    band = pygame.Rect(r.x, r.y, r.w, round(u * 3.2))
    pygame.draw.rect(surface, D.student_colour(no), band, border_top_left_radius=round(u * 0.8),
                     border_top_right_radius=round(u * 0.8))
    pygame.draw.circle(surface, D.PAPER, (band.x + u * 1.6, band.centery), u * 1.1)
    num = ctx.text(str(no), max(14, u * 1.2), D.INK, True)
    surface.blit(num, num.get_rect(center=(band.x + u * 1.6, band.centery)))
    name = table.painter.fit_text(M.student_name(table.content, no, ctx.lang), u * 1.1, D.INK, r.w - round(u * 4),
                                  True)
    surface.blit(name, (band.x + round(u * 3), band.y + round(u * 0.35)))
    kind_lbl = ctx.text(ctx.t("ms.zoom.mind" if mind else "ms.zoom.body"), max(14, u * 0.75), D.INK)
    surface.blit(kind_lbl, (band.x + round(u * 3), band.bottom - kind_lbl.get_height() - round(u * 0.25)))
    y = band.bottom + round(u * 0.4)
    x = r.x + round(u * 0.7)
    small = max(14, round(u * 0.75))
    for label, value in ((ctx.t("ms.zoom.club"), M.student_text(table.content, no, "club", ctx.lang)),
                         (ctx.t("ms.zoom.other"), M.student_text(table.content, no, "other", ctx.lang))):
        if not value:
            continue
        for i, line in enumerate(ctx.wrap(f"{label}: {value}", small, r.w - round(u * 1.4))[:2]):
            img = ctx.text(line, small, D.SOFT_INK)
            surface.blit(img, (x, y))
            y += img.get_height()
    y += round(u * 0.3)
    rows = M.student_rows(table.content, no)
    title = ctx.text(ctx.t("ms.zoom.table"), max(14, u * 0.8), D.INK, True)
    surface.blit(title, (x, y))
    y += title.get_height() + 2
    row_h = round(u * 1.05)
    for i, loc in enumerate(rows):
        total = i + 2
        on_card = (total <= 8) == mind
        col = D.INK if on_card else (160, 160, 165)
        if on_card:
            pygame.draw.rect(surface, (226, 220, 240) if mind else (236, 228, 206),
                             (x - 4, y, r.w - round(u * 1.4) + 8, row_h), border_radius=4)
        t = ctx.text(f"{total:>2}", max(14, u * 0.75), col, True)
        surface.blit(t, t.get_rect(midright=(x + round(u * 1.3), y + row_h // 2)))
        suit = M.SUIT_OF.get(loc, "other")
        D.draw_suit(surface, suit, (x + u * 2.1, y + row_h / 2), row_h * 0.62,
                    None if on_card else (190, 190, 195))
        lbl = table.loc_name(loc) if loc != "other" else (M.student_text(table.content, no, "other", ctx.lang)
                                                         or table.loc_name(loc))
        img = table.painter.fit_text(lbl, u * 0.75, col, r.w - round(u * 4))
        surface.blit(img, img.get_rect(midleft=(x + round(u * 2.9), y + row_h // 2)))
        y += row_h
    if not rows:
        img = ctx.text("—", small, D.SOFT_INK)
        surface.blit(img, (x, y))
        y += img.get_height()
    abilities = M.student_abilities(table.content, no)
    if abilities:
        y += round(u * 0.3)
        title = ctx.text(ctx.t("ms.zoom.abilities"), max(14, u * 0.8), D.INK if mind else (150, 150, 155), True)
        surface.blit(title, (x, y))
        y += title.get_height()
        for ab in abilities:
            for line in ctx.wrap(_ability_text(ctx.t, table, ab), small, r.w - round(u * 1.4)):
                if y > r.bottom - small:
                    break
                img = ctx.text(line, small, D.INK if mind else (150, 150, 155))
                surface.blit(img, (x, y))
                y += img.get_height()
    pygame.draw.rect(surface, D.INK, r, 2, border_radius=round(u * 0.8))


def _draw_action_zoom(table: Any, surface: pygame.Surface, r: pygame.Rect, card: M.HandCard) -> None:
    ctx = table.ctx
    u = table.layout().unit
    pygame.draw.rect(surface, D.PAPER, r, border_radius=round(u * 0.8))
    y = r.y + round(u * 0.8)
    for i, act in enumerate(card.actions):
        if i:
            orr = ctx.text(ctx.t("ms.or"), max(14, u * 0.9), D.SOFT_INK, True)
            surface.blit(orr, orr.get_rect(midtop=(r.centerx, y)))
            y += orr.get_height() + round(u * 0.3)
        col = D.ACTION_COLOUR.get(act, D.ACCENT)
        D.draw_action_icon(surface, act, (r.x + u * 1.6, y + u * 0.9), u * 0.8, col)
        title = table.painter.fit_text(ctx.t(f"ms.act.{act}"), u * 1.1, D.INK, r.w - round(u * 3.6), True)
        surface.blit(title, (r.x + round(u * 3), y))
        y += title.get_height() + round(u * 0.3)
        size = max(14, round(u * 0.8))
        for line in ctx.wrap(ctx.t(f"ms.act.{act}.long"), size, r.w - round(u * 1.6)):
            img = ctx.text(line, size, D.INK)
            surface.blit(img, (r.x + round(u * 0.8), y))
            y += img.get_height()
        y += round(u * 0.6)
    pygame.draw.rect(surface, D.INK, r, 2, border_radius=round(u * 0.8))
