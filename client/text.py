"""Fonts, cached text rendering and line wrapping for Japanese, Chinese and English.

Fonts are loaded by path from pygame_gui's data folder (Noto Sans JP for ja/en,
Noto Sans SC for zh, so each script gets its own glyph shapes), cached per size.
:func:`wrap` applies the one line-breaking policy of :mod:`client.kit.textfit`
(budoux phrases, kinsoku, Latin by word, no single character alone on a last line).
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

import pygame

from client.kit.cache import LruCache, SurfaceCache
from client.kit.textfit import (
    NO_LINE_END,
    NO_LINE_START,
    balance,
    is_cjk,
    phrases_for,
    wrap_measured,
)

__all__ = ["NO_LINE_END", "NO_LINE_START", "TextEngine", "font_path", "is_cjk", "wrap", "wrap_measured"]
FONT_FILES = {
    ("jp", False): "NotoSansJP-Regular.otf",
    ("jp", True): "NotoSansJP-Bold.otf",
    ("sc", False): "NotoSansSC-Regular.otf",
    ("sc", True): "NotoSansSC-Bold.otf",
}
MIN_PX = 8
_FONTS: dict[tuple[str, int, bool], pygame.font.Font] = {}  # shared by every engine; emptied by pygame.quit()
_HOOKED: list[bool] = []


def _forget_fonts() -> None:
    _FONTS.clear()
    _HOOKED.clear()


def _remember_font(key: tuple[str, int, bool], font: pygame.font.Font) -> None:
    if not _HOOKED:  # pygame calls each quit hook once: register again for every new session
        pygame.register_quit(_forget_fonts)
        _HOOKED.append(True)
    _FONTS[key] = font
RENDER_CACHE_SIZE = 3000


def font_dir() -> str:
    """pygame_gui's data folder, which ships the Noto Sans JP/SC fonts."""
    import pygame_gui  # local import: only its data folder is needed here

    return os.path.join(os.path.dirname(pygame_gui.__file__), "data")


def face_for(lang: str) -> str:
    """``sc`` for Chinese, ``jp`` for Japanese and English."""
    return "sc" if lang == "zh" else "jp"


def font_path(lang: str, bold: bool = False) -> str:
    return os.path.join(font_dir(), FONT_FILES[(face_for(lang), bool(bold))])


def wrap(text: str, font: Any, width: int, lang: str | None = None) -> list[str]:
    """Lines of ``text`` that fit ``width`` px in ``font`` (a ``pygame.font.Font``).

    The one line-breaking policy (:func:`client.kit.textfit.wrap_measured`): with ``lang``,
    CJK breaks between budoux phrases first; kinsoku always; Latin at spaces.
    """
    return wrap_measured(text, lambda s: font.size(s)[0], width, phrases_for(lang) if lang else None)


Color = Any


class TextEngine:
    """Fonts per (language face, size, bold) and an LRU cache of rendered text."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self._fonts = _FONTS  # loaded fonts are shared by every engine (loading one costs milliseconds)
        self._cache = SurfaceCache(RENDER_CACHE_SIZE)
        self._wrap_cache: LruCache[list[str]] = LruCache(RENDER_CACHE_SIZE)
        self._size_cache: LruCache[tuple[int, int]] = LruCache(RENDER_CACHE_SIZE)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        for cache in (self._cache, self._wrap_cache, self._size_cache):
            cache.context(lang)

    @staticmethod
    def px(size: float) -> int:
        return max(MIN_PX, round(size))

    def font(self, size: float, bold: bool = False, lang: str | None = None) -> pygame.font.Font:
        face = face_for(lang or self.lang)
        key = (face, self.px(size), bool(bold))
        f = self._fonts.get(key)
        if f is None:
            if not pygame.font.get_init():
                pygame.font.init()
            f = pygame.font.Font(os.path.join(font_dir(), FONT_FILES[(face, bool(bold))]), key[1])
            _remember_font(key, f)
        return f

    def render(self, text: str, size: float, color: Color, bold: bool = False,
               lang: str | None = None) -> pygame.Surface:
        """Rendered text (antialiased, transparent background), cached by all its inputs."""
        lang = lang or self.lang
        col = tuple(pygame.Color(color))
        key = (text, self.px(size), col, bool(bold), face_for(lang))
        surf: pygame.Surface = self._cache.get(key, lambda: self.font(size, bold, lang).render(text, True, col))
        return surf

    def text(self, text: str, size: float, color: Color, bold: bool = False) -> pygame.Surface:
        """The same as :meth:`render` (the name the table context uses)."""
        return self.render(text, size, color, bold)

    def wrap(self, text: str, size: float, width: int, bold: bool = False,
             lang: str | None = None) -> list[str]:
        key = (text, self.px(size), int(width), bool(bold), face_for(lang or self.lang), lang or self.lang)
        return self._wrap_cache.get(key, lambda: wrap(text, self.font(size, bold, lang), width, lang or self.lang))

    def size(self, text: str, size: float, bold: bool = False) -> tuple[int, int]:
        """Width and height of one rendered line (cached)."""
        key = (text, self.px(size), bool(bold), face_for(self.lang))

        def measure() -> tuple[int, int]:
            w, h = self.font(size, bold).size(text)
            return int(w), int(h)
        return self._size_cache.get(key, measure)

    def blit(self, surface: pygame.Surface, text: str, size: float, color: Color, pos: tuple[float, float],
             anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
        """Draw one line with ``anchor`` (any pygame.Rect attribute) at ``pos``; return its rect."""
        img = self.render(text, size, color, bold)
        rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        surface.blit(img, rect)
        return rect

    def balanced(self, text: str, size: float, width: int, bold: bool = False) -> list[str]:
        """Like :meth:`wrap`, but as narrow as possible for the same line count (no one-word last line)."""
        lines = self.wrap(text, size, width, bold)
        return balance(text, lines, lambda w: self.wrap(text, size, w, bold), width, self.lang)

    def blit_wrapped(self, surface: pygame.Surface, text: str, size: float, color: Color, rect: pygame.Rect,
                     bold: bool = False, align: str = "left", line_gap: float = 1.25,
                     max_lines: int | None = None) -> int:
        """Draw ``text`` wrapped into ``rect`` (clipped to its height); return the height used.

        Centred text is balanced (lines of similar length, no orphan at the end).
        """
        if align == "center":
            lines = self.balanced(text, size, rect.width, bold)
        else:
            lines = self.wrap(text, size, rect.width, bold)
        if max_lines is not None and len(lines) > max_lines:
            lines = lines[:max_lines]
            dots = "..." if self.lang == "en" else "…"  # the JP face draws U+2026 as centred dots
            lines[-1] = lines[-1][: max(0, len(lines[-1]) - 1)].rstrip() + dots
        step = int(self.font(size, bold).get_linesize() * line_gap / 1.25)
        y = rect.top
        for line in lines:
            if y + step > rect.bottom + step // 3:
                break
            img = self.render(line, size, color, bold)
            if align == "center":
                x = rect.centerx - img.get_width() // 2
            elif align == "right":
                x = rect.right - img.get_width()
            else:
                x = rect.left
            surface.blit(img, (x, y))
            y += step
        return y - rect.top

    def lines_height(self, lines: Iterable[str], size: float, bold: bool = False) -> int:
        return len(list(lines)) * self.font(size, bold).get_linesize()
