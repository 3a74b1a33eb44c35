"""What is zoomed: one face shown large (right-click: sticky, modal; hover-hold: a peek).

:class:`ZoomState` is the state every zoom shares (the face, sticky or peek, the fade-in,
"any click or key closes it"); a zoom that draws is a subclass with a ``draw`` —
:class:`client.widgets.cards.CardZoom` for card faces, a game's own for its own faces.
:class:`client.kit.interact.Interaction` opens and closes it from the node map's zoom faces.
"""
from __future__ import annotations

from typing import Any

import pygame

FADE_SECONDS = 0.15


class ZoomState:
    """The zoomed face (``card``), whether it is sticky, and its fade-in ``alpha``."""

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx
        self.card: Any = None
        self.extra: str = ""  # more text shown beside the face (e.g. a long condition)
        self.alpha = 0.0
        self.sticky = True  # False: a hover peek (clicks pass through; the owner closes it)

    @property
    def open(self) -> bool:
        return self.card is not None

    def show(self, card: Any, extra: str = "", sticky: bool = True) -> None:
        self.card, self.extra, self.sticky = card, extra, sticky
        self.alpha = 1.0 if getattr(self.ctx, "fast", False) else 0.0

    def close(self) -> None:
        self.card, self.extra = None, ""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Any click or key closes an open zoom (consumed, unless it was a hover peek)."""
        if not self.open:
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.close()
            return self.sticky
        return False

    def update(self, dt: float) -> None:
        if self.open:
            self.alpha = min(1.0, self.alpha + dt / FADE_SECONDS)
