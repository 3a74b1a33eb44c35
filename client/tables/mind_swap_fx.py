"""Timed effects on the mind_swap table: dice, announcements, the cup marker, the sneeze.

Each is an :class:`Effect`, a :class:`~client.widgets.anim.Tween` on the kit presenter's
queue (:mod:`client.kit.presenter`): the table shows a batch's snapshot only once its dice
have landed, so nothing is spoiled; a click or Space skips it, and a backlog is
fast-forwarded. An effect plays its sound when it starts (``on_start``).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from client.kit import theme
from client.kit.theme import type_px
from client.kit.widgets import Panel, fitter_for
from client.tables import mind_swap_draw as D
from client.widgets.anim import Tween, ease_out, linear
from client.widgets.dice import DiceRoll, DieFaces


class Effect(Tween):
    """One blocking effect on the presenter's queue: a :class:`~client.widgets.anim.Tween` from 0
    to 1 over ``duration`` (its ``progress`` drives the drawing), so the queue's skip and the
    presenter's backlog rule fast-forward it like any step. ``on_start`` runs when the queue
    reaches it (its sound); ``focus`` names the bodies outlined while it plays."""

    kind = "effect"  # its node in the view's node map: ("fx", kind)

    def __init__(self, duration: float = 0.0, sound: str | None = None, focus: tuple[int, ...] = (),
                 ease: Callable[[float], float] = linear) -> None:
        super().__init__(0.0, 1.0, duration, ease)
        self.sound = sound
        self.focus = focus
        self.on_start: Callable[[Effect], None] | None = None
        self.started = False

    def begin(self) -> None:
        if not self.started:
            self.started = True
            if self.on_start is not None:
                self.on_start(self)

    def update(self, dt: float) -> None:
        self.begin()
        super().update(dt)

    def skip(self) -> None:
        self.begin()
        super().skip()

    @property
    def text(self) -> str:
        """What it says on screen (its node's label)."""
        return ""

    def draw(self, surface: pygame.Surface, fx: FxContext) -> None:
        pass


@dataclass
class FxContext:
    """What steps need to draw: the painter, dice faces, text, and the map rect."""

    ctx: Any
    painter: D.Painter
    faces: DieFaces
    map_rect: pygame.Rect
    cup_pos: tuple[int, int]
    unit: float
    tray: pygame.Rect


class DiceStep(Effect):
    """A roll landing in the fixed tray: the tween's clock is the roll's (it tumbles, lands on the
    server's faces, then its sum is shown a moment)."""

    kind = "dice"

    def __init__(self, roll: DiceRoll, caption: str = "", sound: str | None = "dice") -> None:
        super().__init__(roll.duration + roll.badge_hold, sound)
        self.roll = roll
        self.caption = caption
        self._follow()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._follow()

    def skip(self) -> None:
        super().skip()
        self._follow()

    def _follow(self) -> None:
        self.roll.t = min(max(0.0, self.elapsed - self.delay), self.duration)

    @property
    def text(self) -> str:
        return self.caption

    def draw(self, surface: pygame.Surface, fx: FxContext) -> None:
        """The fixed tray (its caption on top, the dice tumbling inside it, the sum beside them)."""
        u = fx.unit
        tray = fx.tray
        Panel.draw(surface, tray, (*theme.TABLE_DARK, 240), round(u * 0.8), border=theme.CHALK_DIM)
        if self.caption:
            fit = fitter_for(fx.ctx)
            cap = pygame.Rect(tray.x + round(u * 0.6), tray.y + round(u * 0.3), tray.w - round(u * 1.2),
                              tray_caption_h(u))
            fit.draw_block(surface, self.caption, cap, type_px("label", u), theme.CHALK, True, align="center",
                           kind="rule")
        size = max(14, round(u * 1.1))
        clip = surface.get_clip()
        surface.set_clip(tray.clip(clip) if clip else tray)
        self.roll.draw(surface, fx.faces, lambda s: fx.ctx.text(s, size, theme.INK, True))
        surface.set_clip(clip)


def tray_caption_h(unit: float) -> int:
    """Height of the caption row at the top of the dice tray (two lines of label text)."""
    return round(unit * 2.6)


def tray_rect(map_rect: pygame.Rect, unit: float, size: int) -> pygame.Rect:
    """The dice tray: one fixed place on the map (centred, lower half) for every roll."""
    w = min(map_rect.w - round(unit), max(round(size * 9.5), round(unit * 24)))
    h = tray_caption_h(unit) + round(size * 3.1)
    r = pygame.Rect(0, 0, w, h)
    r.center = (map_rect.centerx, round(map_rect.y + map_rect.h * 0.58))
    r.bottom = min(r.bottom, map_rect.bottom)
    return r


def tray_path(tray: pygame.Rect, unit: float, size: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where dice enter the tray and where they rest (left of the sum badge), inside it."""
    y = tray.y + tray_caption_h(unit) + round(size * 1.7)
    return (tray.x + round(size * 1.4), y), (tray.x + round(tray.w * 0.42), y)


class BannerStep(Effect):
    """A big announcement in the middle of the map (e.g. "Great success!"); it pops up in the
    first fifth of its time."""

    kind = "announce"

    def __init__(self, duration: float, words: str, colour: tuple[int, int, int] = D.ACCENT,
                 sound: str | None = None) -> None:
        super().__init__(duration, sound)
        self.words = words
        self.colour = colour

    @property
    def text(self) -> str:
        return self.words

    def draw(self, surface: pygame.Surface, fx: FxContext) -> None:
        grow = min(1.0, self.progress * 5)
        u = fx.unit
        img = fx.ctx.text(self.words, max(14, u * 2.2), D.INK, True)
        if grow < 1:
            img = pygame.transform.smoothscale_by(img, 0.6 + 0.4 * grow)
        box = img.get_rect(center=(fx.map_rect.centerx, fx.map_rect.y + fx.map_rect.h * 0.3))
        box.inflate_ip(round(u * 2), round(u * 0.8))
        pygame.draw.rect(surface, theme.PILL_SHADOW, box.move(3, 4), border_radius=box.h // 2)
        pygame.draw.rect(surface, self.colour, box, border_radius=box.h // 2)
        pygame.draw.rect(surface, D.INK, box, 2, border_radius=box.h // 2)
        surface.blit(img, img.get_rect(center=box.center))


class MarkerStep(Effect):
    """An attendance marker jumps out of the cup to the middle of the map (in the first 70 % of
    its time, easing out; then it is shown a moment)."""

    kind = "marker"

    def __init__(self, duration: float, no: int, sound: str | None = None) -> None:
        super().__init__(duration, sound)
        self.no = no

    def draw(self, surface: pygame.Surface, fx: FxContext) -> None:
        p = min(1.0, self.progress / 0.7)
        e = ease_out(p)
        sx, sy = fx.cup_pos
        tx, ty = fx.map_rect.centerx, fx.map_rect.y + fx.map_rect.h * 0.45
        x = sx + (tx - sx) * e
        y = sy + (ty - sy) * e - math.sin(p * math.pi) * fx.unit * 4
        r = round(fx.unit * (0.9 + 0.9 * e))
        img = fx.painter.marker(self.no, r)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))


class SneezeStep(Effect):
    """Clothes fly: a few fluttering paper shapes rise and spin from ``at`` (no effect on play)."""

    kind = "sneeze"

    def __init__(self, duration: float, at: tuple[int, int], sound: str | None = None) -> None:
        super().__init__(duration, sound)
        self.at = at
        cols = theme.MS_CONFETTI
        self.pieces: list[tuple[float, float, float, tuple[int, int, int]]] = []
        for i in range(12):
            a = -math.pi / 2 + (i - 5.5) * 0.24
            self.pieces.append((math.cos(a), math.sin(a), 1 + (i * 37 % 11) / 10, cols[i % len(cols)]))

    def draw(self, surface: pygame.Surface, fx: FxContext) -> None:
        p = self.progress
        u = fx.unit
        for i, (dx, dy, sp, col) in enumerate(self.pieces):
            dist = u * 9 * sp * (1 - (1 - p) ** 2)
            x = self.at[0] + dx * dist + math.sin(p * 9 + i) * u * 0.8
            y = self.at[1] + dy * dist + p * p * u * 5
            w, h = u * 2.0, u * 1.5
            shirt = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
            # a tiny shirt: body + sleeves
            pygame.draw.rect(shirt, col, (w * 0.25, h * 0.15, w * 0.5, h * 0.85))
            pygame.draw.polygon(shirt, col, [(0, h * 0.35), (w * 0.3, h * 0.1), (w * 0.3, h * 0.5)])
            pygame.draw.polygon(shirt, col, [(w, h * 0.35), (w * 0.7, h * 0.1), (w * 0.7, h * 0.5)])
            pygame.draw.rect(shirt, D.INK, (w * 0.25, h * 0.15, w * 0.5, h * 0.85), 1)
            img = pygame.transform.rotate(shirt, (p * 540 * (1 if i % 2 else -1) + i * 30) % 360)
            img.set_alpha(round(255 * (1 - max(0.0, p - 0.7) / 0.3)))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))


@dataclass
class Flyer:
    """A restored pair gliding (glowing) from the map to its caster's score pile, driven by a
    :class:`~client.widgets.anim.Tween` from 0 to 1 (its delay lets the pair be seen first)."""

    surf: pygame.Surface
    start: tuple[float, float]
    end: tuple[float, float]
    tween: Tween

    def draw(self, surface: pygame.Surface) -> None:
        p = self.tween.progress
        e = self.tween.ease(p)
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e - math.sin(p * math.pi) * 60
        img = self.surf if p < 0.05 else pygame.transform.smoothscale_by(self.surf, max(0.25, 1 - 0.7 * e))
        surface.blit(img, img.get_rect(center=(round(x), round(y))))


def dice_sides(ev: dict[str, Any]) -> list[int]:
    """Sides of each die in a dice event (explicit, from "2d6"/"d10", or guessed from the roll's purpose)."""
    faces = list(ev.get("faces") or [])
    sides = ev.get("sides")
    if isinstance(sides, list) and len(sides) == len(faces):
        return [int(s) for s in sides]
    if isinstance(sides, int):
        return [sides] * len(faces)
    dice = ev.get("dice") or ev.get("die")
    if isinstance(dice, list) and len(dice) == len(faces) and all(isinstance(d, int) for d in dice):
        return [int(d) for d in dice]
    if isinstance(dice, list) and len(dice) == len(faces) and all(isinstance(d, str) for d in dice):
        try:
            return [int(d.lower().split("d", 1)[1]) for d in dice]
        except (ValueError, IndexError):
            pass
    if isinstance(dice, str) and "d" in dice:
        try:
            return [int(dice.split("d", 1)[1])] * len(faces)
        except ValueError:
            pass
    if any(int(f) > 6 for f in faces):
        return [10] * len(faces)
    why = str(ev.get("why") or ev.get("purpose") or ev.get("kind") or "")
    if len(faces) == 1 and why in ("control", "runaway", "event", "start", "first", "direction", "chachamaru"):
        return [10]
    return [6] * len(faces)


