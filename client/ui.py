"""What the scenes draw with: the theme's palette, panels, buttons, seat badges, the background.

Colours, seat identity and widgets are defined once in :mod:`client.kit`; this module
re-exports them under the names the scenes use.
"""
from __future__ import annotations

from typing import Any

import pygame

from client.kit import theme
from client.kit.cache import SurfaceCache
from client.kit.textfit import copy_blit
from client.kit.theme import (
    ACCENT,
    CHALK,
    CHALK_DIM,
    ERROR,
    INK,
    PANEL,
    PANEL_LIGHT,
    PAPER,
    TABLE_DARK,
)
from client.kit.widgets import Button, Panel
from client.widgets.tokens import draw_shape

__all__ = [
    "ACCENT",
    "CHALK",
    "CHALK_DIM",
    "ERROR",
    "INK",
    "PANEL",
    "PANEL_LIGHT",
    "PAPER",
    "SEAT_COLORS",
    "SEAT_SHAPES",
    "TABLE_DARK",
    "TABLE_GREEN",
    "Background",
    "Button",
    "draw_seat_badge",
    "ink_on",
    "panel",
    "seat_color",
]

TABLE_GREEN = theme.TABLE
SEAT_COLORS = theme.SEAT_COLOURS
SEAT_SHAPES = theme.SEAT_SHAPES
seat_color = theme.seat_colour
ink_on = theme.ink_on


def draw_seat_badge(surface: pygame.Surface, text_engine: Any, seat: int, center: tuple[float, float],
                    radius: float) -> pygame.Rect:
    """The seat's colour in its shape with the seat number (1-based) — never colour alone."""
    color = theme.seat_colour(seat)
    shape = theme.seat_shape(seat)
    r = radius * 1.15
    draw_shape(surface, shape, center, r, color)
    draw_shape(surface, shape, center, r, INK, width=max(2 if shape == "ring" else 1, int(radius * 0.1)))
    img = text_engine.render(str(seat + 1), radius * 1.05, theme.ink_on(color), True)
    surface.blit(img, img.get_rect(center=(int(center[0]), int(center[1]))))
    return pygame.Rect(int(center[0] - radius * 1.3), int(center[1] - radius * 1.3), int(radius * 2.6),
                       int(radius * 2.6))


def panel(surface: pygame.Surface, rect: pygame.Rect, color: Any = PANEL, radius: int = 12,
          alpha: int = 235, border: Any = None) -> None:
    """A rounded, slightly translucent panel."""
    Panel.draw(surface, rect, color, radius, alpha, border)


class Background:
    """Blackboard green with a soft vignette, rendered once per window size."""

    def __init__(self) -> None:
        self.in_place = False  # the app sets it until its first frame is on screen
        self._cache = SurfaceCache(1)
        self._backdrops = SurfaceCache(4)  # the background with a scene's still panels on it

    def with_panels(self, surface: pygame.Surface, panels: list[tuple[pygame.Rect, int]]) -> None:
        """The background with translucent :func:`panel` s (rect, alpha) laid on it: one opaque layer per
        window size and set of panels (the same pixels as drawing them one by one, a third of the cost)."""
        size = surface.get_size()
        key = (size, tuple((tuple(r), a) for r, a in panels))

        def make() -> pygame.Surface:
            layer = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
            self(layer)
            for r, a in panels:
                panel(layer, r, alpha=a)
            return layer
        copy_blit(surface, self._backdrops.get(key, make), (0, 0))

    def __call__(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """The background over the whole ``surface``, or only over ``area`` of it. While :attr:`in_place`
        (the app's first frame) a whole surface gets it drawn in place, the same pixels, without making the
        window-sized copy that later frames are given."""
        size = surface.get_size()
        if self.in_place and area is None and self._cache.peek(size) is None:
            self._draw(surface)
            return
        bg = self._cache.get(size, lambda: self._render(size))
        if area is None:
            copy_blit(surface, bg, (0, 0))
        elif area.w > 0 and area.h > 0:
            copy_blit(surface, bg, area.topleft, area)

    def around(self, surface: pygame.Surface, hole: pygame.Rect) -> None:
        """The background everywhere on ``surface`` except ``hole`` (which something opaque will cover)."""
        w, h = surface.get_size()
        hole = hole.clip(surface.get_rect())
        for area in (pygame.Rect(0, 0, w, hole.top), pygame.Rect(0, hole.bottom, w, h - hole.bottom),
                     pygame.Rect(0, hole.top, hole.left, hole.h), pygame.Rect(hole.right, hole.top, w - hole.right, hole.h)):
            self(surface, area)

    @staticmethod
    def _render(size: tuple[int, int]) -> pygame.Surface:
        shown = pygame.display.get_surface()
        bg = pygame.Surface(size, 0, shown) if shown is not None else pygame.Surface(size)
        Background._draw(bg)
        return bg

    @staticmethod
    def _draw(bg: pygame.Surface) -> None:
        """The table colour darkening towards the edges: rings of black at a small alpha, each drawn
        straight in the colour that black blends to over the table (one 1-pixel blit says which), so no
        window-sized translucent layer is drawn and blended (the same pixels at half the cost)."""
        size = bg.get_size()
        bg.fill(theme.TABLE)
        w, h = size
        steps = 14
        for i in range(steps):
            a = int(5 * (steps - i) / steps) + 1
            inset = int(min(w, h) * 0.035 * i)
            pygame.draw.rect(bg, _over_table((0, 0, 0, a), bg), bg.get_rect().inflate(-inset * 2, -inset * 2),
                             width=max(1, int(min(w, h) * 0.035)), border_radius=int(min(w, h) * 0.05))


def _over_table(rgba: tuple[int, int, int, int], like: pygame.Surface) -> pygame.Color:
    """The colour ``rgba`` blends to over the table colour, as a blit onto a surface like ``like`` does it."""
    dot = pygame.Surface((1, 1), 0, like)
    dot.fill(theme.TABLE)
    ink = pygame.Surface((1, 1), pygame.SRCALPHA)
    ink.fill(rgba)
    dot.blit(ink, (0, 0))
    return dot.get_at((0, 0))
