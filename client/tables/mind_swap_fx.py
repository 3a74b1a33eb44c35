"""Timed effects on the mind_swap table: dice, announcements, the cup marker, the sneeze.

Steps play one after another (the table holds the new snapshot back until the
dice have landed, so nothing is spoiled); each step may carry a log line that
is written when the step lands. A click or Space skips every step.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from client.tables import mind_swap_draw as D
from client.widgets.dice import DiceRoll, DieFaces


@dataclass
class Step:
    """One blocking effect. ``log`` is written when it finishes; ``sound`` plays when it starts."""

    duration: float = 0.0
    log: str | None = None
    sound: str | None = None
    t: float = 0.0
    started: bool = False
    focus: tuple[int, ...] = ()  # bodies to outline while this step plays
    event: dict[str, Any] | None = None  # applied to the shown table when this step ends

    def update(self, dt: float) -> None:
        self.t += dt

    def skip(self) -> None:
        self.t = self.duration

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def draw(self, surface: pygame.Surface, fx: "FxContext") -> None:
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


@dataclass
class DiceStep(Step):
    roll: DiceRoll | None = None
    caption: str = ""
    _tray: tuple[tuple[int, int], pygame.Surface] | None = None

    def update(self, dt: float) -> None:
        assert self.roll is not None
        self.roll.update(dt)
        self.t = self.roll.t

    def skip(self) -> None:
        assert self.roll is not None
        self.roll.skip()
        self.t = self.roll.t

    @property
    def done(self) -> bool:
        return self.roll is None or self.roll.done

    def draw(self, surface: pygame.Surface, fx: FxContext) -> None:
        assert self.roll is not None
        u = fx.unit
        if self._tray is None:  # a soft dark felt where the dice land, so they read over the cards
            rr = self.roll.badge_rect_hint()
            box = rr.inflate(self.roll.size * 1.1, self.roll.size * 0.7)
            box.width += self.roll.size * 2
            tray = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(tray, (16, 34, 30, 185), tray.get_rect(), border_radius=box.h // 2)
            pygame.draw.rect(tray, (120, 150, 140, 200), tray.get_rect(), 2, border_radius=box.h // 2)
            self._tray = (box.topleft, tray)
        surface.blit(self._tray[1], self._tray[0])
        if self.caption:
            img = fx.ctx.text(self.caption, max(14, u * 0.95), D.LIGHT, True)
            rr = self.roll.badge_rect_hint()
            box = img.get_rect(midbottom=(rr.centerx, rr.top - round(u * 0.9))).inflate(round(u), round(u * 0.4))
            _panel(surface, box)
            surface.blit(img, img.get_rect(center=box.center))
        size = max(14, round(u * 1.1))
        self.roll.draw(surface, fx.faces, lambda s: fx.ctx.text(s, size, D.INK, True))


@dataclass
class BannerStep(Step):
    """A big announcement in the middle of the map (e.g. "Great success!")."""

    text: str = ""
    colour: tuple[int, int, int] = D.ACCENT

    def draw(self, surface: pygame.Surface, fx: FxContext) -> None:
        p = min(1.0, self.t / max(0.01, self.duration))
        grow = min(1.0, p * 5)
        u = fx.unit
        img = fx.ctx.text(self.text, max(14, u * 2.2), D.INK, True)
        if grow < 1:
            img = pygame.transform.smoothscale_by(img, 0.6 + 0.4 * grow)
        box = img.get_rect(center=(fx.map_rect.centerx, fx.map_rect.y + fx.map_rect.h * 0.3))
        box.inflate_ip(round(u * 2), round(u * 0.8))
        pygame.draw.rect(surface, (0, 0, 0, 80), box.move(3, 4), border_radius=box.h // 2)
        pygame.draw.rect(surface, self.colour, box, border_radius=box.h // 2)
        pygame.draw.rect(surface, D.INK, box, 2, border_radius=box.h // 2)
        surface.blit(img, img.get_rect(center=box.center))


@dataclass
class MarkerStep(Step):
    """An attendance marker jumps out of the cup to the middle of the map."""

    no: int = 0

    def draw(self, surface: pygame.Surface, fx: FxContext) -> None:
        p = min(1.0, self.t / max(0.01, self.duration * 0.7))
        e = 1 - (1 - p) ** 3
        sx, sy = fx.cup_pos
        tx, ty = fx.map_rect.centerx, fx.map_rect.y + fx.map_rect.h * 0.45
        x = sx + (tx - sx) * e
        y = sy + (ty - sy) * e - math.sin(p * math.pi) * fx.unit * 4
        r = round(fx.unit * (0.9 + 0.9 * e))
        img = fx.painter.marker(self.no, r)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))


@dataclass
class SneezeStep(Step):
    """Clothes fly: a few fluttering paper shapes rise and spin (no effect on play)."""

    at: tuple[int, int] = (0, 0)
    pieces: list[tuple[float, float, float, tuple[int, int, int]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        cols = [(250, 250, 250), (238, 150, 170), (140, 180, 230), (250, 220, 120), (170, 220, 170)]
        for i in range(12):
            a = -math.pi / 2 + (i - 5.5) * 0.24
            self.pieces.append((math.cos(a), math.sin(a), 1 + (i * 37 % 11) / 10, cols[i % len(cols)]))

    def draw(self, surface: pygame.Surface, fx: FxContext) -> None:
        p = min(1.0, self.t / max(0.01, self.duration))
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
    """A restored pair gliding (glowing) from the map to its caster's score pile."""

    surf: pygame.Surface
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float = 0.6
    delay: float = 0.0
    t: float = 0.0

    def update(self, dt: float) -> None:
        self.t += dt

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def draw(self, surface: pygame.Surface) -> None:
        p = max(0.0, min(1.0, (self.t - self.delay) / self.duration))
        e = 1 - (1 - p) ** 3
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e - math.sin(p * math.pi) * 60
        img = self.surf if p < 0.05 else pygame.transform.smoothscale_by(self.surf, max(0.25, 1 - 0.7 * e))
        surface.blit(img, img.get_rect(center=(round(x), round(y))))


def _panel(surface: pygame.Surface, box: pygame.Rect) -> None:
    pygame.draw.rect(surface, (20, 36, 32), box, border_radius=box.h // 2)
    pygame.draw.rect(surface, (120, 150, 140), box, 1, border_radius=box.h // 2)


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


StepFactory = Callable[[dict[str, Any]], list[Step]]
