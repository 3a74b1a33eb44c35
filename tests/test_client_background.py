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


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_launchers_first_frame_painted_in_place_equals_its_layered_frames(tmp_path, lang: str) -> None:
    """The app's first frame paints the launcher's still part straight into the window (no layer, no copy of
    the background yet); the frames after it blit its layer: the same pixels, and the layer is kept."""
    from client_helpers import make_app

    app = make_app(tmp_path, "--lang", lang, "--size", "1280x720")
    try:
        app.replace("launcher")
        pygame.mouse.set_pos((1, 1))
        app.frame(0.016)
        first = pygame.image.tobytes(app.screen, "RGB")
        assert app.top._layers.peek(app.top._layer_key(app.screen.get_size())) is None  # painted in place
        assert app.background._cache.peek(app.screen.get_size()) is None  # and the background too
        app.frame(0.016)
        assert app.top._layers.peek(app.top._layer_key(app.screen.get_size())) is not None  # then kept
        app.frame(0.016)
        assert pygame.image.tobytes(app.screen, "RGB") == first
    finally:
        app.shutdown()
