"""The tutorial's step card: "Step n of N", the step's text, a note (waiting / not that yet), a button.

Pure layout + drawing on the kit (``Fitter``, ``Panel``, ``Button``), used by the tutorial
overlay and by the layout walk (:mod:`client.tutorial.walk`). The card grows in height
until its text fits; it goes to the corner of the window that covers none of the nodes the
step points at.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from client.kit import theme
from client.kit.widgets import Button, Panel, fitter_for


@dataclass
class CardLayout:
    rect: pygame.Rect
    title: pygame.Rect
    text: pygame.Rect
    note: pygame.Rect
    button: pygame.Rect | None


def _sizes(unit: float) -> tuple[float, float, float]:
    return unit * theme.TYPE["small"], unit * theme.TYPE["label"], unit * theme.TYPE["small"]


def measure(ctx: object, unit: float, bounds: pygame.Rect, text: str, note: str, title: str,
            with_button: bool) -> CardLayout:
    """The card's size and its parts (placed at the origin)."""
    fit = fitter_for(ctx)
    small, body, note_px = _sizes(unit)
    width = int(min(unit * 26, bounds.w * 0.44))
    pad = int(unit * 0.9)
    inner = width - 2 * pad
    t = fit.block(title, small, inner, None, True)
    b = fit.block(text, body, inner, None)
    n = fit.block(note, note_px, inner, None, True) if note else None
    y = pad
    title_r = pygame.Rect(pad, y, inner, t.height)
    y += t.height + int(unit * 0.4)
    text_r = pygame.Rect(pad, y, inner, b.height)
    y += b.height
    note_r = pygame.Rect(pad, y, inner, 0)
    if n is not None:
        y += int(unit * 0.5)
        note_r = pygame.Rect(pad, y, inner, n.height)
        y += n.height
    button_r = None
    if with_button:
        y += int(unit * 0.7)
        bw = int(min(inner, unit * 9))
        button_r = pygame.Rect(width - pad - bw, y, bw, int(unit * 2.4))
        y += button_r.h
    return CardLayout(pygame.Rect(0, 0, width, y + pad), title_r, text_r, note_r, button_r)


def place(card: CardLayout, bounds: pygame.Rect, avoid: list[pygame.Rect], unit: float) -> CardLayout:
    """Move the card to the first corner (top left, top right, bottom left, bottom right) that covers
    none of ``avoid``; else the corner that covers the least of them."""
    m = int(unit * 0.8)
    r = card.rect
    corners = [(bounds.left + m, bounds.top + m), (bounds.right - m - r.w, bounds.top + m),
               (bounds.left + m, bounds.bottom - m - r.h), (bounds.right - m - r.w, bounds.bottom - m - r.h)]

    def covered(pos: tuple[int, int]) -> int:
        there = pygame.Rect(pos, r.size)
        return sum(there.clip(a).w * there.clip(a).h for a in avoid)

    best = min(corners, key=lambda p: (covered(p) > 0, covered(p), corners.index(p)))
    dx, dy = best[0] - r.x, best[1] - r.y
    return CardLayout(r.move(dx, dy), card.title.move(best), card.text.move(best), card.note.move(best),
                      None if card.button is None else card.button.move(best))


def draw(surface: pygame.Surface, ctx: object, unit: float, card: CardLayout, title: str, text: str, note: str,
         button: Button | None, pulse: float = 0.0) -> None:
    """Draw the card (``pulse`` 0..1 brightens its border: a refused press, a new step)."""
    fit = fitter_for(ctx)
    small, body, note_px = _sizes(unit)
    border = pygame.Color(theme.ACCENT).lerp(theme.LIGHTEN, max(0.0, min(1.0, pulse)) * 0.6)
    Panel.draw(surface, card.rect.move(0, max(2, int(unit * 0.2))), theme.SHADOW, theme.radius("panel", unit))
    Panel.draw(surface, card.rect, theme.PAPER, theme.radius("panel", unit), border=border,
               border_w=max(2, int(unit * (0.15 + 0.15 * pulse))))
    fit.draw_block(surface, title, card.title, small, theme.ACCENT_DEEP, True, kind="label")
    fit.draw_block(surface, text, card.text, body, theme.INK, kind="rule")
    if note:
        fit.draw_block(surface, note, card.note, note_px, theme.ACCENT_DEEP if pulse > 0 else theme.MUTED, True,
                       kind="rule")
    if button is not None:
        button.draw(surface, ctx, unit)
