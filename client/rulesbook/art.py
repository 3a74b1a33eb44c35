"""The rules book's illustrations, drawn by each game's own painters (never screenshots).

``draw_art(ctx, art, height)`` returns one surface for a :class:`assets.loaders.rules_book.Art`:
a fate_votes character card (the table's card face), a mind_swap student or action card or a
pair (the table's painter), the school map in miniature (the table's place floors, suits and
names), a school_mystery card from a subject (the table's card face), or dice (the table's
die faces). Text on the pieces goes through the kit's fitter like everywhere else.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from client.kit import theme
from client.kit.widgets import fitter_for
from client.widgets.cards import CardFace, CardRenderer, card_size

Painter = Callable[[Any, Any, int], pygame.Surface]
_RENDERERS: dict[tuple[int, str], Any] = {}


def _shared(ctx: Any, kind: str, make: Callable[[], Any]) -> Any:
    """One painter object per context and kind (their caches live as long as the context)."""
    key = (id(ctx), kind)
    obj = _RENDERERS.get(key)
    if obj is None or getattr(obj, "ctx", ctx) is not ctx:
        if len(_RENDERERS) > 24:
            _RENDERERS.clear()
        obj = make()
        _RENDERERS[key] = obj
    return obj


def _card(ctx: Any, face: CardFace, height: int) -> pygame.Surface:
    renderer: CardRenderer = _shared(ctx, "cards", lambda: CardRenderer(ctx))
    return renderer.surface(face, card_size(height), True)


# --- fate_votes -----------------------------------------------------------------------------
def _fv_card(ctx: Any, art: Any, height: int) -> pygame.Surface:
    from client.tables.fate_votes_texts import FvTexts

    texts = _shared(ctx, "fv_texts", lambda: FvTexts(ctx, lambda seat: ""))
    return _card(ctx, texts.card_face(art.get("card")), height)


# --- mind_swap ------------------------------------------------------------------------------
def _ms_painter(ctx: Any) -> Any:
    from client.tables.mind_swap_draw import Painter as MsPainter

    return _shared(ctx, "ms_painter", lambda: MsPainter(ctx))


def _student_size(height: int) -> tuple[int, int]:
    return max(20, int(height * 0.74)), height


def _ms_student(ctx: Any, art: Any, height: int) -> pygame.Surface:
    w, h = _student_size(int(height * 0.8))
    return _ms_painter(ctx).student_card(ctx.content("mind_swap"), art.get("no"), w, h, bool(art.get("mind")))


def _ms_pair(ctx: Any, art: Any, height: int) -> pygame.Surface:
    """A body card with the mind card inside it lying on top, offset as on the table."""
    painter, content = _ms_painter(ctx), ctx.content("mind_swap")
    w, h = _student_size(int(height * 0.78))
    body = painter.student_card(content, art.get("body"), w, h, False)
    mind = painter.student_card(content, art.get("mind"), w, h, True)
    dx, dy = int(w * 0.14), int(h * 0.36)  # the body's number and name stay visible
    out = pygame.Surface((body.get_width() + dx, body.get_height() + dy), pygame.SRCALPHA)
    out.blit(body, (0, 0))
    out.blit(mind, (dx, dy))
    return out


def _ms_action(ctx: Any, art: Any, height: int) -> pygame.Surface:
    content = ctx.content("mind_swap")
    card = next(c for c in content.cards if c.id == art.get("card"))
    w, h = card_size(height)
    return _ms_painter(ctx).action_card(content, card.id, tuple(card.actions), w, h)


def _ms_map(ctx: Any, art: Any, height: int) -> pygame.Surface:
    """The school in miniature: library and classroom above, garden and sports ground below, the
    "Elsewhere" rooms along the bottom, each place with its suit and name, Negi in the classroom."""
    from client.tables.mind_swap_draw import draw_suit
    from client.tables.mind_swap_school import place_art

    u = ctx.unit
    h = height
    w = int(h * 1.55)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, theme.TABLE_DARK, surf.get_rect(), border_radius=theme.radius("panel", u))
    gap = max(3, int(u * 0.35))
    other_h = int(h * 0.24)
    cell_w, cell_h = (w - 3 * gap) // 2, (h - other_h - 4 * gap) // 2
    fit = fitter_for(ctx)
    header = max(14, int(ctx.font(theme.type_px("small", u), True).get_linesize() * 1.1))
    suits = {"library": "heart", "classroom": "diamond", "garden": "club", "sports_ground": "spade"}
    places = [("library", 0, 0), ("classroom", 1, 0), ("garden", 0, 1), ("sports_ground", 1, 1)]
    rects = {}
    for loc, cx, cy in places:
        r = pygame.Rect(gap + cx * (cell_w + gap), gap + cy * (cell_h + gap), cell_w, cell_h)
        rects[loc] = r
        pygame.draw.rect(surf, theme.PANEL, r, border_radius=theme.radius("card", u))
        surf.blit(place_art(loc, r.size, u, header), r.topleft)
    rects["other"] = pygame.Rect(gap, h - other_h - gap, w - 2 * gap, other_h)
    pygame.draw.rect(surf, theme.PANEL, rects["other"], border_radius=theme.radius("card", u))
    room_w = (rects["other"].w - 4 * gap) // 3
    for i in range(3):
        room = pygame.Rect(rects["other"].x + gap + i * (room_w + gap), rects["other"].y + header,
                           room_w, rects["other"].h - header - gap)
        pygame.draw.rect(surf, theme.PANEL_LIGHT, room, border_radius=3)
        pygame.draw.rect(surf, theme.CHALK_DIM, room, 1, border_radius=3)
    size = theme.type_px("small", u)
    for loc, r in rects.items():
        sym = int(header * 0.8)
        label_w = r.w - sym - int(u * 0.8)
        img = fit.label(ctx.t(f"ms.loc.{loc}"), size, theme.CHALK, label_w, True)
        x = r.x + int(u * 0.3)
        if loc in suits:
            draw_suit(surf, suits[loc], (x + sym // 2, r.y + header // 2), sym * 0.8, theme.CHALK)
            x += sym + int(u * 0.2)
        fit.blit_label(surf, img, ctx.t(f"ms.loc.{loc}"), "label", surf.get_rect(), midleft=(x, r.y + header // 2))
    negi = _ms_painter(ctx).negi_badge(max(8, int(u * 1.1)))
    surf.blit(negi, negi.get_rect(center=(rects["classroom"].centerx, rects["classroom"].centery + header // 2)))
    return surf


# --- school_mystery ---------------------------------------------------------------------------
def _sm_card(ctx: Any, art: Any, height: int) -> pygame.Surface:
    from client.tables.school_mystery_texts import SUIT_COLOUR, SUIT_SYMBOL, SmTexts

    texts = _shared(ctx, "sm_texts", lambda: SmTexts(ctx))
    suit, rank, subject = art.get("suit"), art.get("rank"), art.get("subject")
    drawn = texts.drawn({"subject": subject}, suit, rank)
    kind = {"hearts": "location", "diamonds": "phenomenon", "spades": "character", "clubs": "clue"}[suit]
    if suit in ("hearts", "spades"):
        title, body = drawn["name"], drawn["description"]
    else:
        options = drawn["options"]
        title, body = texts.ui(f"kind_{kind}"), options[art.get("option", 0)] if options else ""
    face = CardFace(key=f"rulesbook:{subject}:{suit}:{rank}:{art.get('option', 0)}", title=title,
                    subtitle=texts.ui(f"suit_{suit}"), body=body, colour=SUIT_COLOUR[suit],
                    symbol=SUIT_SYMBOL[suit], corner=str(rank))
    return _card(ctx, face, height)


# --- dice -------------------------------------------------------------------------------------
def _dice(ctx: Any, art: Any, height: int) -> pygame.Surface:
    from client.widgets.dice import DieFaces

    faces = _shared(ctx, "dice", DieFaces)
    size = max(16, int(height * 0.3))
    dropped = art.get("dropped")
    imgs = [faces.face(s, f, size, grey=(i == dropped)) for i, (s, f) in
            enumerate(zip(art.get("sides"), art.get("faces")))]
    gap = max(4, size // 5)
    out = pygame.Surface((sum(i.get_width() for i in imgs) + gap * (len(imgs) - 1),
                          max(i.get_height() for i in imgs)), pygame.SRCALPHA)
    x = 0
    for img in imgs:
        out.blit(img, (x, (out.get_height() - img.get_height()) // 2))
        x += img.get_width() + gap
    return out


PAINTERS: dict[str, Painter] = {"fv_card": _fv_card, "ms_student": _ms_student, "ms_pair": _ms_pair,
                                "ms_action": _ms_action, "ms_map": _ms_map, "sm_card": _sm_card, "dice": _dice}


def draw_art(ctx: Any, art: Any, height: int) -> pygame.Surface:
    """The illustration ``art`` about ``height`` px tall (the rules book scales it to fit its box)."""
    return PAINTERS[art.kind](ctx, art, max(24, int(height)))
