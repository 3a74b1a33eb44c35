"""The rules book scene: one game's :class:`client.rulesbook.view.RulesBookView` over the whole window.

Pushed by :func:`client.rulesbook.open_rules` (``app.push("rules_book", game=…, page=…)``); Esc or
Close pops it and the screen below (launcher, lobby, table, menu) is back as it was. It is opaque,
so nothing private of a table is drawn behind it; the scenes below still get their messages.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client.context import AppContext
from client.rulesbook.view import RulesBookView
from client.scenes.base import Scene

if TYPE_CHECKING:
    from client.app import App


class RulesBookScene(Scene):
    name = "rules_book"

    def __init__(self, app: App, game: str, page: str | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.view = RulesBookView(AppContext(app), game, page, on_close=lambda: app.pop(self))

    @property
    def page_id(self) -> str:
        return self.view.page_id

    def layout(self) -> None:
        self.view.title = self.app.strings.t("rules.title", game=self.app.strings.t(f"game.{self.game}"))
        self.view.set_rect(self.app.screen.get_rect())
        self.buttons = self.view.buttons

    def handle_event(self, event: pygame.event.Event) -> bool:
        used = self.view.handle_event(event)
        self.buttons = self.view.buttons
        if used and event.type == pygame.MOUSEBUTTONUP:
            self.app.sounds.play("click")
        return True  # the book covers the screen: nothing below takes input

    def update(self, dt: float) -> None:
        self.view.update(dt)
        self.buttons = self.view.buttons

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, surface.get_rect())
