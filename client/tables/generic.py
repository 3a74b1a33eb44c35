"""A plain table view for a game without its own table module: the view as readable text."""
from __future__ import annotations

from typing import Any

import pygame

from client.tables.base import TableView
from client.ui import CHALK, CHALK_DIM, PAPER, panel


def _summary(value: Any, depth: int = 0) -> list[str]:
    lines: list[str] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(v, (dict, list)) and depth < 1:
                lines.append(f"{'  ' * depth}{k}:")
                lines.extend(_summary(v, depth + 1))
            else:
                text = repr(v)
                lines.append(f"{'  ' * depth}{k}: {text[:80]}")
    elif isinstance(value, list):
        for item in value[:12]:
            lines.append(f"{'  ' * depth}- {repr(item)[:80]}")
        if len(value) > 12:
            lines.append(f"{'  ' * depth}… ({len(value)})")
    return lines


class GenericTable(TableView):
    """Shows the raw view; used until a game's own table view exists."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        u = self.ctx.unit
        inner = rect.inflate(-int(u * 2), -int(u * 2))
        panel(surface, inner, alpha=160)
        y = inner.top + int(u)
        title = self.ctx.t("table.watching", table="") if self.seat is None else self.ctx.seat_name(self.seat)
        img = self.ctx.text(title, u * 1.3, PAPER, True)
        surface.blit(img, (inner.left + int(u), y))
        y += img.get_height() + int(u * 0.5)
        for line in _summary(self.view):
            if y > inner.bottom - u * 2:
                break
            img = self.ctx.text(line, u * 0.8, CHALK)
            surface.blit(img, (inner.left + int(u), y))
            y += img.get_height()
        if self.legal:
            img = self.ctx.text(f"legal: {len(self.legal)}", u * 0.8, CHALK_DIM)
            surface.blit(img, (inner.left + int(u), inner.bottom - int(u * 1.8)))
