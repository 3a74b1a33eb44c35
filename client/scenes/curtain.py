"""The pass-and-play curtain: a full, opaque screen between two local human seats.

While it is up nothing of any seat's private view is drawn (the curtain is opaque,
so the table scene under it is not drawn at all). Only a real click — a mouse
button pressed *and* released while the curtain is up — reveals the next seat.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from client import games
from client.kit import theme
from client.kit.cache import SurfaceCache
from client.scenes.base import Scene
from client.ui import (
    ACCENT,
    CHALK,
    CHALK_DIM,
    INK,
    PAPER,
    TABLE_DARK,
    Button,
    draw_seat_badge,
)

if TYPE_CHECKING:
    from client.app import App
    from client.match import Match


_FOLDS = SurfaceCache(2)  # the folded curtain, per window size


def _folds(size: tuple[int, int]) -> pygame.Surface:
    """The curtain's background: dark cloth in 14 alternating folds (opaque, rendered once per size)."""
    w, h = size
    out = pygame.Surface(size)
    out.fill(TABLE_DARK)
    folds = 14
    for i in range(folds):
        x = int(w * i / folds)
        shade = theme.CURTAIN_FOLD if i % 2 == 0 else theme.CURTAIN_FOLD_DARK
        out.fill(shade, (x, 0, int(w / folds) + 1, h))
    return out


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
        self.public: list[tuple[int, dict[str, Any]]] = []  # (seat, action) offered without passing the screen
        self.card = pygame.Rect(0, 0, 0, 0)  # the "pass the screen to …" card (layout)

    def public_steps(self) -> list[tuple[int, dict[str, Any]]]:
        """Each local seat's public step (an action of a type the game calls public, with no choice in it),
        which the curtain offers as a button: taking it shows nothing of that seat's private view."""
        match = self.table_scene.match
        types = games.public_steps(match.game_id)
        if not types:
            return []
        out = []
        for seat in match.acting():
            step = next((a for a in match.legal_for(seat) if a.get("type") in types and len(a) == 1), None)
            if step is not None:
                out.append((seat, step))
        return out

    def layout(self) -> None:
        """The public steps' buttons under the card, centred, as many rows as they need."""
        app, u = self.app, self.app.unit
        w, h = app.screen.get_size()
        self.public = self.public_steps()
        self.buttons = []
        self.card = pygame.Rect(0, 0, int(min(w * 0.8, u * 48)), int(u * 18))
        self.card.center = (w // 2, h // 2)
        if not self.public:
            return
        bw, bh, gap = int(u * 11), int(u * 2.6), int(u * 0.6)
        per_row = max(1, min(len(self.public), (w - int(u * 4)) // (bw + gap)))
        rows = -(-len(self.public) // per_row)
        block = int(u * 3.4) + rows * (bh + gap)  # the title line, then the rows of buttons
        self.card.top = max(int(u), (h - self.card.height - block - int(u * 2.5)) // 2)  # card and buttons fit
        top = self.card.bottom + int(u * 3.4)
        for i, (seat, action) in enumerate(self.public):
            row, col = divmod(i, per_row)
            in_row = min(per_row, len(self.public) - row * per_row)
            x = (w - in_row * bw - (in_row - 1) * gap) // 2 + col * (bw + gap)
            label = self.app.strings.t(f"curtain.step_{action['type']}",
                                       name=self.table_scene.match.seat_name(seat))
            self.buttons.append(Button(label, pygame.Rect(x, top + row * (bh + gap), bw, bh),
                                       partial(self.take_public, seat, action), key=f"public_{seat}"))

    def take_public(self, seat: int, action: dict[str, Any]) -> None:
        """A public step taken from the curtain: sent for ``seat``; the curtain stays up."""
        self.table_scene.match.send_action(seat, dict(action))
        self.public = [(s, a) for s, a in self.public if s != seat]
        self.layout()

    def update(self, dt: float) -> None:
        if self.public_steps() != self.public:  # a seat took its step (or a new one is offered)
            self.layout()

    def retarget(self, seat: int) -> None:
        """The seat that must act changed while the curtain was up."""
        self.seat = seat
        self._armed = False
        self.app.mark_changed()

    def handle_event(self, event: pygame.event.Event) -> bool:
        pos = getattr(event, "pos", None)
        if pos is not None and any(b.rect.collidepoint(pos) for b in self.buttons):
            self._armed = False  # a public step's button: not a reveal
            super().handle_event(event)
            return True
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
        surface.blit(_FOLDS.get((w, h), lambda: _folds((w, h))), (0, 0))
        name = self.table_scene.match.seat_name(self.seat)
        card = self.card
        pygame.draw.rect(surface, theme.VEIL, card.move(int(u * 0.3), int(u * 0.4)), border_radius=int(u))
        pygame.draw.rect(surface, PAPER, card, border_radius=int(u))
        pygame.draw.rect(surface, ACCENT, card, width=max(3, int(u * 0.2)), border_radius=int(u))
        draw_seat_badge(surface, te, self.seat, (card.centerx, card.top + int(u * 3.6)), u * 1.8)
        title_rect = pygame.Rect(card.left + int(u * 2), card.top + int(u * 6.6), card.width - int(u * 4), int(u * 6))
        te.blit_wrapped(surface, app.strings.t("curtain.title", name=name), u * 1.7, INK, title_rect, bold=True,
                        align="center")
        hint_rect = pygame.Rect(card.left + int(u * 2), card.bottom - int(u * 3.6), card.width - int(u * 4), int(u * 3))
        te.blit_wrapped(surface, app.strings.t("curtain.hint", name=name), u * 1.0, theme.QUIET_INK, hint_rect,
                        align="center")
        if self.buttons:
            te.blit(surface, app.strings.t("curtain.public_title"), u * 1.1, CHALK,
                    (w // 2, card.bottom + int(u * 1.2)), "midtop", bold=True)
            self.draw_buttons(surface)
        te.blit(surface, app.strings.t("app.title"), u * 0.9, CHALK_DIM, (w // 2, h - int(u * 1.5)), "midbottom")
