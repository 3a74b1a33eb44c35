"""pygame-gui: the themed UI manager (CJK fonts per element type) and the IME composition display.

pygame-gui draws text entries but not the IME composition string (``TEXTEDITING``);
:class:`Composition` keeps it and draws it underlined at the focused entry, so a
Japanese or Chinese typist sees what they are composing.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from client.kit.theme import ACCENT, INK, PAPER

THEME_PATH = Path(__file__).resolve().parent.parent / "assets" / "themes" / "houkago.json"
BASE_UNIT = 20.0


def theme_for(lang: str, unit: float, path: Path = THEME_PATH) -> dict[str, Any]:
    """The theme dict for a language (SC face for zh, JP otherwise) with sizes scaled to ``unit``."""
    with open(path, encoding="utf-8") as fh:
        theme = json.load(fh)
    theme = copy.deepcopy(theme)
    theme.pop("_comment", None)
    from client.text import font_path

    face = "noto_sans_sc" if lang == "zh" else "noto_sans_jp"
    regular, bold = font_path(lang, False), font_path(lang, True)
    for block in theme.values():
        font = block.get("font") if isinstance(block, dict) else None
        if not font:
            continue
        font["name"] = face
        font["regular_path"] = regular
        font["bold_path"] = bold
        font["italic_path"] = regular
        font["bold_italic_path"] = bold
        font["size"] = str(max(12, round(float(font.get("size", BASE_UNIT)) * unit / BASE_UNIT)))
    return theme


class Composition:
    """The IME composition string from ``TEXTEDITING`` events, drawn with an underline."""

    def __init__(self) -> None:
        self.text = ""
        self.cursor = 0

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTEDITING:
            self.text = event.text or ""
            self.cursor = getattr(event, "start", len(self.text))
            return True
        if event.type == pygame.TEXTINPUT:
            self.text = ""  # the composition was committed
        return False

    def clear(self) -> None:
        self.text = ""

    def draw(self, surface: pygame.Surface, text_engine: Any, anchor: pygame.Rect, size: float) -> None:
        """Draw the composition on paper just below ``anchor`` (the focused entry), underlined."""
        if not self.text:
            return
        img = text_engine.render(self.text, size, INK)
        pad = max(3, int(size * 0.25))
        box = pygame.Rect(anchor.left + pad, anchor.bottom + 2, img.get_width() + pad * 2,
                          img.get_height() + pad * 2)
        if box.bottom > surface.get_height():
            box.bottom = anchor.top - 2
        pygame.draw.rect(surface, PAPER, box, border_radius=pad)
        pygame.draw.rect(surface, ACCENT, box, width=2, border_radius=pad)
        surface.blit(img, (box.left + pad, box.top + pad))
        y = box.top + pad + img.get_height() - max(1, int(size * 0.08))
        pygame.draw.line(surface, INK, (box.left + pad, y), (box.left + pad + img.get_width(), y),
                         max(1, int(size * 0.08)))
        # The committed-so-far caret inside the composition.
        pre = text_engine.size(self.text[: self.cursor], size)[0]
        pygame.draw.line(surface, ACCENT, (box.left + pad + pre, box.top + pad),
                         (box.left + pad + pre, box.top + pad + img.get_height()), 2)


class Gui:
    """One pygame_gui UIManager, rebuilt when the language or the unit changes."""

    def __init__(self, size: tuple[int, int], lang: str, unit: float) -> None:
        self.lang = lang
        self.unit = unit
        self.manager = pygame_gui.UIManager(size, theme_for(lang, unit), starting_language=lang)
        self.composition = Composition()

    def rebuild(self, size: tuple[int, int], lang: str, unit: float) -> None:
        """New manager for a new language or size step; scenes re-create their elements after this."""
        self.manager.clear_and_reset()
        self.lang, self.unit = lang, unit
        self.manager = pygame_gui.UIManager(size, theme_for(lang, unit), starting_language=lang)
        self.composition.clear()

    def process(self, event: pygame.event.Event) -> bool:
        self.composition.handle(event)
        return bool(self.manager.process_events(event))

    def focused_entry(self) -> Any:
        focus = self.manager.get_focus_set()
        for el in focus or ():
            if isinstance(el, pygame_gui.elements.UITextEntryLine):
                return el
        return None
