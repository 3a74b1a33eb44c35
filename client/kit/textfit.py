"""One text-fitting policy for the whole client.

Line breaking (:func:`wrap_measured`): Japanese and Chinese break between budoux phrases
("テーブルを／開き、"), falling back to characters with kinsoku rules (no line starts with
。、」…, none ends with 「（) only when one phrase is wider than the line; Latin breaks at
spaces; a single CJK character is never left alone on a last line.

Fitting (:class:`Fitter`): rule text is never cut. It wraps; if it is too tall it shrinks,
down to a floor (:data:`client.kit.theme.FIT_FLOOR`, never under ``MIN_TEXT_PX``); if it
still does not fit, the result says ``overflow`` and the container must grow or scroll.
A name is never cut mid-name: the short display name is tried, then a horizontal squeeze.
Every drawn block is reported to the active :class:`TextRecorder` — an opt-in: only inside
:func:`recording` (the layout walk uses it to fail on cut or out-of-window text); inside
:func:`keeping_texts`, text drawn into a surface other than the window is also kept with that
surface (:func:`layer_texts`), so what a cached layer says can be read without painting it again.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

import pygame

from client.kit import theme
from client.kit.cache import LruCache

# Characters that may not start a line (closing brackets, punctuation, prolonged sound mark, small kana).
NO_LINE_START = frozenset(
    "、。，．,.・：；:;？！?!‼⁇⁈⁉ー―…‥〜～」』）］｝〕〉》】〙〗〟’”)]}>％%‰℃°′″"
    "ゝゞヽヾ々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
)
# Characters that may not end a line (opening brackets and quotes).
NO_LINE_END = frozenset("「『（［｛〔〈《【〘〖〝‘“([{<")

Measure = Callable[[str], int]
Segmenter = Callable[[str], Sequence[str]]


def is_cjk(ch: str) -> bool:
    """True for characters that may break anywhere (kana, kanji/hanzi, fullwidth forms, hangul)."""
    o = ord(ch)
    return (0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF
            or 0xAC00 <= o <= 0xD7AF or 0x20000 <= o <= 0x3FFFF or 0xFE30 <= o <= 0xFE4F)


# _units' first pass over ASCII text (no CJK in it): a run of spaces/tabs or a run of anything else (a word)
_ASCII_UNITS = re.compile("[ \t]+|[^ \t]+")


def has_cjk(text: str) -> bool:
    """True when some character of ``text`` is CJK (:func:`is_cjk`); ASCII text is answered at C speed."""
    return not text.isascii() and any(is_cjk(ch) for ch in text)


def _raw_units(paragraph: str) -> list[str]:
    """CJK characters one by one, Latin words, runs of spaces and tabs as spaces (one per character)."""
    raw: list[str] = []
    if paragraph.isascii():  # no CJK: words and spaces at C speed
        for token in _ASCII_UNITS.findall(paragraph):
            if token[0] not in " \t":
                raw.append(token)
            elif raw and raw[-1].isspace():  # after a word of other white space ("\r")
                raw[-1] += " " * len(token)
            else:
                raw.append(" " * len(token))
        return raw
    return _raw_units_by_character(paragraph)


def _raw_units_by_character(paragraph: str) -> list[str]:
    """:func:`_raw_units` character by character (any text; the ASCII path above gives the same units)."""
    raw: list[str] = []
    word = ""
    for ch in paragraph:
        if ch in (" ", "\t"):
            if word:
                raw.append(word)
                word = ""
            if raw and raw[-1].isspace():
                raw[-1] += " "
            else:
                raw.append(" ")
        elif is_cjk(ch):
            if word:
                raw.append(word)
                word = ""
            raw.append(ch)
        else:
            word += ch
    if word:
        raw.append(word)
    return raw


# --- phrases (budoux) ----------------------------------------------------------------------
@lru_cache(maxsize=2)
def _parser(kind: str) -> Any:
    import budoux

    if kind == "zh":
        return budoux.load_default_simplified_chinese_parser()
    return budoux.load_default_japanese_parser()


@lru_cache(maxsize=4096)
def _phrases_cached(paragraph: str, kind: str) -> tuple[str, ...]:
    return tuple(_parser(kind).parse(paragraph))


def phrases_for(lang: str) -> Segmenter | None:
    """A phrase segmenter for ``lang`` (Chinese model for zh, Japanese otherwise)."""
    kind = "zh" if lang == "zh" else "ja"

    def segment(paragraph: str) -> Sequence[str]:
        if not has_cjk(paragraph):
            return (paragraph,)
        return _phrases_cached(paragraph, kind)
    return segment


# --- breaking --------------------------------------------------------------------------------
def _units(paragraph: str) -> list[str]:
    """Unbreakable units: CJK characters, Latin words, runs of spaces, with kinsoku joins."""
    return _kinsoku_joined(_raw_units(paragraph))


def _kinsoku_joined(raw: list[str]) -> list[str]:
    """The raw units with kinsoku joins: opening brackets carried onto what follows them, closing marks onto
    what precedes them."""
    units: list[str] = []
    carry = ""  # opening brackets waiting for what follows them
    for u in raw:
        if u.isspace():
            if carry:
                units.append(carry)
                carry = ""
            units.append(u)
            continue
        if len(u) == 1 and u in NO_LINE_END:
            carry += u
            continue
        if carry:
            u = carry + u
            carry = ""
        if u[0] in NO_LINE_START and units and not units[-1].isspace():
            units[-1] += u
        else:
            units.append(u)
    if carry:
        if units and not units[-1].isspace():
            units[-1] += carry
        else:
            units.append(carry)
    return units


def _groups(paragraph: str, segment: Segmenter | None) -> list[list[str]]:
    """Units grouped into phrases (a line breaks between groups; inside one only if it must)."""
    units = _units(paragraph)
    if segment is None:
        return [[u] for u in units]
    bounds: set[int] = set()
    pos = 0
    for chunk in segment(paragraph):
        pos += len(chunk)
        bounds.add(pos)
    groups: list[list[str]] = []
    pos = 0
    for u in units:
        if u.isspace() or not groups or pos in bounds or groups[-1][0].isspace() or not is_cjk(u[0]) \
                or not is_cjk(groups[-1][-1][-1]):
            groups.append([u])
        else:
            groups[-1].append(u)
        pos += len(u)
    return groups


def _visible(line: str) -> int:
    return sum(1 for ch in line if not ch.isspace() and ch not in NO_LINE_START)


def wrap_measured(text: str, measure: Measure, width: int, segment: Segmenter | None = None) -> list[str]:
    """Lines of ``text`` whose measured width fits ``width``.

    With ``segment`` (see :func:`phrases_for`) CJK breaks between phrases first; without it
    between any two characters kinsoku allows. Explicit newlines stay.
    """
    width = max(1, int(width))
    lines: list[str] = []
    for paragraph in text.split("\n"):
        rows: list[list[str]] = [[]]  # each row: the units on it

        def row_text(r: list[str]) -> str:
            return "".join(r).rstrip()

        for group in _groups(paragraph, segment):
            if group[0].isspace():
                if rows[-1]:
                    rows[-1].append(group[0])
                continue
            joined = "".join(group)
            if measure("".join(rows[-1]) + joined) <= width:
                rows[-1].extend(group)
                continue
            if row_text(rows[-1]):
                rows.append([])
            if measure(joined) <= width:
                rows[-1].extend(group)
                continue
            for unit in group:  # a phrase wider than the line: by unit, then by character
                if measure("".join(rows[-1]) + unit) <= width:
                    rows[-1].append(unit)
                    continue
                if row_text(rows[-1]):
                    rows.append([])
                if measure(unit) <= width:
                    rows[-1].append(unit)
                    continue
                for ch in unit:
                    if rows[-1] and measure("".join(rows[-1]) + ch) > width:
                        rows.append([])
                    rows[-1].append(ch)
        # no single CJK character alone on the last line: bring units down from the line above
        while len(rows) >= 2 and _visible(row_text(rows[-1])) == 1 and is_cjk(row_text(rows[-1])[0]):
            above = [u for u in rows[-2]]
            while above and above[-1].isspace():
                above.pop()
            if len(above) < 2:
                break
            moved = above.pop()
            if measure(moved + row_text(rows[-1])) > width:
                break
            rows[-2] = above
            rows[-1].insert(0, moved)
        lines.extend(row_text(r) for r in rows)
    return lines


def breaks_inside_phrases(text: str, lines: Sequence[str], lang: str) -> int:
    """How many line breaks of ``lines`` (a wrap of ``text``) fall inside a phrase (not at a space)."""
    if "\n" in text or len(lines) < 2:
        return 0
    segment = phrases_for(lang)
    bounds: set[int] = set()
    pos = 0
    for chunk in segment(text) if segment else (text,):
        pos += len(chunk)
        bounds.add(pos)
    inside, pos = 0, 0
    for line in lines[:-1]:
        pos += len(line)
        if pos < len(text) and text[pos] == " ":
            while pos < len(text) and text[pos] == " ":
                pos += 1
            continue
        if pos not in bounds:
            inside += 1
    return inside


def balance(text: str, lines: list[str], wrap_at: Callable[[int], list[str]], width: int, lang: str) -> list[str]:
    """As narrow as possible for the same line count (no short last line under centred text),
    never breaking inside more phrases than the plain wrap does."""
    if len(lines) < 2:
        return lines
    best, inside = lines, breaks_inside_phrases(text, lines, lang)
    for pct in range(95, 55, -5):
        trial = wrap_at(int(width * pct / 100))
        if len(trial) != len(lines):
            break
        if breaks_inside_phrases(text, trial, lang) <= inside:
            best = trial
    return best


# --- recording what was drawn (the layout walk) ----------------------------------------------
@dataclass(frozen=True)
class TextDraw:
    """One block of text as drawn: where, what kind, and whether any of it did not fit."""

    text: str
    rect: pygame.Rect
    kind: str  # "rule" | "name" | "label"
    cut: bool  # some of the text is not visible (too tall / too wide for its box)
    on: int = 0  # id() of the surface it was drawn on (its top parent; 0: not said); ``rect`` is in its space


class TextRecorder:
    """Collects :class:`TextDraw` records while active (see :func:`recording`), where cached layers
    were blitted (:func:`blit_layer`) and which opaque panels were laid over what (:func:`cover`), in
    drawing order, so the walk sees which text is on screen and where."""

    def __init__(self) -> None:
        self.records: list[TextDraw] = []
        self.places: list[tuple[int, int, tuple[int, int], int]] = []  # (layer id, target id, offset, order)
        self.covers: list[tuple[int, pygame.Rect, bool, int]] = []  # (target id, rect, popup, order)
        self._order: list[int] = []  # drawing order of each record
        self._n = 0
        self._alive: dict[int, pygame.Surface] = {}  # the surfaces named by id stay alive (ids stay unique)

    def _next(self) -> int:
        self._n += 1
        return self._n

    def add(self, rec: TextDraw, surface: pygame.Surface | None = None) -> None:
        self.records.append(rec)
        self._order.append(self._next())
        if surface is not None:
            self._alive.setdefault(rec.on, surface)

    def place(self, layer: pygame.Surface, target: pygame.Surface, at: tuple[int, int]) -> None:
        self._alive.setdefault(id(layer), layer)
        self._alive.setdefault(id(target), target)
        self.places.append((id(layer), id(target), at, self._next()))

    def cover(self, target: pygame.Surface, rect: pygame.Rect, popup: bool) -> None:
        self._alive.setdefault(id(target), target)
        self.covers.append((id(target), pygame.Rect(rect), popup, self._next()))

    def cut(self) -> list[TextDraw]:
        return [r for r in self.records if r.cut]

    def clipped(self) -> list[TextDraw]:
        """Records that run past the edge of the surface they were drawn on (a cached layer too
        small for its text: what lies outside it is lost)."""
        out = []
        for rec in self.records:
            surf = self._alive.get(rec.on)
            if surf is not None and rec.text.strip() and not surf.get_rect().contains(rec.rect):
                out.append(rec)
        return out

    def on(self, screen: pygame.Surface, since: TextRecorder | None = None) -> list[TextDraw]:
        """The records as seen on ``screen`` (``kind`` "under" when a later panel covers them — on the screen, or
        in the cached layer they were drawn in — "popup"
        when drawn on a popup): drawn on it, or in a layer blitted onto it, moved to where it was
        blitted. ``since``: a recorder of the last frame only, whose placements and covers count."""
        last = since or self
        base = last._n - self._n if since is not None else 0  # the last frame's order, in this recorder's
        where: dict[int, list[tuple[int, tuple[int, int], int]]] = {}
        for layer, target, at, order in last.places:
            where.setdefault(layer, []).append((target, at, order - base))
        # the screen's covers of the last frame; a cached layer's, from when it was drawn
        covers: dict[int, list[tuple[pygame.Rect, bool, int]]] = {}
        for target, r, popup, order in self.covers:
            if target != id(screen):
                covers.setdefault(target, []).append((r, popup, order))
        covers[id(screen)] = [(r, popup, order - base) for target, r, popup, order in last.covers
                              if target == id(screen)]
        out: list[TextDraw] = []
        seen: set[tuple[str, int, int, int, int]] = set()

        def land(rec: TextDraw, on: int, dx: int, dy: int, order: int, depth: int, kind: str) -> None:
            r = rec.rect.move(dx, dy)
            for c, popup, at in covers.get(on, ()):
                if at > order and c.colliderect(r):
                    kind = "under"
                elif popup and at < order and c.contains(r):
                    kind = "popup"
            if on == id(screen):
                if (rec.text, r.x, r.y, r.w, r.h) not in seen:
                    seen.add((rec.text, r.x, r.y, r.w, r.h))
                    out.append(TextDraw(rec.text, r, kind, rec.cut, on))
                return
            for target, (x, y), at in where.get(on, []) if depth < 4 else []:
                land(rec, target, dx + x, dy + y, at, depth + 1, kind)
        for rec, order in zip(self.records, self._order, strict=True):
            land(rec, rec.on, 0, 0, order, 0, rec.kind)
        return out


_recorders: list[TextRecorder] = []


@contextmanager
def recording() -> Iterator[TextRecorder]:
    """Record every text block drawn by a :class:`Fitter` inside the ``with`` block."""
    rec = TextRecorder()
    _recorders.append(rec)
    try:
        yield rec
    finally:
        _recorders.remove(rec)


_keeping: list[bool] = []


@contextmanager
def keeping_texts() -> Iterator[None]:
    """Inside the ``with`` block, text drawn into a surface other than the window is kept with that surface
    (:func:`layer_texts`), followed through :func:`blit_layer` and :func:`copy_layer` — an opt-in for tools
    that read what a cached layer says; outside it nothing is kept (no cost per drawn text)."""
    _keeping.append(True)
    try:
        yield
    finally:
        _keeping.pop()


def is_recording() -> bool:
    """True inside :func:`recording` (a cache of drawn text draws afresh then, so every text is seen)."""
    return bool(_recorders)


def record(text: str, rect: pygame.Rect, kind: str, cut: bool, surface: pygame.Surface | None = None) -> None:
    """Note one drawn text for the active recorders; with ``surface`` the record says where it landed
    (a subsurface's offset added), so the walk can tell text on the screen from text in a cached layer.
    Text drawn into a surface other than the window is kept with it (:func:`layer_texts`)."""
    parent = surface.get_abs_parent() if surface is not None else None
    kept = bool(_keeping) and parent is not None and parent is not pygame.display.get_surface()
    if not _recorders and not kept:
        return
    r, on = pygame.Rect(rect), 0
    if surface is not None and parent is not None:
        r.move_ip(surface.get_abs_offset())
        on = id(parent)
    drawn = TextDraw(text, r, kind, cut, on)
    if kept and parent is not None:
        _keep(parent, [drawn])
    for rec in _recorders:
        rec.add(drawn, parent)


# --- the texts each cached layer holds ------------------------------------------------------------
LAYER_TEXTS_MAX = 400  # a surface drawn on again and again keeps only its newest texts
_LAYER_TEXTS: WeakKeyDictionary[pygame.Surface, list[TextDraw]] = WeakKeyDictionary()


def layer_texts(surface: pygame.Surface) -> list[TextDraw]:
    """The texts drawn into ``surface`` (not the window) — directly, or in a layer blitted into it with
    :func:`blit_layer` / copied with :func:`copy_layer` — where they lie on it, oldest first; a layer
    blitted over a text replaces it."""
    return list(_LAYER_TEXTS.get(surface.get_abs_parent(), ()))


def forget_texts(surface: pygame.Surface) -> None:
    """Forget what was drawn into ``surface`` (before it is painted anew from scratch)."""
    _LAYER_TEXTS.pop(surface.get_abs_parent(), None)


def _keep(parent: pygame.Surface, texts: list[TextDraw]) -> None:
    kept = _LAYER_TEXTS.get(parent)
    if kept is None:
        kept = _LAYER_TEXTS[parent] = []
    kept.extend(texts)
    if len(kept) > LAYER_TEXTS_MAX:
        del kept[:len(kept) - LAYER_TEXTS_MAX]


def _keep_blit(target: pygame.Surface, layer: pygame.Surface, at: tuple[int, int], drawn: pygame.Rect) -> None:
    """``layer`` was blitted into ``target`` (not the window) with its top left at ``at`` (``target``'s
    coordinates), covering ``drawn``: its texts replace those that lay there."""
    parent = target.get_abs_parent()
    ox, oy = target.get_abs_offset()
    lx, ly = layer.get_abs_offset()
    dx, dy = at[0] + ox - lx, at[1] + oy - ly
    drawn = drawn.move(ox, oy)
    under = [t for t in _LAYER_TEXTS.get(parent, ()) if not drawn.contains(t.rect)]
    moved = [TextDraw(t.text, r, t.kind, t.cut, id(parent)) for t in _LAYER_TEXTS.get(layer.get_abs_parent(), ())
             if (r := t.rect.move(dx, dy)).colliderect(drawn)]
    _LAYER_TEXTS[parent] = under
    _keep(parent, moved)


def cover(surface: pygame.Surface, rect: pygame.Rect, popup: bool = False) -> None:
    """Say that an opaque panel was just laid over ``rect`` (text drawn before it, under it, is hidden on
    purpose); ``popup``: a floating card (tooltip, hover card) whose own text may lie over anything."""
    if _recorders:
        r = pygame.Rect(rect).move(surface.get_abs_offset())
        for rec in _recorders:
            rec.cover(surface.get_abs_parent(), r, popup)


def copy_layer(layer: pygame.Surface) -> pygame.Surface:
    """A copy of a cached layer to draw more on; the recorders follow its text onto the copy."""
    out = layer.copy()
    texts = _LAYER_TEXTS.get(layer.get_abs_parent()) if _keeping else None
    if texts:
        _LAYER_TEXTS[out] = [TextDraw(t.text, t.rect, t.kind, t.cut, id(out)) for t in texts]
    for rec in _recorders:
        rec.place(layer, out, (0, 0))
    return out


COPY_SPLIT_MIN_ROWS = 64  # shorter copies are cheap whatever their width


def copy_blit(surface: pygame.Surface, layer: pygame.Surface, at: tuple[int, int],
              area: pygame.Rect | None = None) -> pygame.Rect:
    """``surface.blit(layer, at, area)``, the same pixels; a tall opaque copy whose width is not a multiple
    of 16 pixels goes as two blits (the widest multiple of 16, then the rest). Measured on AMD EPYC with
    glibc 2.36 (its ``rep movsb`` copy): a 380×906 copy 0.70 ms, as 368 + 12 columns 0.13 ms — rows of
    16·k+4, +8 or +12 pixels copy about five times slower than their neighbours."""
    src = layer.get_rect() if area is None else pygame.Rect(area).clip(layer.get_rect())
    rest = src.w % 16
    if (rest == 0 or src.h < COPY_SPLIT_MIN_ROWS or src.w < 32 or layer.get_flags() & pygame.SRCALPHA
            or layer.get_colorkey() is not None or layer.get_alpha() is not None):
        return surface.blit(layer, at, area)
    dx, dy = (at[0] - area.x, at[1] - area.y) if area is not None else at  # where the layer's (0, 0) lands
    wide = pygame.Rect(src.x, src.y, src.w - rest, src.h)
    left = surface.blit(layer, (wide.x + dx, wide.y + dy), wide)
    right = surface.blit(layer, (wide.right + dx, wide.y + dy), pygame.Rect(wide.right, src.y, rest, src.h))
    if not right.w or not right.h:
        return left
    return right if not left.w or not left.h else left.union(right)


def blit_layer(surface: pygame.Surface, layer: pygame.Surface, at: tuple[float, float],
               area: pygame.Rect | None = None) -> pygame.Rect:
    """Blit a cached layer (text drawn into it once) and tell the recorders where it went; into a surface
    other than the window, the layer's texts go with it (:func:`layer_texts`)."""
    r = copy_blit(surface, layer, (int(at[0]), int(at[1])), area)
    onto_layer = bool(_keeping) and surface.get_abs_parent() is not pygame.display.get_surface()
    if not _recorders and not onto_layer:
        return r
    x, y = int(at[0]), int(at[1])
    if area is not None:
        x, y = x - area.x, y - area.y
    if onto_layer:
        _keep_blit(surface, layer, (x, y), r)
    ox, oy = surface.get_abs_offset()
    for rec in _recorders:
        rec.place(layer, surface.get_abs_parent(), (x + ox, y + oy))
    return r


# --- fitting ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Fitted:
    """A fitted block: its lines at ``size`` px; ``overflow``: taller than allowed even at the floor."""

    lines: tuple[str, ...]
    size: float
    line_h: int
    width: int
    height: int
    overflow: bool


class Fitter:
    """The fitting policy on a context's fonts (``ctx.font``, ``ctx.text``, ``ctx.lang``)."""

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx
        self._wraps: LruCache[tuple[str, ...]] = LruCache(4000)
        self._fits: LruCache[Fitted] = LruCache(2000)
        self._labels: LruCache[pygame.Surface] = LruCache(300)

    @property
    def lang(self) -> str:
        return str(getattr(self.ctx, "lang", "en"))

    def floor(self, size: float, floor: float = theme.FIT_FLOOR) -> float:
        return max(float(theme.MIN_TEXT_PX), size * floor) if size > theme.MIN_TEXT_PX else size

    def wrap(self, text: str, size: float, width: int, bold: bool = False) -> list[str]:
        """Lines of ``text`` at ``size`` that fit ``width`` (phrases, kinsoku, no orphan)."""
        px = max(1, round(size))
        key = (text, px, int(width), bool(bold), self.lang)

        def make() -> tuple[str, ...]:
            font = self.ctx.font(size, bold)
            return tuple(wrap_measured(text, lambda s: font.size(s)[0], width, phrases_for(self.lang)))
        return list(self._wraps.get(key, make))

    def width_of(self, text: str, size: float, bold: bool = False) -> int:
        return int(self.ctx.font(size, bold).size(text)[0])

    def line_h(self, size: float, bold: bool = False) -> int:
        return int(self.ctx.font(size, bold).get_linesize())

    def block(self, text: str, size: float, width: int, height: float | None = None, bold: bool = False,
              floor: float = theme.FIT_FLOOR, balanced: bool = False) -> Fitted:
        """Wrap ``text`` into ``width``; shrink (to the floor) until it fits ``height``."""
        key = (text, round(size, 2), int(width), None if height is None else int(height), bold, floor,
               balanced, self.lang)

        def make() -> Fitted:
            low = self.floor(size, floor)
            s = size
            while True:
                lines = self.wrap(text, s, width, bold)
                if balanced:
                    lines = self._balance(text, s, width, bold, lines)
                lh = self.line_h(s, bold)
                h = lh * len(lines)
                wmax = max((self.width_of(ln, s, bold) for ln in lines), default=0)
                fits = (height is None or h <= height) and wmax <= width
                if fits and s > low and self._breaks_a_word(text, s, width, bold):
                    fits = False  # shrink rather than break a word across lines (if the floor allows)
                if fits or s <= low:
                    return Fitted(tuple(lines), s, lh, wmax, h, not fits)
                s = max(low, s * 0.93)
        return self._fits.get(key, make)

    def _breaks_a_word(self, text: str, size: float, width: int, bold: bool) -> bool:
        """Whether some Latin word of ``text`` is wider than ``width`` at ``size`` (so wrapping breaks it)."""
        return any(self.width_of(w, size, bold) > width for w in text.split() if not has_cjk(w))

    def _balance(self, text: str, size: float, width: int, bold: bool, lines: list[str]) -> list[str]:
        """As narrow as possible for the same line count, breaking only where the plain wrap may.

        The trial widths share :meth:`wrap`'s cache. A narrower trial often wraps exactly as the one before:
        a wrap only compares measured widths with its width, so when none of the widths the last trial
        measured lies between the two, every comparison comes out the same and so do the lines (they are
        not wrapped again)."""
        font = self.ctx.font(size, bold)
        segment = phrases_for(self.lang)
        px = max(1, round(size))
        last: list[tuple[int, list[int], tuple[str, ...]]] = []  # the last trial wrapped: width, widths, lines

        def wrap_at(w: int) -> list[str]:
            key = (text, px, int(w), bool(bold), self.lang)
            cached = self._wraps.peek(key)
            if cached is not None:
                last.clear()  # (what it measured is not known: the next trial is wrapped)
                return list(cached)
            wn = max(1, int(w))
            if last:
                w0, measured, before = last[0]
                if wn <= w0 and not any(wn < v <= w0 for v in measured):
                    return list(self._wraps.put(key, before))
            seen: list[int] = []

            def measure(s: str) -> int:
                v = int(font.size(s)[0])
                seen.append(v)
                return v
            got = tuple(wrap_measured(text, measure, w, segment))
            last[:] = [(wn, seen, got)]
            return list(self._wraps.put(key, got))
        return balance(text, lines, wrap_at, width, self.lang)

    def line(self, text: str, size: float, width: int, bold: bool = False,
             floor: float = theme.FIT_FLOOR) -> Fitted:
        """One line if it fits (shrunk to the floor); else the same text wrapped at the floor."""
        key = ("line", text, round(size, 2), int(width), bold, floor, self.lang)

        def make() -> Fitted:
            low = self.floor(size, floor)
            s = size
            while self.width_of(text, s, bold) > width and s > low:
                s = max(low, s * 0.93)
            if self.width_of(text, s, bold) <= width:
                lh = self.line_h(s, bold)
                return Fitted((text,), s, lh, self.width_of(text, s, bold), lh, False)
            return self.block(text, s, width, None, bold, floor=1.0)
        return self._fits.get(key, make)

    # --- drawing ---------------------------------------------------------------------------
    def draw_block(self, surface: pygame.Surface, text: str, rect: pygame.Rect, size: float, colour: Any,
                   bold: bool = False, align: str = "left", valign: str = "top", kind: str = "rule",
                   floor: float = theme.FIT_FLOOR, fitted: Fitted | None = None) -> Fitted:
        """Draw ``text`` fitted into ``rect``; lines that do not fit are still drawn (never cut
        with "…") and the block is recorded as overflowing so the walk can fail on it."""
        f = fitted or self.block(text, size, rect.w, rect.h, bold, floor, balanced=(align == "center"))
        y = rect.y
        if valign == "center":
            y = rect.centery - f.height // 2
        elif valign == "bottom":
            y = rect.bottom - f.height
        drawn = pygame.Rect(rect.x, y, rect.w, f.height)
        wide = False  # a line wider than the box (a block fitted for other text or weight than drawn)
        for ln in f.lines:
            img = self.ctx.text(ln, f.size, colour, bold)
            wide = wide or img.get_width() > rect.w + 1
            if align == "center":
                x = rect.centerx - img.get_width() // 2
            elif align == "right":
                x = rect.right - img.get_width()
            else:
                x = rect.x
            surface.blit(img, (x, y))
            y += f.line_h
        record(text, drawn, kind, f.overflow or wide, surface)
        return f

    def label(self, text: str, size: float, colour: Any, width: int, bold: bool = False,
              floor: float = theme.FIT_FLOOR) -> pygame.Surface:
        """A one-line label shrunk to fit ``width``; if even the floor is too wide, its lines stacked."""
        f = self.line(text, size, width, bold, floor)
        if len(f.lines) == 1:
            return self.ctx.text(f.lines[0], f.size, colour, bold)
        key = ("label", f, tuple(pygame.Color(colour)), bold, self.lang)

        def make() -> pygame.Surface:
            imgs = [self.ctx.text(ln, f.size, colour, bold) for ln in f.lines]
            out = pygame.Surface((max(i.get_width() for i in imgs), f.line_h * len(imgs)), pygame.SRCALPHA)
            for i, img in enumerate(imgs):
                out.blit(img, ((out.get_width() - img.get_width()) // 2, i * f.line_h))
            return out
        return self._labels.get(key, make)

    def name(self, full: str, size: float, colour: Any, width: int, bold: bool = False,
             short: str = "", floor: float = theme.FIT_FLOOR) -> pygame.Surface:
        """A name that fits ``width``: full, shrunk; then the short name; then squeezed — never cut."""
        low = self.floor(size, floor)
        for candidate in ([full, short] if short and short != full else [full]):
            s = size
            while self.width_of(candidate, s, bold) > width and s > low:
                s = max(low, s * 0.93)
            if self.width_of(candidate, s, bold) <= width:
                return self.ctx.text(candidate, s, colour, bold)
        best = short or full
        img = self.ctx.text(best, low, colour, bold)
        if img.get_width() > width > 0:
            w = max(int(img.get_width() * 0.75), width)
            img = pygame.transform.smoothscale(img, (w, img.get_height()))
        return img

    def blit_label(self, surface: pygame.Surface, img: pygame.Surface, text: str, kind: str = "label",
                   limit: pygame.Rect | None = None, **anchor: Any) -> pygame.Rect:
        """Blit a label made by :meth:`label` / :meth:`name` at ``anchor``; record it (cut when it
        leaves ``limit``)."""
        r = img.get_rect(**anchor)
        surface.blit(img, r)
        record(text, r, kind, bool(limit is not None and not pygame.Rect(limit).contains(r)), surface)
        return r
