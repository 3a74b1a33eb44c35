"""A dialog on the kit: a paper sheet filled top-down with wrapped text (the kit's fitter: never cut), rows of
kit :class:`Button` laid out by the kit's ``flow`` (a label too long for one line wraps and its button grows),
text entry slots and custom drawings.

A view builds its dialogs as widget lists (:class:`Builder` over a :class:`DialogHost`: the view gives its
context, unit, the text scale it is building at, whether this viewer has controls, and its text entries)
whenever what they show changes; ``draw_widget`` only reads them. A dialog too tall for its room is built again
at the next of :data:`SCALES` (down to the fitter's floor) before it may grow. school_mystery's panels are
built on it (``client/tables/school_mystery_panels.py``).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from client.kit import theme
from client.kit.textfit import cover
from client.kit.widgets import Button, Panel, fitter_for, flow


class DialogHost(Protocol):
    """What a :class:`Builder` needs of the view it builds for."""

    ctx: Any
    sheet_scale: float  # the text scale the dialog is being built at (1.0, then smaller: :data:`SCALES`)

    @property
    def dialog_unit(self) -> float: ...  # the dialog's layout unit (px)

    @property
    def controls(self) -> bool: ...  # this viewer acts (buttons and entries are made)

    def entry(self, key: str, text: str = "", *, limit: int = 500, multiline: bool = False,
              placeholder: str = "", on_submit: Any = None) -> Any: ...  # the view's text entry ``key``


__all__ = ["SCALES", "ActionButton", "Builder", "Custom", "DialogHost", "EntrySlot", "Row", "Sheet", "Text", "Widget",
           "draw_widget", "fits", "fs", "text_item"]


def fs(ctx: Any, k: float, scale: float = 1.0) -> float:
    """A font size of ``k`` units, never under 14 px (shrunk by ``scale``: never under the kit's floor)."""
    size = max(14.0, float(ctx.unit) * k)
    return size if scale >= 1.0 else max(float(theme.MIN_TEXT_PX), size * scale)


SCALES = (1.0, 0.86, theme.FIT_FLOOR)  # a dialog too tall for its room is rebuilt smaller, down to the floor


@dataclass
class ActionButton(Button):
    """A kit button that says why it is refused (``why_not``: its node's, said by the view) when clicked while
    disabled."""

    why_not: str = ""
    scale: float = 1.0  # the label's size as a fraction of the kit's (a crowded dialog shrinks to the floor)

    @property
    def text(self) -> str:
        return self.label


@dataclass
class Text:
    """Wrapped text in a rect, drawn through the kit's fitter (never cut, recorded for the walk)."""

    rect: pygame.Rect
    text: str
    size: float
    colour: tuple[int, int, int] = theme.INK
    bold: bool = False
    align: str = "left"
    kind: str = "rule"

    @property
    def lines(self) -> list[str]:
        return [self.text]

    def draw(self, surface: pygame.Surface, ctx: Any) -> None:
        fitter_for(ctx).draw_block(surface, self.text, self.rect, self.size, self.colour, self.bold,
                                   align=self.align, kind=self.kind)


def text_item(ctx: Any, text: str, x: int, y: int, width: int, size: float, colour: tuple[int, int, int] = theme.INK,
              bold: bool = False, align: str = "left") -> Text:
    """A :class:`Text` wrapped to ``width``; its rect is as tall as its lines."""
    f = fitter_for(ctx).block(text, size, width, None, bold)
    return Text(pygame.Rect(x, y, width, f.height), text, size, colour, bold, align)


@dataclass
class Sheet:
    """The paper behind a dialog (``modal``: clicks on it never reach the table)."""

    rect: pygame.Rect
    u: float
    modal: bool = True

    def draw(self, surface: pygame.Surface, ctx: Any) -> None:
        Panel.draw(surface, self.rect, theme.PAPER, theme.radius("panel", self.u), border=theme.LINE)
        cover(surface, self.rect)  # the table under the dialog is hidden on purpose


@dataclass
class Custom:
    """Anything else: a draw function (reads only)."""

    rect: pygame.Rect
    fn: Callable[[pygame.Surface, Any], None]
    modal: bool = False

    def draw(self, surface: pygame.Surface, ctx: Any) -> None:
        self.fn(surface, ctx)


@dataclass
class EntrySlot:
    """Where a :class:`client.widgets.text_entry.TextEntry` (owned by the table) is drawn."""

    rect: pygame.Rect
    entry: Any
    size: float
    submit: Button | None = None

    def draw(self, surface: pygame.Surface, ctx: Any, blink: float = 0.0) -> None:
        """The entry in its slot (the table puts it there when the panels are built); ``blink``: the
        caret's phase (0..1, shown in the first half)."""
        self.entry.draw(surface, ctx, self.size, blink=blink)


Widget = ActionButton | Text | Sheet | Custom | EntrySlot


def draw_widget(w: Widget, surface: pygame.Surface, ctx: Any, unit: float, hover: bool = False,
                blink: float = 0.0) -> None:
    """Draw one panel widget (kit buttons take the unit and whether the pointer is on them; an entry
    the caret's phase; the rest draw themselves)."""
    if isinstance(w, ActionButton):
        w.draw(surface, ctx, unit * w.scale, hover)
    elif isinstance(w, EntrySlot):
        w.draw(surface, ctx, blink)
    else:
        w.draw(surface, ctx)


def button_size(ctx: Any, unit: float, label: str, width: int | None, min_w: int, row_h: int,
                max_w: int) -> tuple[int, int]:
    """The size of a kit button for ``label``: as wide as its label (within ``max_w``), and taller
    than ``row_h`` when the label has to wrap."""
    fit = fitter_for(ctx)
    size = theme.TYPE["label"] * unit
    pad_x, pad_y = int(unit * 0.8), int(unit * 0.2)
    w = width or max(min_w, fit.width_of(label, size, True) + pad_x + int(unit * 0.6))
    w = min(w, max_w)
    f = fit.block(label, size, w - pad_x, None, True, balanced=True)
    return w, max(row_h, f.height + pad_y + int(unit * 0.5))


@dataclass
class Row:
    """Buttons waiting to be laid out in rows (the kit's ``flow``) at :meth:`Sheet.end_flow`."""

    x: int
    y: int
    width: int
    h: int
    gap: int
    scale: float = 1.0
    items: list[tuple[ActionButton, int | None, int]] = field(default_factory=list)

    def layout(self, ctx: Any, unit: float) -> int:
        """Place the buttons; the bottom of the last row (``y`` when empty)."""
        sizes = [button_size(ctx, unit * self.scale, b.label, w, mw, self.h, self.width) for b, w, mw in self.items]
        bottom = self.y
        for (b, _, _), r in zip(self.items, flow(sizes, self.width, self.gap)):
            b.rect = r.move(self.x, self.y)
            bottom = max(bottom, b.rect.bottom)
        return bottom


class Builder:
    """A paper dialog filled top-down; its height shrinks to fit at :meth:`done`."""

    def __init__(self, t: DialogHost, rect: pygame.Rect, title: str = "", modal: bool = True) -> None:
        self.t, self.ctx, self.u = t, t.ctx, t.dialog_unit
        self.scale = t.sheet_scale
        self.rect = rect.copy()
        self.box = Sheet(self.rect, self.u, modal)
        self.w: list[Widget] = [self.box]
        self.pad = int(self.u * 0.9)
        self.x = rect.left + self.pad
        self.y = rect.top + int(self.u * 0.7)
        self.width = rect.w - self.pad * 2
        self.live = t.controls
        self.rows: list[Row] = []
        if title:
            self.text(title, 1.15, theme.INK, True)
            self.gap(0.2)

    def gap(self, k: float = 0.4) -> None:
        self.y += int(self.u * k * self.scale)

    def text(self, s: str, k: float = 0.8, colour: tuple[int, int, int] = theme.INK, bold: bool = False,
             indent: float = 0.0, width: int | None = None) -> Text | None:
        """Wrapped text (never cut: the sheet grows)."""
        if not s:
            return None
        x = self.x + int(self.u * indent)
        item = text_item(self.ctx, s, x, self.y, (width or self.width) - int(self.u * indent),
                         fs(self.ctx, k, self.scale), colour, bold)
        self.w.append(item)
        self.y = item.rect.bottom
        return item

    def flow(self, h: float = 2.2, gap: float = 0.4, width: int | None = None, x: int | None = None) -> Row:
        return Row(self.x if x is None else x, self.y, width or self.width, int(self.u * h * min(1.0, self.scale + 0.1)),
                   int(self.u * gap), self.scale)

    def button(self, row: Row, text: str, fn: Callable[[], None] | None, *, enabled: bool = True,
               selected: bool = False, primary: bool = False, key: str = "", k: float = 0.8,
               min_w: float = 4.0, w: int | None = None, why_not: str = "") -> ActionButton | None:
        """A button in ``row`` (placed at :meth:`end_flow`); none when this seat has no controls."""
        if not self.live:
            return None
        b = ActionButton(text, pygame.Rect(row.x, row.y, 0, row.h), fn, enabled=enabled, selected=selected,
                         primary=primary, key=key, why_not=why_not, scale=self.scale)
        row.items.append((b, w, int(self.u * min_w)))
        self.w.append(b)
        return b

    def end_flow(self, row: Row) -> None:
        bottom = row.layout(self.ctx, self.u)
        if row.items:
            self.y = max(self.y, bottom) + int(self.u * 0.4)

    def entry(self, key: str, *, lines: int = 1, placeholder: str = "", limit: int = 500,
              submit: str = "", on_submit: Callable[[str], None] | None = None, initial: str | None = None,
              k: float = 0.85) -> Any:
        if not self.live:
            return None
        t = self.t
        e = t.entry(key, initial or "", limit=limit, multiline=lines > 1, placeholder=placeholder,
                    on_submit=on_submit)
        size = fs(self.ctx, k, self.scale)
        lh = self.ctx.font(size).get_linesize()
        h = int(lh * lines + self.u * 0.8)
        bw = 0
        if submit:
            bw = button_size(self.ctx, self.u * self.scale, submit, None, int(self.u * 5), int(self.u * 2.2),
                             self.width // 3)[0]
        rect = pygame.Rect(self.x, self.y, self.width - (bw + int(self.u * 0.4) if bw else 0), h)
        self.w.append(EntrySlot(rect, e, size))
        if submit and on_submit is not None:
            bh = button_size(self.ctx, self.u * self.scale, submit, bw, bw, min(h, int(self.u * 2.2)), bw)[1]
            br = pygame.Rect(rect.right + int(self.u * 0.4), rect.top, bw, bh)
            self.w.append(ActionButton(submit, br, lambda: on_submit(e.text), key=f"submit:{key}", primary=True,
                                       scale=self.scale))
            h = max(h, bh)
        self.y = rect.top + h + int(self.u * 0.4)
        return e

    def custom(self, h: int, fn: Callable[[pygame.Surface, Any, pygame.Rect], None], width: int | None = None,
               x: int | None = None) -> pygame.Rect:
        r = pygame.Rect(self.x if x is None else x, self.y, width or self.width, h)
        def draw(surface: pygame.Surface, ctx: Any) -> None:
            fn(surface, ctx, r)
        self.w.append(Custom(r, draw))
        self.y = r.bottom + int(self.u * 0.3)
        return r

    def close_button(self, fn: Callable[[], None]) -> None:
        if not self.live:
            return
        label = self.ctx.t("sm.close")
        w, h = button_size(self.ctx, self.u * self.scale, label, None, int(self.u * 3), int(self.u * 1.8),
                           self.width // 3)
        r = pygame.Rect(self.rect.right - w - int(self.u * 0.5), self.rect.top + int(self.u * 0.5), w, h)
        self.w.append(ActionButton(label, r, fn, key="close", scale=self.scale))

    def done(self, max_h: int | None = None) -> list[Widget]:
        """The widgets; the sheet as tall as its content (at most ``max_h`` unless the content needs more)."""
        h = self.y - self.rect.top + int(self.u * 0.6)
        if max_h is not None and h > max_h:
            h = max(max_h, h)  # never cut: the dialog grows past its slot rather than hide text
        self.box.rect.h = max(int(self.u * 4), h)
        return self.w


def fits(widgets: list[Widget], room: pygame.Rect) -> bool:
    """Every dialog sheet and button of ``widgets`` lies inside ``room``."""
    return all(room.contains(w.rect) for w in widgets if isinstance(w, (Sheet, ActionButton)))
