"""What a screen shows that does not change from frame to frame, kept as one layer.

A scene or view paints its still part (background, panels, text that stays put) into a
:class:`StillLayer` (window-sized, opaque) or a :class:`PanelLayer` (one rect, see-through
where nothing was painted: a rounded panel's corners) under a key that holds everything that
part is drawn from; each frame is then one blit, and what changes (buttons under the pointer,
a caret) is drawn over it. While text is being recorded (the layout walk, tests) the still
part is painted afresh, so every text is seen where it lands.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import ClassVar

import pygame

from client.kit import theme
from client.kit.textfit import blit_layer, is_recording


class StillLayer:
    """One window-sized opaque layer, repainted when its key changes."""

    def __init__(self) -> None:
        self._key: Hashable | None = None
        self._layer: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, key: Hashable, paint: Callable[[pygame.Surface], None],
             area: pygame.Rect | None = None) -> None:
        """Blit the layer painted by ``paint`` (in ``surface`` coordinates) for ``key``; ``area``: only
        that part of it (the rest of ``surface`` is not touched)."""
        if is_recording():
            paint(surface)
            return
        size = surface.get_size()
        if self._layer is None or self._key != key or self._layer.get_size() != size:
            layer = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
            paint(layer)
            self._key, self._layer = key, layer
        if area is None:
            blit_layer(surface, self._layer, (0, 0))
        else:
            blit_layer(surface, self._layer, area.topleft, area)


class PanelLayer:
    """One rounded panel's layer, repainted when its key changes: opaque inside, its four corners
    see-through (a colour key where the paint left them), so what lies under the corners still shows.
    The inside is blitted opaque (a plain copy); only the corner squares are keyed."""

    SEE_THROUGH: ClassVar[tuple[int, int, int]] = theme.COLOUR_KEY  # no panel, text or seat colour is this

    def __init__(self) -> None:
        self._key: Hashable | None = None
        self._layer: pygame.Surface | None = None
        self._corners: pygame.Surface | None = None  # the same, keyed

    def draw(self, surface: pygame.Surface, key: Hashable, rect: pygame.Rect, radius: int,
             paint: Callable[[pygame.Surface, pygame.Rect], None]) -> None:
        """Blit at ``rect`` the layer ``paint(layer, at)`` painted for ``key`` (``at``: where ``rect`` lies on
        the layer it is given — on ``surface`` itself while text is being recorded); ``paint`` covers all of
        ``rect`` but the corners of a rounded rect of ``radius``."""
        if is_recording():
            paint(surface, pygame.Rect(rect))
            return
        if self._layer is None or self._key != key or self._layer.get_size() != rect.size:
            layer = pygame.Surface(rect.size)
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
            layer.fill(self.SEE_THROUGH)
            paint(layer, layer.get_rect())
            self._corners = layer.copy()
            self._corners.set_colorkey(self.SEE_THROUGH)
            self._key, self._layer = key, layer
        corners = self._corners
        assert corners is not None  # made with the layer, just above
        w, h = rect.size
        c = max(0, min(int(radius), w // 2, h // 2))
        blit_layer(surface, self._layer, (rect.x, rect.y + c), pygame.Rect(0, c, w, h - 2 * c))
        for y in (0, h - c) if c else ():
            surface.blit(self._layer, (rect.x + c, rect.y + y), pygame.Rect(c, y, w - 2 * c, c))
            for x in (0, w - c):
                surface.blit(corners, (rect.x + x, rect.y + y), pygame.Rect(x, y, c, c))
