"""One set of drawn widgets for scenes and tables: Button, Panel, Banner, LogPanel, Prompt, Flow.

Widgets draw with the :mod:`client.kit.theme` colours and fit their text with the one
policy of :mod:`client.kit.textfit` (never cut). Interactive ones give a
:class:`client.kit.nodes.Node` for the frame's node map. ``TextEntry`` (IME composition
shown at the caret) is :class:`client.widgets.text_entry.TextEntry`, re-exported here.
"""
from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pygame

from client.kit import theme
from client.kit.cache import SurfaceCache
from client.kit.nodes import Node
from client.kit.textfit import Fitter, blit_layer, is_recording
from client.widgets.anim import Flash
from client.widgets.text_entry import TextEntry

__all__ = ["Banner", "Button", "Flow", "LogPanel", "Panel", "Prompt", "TextEntry", "fitter_for", "flow"]

_FITTERS: weakref.WeakKeyDictionary[Any, Fitter] = weakref.WeakKeyDictionary()
_PANELS = SurfaceCache(600)
_VEILS = SurfaceCache(4)  # window-sized: only the last few
_BUTTONS = SurfaceCache(400)  # finished buttons (shadow, face, label)


def fitter_for(ctx: Any) -> Fitter:
    """The :class:`Fitter` of a context or text engine (one per context, cached; a text engine's own)."""
    own = getattr(ctx, "fitter", None)
    if isinstance(own, Fitter):
        return own
    f = _FITTERS.get(ctx)
    if f is None:
        f = Fitter(ctx)
        _FITTERS[ctx] = f
    return f


# --- panel --------------------------------------------------------------------------------
class Panel:
    """Rounded, optionally translucent rectangles, rendered once per (size, colour, radius)."""

    @staticmethod
    def surface(size: tuple[int, int], colour: Any, radius: int, border: Any = None,
                border_w: int = 2) -> pygame.Surface:
        key = ("panel", size, tuple(pygame.Color(colour)), radius,
               None if border is None else tuple(pygame.Color(border)), border_w)

        def make() -> pygame.Surface:
            s = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(s, colour, s.get_rect(), border_radius=radius)
            if border is not None:
                pygame.draw.rect(s, border, s.get_rect(), width=border_w, border_radius=radius)
            return s
        surf: pygame.Surface = _PANELS.get(key, make)
        return surf

    @staticmethod
    def dim(surface: pygame.Surface, alpha: int, colour: Any = theme.DIM) -> None:
        """Darken the whole ``surface`` towards ``colour`` at ``alpha`` (see :meth:`veil`)."""
        Panel.veil(surface, surface.get_rect(), colour, alpha)

    @staticmethod
    def veil(surface: pygame.Surface, rect: pygame.Rect, colour: Any, alpha: int) -> None:
        """``colour`` at ``alpha`` laid over ``rect``.

        On an opaque surface this is a multiply by ``255 - alpha`` then an add of ``colour × alpha``
        (two fills: about 60 % of the cost of blending a window-sized alpha layer; within two levels
        of it); on a surface with its own alpha it blends one layer kept per size, shade and alpha.
        """
        rgb = tuple(pygame.Color(colour))[:3]
        alpha = max(0, min(255, int(alpha)))
        if alpha == 0:
            return
        r = pygame.Rect(rect)
        if not surface.get_flags() & pygame.SRCALPHA:
            keep = 255 - alpha
            surface.fill((keep, keep, keep), r, special_flags=pygame.BLEND_MULT)
            add = tuple(round(c * alpha / 255) for c in rgb)
            if any(add):
                surface.fill(add, r, special_flags=pygame.BLEND_ADD)
            return

        def make() -> pygame.Surface:
            s = pygame.Surface(r.size, pygame.SRCALPHA)
            s.fill((*rgb, alpha))
            return s
        surface.blit(_VEILS.get((r.size, rgb, alpha), make), r)

    @staticmethod
    def draw(surface: pygame.Surface, rect: pygame.Rect, colour: Any = theme.PANEL, radius: int = 12,
             alpha: int | None = None, border: Any = None, border_w: int = 2) -> None:
        c = pygame.Color(colour)
        if alpha is not None:
            c.a = alpha
        r = pygame.Rect(rect)
        if c.a == 255 and (border is None or pygame.Color(border).a == 255):  # opaque: the same pixels, drawn
            pygame.draw.rect(surface, c, r, border_radius=radius)
            if border is not None:
                pygame.draw.rect(surface, border, r, width=border_w, border_radius=radius)
            return
        surface.blit(Panel.surface(r.size, c, radius, border, border_w), r)


# --- button ----------------------------------------------------------------------------------
@dataclass
class Button:
    """A drawn button: a label (never cut), an optional hint line, a rect, an id and an action."""

    label: str
    rect: pygame.Rect
    on_click: Callable[[], object] | None = None  # what it returns is not used
    hint: str = ""
    enabled: bool = True
    selected: bool = False
    primary: bool = False
    key: str = ""  # a stable id (tests, node map, screenshots)
    action: dict[str, Any] | None = None  # the candidate action it sends, if any
    why_not: str = ""  # while disabled: why, in player language (the interaction refuses with it on a click)
    icon: Callable[[pygame.Surface, pygame.Rect], None] | None = None  # draws in a square at the left edge
    accent: tuple[int, int, int] | None = None  # an outline in this colour (e.g. the action's colour)
    _pressed: bool = field(default=False, repr=False)

    @property
    def id(self) -> str:
        return self.key

    def node(self, z: int = 10) -> Node:
        return Node(id=("button", self.key), rect=pygame.Rect(self.rect), z=z, kind="button",
                    payload=("button", self.key), enabled=self.enabled, label=self.label, action=self.action,
                    why_not="" if self.enabled else self.why_not, selected=self.selected)

    def handle(self, event: pygame.event.Event) -> bool:
        """Press and release inside: ``on_click``. Returns True when the event was used."""
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self._pressed
            self._pressed = False
            if was and self.rect.collidepoint(event.pos):
                if self.on_click is not None:
                    self.on_click()
                return True
        return False

    def look(self, pointer: tuple[int, int]) -> tuple[Any, ...]:
        """Everything the button shows with the pointer at ``pointer`` (an icon is named by ``key``): a key
        for layers that hold drawn buttons."""
        return (self.key, self.label, self.hint, tuple(self.rect), self.enabled, self.selected, self.primary,
                self.accent, self.rect.collidepoint(pointer))

    def colours(self, hover: bool) -> tuple[pygame.Color, tuple[int, int, int]]:
        if not self.enabled:
            base: tuple[int, int, int] = theme.DISABLED
        elif self.primary:
            base = theme.ACCENT
        elif self.selected:
            base = theme.PAPER
        else:
            base = theme.PANEL_LIGHT
        col = pygame.Color(base)
        if hover and self.enabled:
            col = col.lerp(theme.LIGHTEN, 0.12)
        fg = theme.ink_on((col.r, col.g, col.b)) if self.enabled else theme.CHALK_DIM
        return col, fg

    def draw(self, surface: pygame.Surface, text: Any, unit: float, hover: bool | None = None) -> None:
        """Draw with the fonts of ``text`` (a context or text engine); the label shrinks, then wraps.

        The finished button (shadow, face, label) is one layer kept per everything it shows — drawn
        afresh while text is being recorded (the layout walk sees every label), or with an icon.
        """
        fit = fitter_for(text)
        if hover is None:
            hover = self.rect.collidepoint(pygame.mouse.get_pos())
        if self.icon is not None or is_recording():
            self._paint(surface, fit, unit, hover, pygame.Rect(self.rect))
            return
        drop = max(2, int(unit * 0.15))
        key = (fit, fit.lang, self.label, self.hint, self.rect.size, self.enabled, self.selected, self.primary,
               hover, self.accent, unit)

        def make() -> pygame.Surface:
            layer = pygame.Surface((self.rect.w, self.rect.h + drop), pygame.SRCALPHA)
            self._paint(layer, fit, unit, hover, pygame.Rect((0, 0), self.rect.size))
            return layer
        blit_layer(surface, _BUTTONS.get(key, make), self.rect.topleft)

    def _paint(self, surface: pygame.Surface, fit: Fitter, unit: float, hover: bool, rect: pygame.Rect) -> None:
        """Shadow, face, outline, icon and label, with the face at ``rect``."""
        col, fg = self.colours(hover)
        rad = theme.radius("button", unit)
        pygame.draw.rect(surface, theme.SHADOW, rect.move(0, max(2, int(unit * 0.15))), border_radius=rad)
        pygame.draw.rect(surface, col, rect, border_radius=rad)
        outline = self.accent if self.accent is not None else theme.ACCENT if self.selected and not self.primary \
            else None
        if outline is not None:
            pygame.draw.rect(surface, outline, rect, width=max(2, int(unit * 0.15)), border_radius=rad)
        inner = rect.inflate(-int(unit * 0.8), -int(unit * 0.2))
        if self.icon is not None:
            square = pygame.Rect(rect.x + int(unit * 0.3), rect.y, rect.h, rect.h)
            self.icon(surface, square)
            inner.x, inner.w = square.right, rect.right - int(unit * 0.4) - square.right
        size = theme.TYPE["label"] * unit
        if self.hint:
            label = fit.label(self.label, size, fg, inner.w, True)
            hint = fit.block(self.hint, unit * theme.TYPE["tiny"], inner.w, inner.h - label.get_height(),
                             balanced=True)
            total = label.get_height() + hint.height
            y = rect.centery - total // 2
            fit.blit_label(surface, label, self.label, "label", rect, midtop=(rect.centerx, y))
            area = pygame.Rect(inner.x, y + label.get_height(), inner.w, hint.height)
            fit.draw_block(surface, self.hint, area, hint.size, fg, align="center", kind="label", fitted=hint)
        else:
            f = fit.block(self.label, size, inner.w, inner.h, True, balanced=True)
            fit.draw_block(surface, self.label, inner, f.size, fg, True, align="center", valign="center",
                           kind="label", fitted=f)


# --- banner, prompt, log ---------------------------------------------------------------------
class Banner:
    """A short message that fades (info, or an error in red), e.g. why a drop was refused."""

    def __init__(self, seconds: float = 4.0) -> None:
        self.flash = Flash(seconds)
        self.message = ""
        self.kind = "info"

    def show(self, message: str, kind: str = "error") -> None:
        self.message, self.kind = message, kind
        self.flash.trigger(message)

    def update(self, dt: float) -> None:
        self.flash.update(dt)

    @property
    def visible(self) -> bool:
        return self.flash.active and bool(self.message)

    def draw(self, surface: pygame.Surface, ctx: Any, centre: tuple[float, float], width: int, unit: float) -> None:
        if not self.visible:
            return
        fit = fitter_for(ctx)
        a = min(1.0, self.flash.alpha * 3)
        f = fit.block(self.message, unit * theme.TYPE["label"], width - int(unit * 1.6), None, True, balanced=True)
        r = pygame.Rect(0, 0, f.width + int(unit * 1.6), f.height + int(unit * 0.7))
        r.center = (int(centre[0]), int(centre[1]))
        box = pygame.Surface(r.size, pygame.SRCALPHA)
        base = theme.ERROR_DEEP if self.kind == "error" else theme.PANEL_DEEP
        pygame.draw.rect(box, (*base, int(230 * a)), box.get_rect(), border_radius=min(r.h // 2, int(unit)))
        inner = pygame.Rect(0, 0, f.width, f.height)
        inner.center = (r.w // 2, r.h // 2)
        fit.draw_block(box, self.message, inner, f.size, theme.PAPER, True, align="center", kind="rule", fitted=f)
        box.set_alpha(int(255 * a))
        surface.blit(box, r)


class Prompt:
    """What to do now: a pill of wrapped text that grows in height instead of cutting."""

    @staticmethod
    def measure(ctx: Any, text: str, width: int, unit: float, max_h: float | None = None) -> pygame.Rect:
        fit = fitter_for(ctx)
        f = fit.block(text, unit * theme.TYPE["label"], width - int(unit * 1.2), max_h, True, balanced=True)
        return pygame.Rect(0, 0, f.width + int(unit * 1.2), f.height + int(unit * 0.5))

    @staticmethod
    def draw(surface: pygame.Surface, ctx: Any, text: str, unit: float, width: int,
             max_h: float | None = None, **anchor: Any) -> pygame.Rect:
        fit = fitter_for(ctx)
        f = fit.block(text, unit * theme.TYPE["label"], width - int(unit * 1.2), max_h, True, balanced=True)
        pill = pygame.Rect(0, 0, f.width + int(unit * 1.2), f.height + int(unit * 0.5))
        setattr(pill, *next(iter(anchor.items())))
        Panel.draw(surface, pill, (*theme.INK, 210), min(pill.h // 2, int(unit)))
        inner = pill.inflate(-int(unit * 1.2), -int(unit * 0.5))
        fit.draw_block(surface, text, inner, f.size, theme.PAPER, True, align="center", kind="rule", fitted=f)
        return pill


@dataclass
class LogLine:
    text: str
    seat: int | None = None


class LogPanel:
    """The game log: newest at the bottom, wrapped (never cut), a seat colour bar per line.

    ``scroll`` lines back from the newest (mouse wheel over the panel).
    """

    def __init__(self) -> None:
        self.scroll = 0

    def handle_event(self, event: pygame.event.Event, rect: pygame.Rect, count: int) -> bool:
        if event.type == pygame.MOUSEWHEEL and rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, min(max(0, count - 1), self.scroll + event.y))
            return True
        return False

    def draw(self, surface: pygame.Surface, ctx: Any, rect: pygame.Rect, lines: list[tuple[str, int | None]],
             unit: float, title: str = "") -> None:
        fit = fitter_for(ctx)
        inner = rect.inflate(-int(unit * 1.4), -int(unit * 1.4))
        y_top = inner.y
        if title:
            img = fit.label(title, unit * theme.TYPE["label"], theme.CHALK_SOFT, inner.w, True)
            fit.blit_label(surface, img, title, "label", rect, topleft=inner.topleft)
            y_top += img.get_height() + int(unit * 0.3)
        size = unit * theme.TYPE["small"]
        width = inner.w - int(unit * 0.7)
        y = inner.bottom
        end = max(0, len(lines) - self.scroll)
        for text, seat in reversed(lines[:end]):
            f = fit.block(text, size, width)
            if y - f.height < y_top:
                break
            y -= f.height
            if seat is not None:
                pygame.draw.rect(surface, theme.seat_colour(seat),
                                 pygame.Rect(inner.x, y + 2, max(3, int(unit * 0.22)), f.height - 4),
                                 border_radius=2)
            fit.draw_block(surface, text, pygame.Rect(inner.x + int(unit * 0.7), y, width, f.height), f.size,
                           theme.CHALK, kind="log", fitted=f)
            y -= int(unit * 0.25)


# --- flow layout -------------------------------------------------------------------------------
def centred_box(screen: pygame.Surface, unit: float, w_units: float, h_units: float) -> pygame.Rect:
    """A dialog's box, ``w_units`` × ``h_units`` units, centred on ``screen`` one unit below the middle."""
    box = pygame.Rect(0, 0, int(unit * w_units), int(unit * h_units))
    w, h = screen.get_size()
    box.center = (w // 2, h // 2 + int(unit))
    return box


def flow(sizes: list[tuple[int, int]], width: int, gap: int, align: str = "left") -> list[pygame.Rect]:
    """Rects for items of ``sizes`` laid out in rows of at most ``width`` (relative to 0, 0)."""
    rects: list[pygame.Rect] = []
    row: list[pygame.Rect] = []
    x = y = row_h = 0

    def finish() -> None:
        if align == "center" and row:
            used = row[-1].right
            shift = (width - used) // 2
            for r in row:
                r.x += shift

    for w, h in sizes:
        if row and x + w > width:
            finish()
            row = []
            x, y = 0, y + row_h + gap
            row_h = 0
        r = pygame.Rect(x, y, w, h)
        rects.append(r)
        row.append(r)
        x += w + gap
        row_h = max(row_h, h)
    finish()
    return rects


Flow = flow


def buttons_key(buttons: Iterable[Button], pointer: tuple[int, int]) -> tuple[Any, ...]:
    """What ``buttons`` show with the pointer at ``pointer`` (:meth:`Button.look` of each)."""
    return tuple(b.look(pointer) for b in buttons)
