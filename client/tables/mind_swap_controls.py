"""Drawing of the mind_swap controls: the hand and play slot, the buttons, the piece being dragged,
the instruction, the two-action chooser, refusals and the zoomed card. Reads the table, never
writes it (the choices are :mod:`mind_swap_intents`', the positions the table's sprites)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client.kit import theme
from client.kit.textfit import copy_layer, is_recording
from client.kit.widgets import Panel, Prompt, buttons_key, fitter_for
from client.tables import mind_swap_draw as D
from client.tables import mind_swap_layout as L
from client.tables import mind_swap_model as M
from client.tables.mind_swap_intents import ALONG_NEGI

if TYPE_CHECKING:
    from client.tables.mind_swap import MindSwapTable


class ControlsPainter:
    """Paints the seat's controls over the map for one :class:`MindSwapTable`."""

    def __init__(self, table: MindSwapTable) -> None:
        self.t = table
        self._under: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._front: tuple[tuple[Any, ...], pygame.Surface] | None = None

    # --- the hand ----------------------------------------------------------------------------------
    def draw_hand(self, surface: pygame.Surface, lay: L.Layout) -> None:
        """The play slot, the buttons, the hand (all inside ``lay.hand``)."""
        t, u = self.t, lay.unit
        slot = lay.play_slot
        held = t.held()
        active = held is not None and held[0] == "card"
        col = D.ACCENT if active else theme.MS_CONTROL_IDLE
        _dashed_rect(surface, slot, col, 3 if active else 2, round(u * 0.5))
        if t.intents.card is None:
            text = t.ctx.t("ms.play_here")
            fit = fitter_for(t.ctx)
            f = fit.block(text, max(14, round(u * 0.75)), slot.w - 10, slot.h - 6)
            box = pygame.Rect(0, 0, slot.w - 10, f.height)
            box.center = slot.center
            fit.draw_block(surface, text, box, f.size, col, align="center", kind="label", fitted=f)
        for b in t.buttons:
            b.draw(surface, t.ctx, u, hover=b.rect.collidepoint(t.input.pointer))
        dragging = held[1] if active and held is not None else None
        for card in t.intents.in_hand():
            if card.id != dragging:
                self._blit_hand_card(surface, lay, card)
        lifted = next((c for c in t.latest.hand if c.id == dragging), None)
        if lifted is not None:
            self._blit_hand_card(surface, lay, lifted, lifted=True)
        if not t.latest.hand:
            img = t.ctx.text(t.ctx.t("ms.no_cards"), max(14, u * 0.8), theme.MS_HINT)
            surface.blit(img, (lay.hand.x + u, lay.hand.centery))

    def hand_rects(self, lay: L.Layout) -> list[pygame.Rect]:
        """Where the hand's cards are drawn now (their shadows included)."""
        w, h = lay.hand_card
        pad = max(4, w // 10)
        drawn = {c.id for c in self.t.intents.in_hand()}
        return [pygame.Rect(round(p[0]) - pad, round(p[1]) - pad, w + 2 * pad, h + 2 * pad)
                for cid, p in self.t.sprites.hand_pos.items() if cid in drawn]

    def _blit_hand_card(self, surface: pygame.Surface, lay: L.Layout, card: M.HandCard, lifted: bool = False) -> None:
        t = self.t
        w, h = lay.hand_card
        p = t.sprites.hand_pos.get(card.id)
        if p is None:
            return
        playable = t.intents.card_playable(card)
        idle = t.intents.card is None
        img = t.painter.action_card(t.content, card.type, card.actions, w, h, lifted, dim=not playable and idle)
        pad = (img.get_width() - w) // 2
        surface.blit(img, (round(p[0]) - pad, round(p[1]) - pad))
        if playable and idle and not lifted:
            pygame.draw.rect(surface, D.ACCENT, pygame.Rect(round(p[0]) - 2, round(p[1]) - 2, w + 4, h + 4), 2,
                             border_radius=max(5, w // 11))

    # --- over everything ---------------------------------------------------------------------------------
    def draw_overlays(self, surface: pygame.Surface, lay: L.Layout, prompt: bool = True) -> None:
        """The dragged piece, the instruction, the chooser's veil (:meth:`draw_top` draws what lies over them)."""
        t = self.t
        self._draw_held(surface, lay)
        if prompt:
            self.draw_prompt(surface, lay)
        if t.intents.choices:
            Panel.draw(surface, lay.map, (*theme.TABLE_DARK, 150), round(lay.unit * 0.8))

    def draw_prompt(self, surface: pygame.Surface, lay: L.Layout) -> None:
        t = self.t
        prompt = t.prompt_rect(lay)
        if prompt is not None:
            Prompt.draw(surface, t.ctx, t.intents.prompt(), lay.unit, prompt.w, midtop=prompt.midtop)

    def under_chooser(self, lay: L.Layout) -> pygame.Surface | None:
        """Everything under the two-action chooser's buttons as one layer, while nothing there moves or
        pulses (else None: the frame is drawn in full)."""
        t = self.t
        if (not t.intents.choices or t.busy() or t.current_step() is not None or t.model.over or t.held() is not None
                or t.input.drag.red.active or t.intents.drop_places(None) or not t.map_painter.still()
                or t.ctx.display_mode or t.seat is None):
            return None
        prompt = t.prompt_rect(lay)
        strip = [b.rect for b in t.buttons] + self.hand_rects(lay) + [lay.play_slot] + ([prompt] if prompt else [])
        if lay.hand.colliderect(lay.map) or not all(lay.hand.contains(r) for r in strip):
            return None  # the hand and the instruction are drawn over the layer: only if clear of the dimmed map
        key = ("chooser", t.map_painter.base_layer(lay), t.sidebar.log_layer(lay), tuple(t.sidebar.log_rect(lay)),
               tuple(lay.rect), tuple(lay.map), lay.unit)

        def make() -> pygame.Surface:
            img = pygame.Surface(lay.rect.bottomright)
            if pygame.display.get_surface() is not None:
                img = img.convert()
            t.draw_play(img, lay, hand=False)
            self.draw_overlays(img, lay, prompt=False)
            return img
        if self._under is None or self._under[0] != key:
            self._under = (key, make())
        return self._under[1]

    def chooser_front(self, lay: L.Layout, under: pygame.Surface) -> pygame.Surface | None:
        """:meth:`under_chooser`'s layer with the hand, the instruction and the chooser's buttons on it, while
        no hand card moves (else None: they are drawn over that layer each frame)."""
        t = self.t
        if not t.sprites.hand_still or is_recording():
            return None
        prompt = t.prompt_rect(lay)
        key = (under, t.resting.hand_key(lay), t.intents.prompt(), None if prompt is None else tuple(prompt),
               buttons_key(t.choosers, t.input.pointer))

        def make() -> pygame.Surface:
            img = copy_layer(under)
            self.draw_hand(img, lay)
            self.draw_prompt(img, lay)
            self.draw_chooser(img, lay)
            return img
        if self._front is None or self._front[0] != key:
            self._front = (key, make())
        return self._front[1]

    def draw_top(self, surface: pygame.Surface, lay: L.Layout, chooser: bool = True) -> None:
        """Over everything: the chooser's buttons (unless ``chooser`` is False: they are in the layer under), a
        refusal, the zoom."""
        t = self.t
        if t.intents.choices and chooser:
            self.draw_chooser(surface, lay)
        if t.banner.visible:
            t.banner.draw(surface, t.ctx, (lay.map.centerx, lay.map.bottom - lay.unit * 2.2),
                          min(lay.map.w, round(lay.unit * 30)), lay.unit)
        if t.zoom.open:
            t.zoom.draw(surface, lay, t.input.pointer)

    def _draw_held(self, surface: pygame.Surface, lay: L.Layout) -> None:
        """A pair, mind card or Negi being dragged, on top of everything."""
        t = self.t
        held = t.held()
        if held is None:
            return
        kind, ref, (cx, cy) = held
        x, y = cx - lay.card_w / 2, cy - lay.card_h / 2
        if kind == "pair" and ref in t.model.pairs:
            self._draw_pair_at(surface, lay, t.model.pairs[ref], x, y)
            along = t.intents.along
            if along is not None and along >= 0 and along in t.model.pairs:
                self._draw_pair_at(surface, lay, t.model.pairs[along], x + lay.foot[0] * 0.55, y + lay.unit)
            elif along == ALONG_NEGI:
                nb = t.painter.negi_badge(t.sprites.negi_radius(lay))
                surface.blit(nb, nb.get_rect(center=(round(x + lay.foot[0]), round(y))))
        elif kind == "piece":  # a restored player's piece: whom it takes along beside it
            along = t.intents.along
            if along is not None and along >= 0 and along in t.model.pairs:
                self._draw_pair_at(surface, lay, t.model.pairs[along], cx + lay.unit, cy)
            elif along == ALONG_NEGI:
                nb = t.painter.negi_badge(t.sprites.negi_radius(lay))
                surface.blit(nb, nb.get_rect(center=(round(cx + lay.unit * 2), round(cy))))
        elif kind == "mind":
            m = t.painter.student_card(t.content, ref, lay.card_w, lay.card_h, True, glow=True)
            pad = (m.get_width() - lay.card_w) // 2
            surface.blit(m, (round(x) - pad, round(y) - pad))
        elif kind == "negi":
            nb = t.painter.negi_badge(t.sprites.negi_radius(lay))
            surface.blit(nb, nb.get_rect(center=(round(cx), round(cy))))

    def _draw_pair_at(self, surface: pygame.Surface, lay: L.Layout, pair: M.Pair, x: float, y: float) -> None:
        t = self.t
        b = t.painter.student_card(t.content, pair.body, lay.card_w, lay.card_h, False)
        m = t.painter.student_card(t.content, pair.mind, lay.card_w, lay.card_h, True)
        pad = (b.get_width() - lay.card_w) // 2
        surface.blit(b, (round(x) - pad, round(y) - pad))
        surface.blit(m, (round(x) + lay.off[0] - pad, round(y) + lay.off[1] - pad))

    def draw_chooser(self, surface: pygame.Surface, lay: L.Layout) -> None:
        """The two-action chooser's buttons (the map under them is dimmed by :meth:`draw_overlays`)."""
        t, u = self.t, lay.unit
        for b in t.choosers:
            b.draw(surface, t.ctx, u, hover=b.rect.collidepoint(t.input.pointer))


def _dashed_rect(surface: pygame.Surface, r: pygame.Rect, col: Any, width: int, dash: int) -> None:
    for x0, y0, x1, y1 in ((r.left, r.top, r.right, r.top), (r.right, r.top, r.right, r.bottom),
                           (r.right, r.bottom, r.left, r.bottom), (r.left, r.bottom, r.left, r.top)):
        length = max(abs(x1 - x0), abs(y1 - y0))
        n = max(1, length // (dash * 2))
        for i in range(n):
            a = i / n
            b = min(1.0, a + 0.5 / n)
            pygame.draw.line(surface, col, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)
