"""Fonts, cached text rendering and line wrapping for Japanese, Chinese and English.

Fonts are loaded by path from pygame_gui's data folder (Noto Sans JP for ja/en,
Noto Sans SC for zh, so each script gets its own glyph shapes), cached per size.
:func:`wrap` breaks CJK text by character with kinsoku rules (no line starts with
。、」…, no line ends with 「『（) and Latin text by word; mixed text fills lines.
"""
from __future__ import annotations

import os
from collections import OrderedDict
from typing import Any, Callable, Iterable

import pygame

# Characters that may not start a line (closing brackets, punctuation, prolonged sound mark, small kana).
NO_LINE_START = frozenset(
    "、。，．,.・：；:;？！?!‼⁇⁈⁉ー―…‥〜～」』）］｝〕〉》】〙〗〟’”)]}>％%‰℃°′″"
    "ゝゞヽヾ々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
)
# Characters that may not end a line (opening brackets and quotes).
NO_LINE_END = frozenset("「『（［｛〔〈《【〘〖〝‘“([{<")

FONT_FILES = {
    ("jp", False): "NotoSansJP-Regular.otf",
    ("jp", True): "NotoSansJP-Bold.otf",
    ("sc", False): "NotoSansSC-Regular.otf",
    ("sc", True): "NotoSansSC-Bold.otf",
}
MIN_PX = 8
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


def is_cjk(ch: str) -> bool:
    """True for characters that may break anywhere (kana, kanji/hanzi, fullwidth forms, hangul)."""
    o = ord(ch)
    return (0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF
            or 0xAC00 <= o <= 0xD7AF or 0x20000 <= o <= 0x3FFFF or 0xFE30 <= o <= 0xFE4F)


def _units(paragraph: str) -> list[str]:
    """Split a paragraph into unbreakable units: CJK characters, Latin words, runs of spaces.

    Kinsoku: a no-line-start character joins the unit before it, a no-line-end
    character joins the unit after it.
    """
    raw: list[str] = []
    word = ""
    for ch in paragraph:
        if ch == " " or ch == "\t":
            if word:
                raw.append(word)
                word = ""
            if raw and raw[-1].isspace():
                raw[-1] += " "
            else:
                raw.append(" ")
        elif is_cjk(ch):
            if word:
                raw.append(word)
                word = ""
            raw.append(ch)
        else:
            word += ch
    if word:
        raw.append(word)
    units: list[str] = []
    carry = ""  # opening brackets waiting for what follows them
    for u in raw:
        if u.isspace():
            if carry:
                units.append(carry)
                carry = ""
            units.append(u)
            continue
        if len(u) == 1 and u in NO_LINE_END:
            carry += u
            continue
        if carry:
            u = carry + u
            carry = ""
        if u[0] in NO_LINE_START and units and not units[-1].isspace():
            units[-1] += u
        else:
            units.append(u)
    if carry:
        if units and not units[-1].isspace():
            units[-1] += carry
        else:
            units.append(carry)
    return units


def wrap_measured(text: str, measure: Callable[[str], int], width: int) -> list[str]:
    """Wrap ``text`` into lines whose measured width fits ``width`` (see :func:`wrap`)."""
    width = max(1, int(width))
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for unit in _units(paragraph):
            if unit.isspace():
                if line:
                    line += unit
                continue
            candidate = line + unit
            if measure(candidate.rstrip()) <= width:
                line = candidate
                continue
            if line.strip():
                lines.append(line.rstrip())
            line = ""
            if measure(unit) <= width:
                line = unit
                continue
            # A unit wider than the whole line (a very long word): split by character.
            for ch in unit:
                if line and measure(line + ch) > width:
                    lines.append(line)
                    line = ""
                line += ch
        lines.append(line.rstrip())
    return lines


def wrap(text: str, font: Any, width: int) -> list[str]:
    """Lines of ``text`` that fit ``width`` px in ``font`` (a ``pygame.font.Font``).

    CJK breaks between any two characters except where kinsoku forbids it; Latin
    breaks at spaces (a word longer than the line is split); explicit newlines stay.
    """
    return wrap_measured(text, lambda s: font.size(s)[0], width)


Color = Any


class TextEngine:
    """Fonts per (language face, size, bold) and an LRU cache of rendered text."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self._fonts: dict[tuple[str, int, bool], pygame.font.Font] = {}
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._wrap_cache: OrderedDict[tuple, list[str]] = OrderedDict()
        self._size_cache: OrderedDict[tuple, tuple[int, int]] = OrderedDict()

    def set_lang(self, lang: str) -> None:
        self.lang = lang

    @staticmethod
    def px(size: float) -> int:
        return max(MIN_PX, int(round(size)))

    def font(self, size: float, bold: bool = False, lang: str | None = None) -> pygame.font.Font:
        face = face_for(lang or self.lang)
        key = (face, self.px(size), bool(bold))
        f = self._fonts.get(key)
        if f is None:
            if not pygame.font.get_init():
                pygame.font.init()
            f = pygame.font.Font(os.path.join(font_dir(), FONT_FILES[(face, bool(bold))]), key[1])
            self._fonts[key] = f
        return f

    def render(self, text: str, size: float, color: Color, bold: bool = False,
               lang: str | None = None) -> pygame.Surface:
        """Rendered text (antialiased, transparent background), cached by all its inputs."""
        lang = lang or self.lang
        col = tuple(pygame.Color(color))
        key = (text, self.px(size), col, bool(bold), face_for(lang))
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = self.font(size, bold, lang).render(text, True, col)
        self._cache[key] = surf
        if len(self._cache) > RENDER_CACHE_SIZE:
            self._cache.popitem(last=False)
        return surf

    def wrap(self, text: str, size: float, width: int, bold: bool = False,
             lang: str | None = None) -> list[str]:
        key = (text, self.px(size), int(width), bool(bold), face_for(lang or self.lang))
        lines = self._wrap_cache.get(key)
        if lines is None:
            lines = wrap(text, self.font(size, bold, lang), width)
            self._wrap_cache[key] = lines
            if len(self._wrap_cache) > RENDER_CACHE_SIZE:
                self._wrap_cache.popitem(last=False)
        return lines

    def size(self, text: str, size: float, bold: bool = False) -> tuple[int, int]:
        """Width and height of one rendered line (cached)."""
        key = (text, self.px(size), bool(bold), face_for(self.lang))
        wh = self._size_cache.get(key)
        if wh is None:
            wh = self.font(size, bold).size(text)
            self._size_cache[key] = wh
            if len(self._size_cache) > RENDER_CACHE_SIZE:
                self._size_cache.popitem(last=False)
        return wh

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
        if len(lines) < 2:
            return lines
        best = lines
        for pct in range(95, 55, -5):
            trial = self.wrap(text, size, int(width * pct / 100), bold)
            if len(trial) != len(lines):
                break
            best = trial
        return best

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
