"""What a screen shows that does not change from frame to frame, kept as one opaque layer.

A scene or view paints its still part (background, panels, text that stays put) into a
:class:`StillLayer` under a key that holds everything that part is drawn from; each frame
is then one blit, and what changes (buttons under the pointer, a caret) is drawn over it.
While text is being recorded (the layout walk, tests) the still part is painted afresh, so
every text is seen where it lands.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

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
