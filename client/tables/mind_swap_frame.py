"""The mind_swap table at rest as one opaque layer (the kit's :class:`~client.kit.still.StillLayer`).

The layer holds, in drawing order, the map with its pairs (the base layer), the sidebar's log and —
while no hand card moves — the hand with its play slot and buttons (or, on the table display, the
recent moves). Drawn live over it: the glow of legal drops and a refusal's red outline (only when
they lie clear of the hand, which the plain order draws over them), a hand that glides, then, as
before, the effect playing, the final scores and the overlays. While pairs move, fly or are dragged
the frame is drawn in order without the layer. The key holds everything the layer is drawn from.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client.kit.still import StillLayer
from client.kit.textfit import blit_layer
from client.kit.widgets import buttons_key
from client.tables import mind_swap_layout as L

if TYPE_CHECKING:
    from client.tables.mind_swap import MindSwapTable


class RestingFrame:
    """The resting layer of one :class:`MindSwapTable` (a cache: drawing changes nothing it shows)."""

    def __init__(self, table: MindSwapTable) -> None:
        self.t = table
        self.still = StillLayer()

    def draw(self, surface: pygame.Surface, lay: L.Layout) -> bool:
        """Map, log and (at rest) the hand from the layer, the rest over it; False when something in the
        layer moves (the caller draws the frame in order)."""
        t = self.t
        if not t.map_painter.still() or t.held() is not None or t.sprites.flyers:
            return False
        hand = not t.ctx.display_mode and t.seat is not None
        hand_live = hand and not t.sprites.hand_still
        marks = t.map_painter.mark_rects(lay)
        if marks and not hand_live and any(m.colliderect(r) for m in marks for r in self._strip(lay, hand)):
            return False  # a glow under the hand: the plain order draws the hand over it
        base = t.map_painter.base_layer(lay)
        log = t.sidebar.log_layer(lay)
        log_at = t.sidebar.log_rect(lay).topleft
        front = None if hand_live else (self.hand_key(lay) if hand else self.recent_key(lay))
        key = (tuple(lay.rect), base, log, log_at, hand, front)

        def paint(layer: pygame.Surface) -> None:
            blit_layer(layer, base, lay.rect.topleft, area=lay.rect)
            blit_layer(layer, log, log_at)
            if front is not None:
                self._draw_front(layer, lay, hand)
        self.still.draw(surface, key, paint, area=lay.rect)
        if marks:
            t.map_painter.draw_area_marks(surface, lay)
        if hand_live:
            t.controls.draw_hand(surface, lay)
        return True

    def _draw_front(self, surface: pygame.Surface, lay: L.Layout, hand: bool) -> None:
        if hand:
            self.t.controls.draw_hand(surface, lay)
        else:
            self.t.sidebar.draw_recent(surface, lay)

    def _strip(self, lay: L.Layout, hand: bool) -> list[pygame.Rect]:
        """Where the layer's front part (the hand, or the recent moves) draws."""
        t = self.t
        if not hand or not t.latest.hand:
            return [lay.hand]  # the recent moves, or the "no cards" line
        drop = 2 * max(2, round(lay.unit * 0.3))  # a button's shadow below it, with a margin
        return [lay.play_slot.inflate(6, 6), *t.controls.hand_rects(lay), *(b.rect.inflate(4, drop) for b in t.buttons)]

    def hand_key(self, lay: L.Layout) -> tuple[Any, ...]:
        """Everything :meth:`ControlsPainter.draw_hand` shows of a hand at rest (nothing held)."""
        t = self.t
        it, pointer, pos = t.intents, t.input.pointer, t.sprites.hand_pos
        cards = tuple((c.id, c.type, c.actions, *(round(v) for v in pos.get(c.id, (-1, -1))))
                      for c in t.latest.hand)
        return (cards, it.playable_types(), it.card is None, it.hand_away(), buttons_key(t.buttons, pointer),
                tuple(lay.play_slot),
                lay.hand_card, lay.unit, t.ctx.lang)

    def recent_key(self, lay: L.Layout) -> tuple[Any, ...]:
        """Everything :meth:`SidebarPainter.draw_recent` shows."""
        return (tuple(self.t.presenter.log_lines[-2:]), tuple(lay.hand), lay.unit, self.t.ctx.lang)

