"""Small retained widgets for the school_mystery table's panels.

Panels are rebuilt (as lists of these widgets) whenever the view, the layout or the
local choices change; ``draw`` only reads them; clicks go to the topmost button hit.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from client.kit.theme import (
    ACCENT,
    CHALK,
    CHALK_DIM,
    INK,
    LINE,
    MUTED,
    PANEL,
    PAPER,
    PAPER_DIM,
)
from client.kit.theme import ERROR as RED

__all__ = ["ACCENT", "CHALK", "CHALK_DIM", "INK", "LINE", "MUTED", "PANEL", "PAPER", "PAPER_DIM", "RED", "Box", "Button",
           "Custom", "EntrySlot", "Flow", "Label", "button_width", "ctx_blink", "fs", "label"]


def fs(ctx: Any, k: float) -> float:
    """A font size of ``k`` units, never under 14 px."""
    return max(14.0, ctx.unit * k)


@dataclass
class Box:
    rect: pygame.Rect
    colour: tuple = PAPER
    border: tuple | None = LINE
    radius: int = 10
    alpha: int = 255
    data: dict[str, Any] = field(default_factory=dict)

    def draw(self, surface: pygame.Surface, ctx: Any) -> None:
        if self.alpha < 255:
            layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*self.colour[:3], self.alpha), layer.get_rect(), border_radius=self.radius)
            surface.blit(layer, self.rect)
        else:
            pygame.draw.rect(surface, self.colour, self.rect, border_radius=self.radius)
        if self.border:
            pygame.draw.rect(surface, self.border, self.rect, width=2, border_radius=self.radius)


@dataclass
class Label:
    """Wrapped text in a rect (lines precomputed at build time)."""

    rect: pygame.Rect
    lines: list[str]
    size: float
    colour: tuple = INK
    bold: bool = False
    align: str = "left"

    def draw(self, surface: pygame.Surface, ctx: Any) -> None:
        lh = ctx.font(self.size, self.bold).get_linesize()
        y = self.rect.top
        for ln in self.lines:
            if y + lh > self.rect.bottom + lh * 0.3:
                break
            img = ctx.text(ln, self.size, self.colour, self.bold)
            if self.align == "center":
                surface.blit(img, img.get_rect(midtop=(self.rect.centerx, y)))
            elif self.align == "right":
                surface.blit(img, img.get_rect(topright=(self.rect.right, y)))
            else:
                surface.blit(img, (self.rect.left, y))
            y += lh


def label(ctx: Any, text: str, x: int, y: int, width: int, size: float, colour: tuple = INK, bold: bool = False,
          align: str = "left", max_lines: int = 99) -> Label:
    """A Label wrapped to ``width``; its rect height fits its lines."""
    lines = ctx.wrap(text, size, width) if text else []
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        if lines:
            lines[-1] = lines[-1][: max(0, len(lines[-1]) - 1)] + "…"
    lh = ctx.font(size, bold).get_linesize()
    return Label(pygame.Rect(x, y, width, lh * len(lines)), lines, size, colour, bold, align)


@dataclass
class Button:
    rect: pygame.Rect
    text: str
    on_click: Callable[[], None] | None
    key: str = ""
    enabled: bool = True
    selected: bool = False
    primary: bool = False
    size: float = 16.0
    hint: str = ""  # shown when disabled and clicked
    dark: bool = False  # on the green table rather than on paper
    _lines: dict = field(default_factory=dict, repr=False)  # wrapped label cache

    def draw(self, surface: pygame.Surface, ctx: Any) -> None:
        r = self.rect
        rad = max(4, r.h // 4)
        if not self.enabled:
            bg, fg, border = (PAPER_DIM if not self.dark else (60, 84, 76)), MUTED if not self.dark else CHALK_DIM, None
        elif self.selected:
            bg, fg, border = ACCENT, INK, INK
        elif self.primary:
            bg, fg, border = ACCENT, INK, None
        else:
            bg, fg, border = (PAPER if self.dark else (255, 253, 246)), INK, LINE
        pygame.draw.rect(surface, bg, r, border_radius=rad)
        if border:
            pygame.draw.rect(surface, border, r, width=2, border_radius=rad)
        key = (self.text, self.size, r.w, ctx.lang)
        lines = self._lines.get(key)
        if lines is None:
            lines = ctx.wrap(self.text, self.size, r.w - 12) or [""]
            self._lines.clear()
            self._lines[key] = lines
        lh = ctx.font(self.size, self.primary).get_linesize()
        lines = lines[: max(1, r.h // lh)]
        y = r.centery - lh * len(lines) / 2
        for ln in lines:
            img = ctx.text(ln, self.size, fg, self.primary or self.selected)
            surface.blit(img, img.get_rect(midtop=(r.centerx, int(y))))
            y += lh


@dataclass
class Custom:
    """Anything else: a draw function (reads only)."""

    rect: pygame.Rect
    fn: Callable[[pygame.Surface, Any], None]
    data: dict[str, Any] = field(default_factory=dict)

    def draw(self, surface: pygame.Surface, ctx: Any) -> None:
        self.fn(surface, ctx)


@dataclass
class EntrySlot:
    """Where a :class:`client.widgets.text_entry.TextEntry` (owned by the table) is drawn."""

    rect: pygame.Rect
    entry: Any
    size: float
    submit: Button | None = None

    def draw(self, surface: pygame.Surface, ctx: Any) -> None:
        self.entry.rect = self.rect
        self.entry.draw(surface, ctx, self.size, blink=ctx_blink(ctx))


def ctx_blink(ctx: Any) -> float:
    return (pygame.time.get_ticks() % 1000) / 1000.0


def button_width(ctx: Any, text: str, size: float, pad: float) -> int:
    return ctx.font(size, True).size(text)[0] + int(pad * 2)


class Flow:
    """Lays buttons left to right, wrapping to new rows inside ``width``."""

    def __init__(self, x: int, y: int, width: int, height: int, gap: int) -> None:
        self.x0, self.x, self.y, self.width, self.h, self.gap = x, x, y, width, height, gap

    def place(self, w: int) -> pygame.Rect:
        w = min(w, self.width)
        if self.x > self.x0 and self.x + w > self.x0 + self.width:
            self.x = self.x0
            self.y += self.h + self.gap
        r = pygame.Rect(self.x, self.y, w, self.h)
        self.x += w + self.gap
        return r

    @property
    def bottom(self) -> int:
        return self.y + self.h if self.x > self.x0 else self.y - self.gap
