"""A drawn text entry for table views: TEXTINPUT for committed text (CJK included), the IME
composition (``TEXTEDITING``) shown underlined at the caret, wrapped lines (``ctx.wrap``).

It does not depend on pygame-gui, so a table view can put entries anywhere on its own
surface. The owner routes events to :meth:`TextEntry.handle_event` while the entry is
focused and calls :meth:`draw` with its rect. Enter submits (``on_submit(text)``);
Shift+Enter inserts a line break when ``multiline``; Escape blurs.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from client.kit.theme import ACCENT, INK, LINE, MUTED, PAPER


class TextEntry:
    """One editable text field (single or multi line) with a visible IME composition."""

    def __init__(self, key: str, text: str = "", *, limit: int = 500, multiline: bool = False,
                 placeholder: str = "", on_submit: Callable[[str], None] | None = None) -> None:
        self.key = key
        self.text = text
        self.limit = limit
        self.multiline = multiline
        self.placeholder = placeholder
        self.on_submit = on_submit
        self.focused = False
        self.composition = ""
        self.comp_cursor = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.dirty = False  # edited since the last set_text / submit

    # --- content ----------------------------------------------------------------------
    def set_text(self, text: str) -> None:
        self.text = text[: self.limit]
        self.dirty = False

    def insert(self, s: str) -> None:
        room = self.limit - len(self.text)
        if room > 0 and s:
            self.text += s[:room]
            self.dirty = True

    def submit(self) -> None:
        if self.on_submit is not None:
            self.on_submit(self.text)
        self.dirty = False

    # --- focus -----------------------------------------------------------------------
    def focus(self) -> None:
        self.focused = True
        try:
            pygame.key.start_text_input()
            if self.rect.w:
                pygame.key.set_text_input_rect(self.rect)
        except pygame.error:
            pass

    def blur(self) -> None:
        self.focused = False
        self.composition = ""

    # --- events ----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Use a key/text event if focused; True if used."""
        if not self.focused:
            return False
        if event.type == pygame.TEXTEDITING:
            self.composition = event.text or ""
            self.comp_cursor = int(getattr(event, "start", len(self.composition)) or 0)
            return True
        if event.type == pygame.TEXTINPUT:
            self.composition = ""
            self.insert(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if self.composition:  # the IME owns the keys while composing
                return True
            if event.key == pygame.K_BACKSPACE:
                if self.text:
                    self.text = self.text[:-1]
                    self.dirty = True
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.multiline and (event.mod & pygame.KMOD_SHIFT):
                    self.insert("\n")
                else:
                    self.submit()
                return True
            if event.key == pygame.K_ESCAPE:
                self.blur()
                return True
            if event.key == pygame.K_v and (event.mod & pygame.KMOD_CTRL):
                self.insert(_clipboard())
                return True
            return True  # other keys are swallowed while typing (no table shortcuts)
        return False

    # --- drawing ---------------------------------------------------------------------
    def lines(self, ctx: Any, size: float, width: int) -> list[str]:
        shown = self.text + (self.composition if self.focused else "")
        if not self.multiline:
            return [shown]
        return ctx.wrap(shown, size, width) or [""]

    def draw(self, surface: pygame.Surface, ctx: Any, size: float, blink: float = 0.0) -> None:
        """Draw into ``self.rect``: paper box, text (last lines if it overflows), composition, caret."""
        r = self.rect
        pad = max(4, int(size * 0.35))
        pygame.draw.rect(surface, PAPER, r, border_radius=pad)
        pygame.draw.rect(surface, ACCENT if self.focused else LINE, r, width=2, border_radius=pad)
        inner_w = r.w - pad * 2
        font = ctx.font(size)
        lh = font.get_linesize()
        if not self.text and not self.composition:
            if self.placeholder:
                ph = ctx.wrap(self.placeholder, size, inner_w) if self.multiline else [self.placeholder]
                y = r.top + pad
                for ln in ph[: max(1, (r.h - pad) // lh)]:
                    img = ctx.text(ln, size, MUTED)
                    surface.blit(img, (r.left + pad, y), area=pygame.Rect(0, 0, inner_w, img.get_height()))
                    y += lh
            if self.focused and blink < 0.5:
                pygame.draw.line(surface, INK, (r.left + pad, r.top + pad), (r.left + pad, r.top + pad + lh - 2), 2)
            return
        committed = self.text
        lines = self.lines(ctx, size, inner_w)
        rows = max(1, (r.h - pad) // lh) if self.multiline else 1
        visible = lines[-rows:]
        y = r.top + pad if self.multiline else r.centery - lh // 2
        # which characters of the visible lines are composition (drawn underlined in accent)
        total_before = sum(len(ln) for ln in lines[: len(lines) - len(visible)])
        pos = total_before
        caret = (r.left + pad, y)
        for ln in visible:
            x = r.left + pad
            if not self.multiline:
                full = font.size(ln)[0]
                x -= max(0, full - inner_w)  # keep the end visible
            for seg, is_comp in _split_comp(ln, pos, len(committed)):
                img = ctx.text(seg, size, INK)
                clip = surface.get_clip()
                surface.set_clip(r.inflate(-pad, 0).clip(clip) if clip else r.inflate(-pad, 0))
                surface.blit(img, (x, y))
                if is_comp:
                    uy = y + lh - max(2, int(size * 0.12))
                    pygame.draw.line(surface, ACCENT, (x, uy), (x + img.get_width(), uy), max(2, int(size * 0.1)))
                surface.set_clip(clip)
                x += img.get_width()
            pos += len(ln)
            caret = (x, y)
            y += lh
        if self.focused and (blink < 0.5 or self.composition):
            cx = min(caret[0], r.right - pad)
            pygame.draw.line(surface, INK, (cx, caret[1]), (cx, caret[1] + lh - 2), 2)


def _split_comp(line: str, start: int, committed: int) -> list[tuple[str, bool]]:
    """Split a visible line (starting at absolute index ``start``) into committed/composition parts."""
    cut = committed - start
    if cut >= len(line):
        return [(line, False)] if line else []
    if cut <= 0:
        return [(line, True)] if line else []
    return [(line[:cut], False), (line[cut:], True)]


def _clipboard() -> str:
    try:
        text = pygame.scrap.get_text() if hasattr(pygame.scrap, "get_text") else ""
    except pygame.error:
        text = ""
    return text or ""
