"""The school_mystery table's frame: what stands still is one opaque layer, drawn again only when
what it shows changes; what moves is drawn over it each frame.

The layer holds the table in drawing order (static layer, information cards, landed dice, the
panels' widgets). Drawn live over it, in that same order: the pulsing deck glows, rolling dice, the
buttons under the pointer and the focused text entry (its caret blinks) — each only when nothing the
layer draws after it lies over it, so the pixels are those of drawing everything in order. While
cards glide, turn over or are dragged, the frame is drawn in order without the layer.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from client.kit.dialog import (
    ActionButton,
    Custom,
    EntrySlot,
    Widget,
    draw_widget,
)
from client.kit.textfit import blit_layer
from client.tables import school_mystery_board as board

if TYPE_CHECKING:
    from client.tables.school_mystery import SchoolMysteryTable

__all__ = ["Plan", "Shape", "StillFrame", "draw", "plan", "shape"]


@dataclass(frozen=True)
class Plan:
    """How this frame is drawn from the still layer."""

    key: tuple  # what the layer shows
    glows: bool  # deck glows drawn over the layer
    dice: bool  # rolling dice drawn over the layer (not in it)
    hover: frozenset[int]  # buttons drawn hovered in the layer (a later widget lies over them)
    live: tuple[int, ...]  # widgets drawn again over the layer (hovered buttons, the focused entry)


class StillFrame:
    """The cached layer (one per table)."""

    def __init__(self) -> None:
        self.layer: pygame.Surface | None = None
        self.key: tuple | None = None
        self.shape: tuple[list, int, Shape] | None = None  # (widget list, version, its shape)

    def get(self, t: SchoolMysteryTable, size: tuple[int, int], p: Plan) -> pygame.Surface:
        if self.layer is not None and self.key == p.key:
            return self.layer
        layer = self.layer
        if layer is None or layer.get_size() != size:  # else drawn over: the static layer covers it all first
            layer = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
        board.draw_under(t, layer, hover=p.hover, glows=False, dice=not p.dice)
        self.layer, self.key = layer, p.key
        return layer


def draw(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    """The whole table (reads it; the layer is a cache keyed by what it shows)."""
    if not t.shown:
        return
    hovered = hovered_buttons(t, pygame.mouse.get_pos())
    p = plan(t, surface.get_size(), hovered)
    if p is None:
        board.draw_under(t, surface, hover=hovered)
    else:
        blit_layer(surface, t.still.get(t, surface.get_size(), p), (0, 0))
        if p.glows:
            board.draw_deck_glows(t, surface)
        if p.dice:
            board.draw_dice(t, surface)
        for i in p.live:
            draw_widget(t.widgets[i], surface, t.ctx, t.L.u, i in hovered, t.blink)
    board.draw_over(t, surface)
    if t.banner.visible:  # why something cannot be done now, over everything
        t.banner.draw(surface, t.ctx, t.banner_rect().center, t.L.canvas.w, t.L.u)


def hovered_buttons(t: SchoolMysteryTable, pointer: tuple[int, int]) -> frozenset[int]:
    """The indexes of the enabled panel buttons under the pointer (they are drawn lighter)."""
    return frozenset(i for i in shape(t).buttons if t.widgets[i].rect.collidepoint(pointer))


@dataclass(frozen=True)
class Shape:
    """What the frame's plan needs of the panels and decks, worked out once per rebuild of the panels."""

    spans: tuple[pygame.Rect, ...]  # where each widget draws
    covered: tuple[bool, ...]  # a later widget lies over it
    buttons: tuple[int, ...]  # the enabled buttons
    entries: tuple[int, ...]  # the text entries
    glows: tuple[pygame.Rect, ...]  # the pulsing decks' reach
    glows_clear: bool  # no widget and no card lies over a glow


def shape(t: SchoolMysteryTable) -> Shape:
    """The :class:`Shape` of the table's panels now (kept with the widget list it was made from)."""
    kept = t.still.shape
    if kept is not None and kept[0] is t.widgets and kept[1] == t.version:
        return kept[2]
    u = t.L.u
    ws = t.widgets
    spans = tuple(_span(w, u) for w in ws)
    reach = board.GLOW_RADIUS * 2 + 16  # draw_glow's rings around the card
    glows = tuple(g.inflate(reach, reach) for g in board.glowing_decks(t))
    under = [*spans, t.L.canvas.inflate(int(u * 6), int(u * 2))]
    made = Shape(spans, tuple(any(spans[i].colliderect(r) for r in spans[i + 1:]) for i in range(len(ws))),
                 tuple(i for i, w in enumerate(ws) if isinstance(w, ActionButton) and w.enabled),
                 tuple(i for i, w in enumerate(ws) if isinstance(w, EntrySlot)), glows,
                 not any(g.colliderect(r) for g in glows for r in under))
    t.still.shape = (ws, t.version, made)
    return made


def plan(t: SchoolMysteryTable, size: tuple[int, int], hovered: frozenset[int]) -> Plan | None:
    """How to draw this frame from the still layer; None when it must be drawn in order (cards moving,
    a drag, a rebuild pending, or something live lying under a part of the layer)."""
    if t.dirty or t.card_tweens or t.card_born or t.drag.dragging or t.drag.busy:
        return None
    sh = shape(t)
    rolling = t.dice is not None and not t.dice.landed
    if sh.glows and (not sh.glows_clear or t.dice is not None and any(g.colliderect(_dice_span(t))
                                                                       for g in sh.glows)):
        return None
    if rolling and any(_dice_span(t).colliderect(r) for r in sh.spans):
        return None
    live: list[int] = []
    in_layer: list[int] = []
    for i in sorted(hovered):
        (in_layer if sh.covered[i] else live).append(i)
    for i in sh.entries:
        slot = t.widgets[i]
        if isinstance(slot, EntrySlot) and slot.entry.focused:
            if sh.covered[i]:
                return None
            live.append(i)
    dice_key = None if t.dice is None else (id(t.dice), t.dice.landed)
    key = (t.version, size, t.ctx.lang, t.ctx.unit, t.L.u, t.display, t.log_panel.scroll, t.hover, t.focus, t.sel.get("tab"),
           t.secrets_open, dice_key, frozenset(in_layer))
    return Plan(key, bool(sh.glows), rolling, frozenset(in_layer), tuple(sorted(live)))


def _span(w: Widget, u: float) -> pygame.Rect:
    """Where a widget draws (a button's shadow under it, the article page's shadow)."""
    r = pygame.Rect(w.rect)
    if isinstance(w, ActionButton):
        return r.union(r.move(0, max(2, int(u * w.scale * 0.15))))
    if isinstance(w, Custom):  # a drawing of its own (a card picture, the article page and its shadow)
        return r.inflate(int(u), int(u)).union(r.move(4, 6))
    return r


def _dice_span(t: SchoolMysteryTable) -> pygame.Rect:
    """Where the dice and their badge may be drawn: the tray, and the dice as far as a tumble takes them."""
    assert t.dice is not None
    size = t.dice.size
    rects = [r.inflate(size, size) for r in t.dice.die_rects()]
    return t.L.tray.unionall(rects)
