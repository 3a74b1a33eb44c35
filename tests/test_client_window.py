"""The window's icon is pygame's own, loaded by path (the same pixels and see-through colour as set_mode's)."""
from __future__ import annotations

import pygame
from pygame import pkgdata

from client.app import pygame_icon


def test_the_icon_is_the_one_set_mode_would_load() -> None:
    pygame.display.init()
    try:
        mine = pygame_icon()
        assert mine is not None
        theirs = pygame.image.load_basic(pkgdata.getResource("pygame_icon.bmp"))
        assert mine.get_size() == theirs.get_size()
        assert pygame.image.tobytes(mine, "RGBA") == pygame.image.tobytes(theirs, "RGBA")
        theirs.set_colorkey(theirs.map_rgb((255, 0, 255)))  # set_mode: SDL_SetColorKey(SDL_MapRGB(magenta))
        assert mine.get_colorkey() == theirs.get_colorkey()
    finally:
        pygame.display.quit()
