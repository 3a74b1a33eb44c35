"""The table background: rings drawn in their blended colours give the pixels of a translucent layer blended."""
from __future__ import annotations

import pygame
import pytest

from client.kit import theme
from client.ui import Background


def blended_by_layer(size: tuple[int, int]) -> pygame.Surface:
    """The background as drawn before: black rings at a small alpha on a window-sized layer, blitted."""
    bg = pygame.Surface(size)
    bg.fill(theme.TABLE)
    w, h = size
    shade = pygame.Surface(size, pygame.SRCALPHA)
    steps = 14
    for i in range(steps):
        a = int(5 * (steps - i) / steps) + 1
        inset = int(min(w, h) * 0.035 * i)
        pygame.draw.rect(shade, (0, 0, 0, a), shade.get_rect().inflate(-inset * 2, -inset * 2),
                         width=max(1, int(min(w, h) * 0.035)), border_radius=int(min(w, h) * 0.05))
    bg.blit(shade, (0, 0))
    return bg


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)])
def test_background_pixels_equal_the_blended_layer(size: tuple[int, int]) -> None:
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        drawn = Background._render(size)
        assert drawn.get_size() == size
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(blended_by_layer(size), "RGB")
    finally:
        pygame.display.quit()
