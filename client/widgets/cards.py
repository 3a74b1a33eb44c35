"""Cards drawn by the program: paper faces, backs, flips, hover lift and a zoom view.

A :class:`CardFace` is pure data (title, subtitle, body, colour, symbol, corner marks);
a :class:`CardRenderer` turns it into cached surfaces per (card key, size, language,
angle); a :class:`CardSprite` is one card on the table (position, face up/down, flip
and hover animations advanced in ``update``); :class:`CardZoom` shows one card large
with all its text. Symbols are drawn with ``pygame.draw`` (:data:`SYMBOLS`), nothing is
copied artwork. Generic: every game's table can use it.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from client.kit import theme
from client.kit.cache import SurfaceCache
from client.kit.textfit import blit_layer
from client.kit.theme import ACCENT, BACK, INK, MUTED, PAPER, PAPER_EDGE, ink_on
from client.kit.widgets import Panel, fitter_for
from client.kit.zoom import ZoomState
from client.widgets.anim import Tween, ease_in_out, ease_out
from client.widgets.tokens import draw_shape

Colour = tuple[int, int, int]
__all__ = ["ACCENT", "CardFace", "CardRenderer", "CardSprite", "CardZoom", "HoverHold", "card_size", "rounded"]
CARD_RATIO = 7 / 5  # height / width
FLIP_SECONDS = 0.25


@dataclass(frozen=True)
class CardFace:
    """What a card shows. ``key`` must be unique per distinct face (it keys the caches)."""

    key: str
    title: str
    subtitle: str = ""
    body: str = ""
    colour: Colour = theme.GREY_CARD
    symbol: str = "circle"
    corner: str = ""  # top-left mark (e.g. priority number)
    corner2: str = ""  # bottom-right mark


def card_size(height: float) -> tuple[int, int]:
    """(w, h) of a 5:7 card of the given height."""
    h = max(14, round(height))
    return max(10, round(h / CARD_RATIO)), h


# --- symbols ----------------------------------------------------------------------------
def _heart_curve(cx: float, cy: float, k: float, up: bool, dy: float) -> list[tuple[float, float]]:
    """The classic heart curve scaled by ``k`` (a spade is the same curve upside down)."""
    sign = -1 if up else 1
    pts = []
    for i in range(60):
        t = 2 * math.pi * i / 60
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + x * k, cy + sign * y * k + dy))
    return pts


def _heart(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    pygame.draw.polygon(s, col, _heart_curve(c[0], c[1], r / 16, True, -r * 0.05))


def _diamond(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    cx, cy = c
    pygame.draw.polygon(s, col, [(cx, cy - r * 1.1), (cx + r * 0.75, cy), (cx, cy + r * 1.1), (cx - r * 0.75, cy)])


def _club(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    cx, cy = c
    k = r * 0.42
    for dx, dy in ((0, -0.5), (-0.52, 0.12), (0.52, 0.12)):
        pygame.draw.circle(s, col, (cx + dx * r, cy + dy * r), k)
    pygame.draw.polygon(s, col, [(cx, cy), (cx - r * 0.35, cy + r), (cx + r * 0.35, cy + r)])


def _spade(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    cx, cy = c
    pygame.draw.polygon(s, col, _heart_curve(cx, cy, r * 0.85 / 16, False, -r * 0.15))
    pygame.draw.polygon(s, col, [(cx, cy + r * 0.1), (cx - r * 0.35, cy + r), (cx + r * 0.35, cy + r)])


def _moon(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    cx, cy = c
    d = int(r * 2.2)
    m = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(m, col, (d / 2, d / 2), r)
    pygame.draw.circle(m, theme.TRANSPARENT, (d / 2 + r * 0.45, d / 2 - r * 0.3), r * 0.85)
    s.blit(m, (cx - d / 2, cy - d / 2))


def _sun(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    cx, cy = c
    pygame.draw.circle(s, col, c, r * 0.5)
    for i in range(8):
        a = math.pi * 2 * i / 8
        p1 = (cx + math.cos(a) * r * 0.65, cy + math.sin(a) * r * 0.65)
        p2 = (cx + math.cos(a) * r * 1.05, cy + math.sin(a) * r * 1.05)
        pygame.draw.line(s, col, p1, p2, max(2, int(r * 0.14)))


def _eye(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    cx, cy = c
    pts = []
    for i in range(40):
        t = math.pi * i / 39
        pts.append((cx - r * math.cos(t), cy - r * 0.55 * math.sin(t)))
    for i in range(40):
        t = math.pi * i / 39
        pts.append((cx + r * math.cos(t), cy + r * 0.55 * math.sin(t)))
    pygame.draw.polygon(s, col, pts, max(2, int(r * 0.12)))
    pygame.draw.circle(s, col, c, r * 0.3)


def _crown(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    cx, cy = c
    pygame.draw.polygon(s, col, [(cx - r, cy + r * 0.6), (cx - r, cy - r * 0.5), (cx - r * 0.5, cy),
                                 (cx, cy - r * 0.8), (cx + r * 0.5, cy), (cx + r, cy - r * 0.5),
                                 (cx + r, cy + r * 0.6)])


def _flame(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    cx, cy = c
    pts = []
    for i in range(50):
        t = 2 * math.pi * i / 50
        rr = r * (0.75 if math.sin(t) > 0 else 0.75 + 0.55 * (-math.sin(t)) ** 3)
        pts.append((cx + math.cos(t) * r * 0.62, cy + math.sin(t) * rr * 0.9 + r * 0.2))
    pygame.draw.polygon(s, col, pts)


def _drop(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    cx, cy = c
    pygame.draw.circle(s, col, (cx, cy + r * 0.3), r * 0.6)
    pygame.draw.polygon(s, col, [(cx, cy - r), (cx - r * 0.56, cy + r * 0.12), (cx + r * 0.56, cy + r * 0.12)])


def _leaf(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    cx, cy = c
    pts = []
    for i in range(40):
        t = math.pi * i / 39
        pts.append((cx - r + 2 * r * i / 39, cy - r * 0.5 * math.sin(t)))
    for i in range(40):
        t = math.pi * i / 39
        pts.append((cx + r - 2 * r * i / 39, cy + r * 0.5 * math.sin(t)))
    pygame.draw.polygon(s, col, pts)


def _bell(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    cx, cy = c
    pygame.draw.polygon(s, col, [(cx - r * 0.5, cy - r * 0.4), (cx + r * 0.5, cy - r * 0.4),
                                 (cx + r * 0.9, cy + r * 0.6), (cx - r * 0.9, cy + r * 0.6)])
    pygame.draw.circle(s, col, (cx, cy - r * 0.4), r * 0.5)
    pygame.draw.circle(s, col, (cx, cy + r * 0.8), r * 0.2)


def _key(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    cx, cy = c
    w = max(2, int(r * 0.22))
    pygame.draw.circle(s, col, (cx - r * 0.5, cy), r * 0.42, w)
    pygame.draw.line(s, col, (cx - r * 0.1, cy), (cx + r, cy), w)
    pygame.draw.line(s, col, (cx + r * 0.7, cy), (cx + r * 0.7, cy + r * 0.35), w)
    pygame.draw.line(s, col, (cx + r * 0.45, cy), (cx + r * 0.45, cy + r * 0.3), w)


def _hourglass(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    cx, cy = c
    pygame.draw.polygon(s, col, [(cx - r * 0.7, cy - r), (cx + r * 0.7, cy - r), (cx, cy)])
    pygame.draw.polygon(s, col, [(cx - r * 0.7, cy + r), (cx + r * 0.7, cy + r), (cx, cy)])


def _blade(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    cx, cy = c
    pygame.draw.polygon(s, col, [(cx - r * 0.9, cy + r * 0.9), (cx + r * 0.55, cy - r * 0.75),
                                 (cx + r * 0.9, cy - r * 0.9), (cx + r * 0.75, cy - r * 0.55),
                                 (cx - r * 0.7, cy + r * 0.95)])
    pygame.draw.line(s, col, (cx - r * 0.75, cy + r * 0.35), (cx - r * 0.35, cy + r * 0.75), max(2, int(r * 0.2)))


def _ring(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    pygame.draw.circle(s, col, c, r, max(2, int(r * 0.28)))
    pygame.draw.circle(s, col, c, r * 0.32)


def _star_outline(s: pygame.Surface, c: tuple[float, float], r: float, col: Any) -> None:
    draw_shape(s, "star", c, r, col, width=max(2, int(r * 0.16)))


def _shape(name: str) -> Callable[[pygame.Surface, tuple[float, float], float, Any], None]:
    return lambda s, c, r, col: draw_shape(s, name, c, r, col)


SYMBOLS: dict[str, Callable[[pygame.Surface, tuple[float, float], float, Any], None]] = {
    "heart": _heart, "diamond": _diamond, "club": _club, "spade": _spade,
    "moon": _moon, "sun": _sun, "eye": _eye, "crown": _crown, "flame": _flame, "drop": _drop,
    "leaf": _leaf, "bell": _bell, "key": _key, "hourglass": _hourglass, "blade": _blade,
    "circle": _shape("circle"), "square": _shape("square"), "triangle": _shape("triangle"),
    "star": _shape("star"), "star4": _shape("star4"), "hexagon": _shape("hexagon"), "plus": _shape("plus"),
    "cross": _shape("cross"), "ring": _ring, "star_outline": _star_outline,
    "triangle_down": _shape("triangle_down"), "pentagon": _shape("pentagon"), "octagon": _shape("octagon"),
}
SYMBOL_ALIASES = {"♥": "heart", "♦": "diamond", "♣": "club", "♠": "spade", "★": "star", "☆": "star",
                  "●": "circle", "■": "square", "▲": "triangle", "◆": "diamond", "✚": "plus",
                  "◎": "ring", "▼": "triangle_down"}


def draw_symbol(surface: pygame.Surface, name: str, center: tuple[float, float], r: float, colour: Any) -> None:
    """Draw a named symbol (unknown names fall back to a shape chosen from the name)."""
    name = SYMBOL_ALIASES.get(name, name)
    fn = SYMBOLS.get(name)
    if fn is None:
        keys = sorted(SYMBOLS)
        fn = SYMBOLS[keys[sum(map(ord, name)) % len(keys)]]
    fn(surface, center, r, colour)


def rounded(surface: pygame.Surface, colour: Any, rect: pygame.Rect | tuple, radius: int, width: int = 0) -> None:
    pygame.draw.rect(surface, colour, rect, width, border_radius=max(0, int(radius)))


# --- renderer ----------------------------------------------------------------------------
class CardRenderer:
    """Cached card surfaces: faces, backs, shadows, outlines, rotations."""

    def __init__(self, ctx: Any, back_colour: Colour = BACK, back_mark: str = "") -> None:
        self.ctx = ctx
        self.back_colour = back_colour
        self.back_mark = back_mark
        self._cache = SurfaceCache(800)

    def clear(self) -> None:
        self._cache.clear()

    def _get(self, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        self._cache.context(getattr(self.ctx, "lang", ""))
        surf: pygame.Surface = self._cache.get(key, make)
        return surf

    def face(self, card: CardFace, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("face", card.key, size, self.ctx.lang), lambda: self._render_face(card, size))

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("back", size), lambda: self._render_back(size))

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("shadow", size), lambda: self._render_shadow(size))

    def outline(self, size: tuple[int, int], colour: tuple, width: int) -> pygame.Surface:
        return self._get(("outline", size, colour, width), lambda: self._render_outline(size, colour, width))

    def surface(self, card: CardFace | None, size: tuple[int, int], face_up: bool = True,
                angle: float = 0.0, squash: float = 1.0, shadow: bool = True,
                outline: tuple | None = None) -> pygame.Surface:
        """The finished card (shadow + face/back + optional outline), rotated by ``angle`` degrees.

        ``squash`` (0..1) narrows it horizontally (flips); squashed frames are not cached.
        """
        ang = round(angle) % 360
        sq = round(squash, 2)
        key = ("full", card.key if card else None, size, face_up, ang, shadow, outline, self.ctx.lang)
        if sq >= 0.999:
            return self._get(key, lambda: self._compose(card, size, face_up, ang, 1.0, shadow, outline))
        return self._compose(card, size, face_up, ang, sq, shadow, outline)

    def _compose(self, card: CardFace | None, size: tuple[int, int], face_up: bool, ang: int, squash: float,
                 shadow: bool, outline: tuple | None) -> pygame.Surface:
        w, h = size
        pad = max(4, w // 10)
        out = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
        if shadow:
            out.blit(self.shadow(size), (0, 0))
        body = self.face(card, size) if (face_up and card is not None) else self.back(size)
        if squash < 0.999:
            sw = max(1, int(w * squash))
            body = pygame.transform.smoothscale(body, (sw, h))
            out.blit(body, (pad + (w - sw) // 2, pad))
        else:
            blit_layer(out, body, (pad, pad))  # the face's text lands on the card (the walk sees it)
            if outline:
                out.blit(self.outline(size, outline[0], outline[1]), (pad, pad))
        if ang:
            out = pygame.transform.rotozoom(out, ang, 1.0)
        return out

    # --- drawing ----------------------------------------------------------------
    def _render_shadow(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        pad = max(4, w // 10)
        s = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
        rad = max(3, w // 12)
        for i in range(pad, 0, -max(1, pad // 5)):
            a = int(60 * (1 - i / (pad + 1)) ** 1.5)
            rounded(s, (0, 0, 0, a), (pad - i // 2, pad - i // 2 + pad // 3, w + i, h + i), rad + i)
        return s

    def _render_outline(self, size: tuple[int, int], colour: tuple, width: int) -> pygame.Surface:
        w, h = size
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        rounded(s, colour, (0, 0, w, h), max(3, w // 12), max(1, width))
        return s

    def _render_back(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(3, w // 12)
        rounded(s, PAPER, (0, 0, w, h), rad)
        m = max(2, w // 14)
        inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
        rounded(s, self.back_colour, inner, max(2, rad - m // 2))
        lat = pygame.Surface(inner.size, pygame.SRCALPHA)
        step = max(6, w // 7)
        line = (*PAPER, 40)
        for x in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.line(lat, line, (x, 0), (x + inner.h, inner.h), 1)
            pygame.draw.line(lat, line, (x + inner.h, 0), (x, inner.h), 1)
        s.blit(lat, inner.topleft)
        r = inner.w * 0.26
        pygame.draw.circle(s, PAPER, inner.center, r + max(1, w // 60))
        pygame.draw.circle(s, self.back_colour, inner.center, r)
        draw_shape(s, "star4", inner.center, r * 0.62, PAPER)
        rounded(s, (*PAPER, 120), inner.inflate(-m, -m), max(2, rad - m), 1)
        return s

    def _render_face(self, card: CardFace, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(3, w // 12)
        rounded(s, PAPER, (0, 0, w, h), rad)
        rounded(s, PAPER_EDGE, (0, 0, w, h), rad, 1)
        m = max(3, int(w * 0.06))
        chip = w < 50 or not card.title  # a chip: colour and symbol only
        field = pygame.Rect(m, m, w - 2 * m, int(h * 0.44) if not chip else h - 2 * m)
        rounded(s, card.colour, field, max(2, rad - m // 2))
        # a soft lighter band on the field so it reads as paper print, not glossy
        band = pygame.Surface((field.w, field.h // 3), pygame.SRCALPHA)
        band.fill(theme.SHEEN)
        s.blit(band, (field.x, field.bottom - band.get_height()))
        sym_r = field.h * 0.30
        centre = (field.centerx, field.centery + field.h * 0.04)
        fg = ink_on(card.colour)
        other = PAPER if fg == INK else INK
        ss = 3  # supersample the symbol
        big = pygame.Surface((int(sym_r * 2.6 * ss), int(sym_r * 2.6 * ss)), pygame.SRCALPHA)
        bc = (big.get_width() / 2, big.get_height() / 2)
        draw_symbol(big, card.symbol, (bc[0] + ss * 1.5, bc[1] + ss * 1.5), sym_r * ss, (*other, 90))
        draw_symbol(big, card.symbol, bc, sym_r * ss, fg)
        small = pygame.transform.smoothscale(big, (big.get_width() // ss, big.get_height() // ss))
        s.blit(small, small.get_rect(center=centre))
        tiny = w < 70
        if card.corner:
            cs = max(9.0, w * 0.11)
            cr = int(cs * 0.85)
            cc = (field.x + cr + m // 2, field.y + cr + m // 2)
            pygame.draw.circle(s, PAPER, cc, cr)
            pygame.draw.circle(s, INK, cc, cr, 1)
            t = self.ctx.text(card.corner, cs, INK, True)
            s.blit(t, t.get_rect(center=cc))
        if chip:
            return s
        y = field.bottom + int(h * 0.025)
        inner_w = w - 2 * m
        fit = fitter_for(self.ctx)
        # the name: shrunk, then squeezed — never cut
        t = fit.name(card.title, max(10.0, w * 0.14), INK, inner_w, True, floor=0.6)
        if t.get_width() > inner_w:  # too long even squeezed: on two lines, broken between words
            t = fit.label(card.title, max(10.0, w * 0.14), INK, inner_w, True, floor=0.6)
        fit.blit_label(s, t, card.title, "name", midtop=(w // 2, y))
        y += int(t.get_height() * 0.92)
        if card.subtitle and not tiny:
            st = self.ctx.text(card.subtitle, max(8.0, w * 0.075), MUTED)
            if st.get_width() > inner_w:
                st = pygame.transform.smoothscale(st, (inner_w, max(1, int(st.get_height() * inner_w / st.get_width()))))
            fit.blit_label(s, st, card.subtitle, midtop=(w // 2, y))
            y += st.get_height()
        bsize = w * 0.072
        if card.body and bsize >= 9:
            # the rule text whole (shrunk if need be) or not at all: a hand card too small for it
            # shows name and subtitle only, the zoom shows everything
            y += int(h * 0.03)
            bottom = h - m - (int(w * 0.09) if card.corner2 else 0)
            body = fit.block(card.body, bsize, inner_w - m, bottom - y)
            if not body.overflow and body.size >= 9:
                pygame.draw.line(s, PAPER_EDGE, (m * 2, y - int(h * 0.015)), (w - m * 2, y - int(h * 0.015)), 1)
                fit.draw_block(s, card.body, pygame.Rect(m + m // 2, y, inner_w - m, body.height), body.size, INK,
                               fitted=body)
        if card.corner2:
            t = self.ctx.text(card.corner2, max(8.0, w * 0.08), MUTED, True)
            s.blit(t, t.get_rect(bottomright=(w - m, h - m // 2)))
        return s


class CardSprite:
    """One card on the table: position, face-up flag, flip and hover animations.

    ``update`` advances animations; ``draw`` only reads. ``home`` is where a drag springs
    back to; ``pos`` is the centre it is drawn at (before the hover lift).
    """

    def __init__(self, card: CardFace | None, pos: tuple[float, float], height: float,
                 face_up: bool = True, angle: float = 0.0) -> None:
        self.card = card
        self.pos = pos
        self.home = pos
        self.size = card_size(height)
        self.face_up = face_up
        self.angle = angle
        self.hovered = False
        self.selected = False
        self.lift = 0.0
        self._flip: Tween | None = None
        self._flip_to: bool = face_up
        self._move: Tween | None = None

    # --- animations -----------------------------------------------------------------
    def flip(self, face_up: bool | None = None, fast: bool = False) -> None:
        """Turn the card over with a horizontal squash (250 ms)."""
        target = (not self.face_up) if face_up is None else face_up
        if fast:
            self.face_up, self._flip = target, None
            return
        self._flip_to = target
        self._flip = Tween(0.0, 1.0, FLIP_SECONDS, ease_in_out)

    def move_to(self, pos: tuple[float, float], seconds: float = 0.22, fast: bool = False) -> None:
        if fast or seconds <= 0:
            self.pos, self._move = pos, None
            return
        self._move = Tween(self.pos, pos, seconds, ease_out)

    def rest_at(self, pos: tuple[float, float]) -> None:
        """Where the card rests now (a new layout): a running move is re-aimed there for the time it had
        left; otherwise the card is put there at once (a flip goes on where it is)."""
        self.home = pos
        if self._move is not None:
            left = max(0.05, self._move.delay + self._move.duration - self._move.elapsed)
            self._move = Tween(self.pos, pos, left, ease_out)
        else:
            self.pos = pos

    @property
    def animating(self) -> bool:
        return self._flip is not None or self._move is not None

    def skip(self) -> None:
        if self._flip:
            self.face_up, self._flip = self._flip_to, None
        if self._move:
            self.pos = self._move.end  # type: ignore[assignment]  # a move's tween is of points
            self._move = None

    def update(self, dt: float) -> None:
        target = 1.0 if (self.hovered or self.selected) else 0.0
        step = dt / 0.12
        self.lift = min(target, self.lift + step) if self.lift < target else max(target, self.lift - step)
        if self._flip:
            before = self._flip.progress
            self._flip.update(dt)
            if before < 0.5 <= self._flip.progress:
                self.face_up = self._flip_to
            if self._flip.done:
                self.face_up, self._flip = self._flip_to, None
        if self._move:
            self._move.update(dt)
            self.pos = self._move.value  # type: ignore[assignment]  # a move's tween is of points
            if self._move.done:
                self._move = None

    # --- geometry and drawing ------------------------------------------------------
    def squash(self) -> float:
        if not self._flip:
            return 1.0
        return max(0.02, abs(math.cos(math.pi * self._flip.progress)))

    def draw_pos(self) -> tuple[float, float]:
        lift = self.lift * self.size[1] * 0.08
        a = math.radians(self.angle)
        return self.pos[0] - math.sin(a) * lift, self.pos[1] - math.cos(a) * lift

    def rect(self) -> pygame.Rect:
        """Unrotated hit box around the drawn position."""
        r = pygame.Rect(0, 0, *self.size)
        r.center = (round(self.draw_pos()[0]), round(self.draw_pos()[1]))
        return r

    def hit(self, point: tuple[float, float]) -> bool:
        """Point inside the (rotated) card."""
        cx, cy = self.draw_pos()
        a = math.radians(self.angle)
        dx, dy = point[0] - cx, point[1] - cy
        lx = dx * math.cos(a) - dy * math.sin(a)
        ly = dx * math.sin(a) + dy * math.cos(a)
        return abs(lx) <= self.size[0] / 2 and abs(ly) <= self.size[1] / 2

    def draw(self, surface: pygame.Surface, renderer: CardRenderer, at: tuple[float, float] | None = None,
             outline: tuple | None = None) -> None:
        img = self.image(renderer, outline)
        blit_layer(surface, img, self.image_rect(img, at).topleft)

    def image(self, renderer: CardRenderer, outline: tuple | None = None) -> pygame.Surface:
        """The card as :meth:`draw` blits it (shadow, face or back, outline, rotation, squash)."""
        if outline is None and self.selected:
            outline = (ACCENT, max(2, self.size[0] // 30))
        return renderer.surface(self.card, self.size, self.face_up, self.angle, self.squash(), True, outline)

    def image_rect(self, img: pygame.Surface, at: tuple[float, float] | None = None) -> pygame.Rect:
        """Where :meth:`draw` blits ``img`` (centred on ``at``, else on the drawn position)."""
        c = at if at is not None else self.draw_pos()
        return img.get_rect(center=(round(c[0]), round(c[1] + self.size[1] * 0.02)))


class HoverHold:
    """Reports an id once the pointer has rested on it for ``delay`` seconds (hover-hold zoom)."""

    def __init__(self, delay: float = 0.8) -> None:
        self.delay = delay
        self.current: Any = None
        self.held = 0.0

    def update(self, hovered: Any, dt: float) -> Any:
        if hovered != self.current:
            self.current, self.held = hovered, 0.0
            return None
        if hovered is None:
            return None
        before = self.held
        self.held += dt
        return hovered if before < self.delay <= self.held else None


class CardZoom(ZoomState):
    """A large view of one card with all its text (right-click or hover-hold opens it).

    The text panel is one layer kept per card, text and size; the veil over the table is laid
    around the card's and the panel's opaque middles (they cover it anyway). A view that keeps the
    veiled table as a layer draws with ``veiled=False`` and shades what it draws over that layer
    with :meth:`shade`.
    """

    VEIL = theme.VEIL

    def __init__(self, ctx: Any, renderer: CardRenderer) -> None:
        super().__init__(ctx)
        self.renderer = renderer
        self._panels = SurfaceCache(8)
        self._shades: dict[tuple[tuple[int, ...], int], tuple[int, int, int]] = {}

    @property
    def veil_alpha(self) -> int:
        return int(170 * self.alpha)

    def veil(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The veil over the whole of ``rect`` (what :meth:`draw` lays around the card and panel)."""
        Panel.veil(surface, rect, self.VEIL, self.veil_alpha)

    def shade(self, colour: Any) -> tuple[int, int, int]:
        """``colour`` as it looks under the veil (exactly: the veil laid over one pixel of it)."""
        rgb = tuple(pygame.Color(colour))[:3]
        key = (rgb, self.veil_alpha)
        got = self._shades.get(key)
        if got is None:
            px = pygame.Surface((1, 1))
            px.fill(rgb)
            self.veil(px, px.get_rect())
            got = tuple(px.get_at((0, 0)))[:3]  # type: ignore[assignment]  # an RGB triple: 3 ints
            self._shades[key] = got  # type: ignore[assignment]  # an RGB triple
        return got  # type: ignore[return-value]  # an RGB triple

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, veiled: bool = True) -> None:
        """The veil (unless the table under it is already veiled), the card, its text panel."""
        if not self.card:
            return
        u = self.ctx.unit
        size = card_size(rect.h * 0.62)
        text = self.card.body if not self.extra else self.extra
        panel_w = int(min(rect.w * 0.38, u * 26))
        total_w = size[0] + u * 2 + panel_w
        x0 = rect.centerx - total_w / 2
        img = self.renderer.surface(self.card, size, True)
        face = pygame.Rect((0, 0), size)
        face.center = (round(x0 + size[0] / 2), rect.centery)
        layer = self._panel_layer(text, panel_w, rect.h)
        panel = layer.get_rect(topleft=(int(x0 + size[0] + u * 2), rect.centery - layer.get_height() // 2))
        holes = [face.inflate(-2 * max(3, size[0] // 12), -2 * max(3, size[0] // 12)),
                 panel.inflate(-2 * int(u * 0.6), -2 * int(u * 0.6))]
        for part in rect_minus(pygame.Rect(rect), holes) if veiled else ():
            Panel.veil(surface, part, self.VEIL, self.veil_alpha)
        surface.blit(img, img.get_rect(center=face.center))
        blit_layer(surface, layer, panel.topleft)

    def _panel_layer(self, text: str, panel_w: int, rect_h: int) -> pygame.Surface:
        """The paper panel with the card's title, subtitle and whole text (smaller if need be)."""
        card, u = self.card, self.ctx.unit
        key = (card.key, card.title, card.subtitle, text, panel_w, rect_h, u, getattr(self.ctx, "lang", ""))

        def make() -> pygame.Surface:
            fit = fitter_for(self.ctx)
            inner_w = panel_w - int(u * 2)
            title = fit.name(card.title, u * 1.8, INK, inner_w, True)
            sub = fit.label(card.subtitle, u, MUTED, inner_w) if card.subtitle else None
            head_h = title.get_height() + (sub.get_height() if sub else 0) + u * 0.8
            body = fit.block(text, u * 1.1, inner_w, rect_h * 0.92 - u * 2 - head_h)  # all of it, smaller if need be
            out = pygame.Surface((panel_w, int(u * 2 + head_h + body.height)), pygame.SRCALPHA)
            rounded(out, PAPER, out.get_rect(), int(u * 0.6))
            y = u
            fit.blit_label(out, title, card.title, "name", topleft=(u, y))
            y += title.get_height()
            if sub:
                fit.blit_label(out, sub, card.subtitle, "label", topleft=(u, y))
                y += sub.get_height()
            y += int(u * 0.8)
            fit.draw_block(out, text, pygame.Rect(int(u), int(y), inner_w, body.height), body.size, INK, fitted=body)
            return out
        layer: pygame.Surface = self._panels.get(key, make)
        return layer


def rect_minus(rect: pygame.Rect, holes: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rect`` less the ``holes``, as disjoint rectangles."""
    parts = [rect]
    for hole in holes:
        out: list[pygame.Rect] = []
        for r in parts:
            h = r.clip(hole)
            if not h.w or not h.h:
                out.append(r)
                continue
            out += [x for x in (pygame.Rect(r.x, r.y, r.w, h.y - r.y), pygame.Rect(r.x, h.bottom, r.w, r.bottom - h.bottom),
                                pygame.Rect(r.x, h.y, h.x - r.x, h.h), pygame.Rect(h.right, h.y, r.right - h.right, h.h))
                    if x.w > 0 and x.h > 0]
        parts = out
    return parts
