"""The zoomed card (right-click, or a hover-hold peek): a student's location-table rows, club and
abilities, or an action card's text. Opened and closed by the kit's Interaction from the node map."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from client.kit import theme
from client.kit.theme import type_px
from client.kit.widgets import Panel, fitter_for
from client.kit.zoom import ZoomState
from client.tables import mind_swap_draw as D
from client.tables import mind_swap_layout as L
from client.tables import mind_swap_model as M

if TYPE_CHECKING:
    from client.tables.mind_swap import MindSwapTable


def _ability_text(t: Any, table: Any, ab: Any) -> str:
    kind = getattr(ab, "kind", "")
    n = getattr(ab, "n", 0)
    name = t(f"ms.ability.{kind}")
    if kind == "servant":
        arg = t("ms.negi") if getattr(ab, "negi", False) else table.texts.name(getattr(ab, "target", None), True)
        return f"{name}[{n}] / {arg}"
    if kind == "companion":
        grp = getattr(ab, "group", "") or ""
        groups = getattr(table.content, "groups", {}) or {}
        gname = (groups.get(grp) or {}).get(table.ctx.lang, grp)
        return f"{name}[{n}] / {gname} → {table.texts.loc_name(getattr(ab, 'to', ''))}"
    return f"{name}[{n}]"


@dataclass(frozen=True)
class ZoomFace:
    """What a node shows large: a student's body or mind card, or an action card."""

    kind: str  # "body" | "mind" | "card"
    no: int  # student number, or the card's id
    card_type: str = ""
    actions: tuple[str, ...] = ()


class MsZoom(ZoomState):
    """The zoomed card beside the pointer, kept on screen; as tall as its text (nothing spills or is cut)."""

    def __init__(self, table: MindSwapTable) -> None:
        super().__init__(table.ctx)
        self.table = table

    def draw(self, surface: pygame.Surface, lay: L.Layout, pointer: tuple[int, int]) -> None:
        face = self.card
        if not isinstance(face, ZoomFace):
            return
        table, u = self.table, lay.unit
        w = round(u * 15)
        key = ("zoom", face, w)
        if face.kind == "card":
            card = table.painter.get(key, lambda: _action_zoom(table, w, u, face.actions))
        else:
            card = table.painter.get(key, lambda: _student_zoom(table, w, u, face.no, face.kind == "mind"))
        r = card.get_rect()
        mx, my = pointer
        r.topleft = (mx + round(u * 1.5), my - r.h // 2)
        if r.right > lay.rect.right - 4:
            r.right = mx - round(u * 1.5)
        r.clamp_ip(lay.rect)
        Panel.draw(surface, r.move(4, 6), theme.ZOOM_SHADOW, round(u * 0.8))
        card.set_alpha(round(255 * self.alpha))
        surface.blit(card, r)
        card.set_alpha(None)


class _Column:
    """Text blocks stacked down a card: measured with the kit's fitter, drawn onto the card later."""

    def __init__(self, table: Any, x: int, width: int, y: int) -> None:
        self.fit = fitter_for(table.ctx)
        self.x, self.width, self.y = x, width, y
        self.ops: list[Any] = []

    def text(self, text: str, size: float, colour: Any, bold: bool = False, indent: int = 0) -> None:
        f = self.fit.block(text, size, self.width - indent, None, bold)
        rect = pygame.Rect(self.x + indent, self.y, self.width - indent, f.height)
        self.ops.append(lambda s, t=text, r=rect, f=f: self.fit.draw_block(s, t, r, f.size, colour, bold, fitted=f))
        self.y += f.height

    def gap(self, px: float) -> None:
        self.y += round(px)

    def draw(self, surface: pygame.Surface) -> None:
        for op in self.ops:
            op(surface)


def _student_zoom(table: Any, w: int, u: float, no: int, mind: bool) -> pygame.Surface:
    ctx = table.ctx
    band_h = round(u * 3.2)
    x = round(u * 0.7)
    inner = w - round(u * 1.4)
    small = type_px("small", u)
    col = _Column(table, x, inner, band_h + round(u * 0.4))
    for label, value in ((ctx.t("ms.zoom.club"), M.student_text(table.content, no, "club", ctx.lang)),
                         (ctx.t("ms.zoom.other"), M.student_text(table.content, no, "other", ctx.lang))):
        if value:
            col.text(f"{label}: {value}", small, D.SOFT_INK)
    col.gap(u * 0.3)
    col.text(ctx.t("ms.zoom.table"), small, D.INK, True)
    col.gap(2)
    rows = M.student_rows(table.content, no)
    row_h = max(round(u * 1.05), fitter_for(ctx).line_h(small) + 2)
    rows_top = col.y
    col.gap(row_h * len(rows) if rows else fitter_for(ctx).line_h(small))
    abilities = M.student_abilities(table.content, no)
    grey = theme.MS_ZOOM_GREY
    if abilities:
        col.gap(u * 0.3)
        col.text(ctx.t("ms.zoom.abilities"), small, D.INK if mind else grey, True)
        for ab in abilities:
            col.text(_ability_text(ctx.t, table, ab), small, D.INK if mind else grey)
    h = max(round(w * 1.4), col.y + round(u * 0.8))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = surf.get_rect()
    rad = round(u * 0.8)
    pygame.draw.rect(surf, D.MIND_PAPER if mind else D.PAPER, r, border_radius=rad)
    band = pygame.Rect(0, 0, w, band_h)
    pygame.draw.rect(surf, D.student_colour(no), band, border_top_left_radius=rad, border_top_right_radius=rad)
    pygame.draw.circle(surf, D.PAPER, (band.x + u * 1.6, band.centery), u * 1.1)
    num = ctx.text(str(no), max(14, u * 1.2), D.INK, True)
    surf.blit(num, num.get_rect(center=(band.x + u * 1.6, band.centery)))
    fit = fitter_for(ctx)
    name = fit.name(M.student_name(table.content, no, ctx.lang), u * 1.1, D.INK, w - round(u * 4), True,
                    short=M.short_name(table.content, no, ctx.lang))
    surf.blit(name, (band.x + round(u * 3), band.y + round(u * 0.3)))
    kind_lbl = fit.label(ctx.t("ms.zoom.mind" if mind else "ms.zoom.body"), type_px("tiny", u), D.INK,
                         w - round(u * 4))
    surf.blit(kind_lbl, (band.x + round(u * 3), band.bottom - kind_lbl.get_height() - round(u * 0.2)))
    col.draw(surf)
    y = rows_top
    for i, loc in enumerate(rows):
        total = i + 2
        on_card = (total <= 8) == mind
        ink = D.INK if on_card else theme.MS_ZOOM_OFF_INK
        if on_card:
            pygame.draw.rect(surf, theme.MS_ZOOM_MIND_ROW if mind else theme.MS_ZOOM_BODY_ROW, (x - 4, y, inner + 8, row_h),
                             border_radius=4)
        t = ctx.text(f"{total:>2}", small, ink, True)
        surf.blit(t, t.get_rect(midright=(x + round(u * 1.3), y + row_h // 2)))
        D.draw_suit(surf, M.SUIT_OF.get(loc, "other"), (x + u * 2.1, y + row_h / 2), row_h * 0.62,
                    None if on_card else theme.MS_ZOOM_OFF_SUIT)
        lbl = table.texts.loc_name(loc) if loc != "other" else (M.student_text(table.content, no, "other", ctx.lang)
                                                         or table.texts.loc_name(loc))
        img = fit.label(lbl, small, ink, inner - round(u * 3.2))
        surf.blit(img, img.get_rect(midleft=(x + round(u * 2.9), y + row_h // 2)))
        y += row_h
    if not rows:
        surf.blit(ctx.text("—", small, D.SOFT_INK), (x, y))
    pygame.draw.rect(surf, D.INK, r, 2, border_radius=rad)
    return surf


def _action_zoom(table: Any, w: int, u: float, actions: tuple[str, ...]) -> pygame.Surface:
    ctx = table.ctx
    col = _Column(table, round(u * 0.8), w - round(u * 1.6), round(u * 0.8))
    heads: list[tuple[int, str]] = []
    for i, act in enumerate(actions):
        if i:
            col.text(ctx.t("ms.or"), type_px("body", u), D.SOFT_INK, True)
            col.gap(u * 0.3)
        heads.append((col.y, act))
        col.ops.append(lambda s: None)
        f = fitter_for(ctx).line(ctx.t(f"ms.act.{act}"), u * 1.1, w - round(u * 3.6), True)
        col.gap(max(f.height, round(u * 1.8)) + u * 0.3)
        col.text(ctx.t(f"ms.act.{act}.long"), type_px("small", u), D.INK)
        col.gap(u * 0.6)
    h = max(round(w * 1.4), col.y + round(u * 0.4))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = surf.get_rect()
    pygame.draw.rect(surf, D.PAPER, r, border_radius=round(u * 0.8))
    col.draw(surf)
    fit = fitter_for(ctx)
    for y, act in heads:
        colour = D.ACTION_COLOUR.get(act, D.ACCENT)
        D.draw_action_icon(surf, act, (u * 1.6, y + u * 0.9), u * 0.8, colour)
        title = fit.label(ctx.t(f"ms.act.{act}"), u * 1.1, D.INK, w - round(u * 3.6), True)
        surf.blit(title, (round(u * 3), y))
    pygame.draw.rect(surf, D.INK, r, 2, border_radius=round(u * 0.8))
    return surf
