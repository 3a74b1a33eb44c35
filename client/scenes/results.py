"""The results frame: the table view draws what is inside; the app adds title and buttons."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from client.scenes.base import Scene
from client.tables.base import TableView
from client.ui import ACCENT, INK, PAPER, Button

if TYPE_CHECKING:
    from client.app import App
    from client.match import Match


class ResultsSource(Protocol):
    """The scene under the results (the table scene): its match and the view it shows."""

    match: Match

    def current_view(self) -> TableView | None: ...

    def layout(self) -> None: ...


class ResultsScene(Scene):
    name = "results"
    opaque = False

    def __init__(self, app: App, table_scene: ResultsSource) -> None:
        super().__init__(app)
        self.table_scene = table_scene
        self.box = pygame.Rect(0, 0, 0, 0)
        self.inner = pygame.Rect(0, 0, 0, 0)
        for view in table_scene.match.views.values():
            if view.result is None:
                view.result = table_scene.match.result or {}

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        w, h = app.screen.get_size()
        t = app.strings.t
        self.box = pygame.Rect(0, 0, min(w - int(u * 4), int(u * 64)), min(h - int(u * 4), int(u * 44)))
        self.box.center = (w // 2, h // 2)
        self.inner = pygame.Rect(self.box.left + int(u * 1.5), self.box.top + int(u * 4.6),
                                 self.box.width - int(u * 3), self.box.height - int(u * 9.4))
        bw, bh = int(u * 14), int(u * 2.8)
        y = self.box.bottom - bh - int(u * 1.2)
        self.buttons = [Button(t("results.back"), pygame.Rect(self.box.right - bw - int(u * 1.5), y, bw, bh),
                               app.back_to_launcher, key="launcher")]
        if app.replay is not None:
            self.buttons.append(Button(t("results.play_again"),
                                       pygame.Rect(self.box.right - 2 * bw - int(u * 2.5), y, bw, bh),
                                       app.play_again, key="again", primary=True))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)  # look at the table; its Results button brings this back
            self.table_scene.layout()
            return True
        super().handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        u, te = self.app.unit, self.app.text
        pygame.draw.rect(surface, (10, 20, 18), self.box.move(int(u * 0.3), int(u * 0.4)), border_radius=int(u))
        pygame.draw.rect(surface, PAPER, self.box, border_radius=int(u))
        pygame.draw.rect(surface, ACCENT, self.box, width=max(3, int(u * 0.2)), border_radius=int(u))
        te.blit(surface, self.app.strings.t("results.title"), u * 2.2, INK,
                (self.box.centerx, self.box.top + int(u * 1.2)), "midtop", bold=True)
        match = self.table_scene.match
        view = self.table_scene.current_view() or next(iter(match.views.values()), None)
        if view is not None:
            clip = surface.get_clip()
            surface.set_clip(self.inner)
            view.draw_results(surface, self.inner)
            surface.set_clip(clip)
        self.draw_buttons(surface)
