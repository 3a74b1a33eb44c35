"""The pass-and-play curtain: a full, opaque screen between two local human seats.

While it is up nothing of any seat's private view is drawn (the curtain is opaque,
so the table scene under it is not drawn at all). Only a real click — a mouse
button pressed *and* released while the curtain is up — reveals the next seat.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from client.scenes.base import Scene
from client.ui import ACCENT, CHALK_DIM, INK, PAPER, TABLE_DARK, draw_seat_badge

if TYPE_CHECKING:
    from client.app import App
    from client.match import Match


class Revealer(Protocol):
    """The scene the curtain covers (the table scene): its match, and what a click reveals."""

    match: Match

    def reveal(self, seat: int) -> None: ...


class CurtainScene(Scene):
    name = "curtain"
    opaque = True

    def __init__(self, app: App, table_scene: Revealer, seat: int) -> None:
        super().__init__(app)
        self.table_scene = table_scene
        self.seat = seat
        self._armed = False  # a press that started while the curtain was up

    def retarget(self, seat: int) -> None:
        """The seat that must act changed while the curtain was up."""
        self.seat = seat
        self._armed = False
        self.app.mark_changed()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._armed = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._armed:
            self._armed = False
            self.app.sounds.play("click")
            seat = self.seat
            self.app.pop(self)
            self.table_scene.reveal(seat)
        return True  # the curtain swallows every input

    def draw(self, surface: pygame.Surface) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        w, h = surface.get_size()
        surface.fill(TABLE_DARK)
        # Curtain folds.
        folds = 14
        for i in range(folds):
            x = int(w * i / folds)
            shade = (28, 48, 43) if i % 2 == 0 else (24, 42, 38)
            pygame.draw.rect(surface, shade, (x, 0, int(w / folds) + 1, h))
        name = self.table_scene.match.seat_name(self.seat)
        card = pygame.Rect(0, 0, int(min(w * 0.8, u * 48)), int(u * 18))
        card.center = (w // 2, h // 2)
        pygame.draw.rect(surface, (10, 20, 18), card.move(int(u * 0.3), int(u * 0.4)), border_radius=int(u))
        pygame.draw.rect(surface, PAPER, card, border_radius=int(u))
        pygame.draw.rect(surface, ACCENT, card, width=max(3, int(u * 0.2)), border_radius=int(u))
        draw_seat_badge(surface, te, self.seat, (card.centerx, card.top + int(u * 3.6)), u * 1.8)
        title_rect = pygame.Rect(card.left + int(u * 2), card.top + int(u * 6.6), card.width - int(u * 4), int(u * 6))
        te.blit_wrapped(surface, app.strings.t("curtain.title", name=name), u * 1.7, INK, title_rect, bold=True,
                        align="center")
        hint_rect = pygame.Rect(card.left + int(u * 2), card.bottom - int(u * 3.6), card.width - int(u * 4), int(u * 3))
        te.blit_wrapped(surface, app.strings.t("curtain.hint", name=name), u * 1.0, (90, 90, 96), hint_rect,
                        align="center")
        te.blit(surface, app.strings.t("app.title"), u * 0.9, CHALK_DIM, (w // 2, h - int(u * 1.5)), "midbottom")
