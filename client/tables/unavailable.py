"""The table view shown when a game's own view cannot be loaded: the reason, on screen.

Never a silent fallback: the players see that the table is broken and why (the import
error), and the same text goes to stderr for whoever runs the client.
"""
from __future__ import annotations

import pygame

from client.tables.base import TableContext, TableView
from client.ui import CHALK, ERROR, PAPER, panel


class UnavailableTable(TableView):
    """Draws "this game's table could not be loaded" and the reason; sends nothing."""

    def __init__(self, ctx: TableContext, seat: int | None, game_id: str, reason: str) -> None:
        super().__init__(ctx, seat)
        self.game_id = game_id
        self.reason = reason

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        u = self.ctx.unit
        box = pygame.Rect(0, 0, min(rect.width - int(u * 4), int(u * 50)), int(u * 14))
        box.center = rect.center
        panel(surface, box, alpha=235, border=ERROR)
        y = box.top + int(u * 1.2)
        title = self.ctx.t("table.view_failed", game=self.game_id)
        for line in self.ctx.wrap(title, u * 1.4, box.width - int(u * 2)):
            img = self.ctx.text(line, u * 1.4, PAPER, True)
            surface.blit(img, (box.left + int(u), y))
            y += img.get_height()
        y += int(u * 0.6)
        for line in self.ctx.wrap(self.reason, u * 0.9, box.width - int(u * 2)):
            if y > box.bottom - int(u * 1.5):
                break
            img = self.ctx.text(line, u * 0.9, CHALK)
            surface.blit(img, (box.left + int(u), y))
            y += img.get_height()
