"""Drawing the school_mystery table (reads the table, never changes it) and its hit geometry."""
from __future__ import annotations

import math
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

import pygame

from client.kit import theme
from client.kit.dialog import SCALES, Custom, Sheet, draw_widget, fs
from client.kit.nodes import Node, never_hit
from client.kit.textfit import Fitted, blit_layer, record
from client.kit.theme import ACCENT, CHALK, CHALK_DIM, INK, LINE, MUTED, PAPER
from client.kit.widgets import fitter_for
from client.tables.school_mystery_layout import secrets_rect
from client.tables.school_mystery_texts import (
    BAND_COLOUR,
    KIND_SUIT,
    NOTE_COLOUR,
    SUIT_CHAR,
    SUIT_COLOUR,
    SUIT_SYMBOL,
    SUITS,
)
from client.widgets.cards import CardFace, draw_symbol
from client.widgets.drag import draw_glow
from client.widgets.tokens import ink_on
from shared.games.school_mystery.rules import default_spot

if TYPE_CHECKING:
    from client.tables.school_mystery import SchoolMysteryTable

PANEL = theme.PANEL
BORN_SECONDS = 0.25
MOVE_SECONDS = 0.22
SEALED = theme.SM_SEALED
SEAL_OPEN = theme.SM_SEAL_OPEN


def _panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 150, radius: int = 12,
           colour: tuple = PANEL, border: tuple | None = None) -> None:
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=radius)
    if border:
        pygame.draw.rect(layer, (*border, 220), layer.get_rect(), width=2, border_radius=radius)
    surface.blit(layer, rect)


# --------------------------------------------------------------------------- geometry

AUTO_KINDS = ("location", "phenomenon", "character", "clue", "note")


def card_pos(t: SchoolMysteryTable, card: dict) -> tuple[int, int]:
    tween = t.card_tweens.get(card["id"])
    if tween is not None:
        x, y = tween.value  # type: ignore[misc]  # a card's tween moves a point (a tuple, not a float)
        return int(x), int(y)
    return target_pos(t, card)


def target_pos(t: SchoolMysteryTable, card: dict) -> tuple[int, int]:
    """Where a card rests: a drop waiting for the server, the tidy column, or its shared position."""
    pending = t.pending_pos.get(card["id"])
    if pending is not None:
        return t.L.to_screen(*pending)
    auto = t.auto_pos.get(card["id"])
    if auto is not None:
        return auto
    return t.L.to_screen(card["x"], card["y"])


def auto_layout(t: SchoolMysteryTable) -> dict[int, tuple[int, int]]:
    """Screen spots of the cards nobody has moved yet (still at the rules' default position).

    The rules place a new card on a default spot; the table shows such cards in tidy
    columns by kind instead (the same for every viewer, as it depends only on the view).
    Once a player drags a card, its shared position is used.
    """
    cards = t.shown.get("cards") or []
    seen: dict[str, int] = {}  # cards of each kind before this one
    unmoved: dict[str, list[int]] = {k: [] for k in AUTO_KINDS}
    for c in cards:
        kind = c["kind"]
        n = seen.get(kind, 0)
        if default_spot(n, kind) == (c["x"], c["y"]):
            unmoved.setdefault(kind, []).append(c["id"])
        seen[kind] = n + 1
    r = t.L.canvas
    cw, ch = t.L.card_size
    pad = int(t.L.u * 0.4)
    cols = [k for k in AUTO_KINDS if unmoved.get(k)] or []
    colw = (r.w - pad) / max(1, len(AUTO_KINDS))
    out: dict[int, tuple[int, int]] = {}
    for k in cols:
        i = AUTO_KINDS.index(k)
        ids = unmoved[k]
        x = int(r.left + pad + i * colw + max(0, (colw - pad - cw) / 2))
        room = r.h - ch - pad * 2
        step = ch + pad if len(ids) <= 1 else min(ch + pad, room / (len(ids) - 1))
        for j, cid in enumerate(ids):
            out[cid] = (x, int(r.top + pad + j * step))
    placed = [pygame.Rect(pos, (cw, ch)) for pos in out.values()]
    auto = set(out)
    for c in cards:  # a card a player moved where another lies (or where a smaller window puts it over one)
        if c["id"] in auto or c["id"] in t.pending_pos:
            continue
        spot = free_spot(pygame.Rect(t.L.to_screen(c["x"], c["y"]), (cw, ch)), placed, r, pad)
        if spot is not None:
            out[c["id"]] = spot
        placed.append(pygame.Rect(out.get(c["id"], t.L.to_screen(c["x"], c["y"])), (cw, ch)))
    return out


def free_spot(want: pygame.Rect, placed: list[pygame.Rect], canvas: pygame.Rect,
              gap: int) -> tuple[int, int] | None:
    """Where a card the players placed at ``want`` is shown: there when it covers no other card (None),
    else the nearest spot on the canvas that covers none (kept where it is when there is none: a full
    table). Only the drawing moves; the shared position stays the players'."""
    if not any(want.colliderect(p) for p in placed):
        return None
    step = max(4, min(want.w, want.h) // 3)
    xs = {*range(canvas.left, canvas.right - want.w + 1, step), canvas.right - want.w, want.x}
    ys = {*range(canvas.top, canvas.bottom - want.h + 1, step), canvas.bottom - want.h, want.y}
    for p in placed:  # right beside each card
        xs |= {p.right + gap, p.left - gap - want.w}
        ys |= {p.bottom + gap, p.top - gap - want.h}
    best: tuple[float, tuple[int, int]] | None = None
    for y in ys:
        for x in xs:
            box = pygame.Rect(x, y, want.w, want.h)
            if not canvas.contains(box):
                continue
            if any(box.inflate(gap, gap).colliderect(p) for p in placed):
                continue
            d = (x - want.x) ** 2 + (y - want.y) ** 2
            if best is None or d < best[0]:
                best = (d, (x, y))
    return best[1] if best is not None else None


def card_rect(t: SchoolMysteryTable, card: dict) -> pygame.Rect:
    return pygame.Rect(card_pos(t, card), t.L.card_size)


def card_node(t: SchoolMysteryTable, card: dict) -> Node:
    """The node-map entry of an information card (draggable; under an open dialog it is covered)."""
    face = face_of(t, card)
    return Node(id=("card", card["id"]), rect=card_rect(t, card), z=5, kind="card", payload=("card", card["id"]),
                draggable=bool(t.controls), label=face.title or face.subtitle,
                zoom=face)  # right-click or hover-hold shows it whole (a cascade covers its text)


def deck_nodes(t: SchoolMysteryTable) -> list[Node]:
    """The decks this viewer may draw from now (``("deck", suit)``, dragged onto the table: ``"canvas"``)."""
    out: list[Node] = []
    for i, suit in enumerate(SUITS):
        action = deck_action(t, suit)
        if action is not None:
            r = t.L.deck_card(i)
            out.append(Node(id=("deck", suit), rect=pygame.Rect(r), z=6, kind="deck", payload=("deck", suit),
                            draggable=True, action=action, label=t.tx.ui(f"suit_{suit}")))
    if out:
        out.append(Node(id="canvas", rect=pygame.Rect(t.L.canvas), z=0, kind="area", solid=False))
    papers = [w.rect for w in t.widgets if isinstance(w, (Sheet, Custom)) and w.modal]
    for suit, seat in t.shown_now().duty.items():
        slot = t.L.deck_slot(SUITS.index(suit)) if suit in SUITS else None
        if slot is not None and not any(p.colliderect(slot) for p in papers):  # (under an open dialog: hidden)
            # shown, never hit: who draws from each deck now (the line under its count)
            out.append(Node(id=("duty", suit), rect=pygame.Rect(slot), z=1, kind="info", solid=False, hit=never_hit,
                            label=t.name(seat), payload=("duty", suit, seat)))
    return out


def modal_open(t: SchoolMysteryTable) -> bool:
    """A dialog sheet or the article page covers the table."""
    return any(isinstance(w, (Sheet, Custom)) and w.modal for w in t.widgets)


def link_knob(t: SchoolMysteryTable, r: pygame.Rect) -> pygame.Rect:
    s = int(t.L.u * 1.5)
    return pygame.Rect(r.right - s // 2 - int(t.L.u * 0.15), r.centery - s // 2 + int(t.L.u * 0.5), s, s)


def link_path(t: SchoolMysteryTable, ra: pygame.Rect, rb: pygame.Rect) -> list[tuple[int, int]]:
    """The red string between two clue cards: a curve bulging out to the right of cards stacked in a
    column, else a straight line between their centres."""
    if abs(ra.centerx - rb.centerx) < ra.w:
        p0, p2 = ra.midright, rb.midright
        bulge = t.L.u * 2.2
        p1 = (max(p0[0], p2[0]) + bulge, (p0[1] + p2[1]) / 2)
        pts = []
        for i in range(17):
            k = i / 16
            x = (1 - k) ** 2 * p0[0] + 2 * (1 - k) * k * p1[0] + k ** 2 * p2[0]
            y = (1 - k) ** 2 * p0[1] + 2 * (1 - k) * k * p1[1] + k ** 2 * p2[1]
            pts.append((int(x), int(y)))
        return pts
    return [ra.center, ((ra.centerx + rb.centerx) // 2, (ra.centery + rb.centery) // 2), rb.center]


def link_marks(t: SchoolMysteryTable) -> list[tuple[int, int, tuple[int, int]]]:
    out = []
    for a, b in t.shown.get("links") or []:
        ca, cb = t.card(a), t.card(b)
        if ca is None or cb is None:
            continue
        pts = link_path(t, card_rect(t, ca), card_rect(t, cb))
        out.append((a, b, pts[len(pts) // 2]))
    return out


def tab_name(t: SchoolMysteryTable, i: int) -> str:
    """The name on student ``i``'s tab: the student's, or the player's until the student exists."""
    students = t.shown.get("students") or []
    st = students[i] if 0 <= i < len(students) else None
    return st["name"] if st else t.name(i)


def _tab_widths(t: SchoolMysteryTable, names: list[str], width: int) -> list[int] | None:
    """Widths of one row of tabs showing every name whole (shrunk and squeezed at most as far as
    Fitter.name goes; the open tab's name first at its size), or None when they cannot share ``width``."""
    n = len(names)
    d = int(min(t.L.u * 2.4 * 0.72, t.L.u * 1.5))
    fit = fitter_for(t.ctx)
    size = fs(t.ctx, 0.62)
    needs = [d + 14 + fit.width_of(nm, size, True) for nm in names]
    mins = [d + 14 + int(fit.width_of(nm, fit.floor(size), True) * 0.75) + 1 for nm in names]
    if sum(needs) <= width:  # every whole name fits: share out what is left
        extra = (width - sum(needs)) // n
        return [need + extra for need in needs]
    if sum(mins) > width:
        return None
    widths = list(mins)  # every name fits shrunk: the open tab gets its whole name first
    spare = width - sum(mins)
    active = t.sel.get("tab")
    if isinstance(active, int) and active < len(t.shown.get("students") or []) and tab_name(t, active) in names:
        k = names.index(tab_name(t, active))
        grow = min(spare, needs[k] - mins[k])
        widths[k] += grow
        spare -= grow
    return [w + spare // n for w in widths]


def tab_rows_needed(t: SchoolMysteryTable) -> int:
    """One row of tabs when every student's name fits in it, else two."""
    students = t.shown.get("students") or []
    n = len(students)
    if n <= 1 or t.display:
        return 1
    return 1 if _tab_widths(t, [tab_name(t, i) for i in range(n)], t.L.tabs.w) is not None else 2


def tab_rects(t: SchoolMysteryTable) -> list[pygame.Rect]:
    """One tab per student, each showing its name (never a seat number alone): in one row when the
    names fit, else in the layout's two rows; the open tab is as wide as its name needs."""
    students = t.shown.get("students") or []
    n = len(students)
    if not n or t.display:
        return []
    tabs = t.L.tabs
    rows = max(1, min(t.L.tab_rows, n))
    per = -(-n // rows)
    row_h = tabs.h // rows
    out: list[pygame.Rect] = []
    for r in range(rows):
        ids = list(range(r * per, min(n, (r + 1) * per)))
        names = [tab_name(t, i) for i in ids]
        widths = _tab_widths(t, names, tabs.w) or [tabs.w // len(ids)] * len(ids)
        x = tabs.left
        for w in widths:
            out.append(pygame.Rect(x, tabs.top + r * row_h, w - 2, row_h))
            x += w
    return out


def deck_action(t: SchoolMysteryTable, suit: str) -> dict | None:
    """The action dragging this deck's top card sends for this viewer now (None: not theirs)."""
    if not t.controls:
        return None
    task = t.task()
    if task is not None and task.get("kind") == "draw" and task.get("suit") == suit and task.get("seat") == t.seat:
        return {"type": "draw_card"} if t.can("draw_card") else None
    if suit == "hearts" and task is None and t.shown.get("roll") is None and t.can("draw_location"):
        return {"type": "draw_location"}
    return None


# --------------------------------------------------------------------------- card faces

def _per_rebuild(t: SchoolMysteryTable, key: tuple[str, Any], make: Callable[[], Any]) -> Any:
    """``make()``, made once per key and rebuild of the table (the node map is built every frame)."""
    memo = t.card_memo
    if memo[0] != t.version:
        memo = t.card_memo = (t.version, {})
    got = memo[1].get(key)
    if got is None:
        got = memo[1][key] = make()
    return got


def face_of(t: SchoolMysteryTable, card: dict) -> CardFace:
    """:func:`card_face`, made once per card and rebuild of the table."""
    face: CardFace = _per_rebuild(t, ("face", card["id"]), lambda: card_face(t, card))
    return face


def zoom_text_of(t: SchoolMysteryTable, card: dict) -> str:
    """:func:`card_zoom_text`, made once per card and rebuild of the table."""
    text: str = _per_rebuild(t, ("zoom", card["id"]), lambda: card_zoom_text(t, card))
    return text


def card_face(t: SchoolMysteryTable, card: dict) -> CardFace:
    kind = card.get("kind", "note")
    suit = KIND_SUIT.get(kind)
    colour = SUIT_COLOUR.get(suit or "", NOTE_COLOUR)
    title = t.tx.card_title(t.shown, card)
    return CardFace(key=f"info:{card['id']}:{hash(card.get('text', ''))}:{card.get('option')}", title=title,
                    subtitle=t.tx.ui(f"kind_{kind}") + (f" {card['rank']}" if card.get("rank") else ""),
                    body=t.tx.card_body(t.shown, card), colour=colour,
                    symbol=SUIT_SYMBOL.get(suit or "", "circle"), corner=str(card.get("rank") or ""))


def card_zoom_text(t: SchoolMysteryTable, card: dict) -> str:
    body = t.tx.card_body(t.shown, card)
    base = t.tx.card_base_text(t.shown, card)
    parts = [body]
    if base and base != body:
        parts.append("— " + base)
    if card.get("kind") == "character" and card.get("rank"):
        parts.append(t.tx.drawn(t.shown, "spades", card["rank"])["extra"])
    parts.append(t.ctx.t("sm.card_by", name=t.name(card.get("by")), n=card.get("scene", 0)))
    return "\n".join(p for p in parts if p)


def info_card_surface(t: SchoolMysteryTable, card: dict, used: bool, selected: bool) -> pygame.Surface:
    w, h = t.L.card_size
    body = t.tx.card_body(t.shown, card)
    key = (card["id"], card.get("kind"), card.get("rank"), card.get("option"), body, w, h, t.ctx.lang, used,
           selected)
    surf = t.card_cache.get(key)
    if surf is not None:
        return surf
    if len(t.card_cache) > 400:
        t.card_cache.clear()
    ctx = t.ctx
    u = w / 9.0  # the card's own unit (cards grow past 9 units on small windows)
    kind = card.get("kind", "note")
    suit = KIND_SUIT.get(kind)
    colour = SUIT_COLOUR.get(suit or "", NOTE_COLOUR)
    pad = max(4, int(u * 0.3))
    s = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    pygame.draw.rect(s, theme.CARD_SHADOW, (pad + 3, pad + 5, w, h), border_radius=int(u * 0.45))
    r = pygame.Rect(pad, pad, w, h)
    pygame.draw.rect(s, PAPER, r, border_radius=int(u * 0.45))
    head_size = fs(ctx, 0.72)
    head = pygame.Rect(r.left, r.top, w, max(int(u * 1.45), int(head_size * 1.45)))
    pygame.draw.rect(s, colour, head, border_top_left_radius=int(u * 0.45), border_top_right_radius=int(u * 0.45))
    fg = ink_on(colour)
    if suit:
        draw_symbol(s, SUIT_SYMBOL[suit], (head.left + int(u * 0.85), head.centery), u * 0.52, fg)
    label = t.tx.ui(f"kind_{kind}")
    fit = fitter_for(ctx)
    room = head.w - int(u * 2.0)
    if card.get("rank"):
        rk = ctx.text(f"{SUIT_CHAR.get(suit or '', '')}{card['rank']}", fs(ctx, 0.72), fg, True)
        s.blit(rk, rk.get_rect(midright=(head.right - int(u * 0.4), head.centery)))
        room -= rk.get_width() + int(u * 0.3)
    if room > 0:  # the kind shrinks, then its short name, then squeezes: never cut
        short = t.tx.ui(f"kind_{kind}_short") if t.tx.content.ui.get(f"kind_{kind}_short") else ""
        img = fit.name(label, fs(ctx, 0.72), fg, room, True, short=short)
        x0 = head.left + int(u * 1.6)
        fit.blit_label(s, img, label, "label", pygame.Rect(x0, head.top, room, head.h), midleft=(x0, head.centery))
    y = head.bottom + int(u * 0.2)
    inner = w - int(u * 0.8)
    x = r.left + int(u * 0.4)
    if kind in ("location", "character") and card.get("rank"):
        title = t.tx.card_title(t.shown, card)  # a place's or a person's name: shrunk, else wrapped at the floor
        im = fit.name(title, fs(ctx, 0.76), INK, inner, True)  # one line (shrunk, squeezed) …
        if im.get_width() > inner:
            im = fit.label(title, fs(ctx, 0.76), INK, inner, True)  # … else wrapped between words
        fit.blit_label(s, im, title, "name", r, topleft=(x, y))
        y += im.get_height() + int(u * 0.1)
    # the rule text shrinks to the fitter's floor to fit the card (the zoom shows it large)
    fit.draw_block(s, body, pygame.Rect(x, y, inner, r.bottom - int(u * 0.1) - y), fs(ctx, 0.7), INK)
    if card.get("invented"):
        pygame.draw.line(s, colour, (r.left + 3, r.bottom - 4), (r.right - 3, r.bottom - 4), 2)
    if used:
        stamp = ctx.text(ctx.t("sm.used_stamp"), fs(ctx, 0.7), theme.SM_USED_STAMP, True)
        box = stamp.get_rect(bottomright=(r.right - int(u * 0.3), r.bottom - int(u * 0.2))).inflate(10, 4)
        pygame.draw.rect(s, theme.SM_USED_STAMP_PAPER, box, border_radius=4)
        pygame.draw.rect(s, theme.SM_USED_STAMP, box, 2, border_radius=4)
        s.blit(stamp, stamp.get_rect(center=box.center))
    border = ACCENT if selected else theme.SM_CARD_EDGE
    pygame.draw.rect(s, border, r, width=3 if selected else 1, border_radius=int(u * 0.45))
    t.card_cache[key] = s
    return s


# --------------------------------------------------------------------------- drawing

def draw_under(t: SchoolMysteryTable, surface: pygame.Surface, hover: Collection[int] = (), glows: bool = True,
               dice: bool = True) -> None:
    """The table up to its panels, in drawing order: the static layer, the deck glows (``glows``), the
    information cards, the dice (``dice``) and the panel widgets (the buttons whose index is in ``hover``
    as under the pointer)."""
    blit_layer(surface, static_layer(t, surface.get_size()), (0, 0))
    if glows:
        draw_deck_glows(t, surface)
    draw_canvas(t, surface)
    if dice:
        draw_dice(t, surface)
    for i, w in enumerate(t.widgets):
        draw_widget(w, surface, t.ctx, t.L.u, i in hover, t.blink)


def draw_over(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    """What lies over the panels: drop targets, the dragged item, cards flying from a deck, the zoom."""
    t.drag.draw_targets(surface)
    draw_dragged(t, surface)
    draw_flying(t, surface)
    t.zoom.draw(surface, t.rect)


def static_layer(t: SchoolMysteryTable, size: tuple[int, int]) -> pygame.Surface:
    """Everything that changes only with the view or a local choice, drawn once per change (a cache)."""
    held = _held(t)
    held = held[1] if held is not None and held[0] == "deck" else None  # the dragged deck's suit
    key = (t.version, size, held, t.sel.get("tab"), t.secrets_open, t.ctx.lang, t.L.u, t.log_panel.scroll)
    if t.static_key == key and t.static is not None:
        return t.static
    layer = t.static
    if layer is None or layer.get_size() != size:  # else drawn over: the background covers it all first
        layer = pygame.Surface(size).convert() if pygame.display.get_surface() is not None else pygame.Surface(size)
    t.background(layer)
    draw_tracker(t, layer)
    if t.display:
        draw_roster(t, layer)
    else:
        draw_sheet(t, layer)
    draw_decks(t, layer)
    draw_prompt(t, layer)
    u, r = t.L.u, t.L.canvas
    _panel(layer, r, alpha=60, radius=int(u * 0.6), colour=theme.SM_SHADE)
    draw_log(t, layer)
    draw_tray_base(t, layer)
    t.static, t.static_key = layer, key
    return layer


GLOW_RADIUS = 8


def glowing_decks(t: SchoolMysteryTable) -> list[pygame.Rect]:
    """The top cards of the decks this viewer may draw from now (they pulse)."""
    return [t.L.deck_card(i) for i, suit in enumerate(SUITS)
            if deck_action(t, suit) is not None and not t.drag.is_held(("deck", suit))]


def draw_deck_glows(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    pulse = 0.55 + 0.45 * math.sin(t.clock * 4.0)
    for r in glowing_decks(t):
        draw_glow(surface, r, ACCENT, GLOW_RADIUS, pulse)


def draw_tracker(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    ctx, u, r = t.ctx, t.L.u, t.L.tracker
    v = t.shown
    _panel(surface, r)
    x, y = r.left + int(u * 0.6), r.top + int(u * 0.4)
    phase = v.get("phase", "")
    img = ctx.text(t.tx.ui(f"phase_{phase}"), fs(ctx, 0.8), ACCENT, True)
    surface.blit(img, (x, y))
    y += img.get_height()
    cal = v.get("calendar")
    if cal:
        kind = t.tx.ui("holiday") if cal.get("holiday") else t.tx.ui("schoolday")
        day = t.tx.ui('day', n=cal.get('day', 1)) + t.tx.paren(t.tx.weekday(cal.get('weekday', 'mon')))
        img = ctx.text(day, fs(ctx, 1.25), CHALK, True)
        surface.blit(img, (x, y))
        tag = ctx.text(kind, fs(ctx, 0.75), INK, True)
        box = tag.get_rect(midleft=(x + img.get_width() + int(u * 0.5), y + img.get_height() // 2)).inflate(12, 4)
        pygame.draw.rect(surface, theme.SM_HOLIDAY if cal.get("holiday") else CHALK_DIM, box, border_radius=box.h // 2)
        surface.blit(tag, tag.get_rect(center=box.center))
        y += img.get_height()
        scene = (v.get("scene") or {}).get("number", 0)
        per = 2 if cal.get("holiday") else 1
        line = t.tx.ui("scene", n=scene) if scene else t.ctx.t("sm.no_scene")
        line += "  " + ctx.t("sm.scenes_today", n=cal.get("scenes_today", 0), per=per)
        img = ctx.text(line, fs(ctx, 0.8), CHALK)
        surface.blit(img, (x, y))
        y += img.get_height()
        loc = t.tx.location_name(v, v.get("location"))
        if loc:  # a place's name: one line, shrunk or squeezed, never cut
            fit = fitter_for(ctx)
            img = fit.name("♥ " + loc, fs(ctx, 0.85), PAPER, r.w - int(u * 1.2), True)
            fit.blit_label(surface, img, "♥ " + loc, "name", r, topleft=(x, y))
            y += img.get_height()
    else:
        title = t.tx.subject_title(v.get("subject")) or ctx.t("sm.setup")
        size = fs(ctx, 1.0)
        room = pygame.Rect(x, y, r.w - int(u * 1.2), 2 * fitter_for(ctx).line_h(size, True))
        y += fitter_for(ctx).draw_block(surface, title, room, size, CHALK, True, kind="name").height
    leader = v.get("leader")
    if isinstance(leader, int):
        text = f"{t.tx.ui('leader')}: {t.name(leader)}"
        fit = fitter_for(ctx)
        d = min(int(u * 1.4), fit.line_h(fs(ctx, 0.75)))
        img = fit.name(text, fs(ctx, 0.75), CHALK_DIM, r.right - x - d - int(u))  # never cut mid-name
        by = min(y + int(u * 0.15), r.bottom - d - 2)
        surface.blit(t.badges.badge(leader, d), (x - 2, by - 2))
        fit.blit_label(surface, img, text, "name", r, midleft=(x + d + int(u * 0.5), by + d // 2))


def draw_roster(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    """Table display: every student in one public line each (no secrets, only counts)."""
    ctx, u, r = t.ctx, t.L.u, t.L.sheet
    _panel(surface, r)
    y = r.top + int(u * 0.4)
    for i, st in enumerate(t.shown.get("students") or []):
        d = int(u * 1.5)
        surface.blit(t.badges.badge(i, d), (r.left + int(u * 0.4), y))
        x = r.left + int(u * 0.6) + d + int(u * 0.3)
        if st is None:
            img = ctx.text(t.name(i), fs(ctx, 0.7), CHALK_DIM)
            surface.blit(img, (x, y))
            y += int(u * 2)
            continue
        img = ctx.text(st["name"], fs(ctx, 0.72), CHALK, True)
        surface.blit(img, (x, y))
        sub = f"{t.tx.playbook_name(st['playbook'])}  {t.tx.ui('secrets_unlocked', n=st.get('secrets_unlocked', 0))}"
        im2 = ctx.text(sub, fs(ctx, 0.55), CHALK_DIM)
        surface.blit(im2, (x, y + img.get_height()))
        y += img.get_height() + im2.get_height()
        conds = [t.tx.condition_name(c) for c in st.get("conditions") or []]
        if conds:
            room = pygame.Rect(x, y, r.right - x - int(u * 0.3), 2 * fitter_for(ctx).line_h(fs(ctx, 0.55)))
            y += fitter_for(ctx).draw_block(surface, " / ".join(conds), room, fs(ctx, 0.55), theme.SM_CONDITION).height
        y += int(u * 0.4)
        if y > r.bottom - u * 2:
            break


def draw_sheet(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    ctx, u = t.ctx, t.L.u
    for i, tr in enumerate(tab_rects(t)):
        active = i == t.sel.get("tab")
        col = PAPER if active else theme.SM_TAB_IDLE
        pygame.draw.rect(surface, col, tr, border_top_left_radius=8, border_top_right_radius=8)
        d = int(min(tr.h * 0.72, u * 1.5))
        surface.blit(t.badges.badge(i, d), (tr.left + 3, tr.centery - d // 2 - 2))
        nm = tab_name(t, i)
        room = tr.w - d - 9
        size = fs(ctx, 0.62)
        fit = fitter_for(ctx)
        img = fit.name(nm, size, INK if active else CHALK, room, active)  # never cut mid-name
        if img.get_width() <= room:  # a name that cannot fit whole is not shown (the badge says the seat)
            fit.blit_label(surface, img, nm, "name", tr, midleft=(tr.left + d + 6, tr.centery))
    r = t.L.sheet
    seat = t.sel.get("tab")
    st = t.student(seat)
    if st is None and seat == t.seat:
        st = _preview_student(t)
    limit = secrets_rect(t).top - 2
    bottom = limit
    # too tall for the room above the secrets: drawn again smaller, down to the floor, then without
    # the empty condition slots but one
    for scale, compact in [(k, 0) for k in SCALES] + [(SCALES[-1], 1), (SCALES[-1], 2)]:
        pygame.draw.rect(surface, PAPER, r, border_bottom_left_radius=12, border_bottom_right_radius=12)
        bottom = _sheet_body(t, surface, seat, st, scale, compact)
        if bottom <= limit:
            break
    if bottom > limit:  # the walk fails on it
        record("sheet", pygame.Rect(r.left, limit, r.w, bottom - limit), "rule", True)
    if st is None or seat is None:
        return
    draw_secrets(t, surface, seat, st)


def _sheet_body(t: SchoolMysteryTable, surface: pygame.Surface, seat: Any, st: dict | None, k: float,
                compact: int = 0) -> int:
    """The character sheet above the secrets with text and gaps at ``k`` of their size (``compact`` 1: one
    empty condition slot, not three; 2: and the special moves left to the Moves dialog, which lists them);
    its bottom."""
    ctx, u, r = t.ctx, t.L.u * k, t.L.sheet
    x, y, w = r.left + int(u * 0.6), r.top + int(u * (0.5 if compact < 2 else 0.3)), r.w - int(u * 1.2)
    if st is None:
        for ln in ctx.wrap(ctx.t("sm.sheet_empty", name=t.name(seat)), fs(ctx, 0.8, k), w):
            surface.blit(ctx.text(ln, fs(ctx, 0.8, k), MUTED), (x, y))
            y += ctx.font(fs(ctx, 0.8, k)).get_linesize()
        return y
    # name, playbook, tags
    img = ctx.text(st["name"], fs(ctx, 1.1, k), INK, True)
    surface.blit(img, (x, y))
    tags = []
    if seat == t.shown.get("leader"):
        tags.append(t.tx.ui("leader"))
    if seat == t.seat:
        tags.append(ctx.t("sm.you"))
    if st.get("left"):
        tags.append(ctx.t("sm.left_tag"))
    tx = x + img.get_width() + int(u * 0.4)
    for tag in tags:
        im = ctx.text(tag, fs(ctx, 0.62, k), INK, True)
        box = im.get_rect(midleft=(tx, y + img.get_height() // 2)).inflate(10, 2)
        pygame.draw.rect(surface, theme.SM_CONDITION, box, border_radius=box.h // 2)
        surface.blit(im, im.get_rect(center=box.center))
        tx = box.right + 6
    y += img.get_height()
    pb = ctx.text(t.tx.playbook_name(st["playbook"]), fs(ctx, 0.75, k), MUTED, True)
    surface.blit(pb, (x, y))
    y += pb.get_height() + int(u * 0.3)
    # stats in two columns
    stats = st.get("stats") or {}
    ids = t.tx.stat_ids()
    size = fs(ctx, 0.75, k)
    fit = fitter_for(ctx)
    cols = 2
    if compact >= 2:  # three columns when each stat's name and value fit one
        widest = max((fit.width_of(t.tx.stat_name(sid), size) for sid in ids), default=0) + fit.width_of("+0", size, True)
        cols = 3 if widest + int(u * 1.2) <= w // 3 else 2
    colw = w // cols
    lh = ctx.font(size).get_linesize()
    for i, sid in enumerate(ids):
        cx = x + (i % cols) * colw
        cy = y + (i // cols) * lh
        nm = ctx.text(t.tx.stat_name(sid), size, INK)
        surface.blit(nm, (cx, cy))
        val = ctx.text(f"{int(stats.get(sid, 0)):+d}", size, INK, True)
        surface.blit(val, val.get_rect(topright=(cx + colw - int(u * 0.8), cy)))
    y += -(-len(ids) // cols) * lh + int(u * (0.3 if compact < 2 else 0.15))
    pygame.draw.line(surface, LINE, (x, y), (x + w, y), 1)
    y += int(u * (0.3 if compact < 2 else 0.15))
    # conditions: three slots
    surface.blit(ctx.text(ctx.t("sm.conditions_max"), fs(ctx, 0.7, k), MUTED, True), (x, y))
    y += ctx.font(fs(ctx, 0.7, k)).get_linesize()
    conds = st.get("conditions") or []
    slot_h = max(int(u * 1.5), fitter_for(ctx).line_h(fs(ctx, 0.7, k)) + 2)  # a name's line fits its slot
    slots = min(3, len(conds) + 1) if compact else 3
    for i in range(slots):
        sr = pygame.Rect(x, y + i * (slot_h + 3), w, slot_h)
        if i < len(conds):
            pygame.draw.rect(surface, theme.SM_CONDITION_SLOT, sr, border_radius=6)
            pygame.draw.rect(surface, theme.SM_CONDITION_SLOT_EDGE, sr, 2, border_radius=6)
            cond = t.tx.condition_name(conds[i])  # a name: shrunk, then squeezed, never cut
            img = fitter_for(ctx).name(cond, fs(ctx, 0.7, k), INK, w - 12)
            fitter_for(ctx).blit_label(surface, img, cond, "name", sr, midleft=(sr.left + 8, sr.centery))
        else:
            _dashed(surface, sr, LINE)
    y += slots * (slot_h + 3) + int(u * (0.2 if compact < 2 else 0.05))
    # relationships
    surface.blit(ctx.text(ctx.t("sm.relationships"), fs(ctx, 0.7, k), MUTED, True), (x, y))
    y += ctx.font(fs(ctx, 0.7, k)).get_linesize()
    help_used = [tuple(p) for p in t.shown.get("help_used") or []]
    rival = st.get("rival")
    n = len(t.shown.get("students") or [])
    size = fs(ctx, 0.68, k)
    lh = ctx.font(size).get_linesize()
    for other in range(n):
        is_rival = other == rival
        if other == seat and not is_rival:
            continue
        d = int(lh * 0.9)
        surface.blit(t.badges.badge(other, d), (x, y))
        role = t.tx.ui("rival") if is_rival else t.tx.ui("friend")
        if is_rival and other != seat:
            role = t.tx.ui("rival") + (" · " if ctx.lang == "en" else "・") + t.tx.ui("friend")
        text = t.name(other) + t.tx.paren(role)
        marks = []
        if other != seat:
            marks.append(("help", any(h == seat for h, _ in help_used)))  # one help per subject, whoever rolls
        if is_rival:
            marks.append(("reroll", seat in (t.shown.get("rival_used") or [])))
        mx = x + w
        for what, used in reversed(marks):
            mx = _tick(t, surface, mx, y, ctx.t(f"sm.rel_{what}"), used, size)
        room = max(0, mx - x - d - 12)
        short = t.name(other) + t.tx.paren(t.tx.ui("rival")) if is_rival else t.name(other)
        img = fitter_for(ctx).name(text, size, INK, room, is_rival, short=short)  # never cut mid-name
        surface.blit(img, (x + d + 8, y))
        y += lh
    y += int(u * 0.2)
    # special moves
    book = t.tx.playbook(st["playbook"])
    if book is not None and compact < 2:
        surface.blit(ctx.text(ctx.t("sm.special_moves"), fs(ctx, 0.7, k), MUTED, True), (x, y))
        y += ctx.font(fs(ctx, 0.7, k)).get_linesize()
        used_moves = st.get("used_moves") or {}
        names = []
        learned = st.get("extra_moves") or ()
        for mid in book.moves:
            m = t.tx.move(mid)
            if m is not None and (not m.advance or mid in learned):  # an advance move: once learned (campaign)
                names.append(t.tx.tr(m.name) + (" ✓" if mid in used_moves and m.limit == "subject" else ""))
        # the moves flow on as few lines as they need (the sheet shrinks as a whole when they do not fit)
        f = fitter_for(ctx).block("  ".join(names), size, w, None, floor=1.0)
        y += fitter_for(ctx).draw_block(surface, "  ".join(names), pygame.Rect(x, y, w, f.height), size, INK,
                                        kind="name", fitted=f).height
    return y


def _preview_student(t: SchoolMysteryTable) -> dict | None:
    """While creating a student, the sheet shows what the choices so far make."""
    book = t.tx.playbook(t.sel.get("playbook"))
    if book is None or t.shown.get("phase") != "setup_students":
        return None
    e = t.entries.get("name")
    chosen = t.sel.get("stats")
    idx = chosen if isinstance(chosen, int) else 0
    arrays = book.stat_arrays
    return {"name": (e.text.strip() if e is not None else "") or t.name(t.seat), "playbook": book.id,
            "stats": dict(arrays[min(idx, len(arrays) - 1)]), "rival": t.sel.get("rival"), "conditions": [],
            "secrets_unlocked": 0, "used_moves": {}, "left": False}


def _tick(t: SchoolMysteryTable, surface: pygame.Surface, right: int, y: int, label: str, used: bool, size: float) -> int:
    ctx = t.ctx
    img = ctx.text(("■ " if used else "□ ") + label, size * 0.92, MUTED if used else INK)
    r = img.get_rect(topright=(right, y))
    surface.blit(img, r)
    return r.left - 8


def _dashed(surface: pygame.Surface, r: pygame.Rect, colour: tuple) -> None:
    step = 8
    for x in range(r.left, r.right, step * 2):
        pygame.draw.line(surface, colour, (x, r.top), (min(x + step, r.right), r.top), 2)
        pygame.draw.line(surface, colour, (x, r.bottom), (min(x + step, r.right), r.bottom), 2)
    for y in range(r.top, r.bottom, step * 2):
        pygame.draw.line(surface, colour, (r.left, y), (r.left, min(y + step, r.bottom)), 2)
        pygame.draw.line(surface, colour, (r.right, y), (r.right, min(y + step, r.bottom)), 2)


def draw_secrets(t: SchoolMysteryTable, surface: pygame.Surface, seat: int, st: dict) -> None:
    """Four sealed cards (the three secrets and the last dealt to the student); the owner may open them."""
    ctx, u = t.ctx, t.L.u
    r = secrets_rect(t)
    unlocked = int(st.get("secrets_unlocked", 0))
    own = seat == t.seat and t.seat is not None and "secrets" in st
    head = ctx.t("sm.secrets_head", n=unlocked)
    surface.blit(ctx.text(head, fs(ctx, 0.7), MUTED, True), (r.left, r.top))
    top = r.top + ctx.font(fs(ctx, 0.7)).get_linesize() + 2
    ids = list(st.get("hand") or []) if own else []  # dealt privately: only the owner's view has them
    opened = set(st.get("secrets") or []) if own else set()
    if own and t.secrets_open:
        # the owner reads: each secret's text, unlocked ones marked
        size = fs(ctx, 0.62)
        lh = ctx.font(size).get_linesize()
        y = top
        box = pygame.Rect(r.left, top, r.w, r.bottom - top)
        pygame.draw.rect(surface, theme.SM_SECRETS_PAPER, box, border_radius=8)
        pygame.draw.rect(surface, SEALED, box, 2, border_radius=8)
        y += 4
        for i, sid in enumerate(ids):
            last = i == len(ids) - 1
            mark = "◆" if sid in opened else "◇"
            label = t.tx.ui("last_secret") if last else f"{t.tx.ui('secret')} {i + 1}"
            text = f"{mark} {label}: {t.tx.secret_text(st['playbook'], sid)}"
            for ln in ctx.wrap(text, size, r.w - 12):
                if y + lh > box.bottom:
                    break
                surface.blit(ctx.text(ln, size, SEALED if sid in opened else INK), (r.left + 6, y))
                y += lh
        return
    n = max(4, len(ids))
    gap = int(u * 0.4)
    cw = (r.w - gap * (n - 1)) // n
    hint = _secrets_hint(t, r) if seat == t.seat else None
    ch = r.bottom - top - (hint.height if hint is not None else 0) - 4
    ch = min(ch, int(cw * 1.2))
    for i in range(n):
        cr = pygame.Rect(r.left + i * (cw + gap), top, cw, ch)
        last = i == n - 1
        is_open = i < unlocked if not own else (ids[i] in opened if i < len(ids) else False)
        pygame.draw.rect(surface, theme.SM_SECRET_OPEN if is_open else SEALED, cr, border_radius=6)
        pygame.draw.rect(surface, theme.SM_LAST_SECRET if last else INK, cr, 3 if last else 1, border_radius=6)
        text = t.tx.ui("last_secret") if last else str(i + 1)
        size = fs(ctx, 0.55) if last else fs(ctx, 0.7)
        # one line, else two (shrunk to the floor), never cut: what does not fit is reported to the walk
        fitted = fitter_for(ctx).block(text, size, cw - 4, 2 * fitter_for(ctx).line_h(size, True), True, balanced=True)
        lines, size = list(fitted.lines), fitted.size
        record(text, cr, "label", fitted.overflow, surface)
        lh = int(size * 1.25)
        c = cr.center
        seal_r = int(cw * 0.2)
        if len(lines) > 1:  # the seal moves up to make room
            seal_r = max(4, min(seal_r, (ch - lh * 2) // 2 - 3))
            c = (cr.centerx, cr.top + (ch - lh * 2) // 2)
        if is_open:
            pygame.draw.circle(surface, SEAL_OPEN, c, seal_r, 2)
            k = seal_r / 0.2
            pygame.draw.line(surface, SEAL_OPEN, (c[0] - k * 0.18, c[1] + k * 0.12), (c[0] + k * 0.18, c[1] - k * 0.12), 2)
        else:
            pygame.draw.circle(surface, theme.SM_SEAL, c, seal_r)
            pygame.draw.circle(surface, theme.SM_SEAL_EDGE, c, seal_r, 2)
        y = cr.bottom - 3 - lh * len(lines)
        for ln in lines:
            lab = fitter_for(ctx).name(ln, size, INK if is_open else PAPER, cw - 4, True)  # shrunk, never cut
            fitter_for(ctx).blit_label(surface, lab, ln, "label",
                                       midtop=(cr.centerx, y + (lh - lab.get_height()) // 2))
            y += lh
    if hint is not None and t.seat is not None:
        room = pygame.Rect(r.left, r.bottom - hint.height, r.w, hint.height)
        fitter_for(ctx).draw_block(surface, ctx.t("sm.secrets_read"), room, fs(ctx, 0.62), ACCENT, True,
                                   align="center", fitted=hint)


def _secrets_hint(t: SchoolMysteryTable, r: pygame.Rect) -> Fitted:
    """"Click to read your secrets": two lines at most, shrunk to the floor (never cut)."""
    fit, size = fitter_for(t.ctx), fs(t.ctx, 0.62)
    return fit.block(t.ctx.t("sm.secrets_read"), size, r.w, 2 * fit.line_h(size, True), True, balanced=True)


def draw_decks(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    ctx, u = t.ctx, t.L.u
    v = t.shown
    decks = v.get("decks") or {}
    discards = v.get("discards") or {}
    duty = t.shown_now().duty  # who draws from each deck now, as the prompt and the step line say it
    for i, suit in enumerate(SUITS):
        slot = t.L.deck_slot(i).inflate(-int(u * 0.3), 0)
        _panel(surface, slot, alpha=110)
        cr = t.L.deck_card(i)
        count = int(decks.get(suit, 0)) if isinstance(decks.get(suit), int) else 0
        held = t.drag.is_held(("deck", suit))
        # a few stacked edges, then the top card back
        for k in range(min(4, max(0, count - 1)), 0, -1):
            pygame.draw.rect(surface, theme.SM_DECK_EDGES, cr.move(k * 2, k * 2), border_radius=8)
        if count:
            _deck_back(t, surface, cr, suit, dim=held)
        else:
            pygame.draw.rect(surface, theme.SM_DECK_EMPTY, cr, 2, border_radius=8)
        tx = cr.right + int(u * 0.6)
        tw = slot.right - tx - int(u * 0.3)
        fit = fitter_for(ctx)
        y = slot.top + int(u * 0.35)
        y += _deck_label(t, surface, suit, pygame.Rect(tx, y, tw, 0), fs(ctx, 0.66 if t.display else 0.8))
        nd = len(discards.get(suit) or [])
        count_text = ctx.t("sm.deck_left", n=count) + (ctx.t("sm.deck_discarded", d=nd) if nd else "")
        cs = fs(ctx, 0.55 if t.display else 0.65)
        room = pygame.Rect(tx, y, tw, (3 if nd else 2) * fit.line_h(cs))  # "left · discarded" may take 3 narrow lines
        y += fit.draw_block(surface, count_text, room, cs, CHALK_DIM, kind="label").height + int(u * 0.15)
        seat = duty.get(suit)
        if isinstance(seat, int):
            lab = ctx.text(t.tx.ui("duty"), fs(ctx, 0.6), CHALK_DIM)
            nm = ctx.text(t.name(seat), fs(ctx, 0.7), ACCENT if seat == t.seat else CHALK, True)
            d = min(int(u * 1.5), nm.get_height() + 2)
            y = min(y + int(u * 0.1), slot.bottom - d - 2)
            surface.blit(t.badges.badge(seat, d), (tx - 2, y))
            nx = tx + d + 4
            if nx + lab.get_width() + 4 + nm.get_width() <= slot.right - 4:  # "Duty" only when it all fits
                surface.blit(lab, (nx, y + (d - lab.get_height()) // 2))
                nx += lab.get_width() + 4
            else:
                nm = fitter_for(ctx).name(t.name(seat), fs(ctx, 0.7), ACCENT if seat == t.seat else CHALK,
                                          max(1, slot.right - nx - 4), True)  # never cut mid-name
            surface.blit(nm, (nx, y + (d - nm.get_height()) // 2))


def _deck_label(t: SchoolMysteryTable, surface: pygame.Surface, suit: str, at: pygame.Rect, size: float) -> int:
    """A deck's name ("♠ Supporting character") in two lines at most, broken only between words, its
    symbol kept where it can be: on the name's line, before the kind's short name, on a line of its own;
    only then the name alone (the deck's back shows the symbol), then the short name."""
    fit = fitter_for(t.ctx)
    name = t.tx.ui(f"suit_{suit}")
    words = name.split(" ")
    candidates = [name]
    if len(words) > 1 and not any(ch.isalnum() for ch in words[0]):  # the suit symbol
        candidates = [name.replace(" ", "\u00a0", 1), " ".join(words[1:])]
    shorts = [t.tx.ui(f"kind_{kind}_short") for kind, s in KIND_SUIT.items()
              if s == suit and t.tx.content.ui.get(f"kind_{kind}_short")]
    if len(candidates) > 1:  # the symbol kept before the short name, then the name alone, then the short one
        candidates = [candidates[0]] + [f"{words[0]}\u00a0{sh}" for sh in shorts] + [name] + candidates[1:]
    candidates += shorts
    low = fit.floor(size)
    for text in candidates:
        whole_words = all(fit.width_of(w, low, True) <= at.w for w in text.split(" "))
        for lines in (2, 1):  # wrapped between words, else shrunk onto one line (the symbol kept: "♣ 手がかり")
            f = fit.block(text, size, at.w, lines * fit.line_h(size, True), True)
            unbroken = all(any(w in ln for ln in f.lines) for w in text.split(" "))  # no word split over two lines
            if whole_words and unbroken and not f.overflow:
                return fit.draw_block(surface, text, pygame.Rect(at.x, at.y, at.w, f.height), size, CHALK, True,
                                      kind="label", fitted=f).height
    img = fit.name(candidates[-1], size, CHALK, at.w, True)  # one word too long even alone: squeezed
    return fit.blit_label(surface, img, candidates[-1], "label", pygame.Rect(at.x, at.y, at.w, img.get_height()),
                          topleft=at.topleft).h


def _deck_back(t: SchoolMysteryTable, surface: pygame.Surface, r: pygame.Rect, suit: str, dim: bool = False) -> None:
    colour = SUIT_COLOUR[suit]
    pygame.draw.rect(surface, theme.DROP_SHADOW_SOLID, r.move(2, 4), border_radius=8)
    pygame.draw.rect(surface, PAPER, r, border_radius=8)
    inner = r.inflate(-8, -8)
    pygame.draw.rect(surface, colour if not dim else theme.GREY_CARD, inner, border_radius=6)
    for k in range(3):
        pygame.draw.rect(surface, PAPER, inner.inflate(-10 - k * 10, -10 - k * 10), 1, border_radius=5)
    draw_symbol(surface, SUIT_SYMBOL[suit], inner.center, inner.w * 0.24, PAPER)


def draw_prompt(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    from client.tables.school_mystery_panels import prompt

    ctx, u, r = t.ctx, t.L.u, t.L.prompt
    text, mine = prompt(t)
    if not text:
        return
    _panel(surface, r, alpha=200 if mine else 120, border=ACCENT if mine else None, radius=int(r.h // 2))
    size = fs(ctx, 0.9 if not t.display else 0.75)
    room = pygame.Rect(r.left + int(u * 0.8), r.top, r.w - int(u * 1.5), r.h)  # shrinks, then wraps: never cut
    fitter_for(ctx).draw_block(surface, text, room, size, ACCENT if mine else CHALK, mine, valign="center")


def draw_canvas(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    u, r = t.L.u, t.L.canvas
    cards = t.shown.get("cards") or []
    if not cards and t.shown.get("phase") in ("introduction", "investigation"):
        room = pygame.Rect(r.left + int(u * 2), r.centery, r.w - int(u * 4), r.bottom - r.centery)
        fitter_for(t.ctx).draw_block(surface, t.ctx.t("sm.canvas_empty"), room, fs(t.ctx, 0.9), theme.SM_CANVAS_HINT,
                                     align="center")
    if t.shown.get("phase") == "over":
        return  # the article page covers the table
    used = set(t.shown.get("clues_used") or [])
    resolution = t.shown.get("phase") in ("resolution", "over")
    edit = t.sel.get("edit")
    for c in cards:
        if t.drag.is_held(("card", c["id"])):
            continue
        img = info_card_surface(t, c, resolution and c["id"] in used, edit == c["id"])
        pos = t.drag.position_of(("card", c["id"]), card_rect(t, c).center)
        born = t.card_born.get(c["id"], 0.0)
        if born > 0:  # a new card turns face up (horizontal squash)
            k = max(0.05, abs(math.cos(math.pi / 2 * born / BORN_SECONDS)))
            img = pygame.transform.smoothscale(img, (max(1, int(img.get_width() * k)), img.get_height()))
        lift = int(u * 0.25) if t.hover == c["id"] and not t.drag.dragging else 0
        blit_layer(surface, img, img.get_rect(center=(int(pos[0]), int(pos[1]) - lift)).topleft)
        if c["kind"] == "clue" and t._play_phase() and not t.display:
            knob = link_knob(t, card_rect(t, c))
            pygame.draw.circle(surface, theme.SM_LINK, knob.center, knob.w // 2 - 2)
            pygame.draw.circle(surface, PAPER, knob.center, knob.w // 2 - 2, 2)
            knot = t.ctx.text("∞", fs(t.ctx, 0.6), PAPER, True)
            surface.blit(knot, knot.get_rect(center=knob.center))
    # links: red string between clue cards, a knot in the middle (click it to cut)
    for a, b, mid in link_marks(t):
        ca, cb = t.card(a), t.card(b)
        if ca is None or cb is None:
            continue
        pts = link_path(t, _drawn_rect(t, ca), _drawn_rect(t, cb))
        pygame.draw.lines(surface, theme.SM_LINK, False, pts, max(2, int(u * 0.18)))
        pygame.draw.circle(surface, theme.SM_LINK, pts[len(pts) // 2], int(u * 0.45))
        pygame.draw.circle(surface, PAPER, pts[len(pts) // 2], int(u * 0.45), 2)
    # a link being drawn follows the pointer
    held = _held(t)
    if held is not None and held[0] == "link":
        src = t.card(held[1])
        if src is not None:
            pygame.draw.line(surface, theme.SM_LINK_DRAGGED, card_rect(t, src).center, t.drag.pointer, max(2, int(u * 0.2)))


def _drawn_rect(t: SchoolMysteryTable, card: dict) -> pygame.Rect:
    r = card_rect(t, card)
    r.center = _drawn_center(t, card)
    return r


def _drawn_center(t: SchoolMysteryTable, card: dict) -> tuple[int, int]:
    if t.drag.is_held(("card", card["id"])):
        p = t.drag.position_of(("card", card["id"]), card_rect(t, card).center)
        return int(p[0]), int(p[1])
    p = t.drag.position_of(("card", card["id"]), card_rect(t, card).center)
    return int(p[0]), int(p[1])


def draw_dragged(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    held = t.drag.held
    if held is None or not t.drag.dragging:
        return
    p = held.payload
    pos = t.drag.position_of(held.id, held.home)
    if p[0] == "card":
        c = t.card(p[1])
        if c is not None:
            img = info_card_surface(t, c, False, True)
            surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]) - 4)))
    elif p[0] == "deck":
        r = t.L.deck_card(SUITS.index(p[1])).copy()
        r.center = (int(pos[0]), int(pos[1]))
        _deck_back(t, surface, r, p[1])


def _held(t: SchoolMysteryTable) -> tuple | None:
    """The payload being dragged now (``("card", id)``, ``("deck", suit)``, ``("link", id)``), or None."""
    held = t.drag.held
    if held is None or not t.drag.dragging or not isinstance(held.payload, tuple):
        return None
    return held.payload


def draw_flying(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    for f in t.flying:
        k = min(1.0, f["t"] / 0.45)
        e = 1 - (1 - k) ** 3
        x = f["from"][0] + (f["to"][0] - f["from"][0]) * e
        y = f["from"][1] + (f["to"][1] - f["from"][1]) * e
        r = t.L.deck_card(SUITS.index(f["suit"])).copy()
        sq = abs(math.cos(math.pi * k))
        r.w = max(2, int(r.w * max(0.05, sq)))
        r.center = (int(x), int(y))
        _deck_back(t, surface, r, f["suit"])


def draw_log(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    """The game log on the kit's log panel (wrapped, never cut; the shared display shows the newest)."""
    r = t.L.log
    _panel(surface, r)
    lines = [(text, seat if isinstance(seat, int) else None) for text, seat in t.pres.log_lines[-40:]]
    unit = max(t.L.u * 0.85, fs(t.ctx, 0.68) / theme.TYPE["small"])  # log lines never under 14 px
    t.log_panel.draw(surface, t.ctx, r, lines[-2:] if t.display else lines, unit,
                     "" if t.display else t.ctx.t("sm.log"))


def draw_tray_base(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    ctx, u, r = t.ctx, t.L.u, t.L.tray
    _panel(surface, r, alpha=170, colour=theme.SM_TRAY_WOOD)
    inner = r.inflate(-int(u * 0.6), -int(u * 0.6))
    pygame.draw.rect(surface, theme.SM_TRAY_FELT, inner, border_radius=int(u * 0.5))
    pygame.draw.rect(surface, theme.SM_TRAY_FELT_EDGE, inner, 3, border_radius=int(u * 0.5))
    if t.dice is None:
        img = ctx.text(ctx.t("sm.tray"), fs(ctx, 0.8), theme.SM_TRAY_LABEL)
        surface.blit(img, img.get_rect(center=inner.center))


def draw_dice(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    ctx, u, r = t.ctx, t.L.u, t.L.tray
    inner = r.inflate(-int(u * 0.6), -int(u * 0.6))
    if t.dice is None:
        return
    t.dice.draw(surface, t.faces, lambda s: ctx.text(s, fs(ctx, 1.1), INK, True))
    ev = t.dice_event or {}
    if t.dice.landed:
        band = ev.get("band")
        roll = t.shown.get("roll") or {}
        if roll.get("raised") and roll.get("stage") == "rolled" and ev.get("reason") != "resolve":
            band = roll.get("band", band)
        note = ctx.t(f"sm.mode_note_{ev.get('mode', 'normal')}")
        if ev.get("reason") == "resolve":
            note = ctx.t("sm.resolve_note", d=ev.get("difficulty", 0), n=ev.get("clues", 0))
        size = fs(ctx, 0.62)
        fit = fitter_for(ctx)
        f = fit.block(note, size, inner.w - 8, 2 * fit.line_h(size), balanced=True)  # two lines, shrunk
        room = pygame.Rect(inner.left + 4, inner.bottom - int(u * 0.3) - f.height, inner.w - 8, f.height)
        fit.draw_block(surface, note, room, size, CHALK_DIM, align="center", fitted=f)
        word = t.tx.band(band)
        img = fit.name(word, fs(ctx, 1.25), BAND_COLOUR.get(band or "", CHALK), inner.w - 8, True)  # shrunk, never cut
        fit.blit_label(surface, img, word, "label", midbottom=(inner.centerx, room.top))
