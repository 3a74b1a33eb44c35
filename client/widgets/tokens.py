"""Player colours, shapes and round badges.

Twelve colour-blind-safe seat colours (Okabe–Ito's eight plus four distinct ones), each
always paired with a shape and the seat number, so colour is never the only cue.

- :func:`seat_colour`, :func:`seat_shape` — the identity of seat ``i`` (0-based).
- :func:`draw_shape` — draw one of :data:`SHAPES` with ``pygame.draw``.
- :class:`BadgeCache` — cached surfaces: :meth:`~BadgeCache.badge` (a round badge with the
  seat number or an initial, the seat colour and its shape sticker) and
  :meth:`~BadgeCache.token` (a small disc in the seat colour with its shape: a vote token).
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from client.kit import theme
from client.kit.cache import SurfaceCache

INK, PAPER = theme.INK, theme.PAPER
PLAYER_COLOURS = theme.SEAT_COLOURS
SHAPES = theme.SEAT_SHAPES
seat_colour = theme.seat_colour
seat_shape = theme.seat_shape
luminance = theme.luminance
ink_on = theme.ink_on


def _poly(center: tuple[float, float], r: float, n: int, rot: float = -90.0,
          inner: float | None = None) -> list[tuple[float, float]]:
    cx, cy = center
    pts = []
    count = n * 2 if inner else n
    for i in range(count):
        rr = r if (inner is None or i % 2 == 0) else r * inner
        a = math.radians(rot + 360.0 * i / count)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def shape_points(shape: str, center: tuple[float, float], r: float) -> list[tuple[float, float]] | None:
    """Polygon of ``shape`` (None for the circle)."""
    cx, cy = center
    if shape == "circle":
        return None
    if shape == "square":
        s = r * 0.85
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        return _poly((cx, cy + r * 0.15), r * 1.1, 3)
    if shape == "triangle_down":
        return _poly((cx, cy - r * 0.15), r * 1.1, 3, rot=90)
    if shape == "diamond":
        return _poly(center, r * 1.1, 4)
    if shape == "pentagon":
        return _poly(center, r, 5)
    if shape == "hexagon":
        return _poly(center, r, 6, rot=0)
    if shape == "octagon":
        return _poly(center, r, 8, rot=22.5)
    if shape == "star":
        return _poly(center, r * 1.15, 5, inner=0.45)
    if shape == "star4":
        return _poly(center, r * 1.15, 4, inner=0.42)
    if shape in ("plus", "cross"):
        t = r * 0.36
        pts = [(-t, -r), (t, -r), (t, -t), (r, -t), (r, t), (t, t), (t, r), (-t, r), (-t, t), (-r, t), (-r, -t),
               (-t, -t)]
        if shape == "cross":
            c, s = math.cos(math.pi / 4), math.sin(math.pi / 4)
            pts = [(x * c - y * s, x * s + y * c) for x, y in pts]
        return [(cx + x, cy + y) for x, y in pts]
    return None


def draw_shape(surface: pygame.Surface, shape: str, center: tuple[float, float], r: float,
               color: Any, width: int = 0) -> None:
    """Draw ``shape`` of radius ``r`` (filled when ``width`` is 0)."""
    if shape == "ring":
        pygame.draw.circle(surface, color, (round(center[0]), round(center[1])), max(1, round(r)),
                           width or max(2, round(r * 0.38)))
        return
    pts = shape_points(shape, center, r)
    if pts is None:
        pygame.draw.circle(surface, color, (round(center[0]), round(center[1])), max(1, round(r)), width)
    else:
        pygame.draw.polygon(surface, color, pts, width)


class BadgeCache:
    """Round seat badges and vote tokens, rendered once per (seat, size, label, state)."""

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx
        self._cache = SurfaceCache(600)

    def clear(self) -> None:
        self._cache.clear()

    def badge(self, seat: int, diameter: int, label: str | None = None, dim: bool = False,
              ring: tuple[int, int, int] | None = None) -> pygame.Surface:
        """A badge: seat-colour disc, the label (default: seat number 1-based), a shape sticker."""
        diameter = max(8, int(diameter))
        label = str(seat + 1) if label is None else label
        key = ("badge", seat, diameter, label, dim, ring, getattr(self.ctx, "lang", ""))
        surf: pygame.Surface = self._cache.get(key, lambda: self._render_badge(seat, diameter, label, dim, ring))
        return surf

    def token(self, seat: int, diameter: int, dim: bool = False) -> pygame.Surface:
        """A vote token: a small disc in the seat colour with the seat's shape on it."""
        diameter = max(6, int(diameter))
        surf: pygame.Surface = self._cache.get(("token", seat, diameter, dim),
                                               lambda: self._render_token(seat, diameter, dim))
        return surf

    # --- rendering -------------------------------------------------------------------
    def _render_badge(self, seat: int, d: int, label: str, dim: bool,
                      ring: tuple[int, int, int] | None) -> pygame.Surface:
        ss = 2  # supersample for smooth edges
        pad = max(2, d // 8)
        big = pygame.Surface(((d + pad * 2) * ss, (d + pad * 2) * ss), pygame.SRCALPHA)
        col = seat_colour(seat)
        c = ((d / 2 + pad) * ss, (d / 2 + pad) * ss)
        r = d / 2 * ss
        pygame.draw.circle(big, theme.TOKEN_SHADOW, (c[0] + ss * 2, c[1] + ss * 3), r)
        pygame.draw.circle(big, ring or INK, c, r)
        pygame.draw.circle(big, col, c, r - max(2, d // 14) * ss)
        # shape sticker, bottom right, on a paper disc
        sr = r * 0.36
        sc = (c[0] + r * 0.70, c[1] + r * 0.70)
        pygame.draw.circle(big, INK, sc, sr + ss * 1.5)
        pygame.draw.circle(big, PAPER, sc, sr)
        draw_shape(big, seat_shape(seat), sc, sr * 0.62, col if luminance(col) < 0.75 else INK)
        draw_shape(big, seat_shape(seat), sc, sr * 0.62, INK, width=max(1, ss))
        surf = pygame.transform.smoothscale(big, (d + pad * 2, d + pad * 2))
        txt = self.ctx.text(label, d * (0.5 if len(label) <= 2 else 0.36), ink_on(col), True)
        surf.blit(txt, txt.get_rect(center=(d / 2 + pad - d * 0.04, d / 2 + pad - d * 0.02)))
        if dim:
            surf.fill(theme.DIMMED_BADGE, special_flags=pygame.BLEND_RGBA_MULT)
        return surf

    def _render_token(self, seat: int, d: int, dim: bool) -> pygame.Surface:
        ss = 3
        big = pygame.Surface((d * ss, d * ss), pygame.SRCALPHA)
        col = seat_colour(seat)
        c = (d * ss / 2, d * ss / 2)
        r = d * ss / 2 - ss
        pygame.draw.circle(big, INK, c, r)
        pygame.draw.circle(big, col, c, r - max(1, d // 10) * ss)
        draw_shape(big, seat_shape(seat), c, r * 0.5, ink_on(col))
        surf = pygame.transform.smoothscale(big, (d, d))
        if dim:
            surf.fill(theme.DIMMED_TOKEN, special_flags=pygame.BLEND_RGBA_MULT)
        return surf
