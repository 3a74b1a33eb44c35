"""A finished game's record (fate_votes, mind_swap): who held what, every vote and strike, every magic roll.

Opened from the results (``record`` button) and from Continue's finished games. The record is built from
the journal only once the game is over (``client/records.py``), so it shows hidden information only
after the end. One column of lines (round headings in bold); the wheel, ↑/↓ and PgUp/PgDn scroll, Esc or
Back closes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client import games, records
from client.scenes.base import Scene
from client.ui import CHALK, PAPER, Button

if TYPE_CHECKING:
    from client.app import App


class RecordScene(Scene):
    name = "record"

    def __init__(self, app: App, record: dict[str, Any]) -> None:
        super().__init__(app)
        self.record = record
        self.scroll = 0
        self.box = pygame.Rect(0, 0, 0, 0)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self._lines: list[tuple[str, str]] = []
        self._heights: list[int] = []

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        w, h = app.screen.get_size()
        self.box = pygame.Rect(0, 0, min(w - int(u * 4), int(u * 72)), h - int(u * 8))
        self.box.midtop = (w // 2, int(u * 5.5))
        bh = int(u * 2.6)
        self.text_rect = pygame.Rect(self.box.left + int(u * 1.5), self.box.top + int(u * 1.2),
                                     self.box.width - int(u * 3), self.box.height - bh - int(u * 3.4))
        self.buttons = [Button(app.strings.t("launcher.back"),
                               pygame.Rect(self.box.left + int(u * 1.5), self.box.bottom - bh - int(u * 1.0),
                                           int(u * 10), bh), lambda: app.pop(self), key="back")]
        content = app.content(self.record["game"])
        self._lines = records.lines(self.record, content, app.strings.lang)
        te = app.text
        self._heights = [te.fit(text, self._size(style), pygame.Rect(0, 0, self.text_rect.width, 10 ** 6),
                                style == "head").height + int(u * (0.5 if style == "head" else 0.2))
                         for style, text in self._lines]
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def _size(self, style: str) -> float:
        return self.app.unit * (1.05 if style == "head" else 0.95)

    def max_scroll(self) -> int:
        return max(0, sum(self._heights) - self.text_rect.height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        step = int(self.app.unit * 3)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * step
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN,
                                                            pygame.K_PAGEUP):
            page = self.text_rect.height - step
            self.scroll += {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: page,
                            pygame.K_PAGEUP: -page}[event.key]
        else:
            return super().handle_event(event)
        self.scroll = max(0, min(self.scroll, self.max_scroll()))
        return True

    def escape(self) -> bool:
        self.app.pop(self)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app, te = self.app, self.app.text
        title = app.strings.t("record.title", game=games.title(self.record["game"], app.strings))
        self.draw_titled_panel(surface, title, self.box)
        clip = surface.get_clip()
        surface.set_clip(self.text_rect)
        y = self.text_rect.top - self.scroll
        for (style, text), height in zip(self._lines, self._heights):
            if y + height >= self.text_rect.top and y <= self.text_rect.bottom:
                te.blit_wrapped(surface, text, self._size(style), PAPER if style == "head" else CHALK,
                                pygame.Rect(self.text_rect.left, y, self.text_rect.width, height),
                                bold=style == "head")
            y += height
        surface.set_clip(clip)
        if self.max_scroll():
            te.blit(surface, app.strings.t("record.scroll"), app.unit * 0.8, CHALK,
                    (self.box.right - int(app.unit * 1.5), self.buttons[0].rect.centery), "midright")
        self.draw_buttons(surface)


def open_record(app: App, record: dict[str, Any]) -> None:
    app.push("record", record=record)
