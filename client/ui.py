"""Look and small drawn widgets shared by the scenes: palette, panels, buttons, seat badges."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

TABLE_GREEN = (31, 58, 52)
TABLE_DARK = (20, 38, 34)
PANEL = (44, 76, 68)
PANEL_LIGHT = (60, 96, 86)
PAPER = (246, 241, 228)
INK = (42, 42, 46)
CHALK = (236, 236, 226)
CHALK_DIM = (170, 186, 178)
ACCENT = (240, 138, 75)
ERROR = (214, 78, 66)

# Colour-blind-safe seat colours: Okabe–Ito (grey for black on a dark table) + four more.
SEAT_COLORS: tuple[tuple[int, int, int], ...] = (
    (230, 159, 0),    # orange
    (86, 180, 233),   # sky blue
    (0, 158, 115),    # bluish green
    (240, 228, 66),   # yellow
    (0, 114, 178),    # blue
    (213, 94, 0),     # vermillion
    (204, 121, 167),  # reddish purple
    (153, 153, 153),  # grey
    (240, 240, 240),  # white
    (136, 34, 85),    # wine
    (153, 153, 51),   # olive
    (106, 90, 205),   # slate blue
)
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "pentagon", "hexagon", "star", "cross",
               "triangle_down", "octagon", "star4", "ring")


def seat_color(seat: int) -> tuple[int, int, int]:
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def ink_on(color: tuple[int, int, int]) -> tuple[int, int, int]:
    """Dark or light text, whichever reads better on ``color``."""
    r, g, b = color[:3]
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else CHALK


def _poly(n: int, cx: float, cy: float, r: float, rot: float = -math.pi / 2) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(rot + 2 * math.pi * i / n), cy + r * math.sin(rot + 2 * math.pi * i / n))
            for i in range(n)]


def _star(points: int, cx: float, cy: float, r: float, inner: float) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + math.pi * i / points
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    if shape == "square":
        return _poly(4, cx, cy, r * 1.2, math.pi / 4)
    if shape == "triangle":
        return _poly(3, cx, cy + r * 0.15, r * 1.3)
    if shape == "triangle_down":
        return _poly(3, cx, cy - r * 0.15, r * 1.3, math.pi / 2)
    if shape == "diamond":
        return _poly(4, cx, cy, r * 1.2)
    if shape == "pentagon":
        return _poly(5, cx, cy, r * 1.1)
    if shape == "hexagon":
        return _poly(6, cx, cy, r * 1.1)
    if shape == "octagon":
        return _poly(8, cx, cy, r * 1.05, math.pi / 8)
    if shape == "star":
        return _star(5, cx, cy, r * 1.3, 0.55)
    if shape == "star4":
        return _star(4, cx, cy, r * 1.3, 0.5)
    if shape == "cross":
        a, b = r * 1.1, r * 0.45
        return [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b),
                (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b),
                (cx - a, cy - b), (cx - b, cy - b)]
    return None  # circle / ring


def draw_seat_badge(surface: pygame.Surface, text_engine: Any, seat: int, center: tuple[float, float],
                    radius: float) -> pygame.Rect:
    """The seat's colour in its shape with the seat number (1-based) — never colour alone."""
    color = seat_color(seat)
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    cx, cy = center
    pts = shape_points(shape, cx, cy, radius)
    if pts is None:
        pygame.draw.circle(surface, color, (int(cx), int(cy)), int(radius * 1.15))
        if shape == "ring":
            pygame.draw.circle(surface, INK, (int(cx), int(cy)), int(radius * 1.15), max(2, int(radius * 0.18)))
        else:
            pygame.draw.circle(surface, INK, (int(cx), int(cy)), int(radius * 1.15), max(1, int(radius * 0.08)))
    else:
        pygame.draw.polygon(surface, color, pts)
        pygame.draw.polygon(surface, INK, pts, max(1, int(radius * 0.08)))
    img = text_engine.render(str(seat + 1), radius * 1.05, ink_on(color), True)
    rect = img.get_rect(center=(int(cx), int(cy)))
    surface.blit(img, rect)
    return pygame.Rect(int(cx - radius * 1.3), int(cy - radius * 1.3), int(radius * 2.6), int(radius * 2.6))


def panel(surface: pygame.Surface, rect: pygame.Rect, color: Any = PANEL, radius: int = 12,
          alpha: int = 235, border: Any = None) -> None:
    """A rounded, slightly translucent panel."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    c = pygame.Color(color)
    c.a = alpha
    pygame.draw.rect(layer, c, layer.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(layer, border, layer.get_rect(), width=2, border_radius=radius)
    surface.blit(layer, rect)


class Background:
    """Blackboard green with a soft vignette, rendered once per window size."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, int], pygame.Surface] = {}

    def __call__(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        bg = self._cache.get(size)
        if bg is None:
            bg = self._render(size)
            self._cache = {size: bg}
        surface.blit(bg, (0, 0))

    @staticmethod
    def _render(size: tuple[int, int]) -> pygame.Surface:
        bg = pygame.Surface(size)
        bg.fill(TABLE_GREEN)
        w, h = size
        shade = pygame.Surface(size, pygame.SRCALPHA)
        steps = 14
        for i in range(steps):
            a = int(5 * (steps - i) / steps) + 1
            inset = int(min(w, h) * 0.035 * i)
            pygame.draw.rect(shade, (0, 0, 0, a), shade.get_rect().inflate(-inset * 2, -inset * 2),
                             width=max(1, int(min(w, h) * 0.035)), border_radius=int(min(w, h) * 0.05))
        bg.blit(shade, (0, 0))
        return bg


@dataclass
class Button:
    """A drawn button: a label, a rect, an action, an optional hint line below the label."""

    label: str
    rect: pygame.Rect
    on_click: Callable[[], None]
    hint: str = ""
    enabled: bool = True
    selected: bool = False
    primary: bool = False
    key: str = ""  # a stable id for tests and screenshots
    _pressed: bool = field(default=False, repr=False)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self._pressed
            self._pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
        return False

    def draw(self, surface: pygame.Surface, text: Any, unit: float) -> None:
        hover = self.rect.collidepoint(pygame.mouse.get_pos()) and self.enabled
        if self.primary:
            base = ACCENT
        elif self.selected:
            base = PAPER
        else:
            base = PANEL_LIGHT
        if not self.enabled:
            base = (70, 86, 80)
        col = pygame.Color(base)
        if hover:
            col = col.lerp((255, 255, 255), 0.12)
        shadow = self.rect.move(0, max(2, int(unit * 0.15)))
        pygame.draw.rect(surface, (12, 24, 20), shadow, border_radius=int(unit * 0.5))
        pygame.draw.rect(surface, col, self.rect, border_radius=int(unit * 0.5))
        if self.selected and not self.primary:
            pygame.draw.rect(surface, ACCENT, self.rect, width=max(2, int(unit * 0.15)),
                             border_radius=int(unit * 0.5))
        fg = ink_on((col.r, col.g, col.b)) if self.enabled else CHALK_DIM
        size = unit * 1.05
        if self.hint:
            while text.size(self.label, size, True)[0] > self.rect.width - unit and size > unit * 0.6:
                size *= 0.92
            label_img = text.render(self.label, size, fg, True)
            hint_lines = text.balanced(self.hint, unit * 0.75, self.rect.width - int(unit * 1.2))[:2]
            total = label_img.get_height() + len(hint_lines) * text.font(unit * 0.75).get_linesize()
            y = self.rect.centery - total // 2
            surface.blit(label_img, label_img.get_rect(midtop=(self.rect.centerx, y)))
            y += label_img.get_height()
            for line in hint_lines:
                img = text.render(line, unit * 0.75, fg)
                surface.blit(img, img.get_rect(midtop=(self.rect.centerx, y)))
                y += text.font(unit * 0.75).get_linesize()
        else:
            label = self.label
            while text.size(label, size, True)[0] > self.rect.width - unit and size > unit * 0.6:
                size *= 0.92
            img = text.render(label, size, fg, True)
            surface.blit(img, img.get_rect(center=self.rect.center))
