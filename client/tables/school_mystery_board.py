"""Drawing the school_mystery table (reads the table, never changes it) and its hit geometry."""
from __future__ import annotations

import math
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

import pygame

from client.kit import theme
from client.kit.nodes import Node
from client.kit.textfit import Fitted, blit_layer, record
from client.kit.theme import ACCENT, CHALK, CHALK_DIM, INK, LINE, MUTED, PAPER
from client.kit.widgets import fitter_for
from client.tables.school_mystery_layout import secrets_rect
from client.tables.school_mystery_sheet import SCALES, Custom, Sheet, draw_widget, fs
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
SEALED = (120, 52, 60)
SEAL_OPEN = (200, 170, 120)


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
    cards = t.view.get("cards") or []
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
    return out


def card_rect(t: SchoolMysteryTable, card: dict) -> pygame.Rect:
    return pygame.Rect(card_pos(t, card), t.L.card_size)


def card_node(t: SchoolMysteryTable, card: dict) -> Node:
    """The node-map entry of an information card (draggable; under an open dialog it is covered)."""
    return Node(id=("card", card["id"]), rect=card_rect(t, card), z=5, kind="card", payload=("card", card["id"]),
                draggable=bool(t.controls), label=str(card.get("title") or ""),
                zoom=card_face(t, card))  # right-click or hover-hold shows it whole (a cascade covers its text)


def deck_nodes(t: SchoolMysteryTable) -> list[Node]:
    """The decks this viewer may draw from now (``("deck", suit)``, dragged onto the table: ``"canvas"``)."""
    out: list[Node] = []
    for i, suit in enumerate(SUITS):
        action = deck_action(t, suit)
        if action is not None:
            r = t.L.deck_card(i)
            out.append(Node(id=("deck", suit), rect=pygame.Rect(r), z=6, kind="deck", payload=("deck", suit),
                            draggable=True, action=action, label=suit))
    if out:
        out.append(Node(id="canvas", rect=pygame.Rect(t.L.canvas), z=0, kind="area", solid=False))
    return out


def modal_open(t: SchoolMysteryTable) -> bool:
    """A dialog sheet or the article page covers the table."""
    return any(isinstance(w, (Sheet, Custom)) and w.modal for w in t.widgets)


def card_at(t: SchoolMysteryTable, pos: tuple[int, int]) -> int | None:
    for c in reversed(t.view.get("cards") or []):
        if card_rect(t, c).collidepoint(pos):
            return c["id"]
    return None


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
    for a, b in t.view.get("links") or []:
        ca, cb = t.card(a), t.card(b)
        if ca is None or cb is None:
            continue
        pts = link_path(t, card_rect(t, ca), card_rect(t, cb))
        out.append((a, b, pts[len(pts) // 2]))
    return out


def tab_rects(t: SchoolMysteryTable) -> list[pygame.Rect]:
    """One tab per student; the open tab is as wide as its name needs, the others share the rest."""
    students = t.view.get("students") or []
    n = len(students)
    if not n or t.display:
        return []
    tabs = t.L.tabs
    even = tabs.w // n
    active = t.sel.get("tab")
    d = int(min(tabs.h * 0.72, t.L.u * 1.5))
    fit = fitter_for(t.ctx)
    size = fs(t.ctx, 0.62)
    names = [st["name"] if st else t.name(i) for i, st in enumerate(students)]  # the player until a student exists
    needs = [d + 14 + fit.width_of(nm, size, True) for nm in names]
    # the least a tab takes: its name at the fitter's floor, squeezed as far as Fitter.name goes
    mins = [d + 14 + int(fit.width_of(nm, fit.floor(size), True) * 0.75) + 1 for nm in names]
    widths = [even] * n
    if sum(needs) <= tabs.w:  # every whole name fits: share out what is left
        extra = (tabs.w - sum(needs)) // n
        widths = [need + extra for need in needs]
    elif sum(mins) <= tabs.w:  # every name fits shrunk: the open tab gets its whole name first
        widths = list(mins)
        spare = tabs.w - sum(mins)
        if isinstance(active, int) and 0 <= active < n:
            grow = min(spare, needs[active] - mins[active])
            widths[active] += grow
            spare -= grow
        for i in range(n):
            widths[i] += spare // n
    elif isinstance(active, int) and 0 <= active < n and n > 1:  # the open tab's name; the others a badge
        badge = d + 10
        widths[active] = min(needs[active], max(mins[active], tabs.w - badge * (n - 1)))
        rest = (tabs.w - widths[active]) // (n - 1)
        widths = [widths[active] if i == active else rest for i in range(n)]
    out, x = [], tabs.left
    for w in widths:
        out.append(pygame.Rect(x, tabs.top, w - 2, tabs.h))
        x += w
    return out


def deck_action(t: SchoolMysteryTable, suit: str) -> dict | None:
    """The action dragging this deck's top card sends for this viewer now (None: not theirs)."""
    if not t.controls:
        return None
    task = t.task()
    if task is not None and task.get("kind") == "draw" and task.get("suit") == suit and task.get("seat") == t.seat:
        return {"type": "draw_card"} if t.can("draw_card") else None
    if suit == "hearts" and task is None and t.view.get("roll") is None and t.can("draw_location"):
        return {"type": "draw_location"}
    return None


# --------------------------------------------------------------------------- card faces

def card_face(t: SchoolMysteryTable, card: dict) -> CardFace:
    kind = card.get("kind", "note")
    suit = KIND_SUIT.get(kind)
    colour = SUIT_COLOUR.get(suit or "", NOTE_COLOUR)
    title = t.tx.card_title(t.view, card)
    return CardFace(key=f"info:{card['id']}:{hash(card.get('text', ''))}:{card.get('option')}", title=title,
                    subtitle=t.tx.ui(f"kind_{kind}") + (f" {card['rank']}" if card.get("rank") else ""),
                    body=t.tx.card_body(t.view, card), colour=colour,
                    symbol=SUIT_SYMBOL.get(suit or "", "circle"), corner=str(card.get("rank") or ""))


def card_zoom_text(t: SchoolMysteryTable, card: dict) -> str:
    body = t.tx.card_body(t.view, card)
    base = t.tx.card_base_text(t.view, card)
    parts = [body]
    if base and base != body:
        parts.append("— " + base)
    if card.get("kind") == "character" and card.get("rank"):
        parts.append(t.tx.drawn(t.view, "spades", card["rank"])["extra"])
    parts.append(t.ctx.t("sm.card_by", name=t.name(card.get("by")), n=card.get("scene", 0)))
    return "\n".join(p for p in parts if p)


def info_card_surface(t: SchoolMysteryTable, card: dict, used: bool, selected: bool) -> pygame.Surface:
    w, h = t.L.card_size
    body = t.tx.card_body(t.view, card)
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
    pygame.draw.rect(s, (0, 0, 0, 60), (pad + 3, pad + 5, w, h), border_radius=int(u * 0.45))
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
        title = t.tx.card_title(t.view, card)  # a place's or a person's name: shrunk, else wrapped at the floor
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
        stamp = ctx.text(ctx.t("sm.used_stamp"), fs(ctx, 0.7), (190, 60, 50), True)
        box = stamp.get_rect(bottomright=(r.right - int(u * 0.3), r.bottom - int(u * 0.2))).inflate(10, 4)
        pygame.draw.rect(s, (252, 236, 220), box, border_radius=4)
        pygame.draw.rect(s, (190, 60, 50), box, 2, border_radius=4)
        s.blit(stamp, stamp.get_rect(center=box.center))
    border = ACCENT if selected else (200, 190, 170)
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
    held = t.drag.held.payload.get("suit") if (t.drag.held is not None and t.drag.dragging) else None
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
    _panel(layer, r, alpha=60, radius=int(u * 0.6), colour=(20, 40, 36))
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
    v = t.view
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
        pygame.draw.rect(surface, (240, 200, 120) if cal.get("holiday") else CHALK_DIM, box, border_radius=box.h // 2)
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
    for i, st in enumerate(t.view.get("students") or []):
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
            y += fitter_for(ctx).draw_block(surface, " / ".join(conds), room, fs(ctx, 0.55), (240, 200, 140)).height
        y += int(u * 0.4)
        if y > r.bottom - u * 2:
            break


def draw_sheet(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    ctx, u = t.ctx, t.L.u
    students = t.view.get("students") or []
    for i, tr in enumerate(tab_rects(t)):
        active = i == t.sel.get("tab")
        col = PAPER if active else (70, 100, 92)
        pygame.draw.rect(surface, col, tr, border_top_left_radius=8, border_top_right_radius=8)
        d = int(min(tr.h * 0.72, u * 1.5))
        surface.blit(t.badges.badge(i, d), (tr.left + 3, tr.centery - d // 2 - 2))
        st = students[i]
        nm = st["name"] if st else t.name(i)
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
    for scale, compact in [(k, False) for k in SCALES] + [(SCALES[-1], True)]:
        pygame.draw.rect(surface, PAPER, r, border_bottom_left_radius=12, border_bottom_right_radius=12)
        bottom = _sheet_body(t, surface, seat, st, scale, compact)
        if bottom <= limit:
            break
    if bottom > limit:  # the walk fails on it
        record("sheet", pygame.Rect(r.left, limit, r.w, bottom - limit), "rule", True)
    if st is None or seat is None:
        return
    draw_secrets(t, surface, seat, st)


def _sheet_body(t: SchoolMysteryTable, surface: pygame.Surface, seat: Any, st: dict | None, k: float, compact: bool = False) -> int:
    """The character sheet above the secrets with text and gaps at ``k`` of their size (``compact``: one
    empty condition slot, not three); its bottom."""
    ctx, u, r = t.ctx, t.L.u * k, t.L.sheet
    x, y, w = r.left + int(u * 0.6), r.top + int(u * 0.5), r.w - int(u * 1.2)
    if st is None:
        for ln in ctx.wrap(ctx.t("sm.sheet_empty", name=t.name(seat)), fs(ctx, 0.8, k), w):
            surface.blit(ctx.text(ln, fs(ctx, 0.8, k), MUTED), (x, y))
            y += ctx.font(fs(ctx, 0.8, k)).get_linesize()
        return y
    # name, playbook, tags
    img = ctx.text(st["name"], fs(ctx, 1.1, k), INK, True)
    surface.blit(img, (x, y))
    tags = []
    if seat == t.view.get("leader"):
        tags.append(t.tx.ui("leader"))
    if seat == t.seat:
        tags.append(ctx.t("sm.you"))
    if st.get("left"):
        tags.append(ctx.t("sm.left_tag"))
    tx = x + img.get_width() + int(u * 0.4)
    for tag in tags:
        im = ctx.text(tag, fs(ctx, 0.62, k), INK, True)
        box = im.get_rect(midleft=(tx, y + img.get_height() // 2)).inflate(10, 2)
        pygame.draw.rect(surface, (240, 200, 140), box, border_radius=box.h // 2)
        surface.blit(im, im.get_rect(center=box.center))
        tx = box.right + 6
    y += img.get_height()
    pb = ctx.text(t.tx.playbook_name(st["playbook"]), fs(ctx, 0.75, k), MUTED, True)
    surface.blit(pb, (x, y))
    y += pb.get_height() + int(u * 0.3)
    # stats in two columns
    stats = st.get("stats") or {}
    ids = t.tx.stat_ids()
    colw = w // 2
    size = fs(ctx, 0.75, k)
    lh = ctx.font(size).get_linesize()
    for i, sid in enumerate(ids):
        cx = x + (i % 2) * colw
        cy = y + (i // 2) * lh
        nm = ctx.text(t.tx.stat_name(sid), size, INK)
        surface.blit(nm, (cx, cy))
        val = ctx.text(f"{int(stats.get(sid, 0)):+d}", size, INK, True)
        surface.blit(val, val.get_rect(topright=(cx + colw - int(u * 0.8), cy)))
    y += ((len(ids) + 1) // 2) * lh + int(u * 0.3)
    pygame.draw.line(surface, LINE, (x, y), (x + w, y), 1)
    y += int(u * 0.3)
    # conditions: three slots
    surface.blit(ctx.text(ctx.t("sm.conditions_max"), fs(ctx, 0.7, k), MUTED, True), (x, y))
    y += ctx.font(fs(ctx, 0.7, k)).get_linesize()
    conds = st.get("conditions") or []
    slot_h = max(int(u * 1.5), fitter_for(ctx).line_h(fs(ctx, 0.7, k)) + 2)  # a name's line fits its slot
    slots = min(3, len(conds) + 1) if compact else 3
    for i in range(slots):
        sr = pygame.Rect(x, y + i * (slot_h + 3), w, slot_h)
        if i < len(conds):
            pygame.draw.rect(surface, (250, 226, 200), sr, border_radius=6)
            pygame.draw.rect(surface, (200, 120, 80), sr, 2, border_radius=6)
            cond = t.tx.condition_name(conds[i])  # a name: shrunk, then squeezed, never cut
            img = fitter_for(ctx).name(cond, fs(ctx, 0.7, k), INK, w - 12)
            fitter_for(ctx).blit_label(surface, img, cond, "name", sr, midleft=(sr.left + 8, sr.centery))
        else:
            _dashed(surface, sr, LINE)
    y += slots * (slot_h + 3) + int(u * 0.2)
    # relationships
    surface.blit(ctx.text(ctx.t("sm.relationships"), fs(ctx, 0.7, k), MUTED, True), (x, y))
    y += ctx.font(fs(ctx, 0.7, k)).get_linesize()
    help_used = [tuple(p) for p in t.view.get("help_used") or []]
    rival = st.get("rival")
    n = len(t.view.get("students") or [])
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
            marks.append(("help", (seat, other) in help_used))
        if is_rival:
            marks.append(("reroll", seat in (t.view.get("rival_used") or [])))
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
    if book is not None:
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
    if book is None or t.view.get("phase") != "setup_students":
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
        pygame.draw.rect(surface, (252, 246, 236), box, border_radius=8)
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
        pygame.draw.rect(surface, (236, 226, 206) if is_open else SEALED, cr, border_radius=6)
        pygame.draw.rect(surface, (212, 176, 90) if last else INK, cr, 3 if last else 1, border_radius=6)
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
            pygame.draw.circle(surface, (200, 80, 70), c, seal_r)
            pygame.draw.circle(surface, (150, 40, 40), c, seal_r, 2)
        y = cr.bottom - 3 - lh * len(lines)
        for ln in lines:
            lab = _fit(ctx.text(ln, size, INK if is_open else PAPER, True), cw - 4)
            surface.blit(lab, lab.get_rect(midtop=(cr.centerx, y + (lh - lab.get_height()) // 2)))
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
    v = t.view
    decks = v.get("decks") or {}
    discards = v.get("discards") or {}
    duty = (v.get("scene") or {}).get("duty") or {}
    for i, suit in enumerate(SUITS):
        slot = t.L.deck_slot(i).inflate(-int(u * 0.3), 0)
        _panel(surface, slot, alpha=110)
        cr = t.L.deck_card(i)
        count = int(decks.get(suit, 0)) if isinstance(decks.get(suit), int) else 0
        held = t.drag.is_held(("deck", suit))
        # a few stacked edges, then the top card back
        for k in range(min(4, max(0, count - 1)), 0, -1):
            pygame.draw.rect(surface, (30, 44, 56), cr.move(k * 2, k * 2), border_radius=8)
        if count:
            _deck_back(t, surface, cr, suit, dim=held)
        else:
            pygame.draw.rect(surface, (60, 90, 82), cr, 2, border_radius=8)
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
    """A deck's name ("♠ Supporting character") in two lines at most, broken only between words;
    when room is short the symbol goes first (the deck's back shows it), then the kind's short name."""
    fit = fitter_for(t.ctx)
    name = t.tx.ui(f"suit_{suit}")
    words = name.split(" ")
    candidates = [name]
    if len(words) > 1 and not any(ch.isalnum() for ch in words[0]):  # the suit symbol
        candidates = [name.replace(" ", "\u00a0", 1), " ".join(words[1:])]
    candidates += [t.tx.ui(f"kind_{kind}_short") for kind, s in KIND_SUIT.items()
                   if s == suit and t.tx.content.ui.get(f"kind_{kind}_short")]
    low = fit.floor(size)
    for text in candidates:
        whole_words = all(fit.width_of(w, low, True) <= at.w for w in text.split(" "))
        f = fit.block(text, size, at.w, 2 * fit.line_h(size, True), True)
        unbroken = all(any(w in ln for ln in f.lines) for w in text.split(" "))  # no word split over two lines
        if whole_words and unbroken and not f.overflow:
            return fit.draw_block(surface, text, pygame.Rect(at.x, at.y, at.w, f.height), size, CHALK, True,
                                  kind="label", fitted=f).height
    img = fit.name(candidates[-1], size, CHALK, at.w, True)  # one word too long even alone: squeezed
    return fit.blit_label(surface, img, candidates[-1], "label", pygame.Rect(at.x, at.y, at.w, img.get_height()),
                          topleft=at.topleft).h


def _deck_back(t: SchoolMysteryTable, surface: pygame.Surface, r: pygame.Rect, suit: str, dim: bool = False) -> None:
    colour = SUIT_COLOUR[suit]
    pygame.draw.rect(surface, (0, 0, 0), r.move(2, 4), border_radius=8)
    pygame.draw.rect(surface, PAPER, r, border_radius=8)
    inner = r.inflate(-8, -8)
    pygame.draw.rect(surface, colour if not dim else (120, 120, 120), inner, border_radius=6)
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
    cards = t.view.get("cards") or []
    if not cards and t.view.get("phase") in ("introduction", "investigation"):
        room = pygame.Rect(r.left + int(u * 2), r.centery, r.w - int(u * 4), r.bottom - r.centery)
        fitter_for(t.ctx).draw_block(surface, t.ctx.t("sm.canvas_empty"), room, fs(t.ctx, 0.9), (90, 120, 110),
                                     align="center")
    if t.view.get("phase") == "over":
        return  # the article page covers the table
    used = set(t.view.get("clues_used") or [])
    resolution = t.view.get("phase") in ("resolution", "over")
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
            pygame.draw.circle(surface, (200, 60, 60), knob.center, knob.w // 2 - 2)
            pygame.draw.circle(surface, PAPER, knob.center, knob.w // 2 - 2, 2)
            knot = t.ctx.text("∞", fs(t.ctx, 0.6), PAPER, True)
            surface.blit(knot, knot.get_rect(center=knob.center))
    # links: red string between clue cards, a knot in the middle (click it to cut)
    for a, b, mid in link_marks(t):
        ca, cb = t.card(a), t.card(b)
        if ca is None or cb is None:
            continue
        pts = link_path(t, _drawn_rect(t, ca), _drawn_rect(t, cb))
        pygame.draw.lines(surface, (200, 60, 60), False, pts, max(2, int(u * 0.18)))
        pygame.draw.circle(surface, (200, 60, 60), pts[len(pts) // 2], int(u * 0.45))
        pygame.draw.circle(surface, PAPER, pts[len(pts) // 2], int(u * 0.45), 2)
    # a link being drawn follows the pointer
    if t.drag.dragging and t.drag.held is not None and t.drag.held.payload.get("kind") == "link":
        src = t.card(t.drag.held.payload["id"])
        if src is not None:
            pygame.draw.line(surface, (230, 80, 80), card_rect(t, src).center, t.drag.pointer, max(2, int(u * 0.2)))


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
    if p.get("kind") == "card":
        c = t.card(p["id"])
        if c is not None:
            img = info_card_surface(t, c, False, True)
            surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]) - 4)))
    elif p.get("kind") == "deck":
        r = t.L.deck_card(SUITS.index(p["suit"])).copy()
        r.center = (int(pos[0]), int(pos[1]))
        _deck_back(t, surface, r, p["suit"])


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
    lines = [(text, seat if isinstance(seat, int) else None) for text, seat in t.log[-40:]]
    unit = max(t.L.u * 0.85, fs(t.ctx, 0.68) / theme.TYPE["small"])  # log lines never under 14 px
    t.log_panel.draw(surface, t.ctx, r, lines[-2:] if t.display else lines, unit,
                     "" if t.display else t.ctx.t("sm.log"))


def draw_tray_base(t: SchoolMysteryTable, surface: pygame.Surface) -> None:
    ctx, u, r = t.ctx, t.L.u, t.L.tray
    _panel(surface, r, alpha=170, colour=(60, 42, 30))
    inner = r.inflate(-int(u * 0.6), -int(u * 0.6))
    pygame.draw.rect(surface, (40, 92, 70), inner, border_radius=int(u * 0.5))
    pygame.draw.rect(surface, (30, 70, 54), inner, 3, border_radius=int(u * 0.5))
    if t.dice is None:
        img = ctx.text(ctx.t("sm.tray"), fs(ctx, 0.8), (90, 140, 120))
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
        roll = t.view.get("roll") or {}
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
        img = _fit(ctx.text(t.tx.band(band), fs(ctx, 1.25), BAND_COLOUR.get(band or "", CHALK), True), inner.w - 8)
        surface.blit(img, img.get_rect(midbottom=(inner.centerx, room.top)))


def _fit(img: pygame.Surface, width: int) -> pygame.Surface:
    """Shrink a rendered line that is wider than ``width`` (rare: small windows, long words)."""
    if img.get_width() <= width or width <= 0:
        return img
    return pygame.transform.smoothscale(img, (width, max(1, int(img.get_height() * width / img.get_width()))))
