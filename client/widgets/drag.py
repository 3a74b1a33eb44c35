"""Drag and drop over real mouse events, with legal-drop glows and spring-back.

The owner (a table view) registers, each time its layout changes, the things that can
be picked up (:class:`DragSource`: an id, a hit test, a home position, a payload) and
the places they can land (:class:`DropTarget`: an id, a rect, an ``accepts(payload)``
check returning ``(ok, message)``, and ``on_drop(payload)``). The controller then turns
MOUSEBUTTONDOWN / MOUSEMOTION / MOUSEBUTTONUP into:

- a click (pointer moved less than ``threshold`` px): ``on_click(payload)``;
- a legal drop: ``target.on_drop(payload)``;
- an illegal drop (target refuses, or no target under the pointer): a red outline on the
  target that fades, ``on_reject(message)`` and a spring-back animation (ease-out) from
  where it was let go to its home.

While dragging, every target that accepts the payload glows softly in the accent colour
and the one under the pointer glows stronger. :meth:`DragController.spring_back` starts
the same return animation from outside (e.g. the server rejected the action).
Draw the dragged thing yourself at :meth:`DragController.position_of`.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from client.kit import theme
from client.kit.cache import SurfaceCache
from client.widgets.anim import Flash, Tween, ease_out

ACCENT = theme.ACCENT
RED = theme.ERROR
SPRING_SECONDS = 0.22


@dataclass
class DragSource:
    """Something that can be picked up."""

    id: Any
    home: tuple[float, float]  # centre it rests at (and springs back to)
    hit: Callable[[tuple[int, int]], bool]
    payload: Any = None
    enabled: bool = True


@dataclass
class DropTarget:
    """A place a payload can be dropped on."""

    id: Any
    rect: pygame.Rect
    accepts: Callable[[Any], tuple[bool, str]]
    on_drop: Callable[[Any], None]
    radius: int = 12
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Spring:
    tween: Tween


class DragController:
    """Pick up, follow the pointer with the grab offset, drop; springs and highlights."""

    def __init__(self, threshold: int = 6, fast: bool = False) -> None:
        self.threshold = threshold
        self.fast = fast
        self.sources: list[DragSource] = []
        self.targets: list[DropTarget] = []
        self.on_click: Callable[[Any], None] | None = None
        self.on_reject: Callable[[str], None] | None = None
        self.on_pickup: Callable[[Any], None] | None = None
        # shown when dropped on nothing: a string, or a function of the payload
        self.fallback_message: str | Callable[[Any], str] = ""
        self.held: DragSource | None = None
        self.dragging = False
        self.grab_offset = (0.0, 0.0)
        self.pointer = (0, 0)
        self.press_at = (0, 0)
        self.springs: dict[Any, _Spring] = {}
        self.red = Flash(0.9)  # data = target id
        self.glow_clock = 0.0

    # --- registration -----------------------------------------------------------
    def set_sources(self, sources: list[DragSource]) -> None:
        self.sources = sources
        if self.held is not None:  # keep holding the same id if it still exists
            match = next((s for s in sources if s.id == self.held.id), None)
            if match is None:
                self.cancel()
            else:
                self.held = match

    def set_targets(self, targets: list[DropTarget]) -> None:
        self.targets = targets

    # --- events ------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = event.pos
            for src in reversed(self.sources):  # topmost first
                if src.enabled and src.hit(pos):
                    self.held = src
                    self.dragging = False
                    self.press_at = pos
                    self.pointer = pos
                    self.grab_offset = (src.home[0] - pos[0], src.home[1] - pos[1])
                    self.springs.pop(src.id, None)
                    return True
            return False
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.held is not None:
                if not self.dragging:
                    dx, dy = event.pos[0] - self.press_at[0], event.pos[1] - self.press_at[1]
                    if dx * dx + dy * dy >= self.threshold * self.threshold:
                        self.dragging = True
                        if self.on_pickup:
                            self.on_pickup(self.held.payload)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.held is not None:
            self.pointer = event.pos
            src, was_dragging = self.held, self.dragging
            self.held, self.dragging = None, False
            if not was_dragging:
                if self.on_click:
                    self.on_click(src.payload)
                return True
            self._drop(src, event.pos)
            return True
        return False

    def _drop(self, src: DragSource, pos: tuple[int, int]) -> None:
        let_go = (pos[0] + self.grab_offset[0], pos[1] + self.grab_offset[1])
        target = self.target_at(pos)
        if target is None:
            self.spring_back(src.id, let_go, src.home)
            msg = self.fallback_message(src.payload) if callable(self.fallback_message) else self.fallback_message
            if self.on_reject and msg:
                self.on_reject(msg)
            return
        ok, message = target.accepts(src.payload)
        if ok:
            target.on_drop(src.payload)
            return
        self.red.trigger(target.id)
        self.spring_back(src.id, let_go, src.home)
        if self.on_reject:
            self.on_reject(message)

    def target_at(self, pos: tuple[int, int]) -> DropTarget | None:
        for t in reversed(self.targets):
            if t.rect.collidepoint(pos):
                return t
        return None

    def cancel(self) -> None:
        self.held, self.dragging = None, False

    # --- springs -------------------------------------------------------------------
    def spring_back(self, item_id: Any, from_pos: tuple[float, float], home: tuple[float, float] | None = None,
                    seconds: float = SPRING_SECONDS) -> None:
        """Animate ``item_id`` from ``from_pos`` back to its home (ease-out)."""
        if home is None:
            src = next((s for s in self.sources if s.id == item_id), None)
            if src is None:
                return
            home = src.home
        if self.fast:
            self.springs.pop(item_id, None)
            return
        self.springs[item_id] = _Spring(Tween(from_pos, home, seconds, ease_out))

    def update(self, dt: float) -> None:
        self.red.update(dt)
        self.glow_clock += dt
        finished = []
        for key, spring in self.springs.items():
            spring.tween.update(dt)
            if spring.tween.done:
                finished.append(key)
        for key in finished:
            del self.springs[key]

    def skip(self) -> None:
        self.springs.clear()

    @property
    def busy(self) -> bool:
        return bool(self.springs)

    # --- queries for drawing ---------------------------------------------------------
    def is_held(self, item_id: Any) -> bool:
        return self.held is not None and self.dragging and self.held.id == item_id

    def position_of(self, item_id: Any, home: tuple[float, float]) -> tuple[float, float]:
        """Where to draw an item: under the pointer while dragged, on its spring, else home."""
        if self.is_held(item_id):
            return (self.pointer[0] + self.grab_offset[0], self.pointer[1] + self.grab_offset[1])
        spring = self.springs.get(item_id)
        if spring is not None:
            return spring.tween.value  # type: ignore[return-value]  # a spring's tween moves a point
        return home

    def hovered_target(self) -> DropTarget | None:
        return self.target_at(self.pointer) if self.dragging else None

    def draw_targets(self, surface: pygame.Surface) -> None:
        """Glow on targets that accept the held payload, red fading outline on a refused one."""
        if self.dragging and self.held is not None:
            under = self.target_at(self.pointer)
            for t in self.targets:
                ok, _ = t.accepts(self.held.payload)
                if ok:
                    strong = t is under
                    draw_glow(surface, t.rect, ACCENT, t.radius, 1.0 if strong else 0.5)
                elif t is under:
                    draw_outline(surface, t.rect, RED, t.radius, 0.8)
        if self.red.active:
            refused = next((x for x in self.targets if x.id == self.red.data), None)
            if refused is not None:
                draw_outline(surface, refused.rect, RED, refused.radius, self.red.alpha)


def draw_glow(surface: pygame.Surface, rect: pygame.Rect, colour: tuple, radius: int, strength: float) -> None:
    """A soft glow around ``rect`` (a few translucent rounded rings; one layer kept per size, colour, strength)."""
    pad = GLOW_RINGS * 3
    key = (rect.w, rect.h, tuple(colour[:3]), radius, strength)
    surface.blit(_GLOWS.get(key, lambda: _glow(rect.size, colour, radius, strength)), (rect.x - pad, rect.y - pad))


GLOW_RINGS = 5
_GLOWS: SurfaceCache = SurfaceCache(64)


def _glow(size: tuple[int, int], colour: tuple, radius: int, strength: float) -> pygame.Surface:
    w, h = size
    pad = GLOW_RINGS * 3
    glow = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    for i in range(GLOW_RINGS, 0, -1):
        a = int(strength * 90 * (1 - i / (GLOW_RINGS + 1)))
        pygame.draw.rect(glow, (*colour[:3], a), (pad - i * 3, pad - i * 3, w + i * 6, h + i * 6),
                         3, border_radius=radius + i * 3)
    pygame.draw.rect(glow, (*colour[:3], int(200 * strength)), (pad, pad, w, h), 3, border_radius=radius)
    return glow


def draw_outline(surface: pygame.Surface, rect: pygame.Rect, colour: tuple, radius: int, alpha: float) -> None:
    s = pygame.Surface((rect.w + 8, rect.h + 8), pygame.SRCALPHA)
    pygame.draw.rect(s, (*colour[:3], int(255 * max(0.0, min(1.0, alpha)))), (0, 0, rect.w + 8, rect.h + 8), 4,
                     border_radius=radius + 4)
    surface.blit(s, (rect.x - 4, rect.y - 4))
