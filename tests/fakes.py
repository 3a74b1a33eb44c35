"""A small TableContext for headless table tests, benches and screenshots.

Real fonts (pygame_gui's Noto Sans JP/SC), cached text, a simple wrap; records sent
actions, sounds and toasts. Not the app's context (``client.app`` implements the real one).
"""
from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pygame

ROOT = Path(__file__).resolve().parent.parent
_NO_LINE_START = set("、。，．,.!?！？）)」』】〉》…ー・：；:;％%〜～")


def _font_dir() -> str:
    import pygame_gui
    return os.path.join(os.path.dirname(pygame_gui.__file__), "data")


def load_strings(lang: str) -> dict[str, str]:
    """All i18n TOML files of a language merged (flat key = text)."""
    out: dict[str, str] = {}
    for f in sorted((ROOT / "assets" / "i18n" / lang).glob("*.toml")):
        with open(f, "rb") as fh:
            out.update(tomllib.load(fh))
    return out


class FakeCtx:
    """Implements the TableContext protocol for tests."""

    def __init__(self, lang: str = "en", unit: float = 20.0, fast: bool = False, display_mode: bool = False) -> None:
        if not pygame.get_init():
            pygame.init()
        if not pygame.font.get_init():
            pygame.font.init()
        self.lang = lang
        self.unit = unit
        self.fast = fast
        self.display_mode = display_mode
        self.sent: list[tuple[int, dict]] = []
        self.sounds: list[str] = []
        self.toasts: list[tuple[str, str]] = []
        self.strings = load_strings(lang)
        self._fonts: dict[tuple, pygame.font.Font] = {}
        self._text: dict[tuple, pygame.Surface] = {}
        self._content: dict[str, Any] = {}

    def t(self, key: str, **params: Any) -> str:
        s = self.strings.get(key, key)
        try:
            return s.format(**params)
        except (KeyError, IndexError, ValueError):
            return s

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        px = max(6, int(round(size)))
        key = (px, bold, self.lang)
        f = self._fonts.get(key)
        if f is None:
            face = "SC" if self.lang == "zh" else "JP"
            name = f"NotoSans{face}-{'Bold' if bold else 'Regular'}.otf"
            f = pygame.font.Font(os.path.join(_font_dir(), name), px)
            self._fonts[key] = f
        return f

    def text(self, s: str, size: float, color: Any, bold: bool = False) -> pygame.Surface:
        key = (s, int(round(size)), tuple(color), bold, self.lang)
        surf = self._text.get(key)
        if surf is None:
            surf = self.font(size, bold).render(s, True, color)
            self._text[key] = surf
        return surf

    def wrap(self, s: str, size: float, width: int) -> list[str]:
        f = self.font(size)
        lines: list[str] = []
        for para in s.split("\n"):
            tokens = _tokens(para)
            line = ""
            for tok in tokens:
                trial = line + tok
                if f.size(trial.rstrip())[0] <= width or not line.strip():
                    line = trial
                    continue
                if tok[0] in _NO_LINE_START and len(line) > 1:  # carry the last char with the punctuation
                    lines.append(line[:-1].rstrip())
                    line = line[-1] + tok
                else:
                    lines.append(line.rstrip())
                    line = tok.lstrip()
            lines.append(line.rstrip())
        return lines

    def content(self, game_id: str) -> Any:
        if game_id not in self._content:
            from shared.engine import REGISTRY
            self._content[game_id] = REGISTRY[game_id].content()
        return self._content[game_id]

    def send_action(self, seat: int, action: dict) -> None:
        self.sent.append((seat, action))

    def play_sound(self, name: str) -> None:
        self.sounds.append(name)

    def toast(self, message: str, kind: str = "info") -> None:
        self.toasts.append((message, kind))


def _tokens(s: str) -> list[str]:
    """Words with their trailing space for Latin; single characters for CJK."""
    out: list[str] = []
    word = ""
    for ch in s:
        if ord(ch) >= 0x2E80:
            if word:
                out.append(word)
                word = ""
            out.append(ch)
        elif ch == " ":
            out.append(word + " ")
            word = ""
        else:
            word += ch
    if word:
        out.append(word)
    return out
