"""When a tooltip or hover card may show: only after the pointer has moved onto a new target and rests there.

A click, a drop or the pass-and-play curtain *disarms* the gate: whatever lies under the pointer then (the
button just pressed, the card just dropped, the next player's token that came up under a resting pointer)
shows no tooltip until the pointer has moved and is over another target (or none, then back). Resting time
is counted by the owner (:class:`client.widgets.cards.HoverHold`, the step line's hold) from when the gate
lets the target through.
"""
from __future__ import annotations

from typing import Any

import pygame

_UNSET = object()


class HoverGate:
    """Filters the hovered target: ``None`` while disarmed (see the module doc)."""

    def __init__(self) -> None:
        self.armed = True
        self._stale: Any = _UNSET  # the target under the pointer when it was disarmed
        self._moved = False

    def disarm(self) -> None:
        """A click, a drop or a curtain: no tooltip until the pointer moves onto another target."""
        self.armed = False
        self._stale = _UNSET
        self._moved = False

    def handle_event(self, event: pygame.event.Event) -> None:
        """Follow the pointer: a move (re)opens the gate once it is over a new target; a press disarms."""
        if event.type == pygame.MOUSEMOTION:
            rel = getattr(event, "rel", (1, 1))
            if rel != (0, 0):
                self._moved = True
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.disarm()

    def allow(self, target: Any) -> Any:
        """``target`` if a tooltip may show for it now, else None (call once per frame with what is hovered)."""
        if self.armed:
            return target
        if not self._moved or self._stale is _UNSET:
            self._stale = target  # what lies under a pointer that has not moved stays quiet
            return None
        if target != self._stale:
            self.armed = True
            return target
        return None
