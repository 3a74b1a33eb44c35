"""Program-drawn pieces of the mind_swap table: suits, body/mind/action cards, badges.

Everything here renders into cached surfaces (:class:`Painter`), keyed by what the
picture depends on (student, size, language), so a frame is mostly blits.
"""
from __future__ import annotations

import colorsys
import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from client.kit import theme
from client.kit.cache import SurfaceCache
from client.kit.textfit import Fitter
from client.kit.widgets import fitter_for
from client.tables import mind_swap_model as M
from client.widgets.tokens import BadgeCache

TABLE, PANEL, PAPER, INK, ACCENT = theme.TABLE, theme.PANEL, theme.PAPER, theme.INK, theme.ACCENT
SOFT_INK, LIGHT, RED = theme.MUTED, theme.CHALK, theme.ERROR
MIND_PAPER = theme.MS_MIND_PAPER  # mind cards: a lavender paper of their own

SUIT_COLOUR: dict[str, tuple[int, int, int]] = theme.MS_SUITS
OTHER_COLOUR = theme.MS_OTHER

def student_colour(no: int) -> tuple[int, int, int]:
    """A calm, distinct colour per student (hue by golden ratio)."""
    h = (no * 0.618034) % 1.0
    r, g, b = colorsys.hls_to_rgb(h, 0.62, 0.45)
    return round(r * 255), round(g * 255), round(b * 255)


def draw_suit(surface: pygame.Surface, suit: str, center: tuple[float, float], size: float,
              colour: tuple[int, int, int] | None = None) -> None:
    """A suit symbol drawn with shapes (no font needed); ``size`` is its height."""
    col = colour or SUIT_COLOUR.get(suit, OTHER_COLOUR)
    cx, cy = center
    s = size / 2
    if suit == "diamond":
        pygame.draw.polygon(surface, col, [(cx, cy - s), (cx + s * 0.72, cy), (cx, cy + s), (cx - s * 0.72, cy)])
    elif suit == "heart":
        r = s * 0.52
        pygame.draw.circle(surface, col, (cx - r * 0.92, cy - s * 0.32), r)
        pygame.draw.circle(surface, col, (cx + r * 0.92, cy - s * 0.32), r)
        pygame.draw.polygon(surface, col, [(cx - s * 0.98, cy - s * 0.18), (cx + s * 0.98, cy - s * 0.18),
                                           (cx, cy + s)])
    elif suit == "club":
        r = s * 0.36
        pygame.draw.circle(surface, col, (cx, cy - s * 0.5), r)
        pygame.draw.circle(surface, col, (cx - s * 0.45, cy + s * 0.05), r)
        pygame.draw.circle(surface, col, (cx + s * 0.45, cy + s * 0.05), r)
        pygame.draw.polygon(surface, col, [(cx, cy - s * 0.1), (cx - s * 0.3, cy + s), (cx + s * 0.3, cy + s)])
    elif suit == "spade":
        r = s * 0.5
        pygame.draw.circle(surface, col, (cx - r * 0.9, cy + s * 0.12), r)
        pygame.draw.circle(surface, col, (cx + r * 0.9, cy + s * 0.12), r)
        pygame.draw.polygon(surface, col, [(cx - s * 0.96, cy), (cx + s * 0.96, cy), (cx, cy - s)])
        pygame.draw.polygon(surface, col, [(cx, cy + s * 0.1), (cx - s * 0.3, cy + s), (cx + s * 0.3, cy + s)])
    else:  # "other": a door ajar in its frame
        frame = pygame.Rect(round(cx - s * 0.62), round(cy - s), round(s * 1.24), round(s * 2))
        pygame.draw.rect(surface, col, frame, max(2, round(s * 0.16)), border_radius=max(1, int(s * 0.12)))
        leaf = [(frame.x + s * 0.12, frame.y + s * 0.12), (frame.centerx + s * 0.25, frame.y + s * 0.3),
                (frame.centerx + s * 0.25, frame.bottom - s * 0.05), (frame.x + s * 0.12, frame.bottom - s * 0.12)]
        pygame.draw.polygon(surface, col, leaf)
        pygame.draw.circle(surface, TABLE, (frame.centerx + s * 0.02, cy + s * 0.1), max(1.5, s * 0.12))


def draw_shape(surface: pygame.Surface, shape: str, center: tuple[float, float], r: float,
               colour: Any, width: int = 0) -> None:
    """A player's badge shape (the second cue besides colour)."""
    cx, cy = center
    if shape == "circle":
        pygame.draw.circle(surface, colour, (cx, cy), r, width)
        return
    if shape == "square":
        pts = [(cx - r * .85, cy - r * .85), (cx + r * .85, cy - r * .85), (cx + r * .85, cy + r * .85),
               (cx - r * .85, cy + r * .85)]
    elif shape == "diamond":
        pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    elif shape == "triangle":
        pts = [(cx, cy - r * 1.05), (cx + r, cy + r * .75), (cx - r, cy + r * .75)]
    elif shape == "hexagon":
        pts = [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in (i * math.pi / 3 for i in range(6))]
    else:  # star
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.5
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts, width)


class Painter:
    """Cached card and badge surfaces for one table (cleared when the language or size changes)."""

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx
        self.cache = SurfaceCache(1500)
        self.badges = BadgeCache(ctx)
        self.scores_cache = SurfaceCache(4)  # the final scores panel (mind_swap_final), per what it shows

    def get(self, key: tuple[Any, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The cached surface for ``key`` (made by ``make`` on a miss; emptied when the language changes)."""
        self.cache.context(self.ctx.lang)
        return self.cache.get(key, lambda: _display_format(make()))

    # --- text helpers ----------------------------------------------------------------
    def fit_text(self, s: str, size: float, colour: Any, width: int, bold: bool = False) -> pygame.Surface:
        """``s`` fitted to ``width`` by the kit's fitter: shrunk to the floor, then wrapped — never cut."""
        return fitter_for(self.ctx).label(s, size, colour, width, bold)

    # --- cards -------------------------------------------------------------------------
    def student_card(self, content: Any, no: int, w: int, h: int, mind: bool, glow: bool = False,
                     visible: int | None = None) -> pygame.Surface:
        """A body card (ivory) or mind card (lavender, 心 mark): number + name on a band. ``visible``: only
        that many px of its left side show (a stack): the name is fitted there, left-aligned, never cut."""
        vis = None if visible is None or visible >= w else max(20, visible)
        return self.get(("stu", no, w, h, mind, glow, vis),
                        lambda: self._make_student(content, no, w, h, mind, glow, vis))

    def _make_student(self, content: Any, no: int, w: int, h: int, mind: bool, glow: bool,
                      visible: int | None = None) -> pygame.Surface:
        pad = max(3, w // 14)
        surf = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
        r = pygame.Rect(pad, pad, w, h)
        rad = max(4, w // 10)
        if glow:
            for i in range(pad, 0, -1):
                pygame.draw.rect(surf, (*ACCENT, 60 + 170 * (pad - i) // pad), r.inflate(i * 2, i * 2), border_radius=rad + i)
        else:
            pygame.draw.rect(surf, theme.CARD_SHADOW, r.move(2, 3), border_radius=rad)
        pygame.draw.rect(surf, MIND_PAPER if mind else PAPER, r, border_radius=rad)
        col = student_colour(no)
        lang = self.ctx.lang
        # line 1 (colour band): number and the card's kind; line 2: the name — both stay visible
        # on a body card even with the mind card lying on it
        line1 = max(16, round(h * 0.15))
        band = pygame.Rect(r.x, r.y, w, line1)
        pygame.draw.rect(surf, col, band, border_top_left_radius=rad, border_top_right_radius=rad)
        num = self.ctx.text(f"{no}", max(14, round(line1 * 0.8)), INK, True)
        surf.blit(num, num.get_rect(midleft=(r.x + 4, band.centery)))
        kind = self.ctx.t("ms.card_mind_mark" if mind else "ms.card_body_mark")
        mark = self.ctx.text(kind, max(14, round(line1 * 0.7)), INK)
        surf.blit(mark, mark.get_rect(midright=(r.right - 4, band.centery)))
        full = M.student_name(content, no, lang)
        name_px = max(14, round(h * 0.14))
        room = w - 6 if visible is None else visible - 5
        img = fitter_for(self.ctx).name(full, name_px, INK, room, True, short=M.short_name(content, no, lang))
        if visible is None:
            surf.blit(img, img.get_rect(midtop=(r.centerx, band.bottom + 1)))
        else:
            surf.blit(img, (r.x + 3, band.bottom + 1))
        if mind:  # a heart-shaped mark: this is a mind (心)
            field_top = band.bottom + img.get_height() + 2
            cy = (field_top + r.bottom) / 2
            draw_suit(surf, "heart", (r.centerx, cy), min(w * 0.36, (r.bottom - field_top) * 0.6), (*col,))
        pygame.draw.rect(surf, INK, r, 1, border_radius=rad)
        return surf

    def action_card(self, content: Any, ctype: str, actions: tuple[str, ...], w: int, h: int,
                    lifted: bool = False, dim: bool = False) -> pygame.Surface:
        return self.get(("act", ctype, actions, w, h, lifted, dim),
                         lambda: self._make_action(content, ctype, actions, w, h, lifted, dim))

    def _make_action(self, content: Any, ctype: str, actions: tuple[str, ...], w: int, h: int,
                     lifted: bool, dim: bool) -> pygame.Surface:
        pad = max(4, w // 12)
        surf = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
        r = pygame.Rect(pad, pad, w, h)
        rad = max(5, w // 11)
        pygame.draw.rect(surf, (0, 0, 0, 90 if lifted else 60), r.move(3, 5 if lifted else 3), border_radius=rad)
        pygame.draw.rect(surf, PAPER, r, border_radius=rad)
        fit = fitter_for(self.ctx)
        if len(actions) > 1:
            self._draw_choices(surf, fit, actions, r, rad)
        else:
            self._draw_single(surf, fit, actions[0], r, rad)
        pygame.draw.rect(surf, INK, r, 1, border_radius=rad)
        if dim:
            veil = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            pygame.draw.rect(veil, theme.MS_DIM_CARD, r, border_radius=rad)
            surf.blit(veil, (0, 0))
        return surf

    def _draw_single(self, surf: pygame.Surface, fit: Fitter, act: str, r: pygame.Rect, rad: int) -> None:
        """A one-action card face: its colour strip, title, pictogram and (when it fits) short rule."""
        w, h, u = r.w, r.h, self.ctx.unit
        col = ACTION_COLOUR.get(act, theme.MS_ACTION_UNKNOWN)
        strip = pygame.Rect(r.x, r.y, w, max(6, round(h * 0.05)))
        pygame.draw.rect(surf, col, strip, border_top_left_radius=rad, border_top_right_radius=rad)
        name = self.ctx.t(f"ms.act.{act}")
        title = fit.block(name, max(14, round(u * 0.8)), w - 8, None, True, balanced=True)
        step = title.line_h - 2  # the title's lines sit a little closer than body text
        tight = replace(title, line_h=step, height=step * (len(title.lines) - 1) + title.line_h)
        fit.draw_block(surf, name, pygame.Rect(r.x + 4, strip.bottom + 2, w - 8, tight.height), tight.size, INK, True,
                       align="center", kind="label", fitted=tight)
        y = strip.bottom + 2 + step * len(title.lines)
        icon_s = min(w * 0.2, h * 0.13)
        icon_c = (r.centerx, y + icon_s * 1.4)
        draw_action_icon(surf, act, icon_c, icon_s, col)
        ty = icon_c[1] + icon_s * 1.5
        # the short rule text, whole or not at all (the zoom shows it in full)
        rule = self.ctx.t(f"ms.act.{act}.text")
        body = fit.block(rule, max(14, round(u * 0.66)), w - 12, r.bottom - 3 - ty, balanced=True)
        if not body.overflow:
            fit.draw_block(surf, rule, pygame.Rect(r.x + 6, round(ty), w - 12, body.height), body.size, SOFT_INK,
                           align="center", kind="rule", fitted=body)

    def _draw_choices(self, surf: pygame.Surface, fit: Fitter, actions: tuple[str, ...], r: pygame.Rect,
                      rad: int) -> None:
        """A card with several actions: one band each (colour strip, title, a pictogram where there is
        room), "or" on the divider strips. The titles share one size, shrunk until every band fits
        (the bands take the height their titles need, the room left shared out), never cut."""
        w, h, u = r.w, r.h, self.ctx.unit
        strip_h = max(6, round(h * 0.05))
        orr = fit.label(self.ctx.t("ms.or"), max(14, round(u * 0.7)), INK, w - 8, True)
        div_h = max(strip_h, orr.get_height() + 2)
        texts = [self.ctx.t(f"ms.act.{act}") for act in actions]
        size = float(max(14, round(u * 0.8)))
        while True:
            titles = [fit.block(text, size, w - 8, None, True, floor=1.0, balanced=True) for text in texts]
            need = strip_h + div_h * (len(actions) - 1) + sum(t.height + 2 for t in titles)
            smaller = max(float(theme.MIN_TEXT_PX), size * 0.93)
            if need <= h - 2 or smaller >= size:
                break
            size = smaller
        spare = max(0, h - 2 - need) / len(actions)
        if need > h - 2:  # even the floor does not fit: drawn whole and recorded as overflowing
            titles = [replace(t, overflow=True) for t in titles]
        y = float(r.y)
        for i, (act, text, title) in enumerate(zip(actions, texts, titles)):
            col = ACTION_COLOUR.get(act, theme.MS_ACTION_UNKNOWN)
            strip = pygame.Rect(r.x, round(y), w, strip_h if i == 0 else div_h)
            if i == 0:
                pygame.draw.rect(surf, col, strip, border_top_left_radius=rad, border_top_right_radius=rad)
            else:  # the divider: "or" written in this action's colour strip, clear of both titles
                pygame.draw.rect(surf, col, strip)
                img = fit.label(self.ctx.t("ms.or"), max(14, round(u * 0.7)), theme.ink_on(col), w - 8, True)
                surf.blit(img, img.get_rect(center=strip.center))
            box = pygame.Rect(r.x + 4, strip.bottom + 2, w - 8, title.height)
            fit.draw_block(surf, text, box, title.size, INK, True, align="center", kind="label", fitted=title)
            bottom = r.bottom if i == len(actions) - 1 else box.bottom + spare
            room = bottom - box.bottom
            if room > w * 0.2:  # a pictogram where the title leaves room for one
                icon_s = min(w * 0.14, room * 0.32)
                draw_action_icon(surf, act, (r.centerx, (box.bottom + bottom) / 2 - icon_s * 0.2), icon_s, col)
            y = bottom

    def mini_card(self, no: int, w: int, h: int) -> pygame.Surface:
        """A tiny mind card for the score pile: the student's colour and number."""
        def make() -> pygame.Surface:
            surf = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
            r = pygame.Rect(0, 0, w, h)
            pygame.draw.rect(surf, MIND_PAPER, r, border_radius=max(2, w // 6))
            pygame.draw.rect(surf, student_colour(no), (0, 0, w, max(4, h // 4)), border_top_left_radius=max(2, w // 6),
                             border_top_right_radius=max(2, w // 6))
            pygame.draw.rect(surf, INK, r, 1, border_radius=max(2, w // 6))
            txt = self.ctx.text(str(no), 14, INK, True)
            surf.blit(txt, txt.get_rect(center=(w / 2, h * 0.6)))
            return surf
        return self.get(("mini", no, w, h), make)

    def card_back(self, w: int, h: int) -> pygame.Surface:
        def make() -> pygame.Surface:
            surf = pygame.Surface((w + 6, h + 6), pygame.SRCALPHA)
            r = pygame.Rect(3, 3, w, h)
            pygame.draw.rect(surf, theme.CARD_SHADOW, r.move(2, 2), border_radius=max(4, w // 10))
            pygame.draw.rect(surf, theme.MS_CARD_BACK, r, border_radius=max(4, w // 10))
            pygame.draw.rect(surf, PAPER, r.inflate(-w // 5, -w // 5), 2, border_radius=max(3, w // 14))
            draw_suit(surf, "heart", r.center, h * 0.25, PAPER)
            return surf
        return self.get(("back", w, h), make)

    # --- badges ------------------------------------------------------------------------
    def player_badge(self, seat: int, r: int, label: str | None = None) -> pygame.Surface:
        """The shared seat badge (colour + number + shape sticker), radius ``r``."""
        return self.badges.badge(seat, r * 2, label)

    def negi_badge(self, r: int) -> pygame.Surface:
        def make() -> pygame.Surface:
            size = r * 2 + 8
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            c = (size / 2, size / 2)
            pygame.draw.circle(surf, theme.SOFT_SHADOW, (c[0] + 1, c[1] + 2), r)
            pygame.draw.circle(surf, theme.MS_NEGI_FACE, c, r)
            pygame.draw.circle(surf, theme.MS_NEGI_RING, c, r, max(3, r // 5))
            # a little wand star on the rim
            draw_shape(surf, "star", (c[0] + r * 0.7, c[1] - r * 0.7), r * 0.38, ACCENT)
            txt = self.ctx.text(self.ctx.t("ms.negi_short"), max(14, round(r * 0.8)), INK, True)
            if txt.get_width() > r * 1.7:
                txt = pygame.transform.smoothscale_by(txt, r * 1.7 / txt.get_width())
            surf.blit(txt, txt.get_rect(center=c))
            return surf
        return self.get(("negi", r), make)

    def marker(self, no: int, r: int) -> pygame.Surface:
        """An attendance-number marker (from the cup)."""
        def make() -> pygame.Surface:
            surf = pygame.Surface((r * 2 + 4, r * 2 + 4), pygame.SRCALPHA)
            c = (r + 2, r + 2)
            pygame.draw.circle(surf, theme.MS_MARKER, c, r)
            pygame.draw.circle(surf, INK, c, r, 2)
            txt = self.ctx.text(str(no), max(14, round(r * 1.1)), INK, True)
            surf.blit(txt, txt.get_rect(center=c))
            return surf
        return self.get(("marker", no, r), make)


ACTION_COLOUR: dict[str, tuple[int, int, int]] = theme.MS_ACTIONS


def _display_format(surf: pygame.Surface) -> pygame.Surface:
    """``surf`` in the display's pixel format (fast blits), when there is a display."""
    if pygame.display.get_surface() is None:
        return surf
    return surf.convert_alpha() if surf.get_flags() & pygame.SRCALPHA else surf.convert()


def action_icon(act: str) -> Callable[[pygame.Surface, pygame.Rect], None]:
    """A button's icon for action ``act`` (kit ``Button.icon``): its pictogram in its colour."""
    col = ACTION_COLOUR.get(act, ACCENT)
    return lambda surface, square: draw_action_icon(surface, act, square.center, square.h * 0.26, col)


def draw_action_icon(surface: pygame.Surface, act: str, center: tuple[float, float], s: float,
                     col: tuple[int, int, int]) -> None:
    """A simple pictogram per action kind (shapes only)."""
    cx, cy = center
    if act == "move_self":  # an arrow
        pygame.draw.line(surface, col, (cx - s, cy), (cx + s * 0.6, cy), max(3, int(s * 0.3)))
        pygame.draw.polygon(surface, col, [(cx + s, cy), (cx + s * 0.4, cy - s * 0.55), (cx + s * 0.4, cy + s * 0.55)])
    elif act == "move_negi":  # a wand
        pygame.draw.line(surface, theme.MS_WAND, (cx - s * 0.8, cy + s * 0.8), (cx + s * 0.3, cy - s * 0.3),
                         max(3, int(s * 0.22)))
        draw_shape(surface, "star", (cx + s * 0.45, cy - s * 0.45), s * 0.5, col)
    elif act == "relocate":  # three dots scattering
        for i, (dx, dy) in enumerate(((-0.7, 0.4), (0, -0.5), (0.7, 0.4))):
            pygame.draw.circle(surface, col, (cx + dx * s, cy + dy * s), s * 0.32)
    elif act == "extra_magic":  # a sparkle
        draw_shape(surface, "star", (cx, cy), s, col)
        draw_shape(surface, "star", (cx + s * 0.9, cy - s * 0.7), s * 0.35, col)
    elif act == "bath":  # a tub with steam
        pygame.draw.rect(surface, col, (cx - s, cy, s * 2, s * 0.7), border_radius=int(s * 0.3))
        for dx in (-0.5, 0, 0.5):
            pygame.draw.arc(surface, col, (cx + dx * s - s * 0.15, cy - s * 0.9, s * 0.3, s * 0.8), 1.2, 4.5, 2)
    else:  # event: an exclamation in a bubble
        pygame.draw.circle(surface, col, (cx, cy), s, max(2, int(s * 0.18)))
        pygame.draw.line(surface, col, (cx, cy - s * 0.55), (cx, cy + s * 0.15), max(2, int(s * 0.22)))
        pygame.draw.circle(surface, col, (cx, cy + s * 0.48), max(2, s * 0.12))
