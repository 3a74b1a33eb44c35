"""Where everything sits on the school_mystery table (all sizes from the unit).

1920×1080 (unit 20): the calendar/scene tracker top left above the character sheets
(left sidebar, one tab per student); the four suit decks along the top; the prompt line
under them; the information-card canvas in the middle with the action bar below it;
the log on the right above the dice tray (bottom right). The table display drops the
sheets and the action bar and keeps the log as a band.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from client.kit.dialog import fs

CANVAS = 10000


@dataclass
class Layout:
    rect: pygame.Rect
    u: float
    tracker: pygame.Rect
    tabs: pygame.Rect
    sheet: pygame.Rect
    decks: pygame.Rect
    prompt: pygame.Rect
    canvas: pygame.Rect
    actions: pygame.Rect
    log: pygame.Rect
    tray: pygame.Rect
    dialog: pygame.Rect
    card_size: tuple[int, int]
    tab_rows: int = 1  # the students' tabs: a second row when their names do not fit one

    def deck_slot(self, i: int) -> pygame.Rect:
        w = self.decks.w // 4
        return pygame.Rect(self.decks.left + i * w, self.decks.top, w, self.decks.h)

    def deck_card(self, i: int) -> pygame.Rect:
        slot = self.deck_slot(i)
        h = int(slot.h * 0.86)
        w = int(h * 5 / 7)
        if w > slot.w * DECK_SHARE:  # a narrow slot (large text on a small window): the label keeps its room
            w = int(slot.w * DECK_SHARE)
            h = int(w * 7 / 5)
        return pygame.Rect(slot.left + int(self.u * 0.6), slot.top + (slot.h - h) // 2, w, h)

    # --- the canvas: rule coordinates 0..10000 <-> screen -----------------------------
    def to_screen(self, x: int, y: int) -> tuple[int, int]:
        """Top-left of a card at canvas position (x, y)."""
        cw, ch = self.card_size
        sx = self.canvas.left + int(x / CANVAS * max(1, self.canvas.w - cw))
        sy = self.canvas.top + int(y / CANVAS * max(1, self.canvas.h - ch))
        return sx, sy

    def to_canvas(self, left: float, top: float) -> tuple[int, int]:
        cw, ch = self.card_size
        x = (left - self.canvas.left) / max(1, self.canvas.w - cw) * CANVAS
        y = (top - self.canvas.top) / max(1, self.canvas.h - ch) * CANVAS
        return max(0, min(CANVAS, round(x))), max(0, min(CANVAS, round(y)))


DECK_SHARE = 0.38  # at most this share of a deck's slot is its card (the rest: its name, count and duty)
MIN_UNITS_WIDE = 84  # the table's panels need this many units side by side
AUTO_COLUMNS = 5  # the canvas shows unmoved cards in one column per kind


def card_size_for(canvas: pygame.Rect, u: float) -> tuple[int, int]:
    """Information cards: 9×8 units, but never smaller than their 14 px text needs.

    Text never goes under 14 px, so on small windows (720p: unit 13.3) the card grows
    past 9 units, as far as the canvas's five columns allow.
    """
    cu = max(u, 17.0)
    pad = int(u * 0.4)
    colw = (canvas.w - pad) / AUTO_COLUMNS - pad
    cu = max(u, min(cu, colw / 9))
    return int(cu * 9), int(cu * 8.0)  # room for four lines of rule text at 14 px


def compute(rect: pygame.Rect, u: float, display: bool, bar_rows: int = 1, text_unit: float | None = None,
            tab_rows: int = 1) -> Layout:
    """The panels for ``rect`` on unit ``u``; ``text_unit`` (the text's own unit, larger with a larger
    text size) makes the tracker and the decks tall enough for their lines; ``tab_rows``: rows of
    student tabs above the sheet."""
    pad = int(u * 0.5)
    tu = max(u, text_unit or u)
    x0, y0, W, H = rect.left, rect.top, rect.w, rect.h
    if display:
        top_h = int(max(u * 8.2, tu * 7.6))
        right_w = int(u * 15)
        tracker = pygame.Rect(x0 + pad, y0 + pad, int(u * 15), top_h)
        tabs = pygame.Rect(tracker.left, tracker.bottom, tracker.w, 0)
        tray = pygame.Rect(x0 + W - right_w - pad, y0 + H - int(u * 9) - pad, right_w, int(u * 9))
        left = tracker.right + pad
        decks = pygame.Rect(left, y0 + pad, x0 + W - left - pad, top_h)
        prompt = pygame.Rect(x0 + pad, decks.bottom + pad // 2, W - pad * 2, int(u * 1.8))
        sheet = pygame.Rect(tray.left, prompt.bottom + pad // 2, right_w, tray.top - prompt.bottom - pad)
        log = pygame.Rect(x0 + pad, y0 + H - int(u * 3.2) - pad, tray.left - x0 - pad * 2, int(u * 3.2))
        canvas = pygame.Rect(x0 + pad, prompt.bottom + pad // 2, tray.left - x0 - pad * 2,
                             log.top - prompt.bottom - pad)
        actions = pygame.Rect(canvas.left, canvas.bottom, canvas.w, 0)
    else:
        side_w = int(u * 19)
        right_w = int(u * 17)
        tracker = pygame.Rect(x0 + pad, y0 + pad, side_w, int(max(u * 7.4, tu * 7.2, 14 * 8.4)))
        tabs = pygame.Rect(x0 + pad, tracker.bottom + pad, side_w, int(u * 2.4) * max(1, tab_rows))
        sheet = pygame.Rect(x0 + pad, tabs.bottom, side_w, y0 + H - tabs.bottom - pad)
        chat = int(u * 2.9)  # room under the tray for the app's chat button (LAN)
        tray = pygame.Rect(x0 + W - right_w - pad, y0 + H - int(u * 11) - pad - chat, right_w, int(u * 11))
        log = pygame.Rect(tray.left, y0 + pad, right_w, tray.top - y0 - pad * 2)
        left = tracker.right + pad
        cw = tray.left - pad - left
        decks = pygame.Rect(left, y0 + pad, cw, tracker.h)
        prompt = pygame.Rect(left, decks.bottom + pad // 2, cw, int(u * 2.2))
        bar_h = int(u * 2.6 * max(1, bar_rows))
        actions = pygame.Rect(left, y0 + H - pad - bar_h, cw, bar_h)
        canvas = pygame.Rect(left, prompt.bottom + pad // 2, cw, actions.top - prompt.bottom - pad)
    card = card_size_for(canvas, u)
    dw = min(canvas.w - int(u * 1.0), int(u * 50))
    dialog = pygame.Rect(0, 0, dw, canvas.h - int(u * 0.6))
    dialog.midtop = (canvas.centerx, canvas.top + int(u * 0.3))
    return Layout(rect, u, tracker, tabs, sheet, decks, prompt, canvas, actions, log, tray, dialog, card,
                  max(1, tab_rows) if not display else 1)


def secrets_rect(t: Any) -> pygame.Rect:
    """The secrets strip at the bottom of the character sheet (``t``: the school_mystery table view)."""
    s = t.L.sheet
    h = max(int(t.L.u * 7.2), int(fs(t.ctx, 0.62) * 9))  # small windows: room for 14 px labels
    return pygame.Rect(s.left + int(t.L.u * 0.5), s.bottom - h - int(t.L.u * 0.4), s.w - int(t.L.u), h)
