"""Dice you can watch: d6 and d10 drawn by the program, rolled across the table.

A :class:`DiceRoll` tumbles from an edge of the table to a resting spot in about
0.85 s and settles on EXACTLY the faces it was given (the server's faces, from a
dice event). The faces shown while tumbling are cosmetic and come from a tiny
generator seeded by the real faces, so a replay looks the same. After landing a
result badge appears (the sum, or a caller's label). For "3d6 keep 2" the dropped
dice are greyed out once they land. ``skip()`` (a click or Space) jumps to the end;
``fast=True`` starts landed.

Face surfaces are cached per (sides, face, size, grey): drawing a roll is a few blits.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from client.kit import theme
from client.kit.theme import ACCENT as BADGE
from client.kit.theme import INK, PAPER

GREY_PAPER = theme.DIE_GREY_PAPER
GREY_INK = theme.DIE_GREY_INK
D10_PAPER = theme.DIE_D10_PAPER

# pip positions on a unit square, per face
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


class DieFaces:
    """A cache of die face surfaces (one per sides/face/size/grey)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, int, int, bool], pygame.Surface] = {}
        self._fonts: dict[int, pygame.font.Font] = {}

    def _font(self, size: int) -> pygame.font.Font:
        if size not in self._fonts:
            self._fonts[size] = pygame.font.Font(None, size)
            self._fonts[size].set_bold(True)
        return self._fonts[size]

    def face(self, sides: int, value: int, size: int, grey: bool = False) -> pygame.Surface:
        key = (sides, value, size, grey)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._draw_d6(value, size, grey) if sides == 6 else self._draw_dn(value, size, grey)
            self._cache[key] = surf
        return surf

    def _draw_d6(self, value: int, size: int, grey: bool) -> pygame.Surface:
        pad = max(2, size // 14)
        surf = pygame.Surface((size + pad * 2, size + pad * 2), pygame.SRCALPHA)
        body = pygame.Rect(pad, pad, size, size)
        pygame.draw.rect(surf, theme.TOKEN_SHADOW, body.move(pad // 2 + 1, pad // 2 + 1), border_radius=size // 5)
        pygame.draw.rect(surf, GREY_PAPER if grey else PAPER, body, border_radius=size // 5)
        pygame.draw.rect(surf, GREY_INK if grey else INK, body, max(1, size // 28), border_radius=size // 5)
        ink = GREY_INK if grey else INK
        r = max(2, round(size * 0.085))
        for fx, fy in _PIPS.get(value, ()):
            colour = theme.DIE_ONE if value == 1 and not grey else ink
            pygame.draw.circle(surf, colour, (body.x + fx * size, body.y + fy * size), r * (1.5 if value == 1 else 1))
        return surf

    def _draw_dn(self, value: int, size: int, grey: bool) -> pygame.Surface:
        """A d10 (any n>6): a kite silhouette with the number, 6 and 9 underlined."""
        pad = max(2, size // 14)
        w, h = round(size * 1.1), round(size * 1.15)
        surf = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
        cx = pad + w / 2
        top, bottom = pad, pad + h
        mid = pad + h * 0.62
        kite = [(cx, top), (pad + w, mid - h * 0.12), (cx, bottom), (pad, mid - h * 0.12)]
        shadow = [(x + pad / 2 + 1, y + pad / 2 + 1) for x, y in kite]
        pygame.draw.polygon(surf, theme.TOKEN_SHADOW, shadow)
        pygame.draw.polygon(surf, GREY_PAPER if grey else D10_PAPER, kite)
        ink = GREY_INK if grey else INK
        pygame.draw.polygon(surf, ink, kite, max(1, size // 28))
        # facet lines for a 3-D hint
        pygame.draw.line(surf, ink, (pad + w * 0.18, mid - h * 0.05), (cx, mid + h * 0.08), 1)
        pygame.draw.line(surf, ink, (pad + w * 0.82, mid - h * 0.05), (cx, mid + h * 0.08), 1)
        text = self._font(round(size * (0.62 if value < 10 else 0.5))).render(str(value), True, ink)
        tr = text.get_rect(center=(cx, pad + h * 0.46))
        surf.blit(text, tr)
        if value in (6, 9):
            pygame.draw.line(surf, ink, (tr.left + 2, tr.bottom - 1), (tr.right - 2, tr.bottom - 1), 2)
        return surf


def _ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


@dataclass
class DiceRoll:
    """One roll of several dice (e.g. ``sides=[6, 6]``, ``faces=[3, 5]``).

    ``start`` is where the dice come from (an edge), ``rest`` the centre of where
    they settle. ``dropped`` holds indexes of dice greyed out after landing
    (3d6 keep 2). ``label`` replaces the sum in the result badge.
    """

    sides: Sequence[int]
    faces: Sequence[int]
    start: tuple[float, float]
    rest: tuple[float, float]
    size: int = 56
    duration: float = 0.85
    dropped: frozenset[int] = frozenset()
    label: str | None = None
    fast: bool = False
    badge_hold: float = 0.6
    t: float = 0.0
    _spins: list[float] = field(default_factory=list)
    _tumble: list[list[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(self.sides) != len(self.faces):
            raise ValueError("one face per die")
        for s, f in zip(self.sides, self.faces):
            if not 1 <= int(f) <= int(s):
                raise ValueError(f"face {f} is not on a d{s}")
        self.dropped = frozenset(self.dropped)
        seed = 1 + sum((i + 7) * 31 * int(f) for i, f in enumerate(self.faces)) + len(self.faces) * 977
        for i, s in enumerate(self.sides):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            self._spins.append((1 if seed & 1 else -1) * (540 + seed % 360))
            seq = []
            for _ in range(12):
                seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
                seq.append(1 + (seed >> 8) % int(s))
            self._tumble.append(seq)
        if self.fast:
            self.skip()

    # --- time ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t = min(self.t + max(0.0, dt), self.duration + self.badge_hold)

    def skip(self) -> None:
        self.t = self.duration + self.badge_hold

    @property
    def landed(self) -> bool:
        return self.t >= self.duration

    @property
    def done(self) -> bool:
        """Landed and the badge has been shown a moment."""
        return self.t >= self.duration + self.badge_hold

    def shown_faces(self) -> list[int]:
        """The faces on top right now (the given faces once landed)."""
        if self.landed:
            return [int(f) for f in self.faces]
        p = self.t / self.duration
        if p >= 0.72:  # settling: the real face is already on top
            return [int(f) for f in self.faces]
        step = int(p * 18)
        return [seq[step % len(seq)] for seq in self._tumble]

    def total(self) -> int:
        return sum(int(f) for i, f in enumerate(self.faces) if i not in self.dropped)

    # --- geometry -------------------------------------------------------------------
    def _die_pos(self, i: int) -> tuple[float, float, float]:
        """Centre x, y and rotation (degrees) of die ``i`` now."""
        n = len(self.faces)
        gap = self.size * 1.35
        off = (i - (n - 1) / 2) * gap
        sx, sy = self.start
        rx, ry = self.rest
        # each die starts a little apart so they do not overlap in flight
        sx += off * 0.6
        sy += (i - (n - 1) / 2) * self.size * 0.5
        rx += off
        p = min(1.0, self.t / self.duration) if self.duration > 0 else 1.0
        e = _ease_out(p)
        x = sx + (rx - sx) * e
        y = sy + (ry - sy) * e
        # bounces: a decaying hop
        hop = abs(math.sin(p * math.pi * 3.0)) * (1 - p) ** 2 * self.size * 1.1
        y -= hop
        rot = self._spins[i] * (1 - e) if p < 1 else 0.0
        return x, y, rot

    def die_rects(self) -> list[pygame.Rect]:
        """Where each die is drawn now (for tests and hit-testing)."""
        out = []
        for i in range(len(self.faces)):
            x, y, _ = self._die_pos(i)
            out.append(pygame.Rect(round(x - self.size / 2), round(y - self.size / 2), self.size, self.size))
        return out

    # --- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, faces: DieFaces,
             badge_text: Callable[[str], pygame.Surface] | None = None) -> None:
        shown = self.shown_faces()
        for i, (s, f) in enumerate(zip(self.sides, shown)):
            x, y, rot = self._die_pos(i)
            grey = self.landed and i in self.dropped
            img = faces.face(int(s), int(f), self.size, grey)
            if abs(rot) > 0.5:
                img = pygame.transform.rotate(img, rot % 360)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        if self.landed:
            self._draw_badge(surface, badge_text)

    def _draw_badge(self, surface: pygame.Surface, badge_text: Callable[[str], pygame.Surface] | None) -> None:
        text = self.label if self.label is not None else str(self.total())
        if badge_text is not None:
            img = badge_text(text)
        else:
            img = pygame.font.Font(None, max(14, self.size // 2)).render(text, True, INK)
        rects = self.die_rects()
        right = max(r.right for r in rects)
        cy = self.rest[1]
        box = img.get_rect()
        box.inflate_ip(self.size // 2, self.size // 5)
        box.midleft = (right + self.size // 3, cy)
        if box.right > surface.get_width() - 4:  # no room on the right: put it under the dice
            box.midtop = (self.rest[0], max(r.bottom for r in rects) + self.size // 6)
        pygame.draw.rect(surface, BADGE, box, border_radius=box.height // 2)
        pygame.draw.rect(surface, INK, box, 2, border_radius=box.height // 2)
        surface.blit(img, img.get_rect(center=box.center))

    def badge_rect_hint(self) -> pygame.Rect:
        """Union of the dice where they rest (for layout)."""
        rects = [pygame.Rect(0, 0, self.size, self.size) for _ in self.faces]
        n = len(self.faces)
        for i, r in enumerate(rects):
            r.center = (round(self.rest[0] + (i - (n - 1) / 2) * self.size * 1.35), round(self.rest[1]))
        return rects[0].unionall(rects[1:]) if len(rects) > 1 else rects[0]
