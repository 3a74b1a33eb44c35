"""The step-help line under every table: who acts now, what this player may do, why not otherwise.

Each game supplies one function, ``step_help(shown, seat, ctx) -> StepHelp``, in its own texts
module (named by its descriptor, :func:`client.games.step_help`); ``shown`` is the table's one shown
truth (:class:`client.kit.presenter.Shown`: view, legal, turn, duty, clock), never the newest
snapshot. The older form ``step_help(view, legal, seat, ctx)`` is still called (with the shown view
and legal actions) so a game can move over when it likes. This module holds the rest, once for every game: the
:class:`StepHelp` value, and :class:`StepLine`, the strip the table scene reserves at the bottom of
the table (its text shrinks, then wraps to two lines, never cut) with the glossary terms the help
names as chips at its right; hovering a chip shows the term's definition (:meth:`StepLine.draw_tooltip`).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from client.kit import theme
from client.kit.hover import HoverGate
from client.kit.nodes import Node
from client.kit.textfit import cover
from client.kit.widgets import Panel, fitter_for

__all__ = ["StepHelp", "StepLine", "help_for", "join_names", "sentence"]

LINES = 2  # the strip holds two lines of help at the fitter's floor
HOLD = 0.5  # seconds the pointer rests on a term of the table before its definition shows


@dataclass(frozen=True)
class StepHelp:
    """One table step in player language.

    ``who``: who acts now ("Your turn", "Mio is choosing"); ``may``: what this player may do now;
    ``why_not``: why a natural action is not possible now (empty when nothing is held back);
    ``terms``: glossary ids the line speaks of; ``mine``: this player is to act.
    """

    who: str
    may: str = ""
    why_not: str = ""
    terms: tuple[str, ...] = ()
    mine: bool = False

    def text(self, lang: str) -> str:
        """The whole line as one sentence run."""
        return sentence(lang, self.who, self.may, self.why_not)


def sentence(lang: str, *parts: str) -> str:
    """Non-empty parts as one run: "A · B · C" in English, "A。B。" style in Japanese and Chinese."""
    parts = tuple(p.strip() for p in parts if p and p.strip())
    if lang == "en":
        return " · ".join(parts)
    return "".join(p if p[-1] in "。！？」）" else p + "。" for p in parts)


def join_names(lang: str, names: Sequence[str]) -> str:
    """Names in a list the way the language writes them."""
    return (", " if lang == "en" else "、").join(names)


@dataclass(frozen=True)
class Chip:
    """A glossary term shown at the right of the line."""

    term: str
    label: str
    definition: str
    rect: pygame.Rect
    page: str = ""  # the rules book page that explains the term


class StepLine:
    """The strip itself: layout from the help and the rect, draw, hover tooltip, nodes for the walk."""

    def __init__(self) -> None:
        self.chips: list[Chip] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.pointer: tuple[int, int] = (-1, -1)
        self.clicked: Chip | None = None  # the chip pressed and released last (the scene opens its page)
        self._pressed: Chip | None = None
        self.spots: list[Chip] = []  # the glossary's terms among the table's drawn labels (see_terms)
        self.held = 0.0  # seconds the pointer has rested on one of them
        self._held_key: Any = None
        self.gate = HoverGate()  # no definition right after a click or the curtain
        self.tip_chip: Chip | None = None  # the chip whose definition shows (hovered, and the gate let it)

    @staticmethod
    def height(ctx: Any, unit: float) -> int:
        """The strip's height: two lines at the floor of the label size, with padding."""
        fit = fitter_for(ctx)
        size = max(float(theme.MIN_TEXT_PX), fit.floor(unit * theme.TYPE["label"]))
        return int(fit.line_h(size) * LINES + unit * 0.7)

    def layout(self, ctx: Any, help: StepHelp | None, rect: pygame.Rect, unit: float,
               glossary: Mapping[str, Any]) -> None:
        """Place the chips for ``help``'s terms (those the glossary has) at the right of ``rect``."""
        self.rect = pygame.Rect(rect)
        self.chips = []
        if help is None:
            return
        fit = fitter_for(ctx)
        size = unit * theme.TYPE["small"]
        pad, gap = int(unit * 0.5), int(unit * 0.35)
        x = rect.right - pad
        for term in reversed([t for t in dict.fromkeys(help.terms) if t in glossary][:4]):
            entry = glossary[term]
            label = entry.name_in(ctx.lang)
            w = fit.width_of(label, size) + int(unit * 1.0)
            h = fit.line_h(size) + int(unit * 0.3)
            r = pygame.Rect(x - w, rect.centery - h // 2, w, h)
            if r.left < rect.left + rect.w * 0.55:
                break  # the help text keeps most of the strip
            self.chips.insert(0, Chip(term, label, entry.text_in(ctx.lang), r, getattr(entry, "page", "")))
            x = r.left - gap

    def text_rect(self, unit: float) -> pygame.Rect:
        right = self.chips[0].rect.left - int(unit * 0.5) if self.chips else self.rect.right - int(unit * 0.6)
        r = self.rect
        return pygame.Rect(r.left + int(unit * 0.6), r.top + int(unit * 0.3), right - r.left - int(unit * 0.6),
                           r.height - int(unit * 0.6))

    def draw(self, surface: pygame.Surface, ctx: Any, help: StepHelp | None, unit: float) -> None:
        """The strip: a dark band, the help (accent when this player is to act), the term chips."""
        r = self.rect
        pygame.draw.rect(surface, theme.TABLE_DARK, r)
        pygame.draw.line(surface, theme.PANEL_LIGHT, r.topleft, r.topright, 1)
        if help is None:
            return
        fit = fitter_for(ctx)
        if help.mine:
            pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(r.left, r.top + 1, max(3, int(unit * 0.25)),
                                                                r.height - 1))
        box = self.text_rect(unit)
        text = help.text(ctx.lang)
        f = fit.block(text, unit * theme.TYPE["label"], box.w, box.h, help.mine)  # measured as drawn (bold if mine)
        fit.draw_block(surface, text, box, f.size, theme.ACCENT if help.mine else theme.CHALK, help.mine,
                       valign="center", kind="rule", fitted=f)
        size = unit * theme.TYPE["small"]
        for chip in self.chips:
            hover = chip.rect.collidepoint(self.pointer)
            Panel.draw(surface, chip.rect, theme.PAPER if hover else theme.PANEL_LIGHT,
                       theme.radius("pill", unit) // 2)
            colour = theme.INK if hover else theme.CHALK
            img = fit.label(chip.label, size, colour, chip.rect.w - int(unit * 0.6))
            fit.blit_label(surface, img, chip.label, "label", chip.rect, center=chip.rect.center)
            y = chip.rect.bottom - max(2, int(unit * 0.3))
            pygame.draw.line(surface, colour, (chip.rect.left + int(unit * 0.5), y),
                             (chip.rect.right - int(unit * 0.5), y), 1)

    def hovered(self) -> Chip | None:
        return next((c for c in self.chips if c.rect.collidepoint(self.pointer)), None)

    # --- terms on the table's own panels -------------------------------------------------------------
    def see_terms(self, labels: Iterable[tuple[str, pygame.Rect]], glossary: Mapping[str, Any], lang: str) -> None:
        """Where the glossary's terms stand on the table: among ``labels`` (text, rect) — the labels of the view's
        node map, such as a "Vote" button or a "Conditions (up to 3)" heading; holding the pointer on one shows
        its card."""
        names = sorted(((_norm(t.name_in(lang)), t) for t in glossary.values()), key=lambda nt: -len(nt[0]))
        spots: list[Chip] = []
        for label, rect in labels:
            if len(label) > 30 or self.rect.colliderect(rect):
                continue
            text = _norm(label)
            term = next((t for name, t in names if name and _starts_with_term(text, name)), None)
            if term is not None:
                spots.append(Chip(term.id, term.name_in(lang), term.text_in(lang), pygame.Rect(rect),
                                  getattr(term, "page", "")))
        self.spots = spots

    def update(self, dt: float) -> None:
        """Which chip's definition shows, and the time the pointer has rested on the same term of the table —
        both only once the pointer has moved onto it since the last click or curtain (:class:`HoverGate`)."""
        chip = self.hovered()
        spot = None if chip is not None else next((s for s in self.spots if s.rect.collidepoint(self.pointer)), None)
        target = ("chip", chip.term) if chip is not None else (
            ("spot", spot.term, tuple(spot.rect)) if spot is not None else None)
        target = self.gate.allow(target)
        self.tip_chip = chip if target is not None and chip is not None else None
        key = target if target is not None and spot is not None else None
        self.held = self.held + dt if key is not None and key == self._held_key else 0.0
        self._held_key = key

    def disarm(self) -> None:
        """A click or the curtain: no definition until the pointer moves onto another term."""
        self.gate.disarm()
        self.tip_chip, self.held, self._held_key = None, 0.0, None

    def held_spot(self) -> Chip | None:
        """The table's term the pointer has rested on for :data:`HOLD` seconds."""
        if self.held < HOLD or self._held_key is None:
            return None
        return next((s for s in self.spots if s.rect.collidepoint(self.pointer)), None)

    def draw_tooltip(self, surface: pygame.Surface, ctx: Any, unit: float) -> pygame.Rect | None:
        """The definition card of the hovered chip (above the strip) or of the table's term the pointer rests
        on (above or under it); drawn last, over the table."""
        chip = self.tip_chip if self.tip_chip is not None and self.tip_chip.rect.collidepoint(self.pointer) else None
        spot = None if chip is not None else self.held_spot()
        if chip is None and spot is None:
            return None
        anchor = chip or spot
        assert anchor is not None
        fit = fitter_for(ctx)
        bounds = surface.get_rect()
        width = int(min(unit * 26, bounds.w - unit * 2))
        inner_w = width - int(unit * 1.4)
        title = fit.label(anchor.label, unit * theme.TYPE["label"], theme.INK, inner_w, True)
        body = fit.block(anchor.definition, unit * theme.TYPE["body"], inner_w)
        more = ctx.t("step.term_more") if chip is not None and chip.page else ""
        hint = fit.block(more, unit * theme.TYPE["small"], inner_w) if more else None
        h = title.get_height() + body.height + (hint.height + int(unit * 0.3) if hint else 0) + int(unit * 1.4)
        box = pygame.Rect(0, 0, width, h)
        if chip is not None:
            box.bottomright = (min(bounds.right - int(unit * 0.5), chip.rect.right), self.rect.top - int(unit * 0.3))
        else:
            box.midbottom = (anchor.rect.centerx, anchor.rect.top - int(unit * 0.3))
            if box.top < bounds.top:  # no room above the term: under it
                box.top = anchor.rect.bottom + int(unit * 0.3)
            box.clamp_ip(bounds)
        box.top = max(bounds.top, box.top)
        Panel.draw(surface, box, theme.PAPER, theme.radius("panel", unit), border=theme.ACCENT)
        cover(surface, box, popup=True)
        at = fit.blit_label(surface, title, anchor.label, "label", box,
                            topleft=(box.left + int(unit * 0.7), box.top + int(unit * 0.6)))
        area = pygame.Rect(box.left + int(unit * 0.7), at.bottom + int(unit * 0.2), inner_w, body.height)
        fit.draw_block(surface, anchor.definition, area, body.size, theme.INK, kind="rule", fitted=body)
        if hint is not None:
            area = pygame.Rect(area.left, area.bottom + int(unit * 0.3), inner_w, hint.height)
            fit.draw_block(surface, more, area, hint.size, theme.ACCENT_DEEP, kind="rule", fitted=hint)
        return box

    def nodes(self) -> list[Node]:
        """The chips (for the node map / layout walk): hovering shows the definition."""
        return [Node(("term", c.term), pygame.Rect(c.rect), z=20, kind="text", label=c.label) for c in self.chips]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Follow the pointer (hover); a press and release on one chip sets :attr:`clicked`. Clicks on the
        strip never reach the table."""
        self.clicked = None
        self.gate.handle_event(event)
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or not self.rect.collidepoint(event.pos):
            return False
        if getattr(event, "button", 1) == 1:
            chip = next((c for c in self.chips if c.rect.collidepoint(event.pos)), None)
            if event.type == pygame.MOUSEBUTTONDOWN:
                self._pressed = chip
            else:
                self.clicked = chip if chip is not None and chip is self._pressed else None
                self._pressed = None
        return True


_TABLE = object()


def help_for(step_help: Any, shown: Any, seat: Any = _TABLE, ctx: Any = None) -> StepHelp | None:
    """The step help of what a table shows (``shown``: its :class:`~client.kit.presenter.Shown`, from
    ``TableView.shown_now()``) for ``seat`` by the game's function; None before the first snapshot.
    ``help_for(fn, table)`` (a table view, the older call) reads ``table.shown_now()``, its seat and ctx."""
    if seat is _TABLE:  # help_for(fn, table)
        table = shown
        shown, seat, ctx = table.shown_now() if table is not None else None, getattr(table, "seat", None), \
            getattr(table, "ctx", None)
    if step_help is None or shown is None or not shown.view:
        return None
    if _takes_shown(step_help):
        help: StepHelp | None = step_help(shown, seat, ctx)
    else:
        help = step_help(shown.view, shown.legal, seat, ctx)
    return help


def _takes_shown(fn: Any) -> bool:
    """``fn`` is the new form ``step_help(shown, seat, ctx)`` (three parameters)."""
    cached = getattr(fn, "__step_form__", None)
    if cached is None:
        import inspect
        try:
            params = [p for p in inspect.signature(fn).parameters.values()
                      if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
            cached = len(params) == 3
        except (TypeError, ValueError):
            cached = False
        try:
            fn.__step_form__ = cached
        except AttributeError:
            pass
    return bool(cached)


def _norm(text: str) -> str:
    return text.strip().strip("《》「」").casefold()


def _starts_with_term(text: str, name: str) -> bool:
    """``text`` is the term or begins with it as a word ("conditions (up to 3)", "状態（最大3つ）")."""
    if not text.startswith(name):
        return False
    rest = text[len(name):]
    return not rest or not rest[0].isalpha() or rest[0] == "s" and (len(rest) == 1 or not rest[1].isalpha())
