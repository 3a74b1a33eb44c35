"""Fonts, cached text rendering and line wrapping for Japanese, Chinese and English.

Fonts are loaded by path from pygame_gui's data folder (Noto Sans JP for ja/en,
Noto Sans SC for zh, so each script gets its own glyph shapes), cached per size.
:func:`wrap` applies the one line-breaking policy of :mod:`client.kit.textfit`
(budoux phrases, kinsoku, Latin by word, no single character alone on a last line).
"""
from __future__ import annotations

import functools
import importlib.util
import mmap
import os
from collections.abc import Iterable
from typing import Any

import pygame

from client.kit.cache import LruCache, SurfaceCache
from client.kit.textfit import (
    NO_LINE_END,
    NO_LINE_START,
    Fitted,
    Fitter,
    is_cjk,
    phrases_for,
    record,
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


@functools.cache
def font_dir() -> str:
    """pygame_gui's data folder, which ships the Noto Sans JP/SC fonts (found without importing pygame_gui:
    the launcher's first frame does not wait for it; looked up once, not for every font size opened)."""
    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("pygame_gui (its data folder holds the fonts)", name="pygame_gui")
    return os.path.join(list(spec.submodule_search_locations)[0], "data")


def mapped(path: str) -> Any:
    """The font file ``path`` as a read-only memory map for ``pygame.font.Font``: FreeType then reads the
    font's tables from memory instead of a seek and a read system call for every piece (~15,000 calls
    before the launcher's first frame; text renders ~35 % faster, the same pixels). One map per font (pygame
    closes it with the font); the pages are the file's own, shared by every map. A file that cannot be
    mapped is opened by its path."""
    try:
        with open(path, "rb") as fh:
            return mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return path


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
        self._size_cache: LruCache[tuple[int, int]] = LruCache(RENDER_CACHE_SIZE)
        self.fitter = Fitter(self)  # the one fitting policy on these fonts (wrap, shrink, report overflow)
        self._warming: list[tuple[str, int, bool]] = []  # fonts to load ahead of use (face, px, bold)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        for cache in (self._cache, self._size_cache):
            cache.context(lang)

    def warm(self, sizes: Iterable[tuple[float, bool]]) -> None:
        """Queue fonts of this language (size, bold) to load ahead of their first use (:meth:`warm_next`)."""
        face = face_for(self.lang)
        for size, bold in sizes:
            key = (face, self.px(size), bool(bold))
            if key not in self._fonts and key not in self._warming:
                self._warming.append(key)

    def warm_next(self) -> bool:
        """Load one queued font (a CJK font file costs up to ~15 ms to open per size); False when none waits."""
        while self._warming:
            face, px, bold = self._warming.pop(0)
            if (face, px, bold) not in self._fonts:
                self.font(px, bold, "zh" if face == "sc" else "ja")
                return True
        return False

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
            f = pygame.font.Font(mapped(os.path.join(font_dir(), FONT_FILES[(face, bool(bold))])), key[1])
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
        """Lines of ``text`` that fit ``width`` px (the fitter's wrap, cached; another ``lang`` uncached)."""
        if lang is None or lang == self.lang:
            return self.fitter.wrap(text, size, width, bold)
        return wrap(text, self.font(size, bold, lang), width, lang)

    def size(self, text: str, size: float, bold: bool = False) -> tuple[int, int]:
        """Width and height of one rendered line (cached)."""
        key = (text, self.px(size), bool(bold), face_for(self.lang))

        def measure() -> tuple[int, int]:
            w, h = self.font(size, bold).size(text)
            return int(w), int(h)
        return self._size_cache.get(key, measure)

    def blit(self, surface: pygame.Surface, text: str, size: float, color: Color, pos: tuple[float, float],
             anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
        """Draw one line with ``anchor`` (any pygame.Rect attribute) at ``pos``; return its rect (recorded
        for the layout walk: a line is the caller's to fit, see :meth:`blit_wrapped` / :attr:`fitter`)."""
        img = self.render(text, size, color, bold)
        rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        surface.blit(img, rect)
        record(text, rect, "label", False, surface)  # the layout walk checks it stays in the window
        return rect

    def balanced(self, text: str, size: float, width: int, bold: bool = False) -> list[str]:
        """Like :meth:`wrap`, but as narrow as possible for the same line count (no one-word last line)."""
        return list(self.fitter.block(text, size, width, None, bold, floor=1.0, balanced=True).lines)

    def fit(self, text: str, size: float, rect: pygame.Rect, bold: bool = False, align: str = "left",
            max_lines: int | None = None) -> Fitted:
        """``text`` fitted into ``rect`` by the one policy (:class:`client.kit.textfit.Fitter`):
        wrapped, then shrunk to the floor until it fits the rect's height (and ``max_lines`` lines of
        ``size``); what still does not fit says ``overflow`` — the caller grows its box, never cuts."""
        height: float | None = rect.height if rect.height > 0 else None
        if max_lines is not None:
            budget = max_lines * self.fitter.line_h(size, bold)
            height = budget if height is None else min(height, budget)
        return self.fitter.block(text, size, rect.width, height, bold, balanced=(align == "center"))

    def blit_wrapped(self, surface: pygame.Surface, text: str, size: float, color: Color, rect: pygame.Rect,
                     bold: bool = False, align: str = "left", max_lines: int | None = None,
                     kind: str = "rule") -> int:
        """Draw ``text`` fitted into ``rect`` (see :meth:`fit`); return the height used.

        Nothing is cut: text taller than the rect even at the floor is drawn in full below it and
        recorded as overflowing (the layout walk fails on it). Centred text is balanced.
        """
        fitted = self.fit(text, size, rect, bold, align, max_lines)
        self.fitter.draw_block(surface, text, rect, size, color, bold, align, kind=kind, fitted=fitted)
        return fitted.height

    def lines_height(self, lines: Iterable[str], size: float, bold: bool = False) -> int:
        return len(list(lines)) * self.font(size, bold).get_linesize()
