"""Where everything on the mind_swap table goes, for any window size.

The map fills the middle, laid out as the school: the library and the classroom along
the top, the garden and the sports ground under them, the "other" rooms in a band at the
bottom; halls (``hall`` px wide) run between the places, and Negi walks along them. Areas grow with the number of students standing there; one card
scale is chosen so every area fits, and when even the smallest scale does not
fit an area scrolls (mouse wheel). The hand runs along the bottom with the play
slot and the magic button; the sidebar (turn, scores, cup/deck, log) is at the right.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from client.tables.mind_swap_model import LOCATIONS, Model

SCALES = (1.0, 0.9, 0.8, 0.72)


@dataclass
class Layout:
    rect: pygame.Rect
    unit: float
    map: pygame.Rect
    areas: dict[str, pygame.Rect]
    sidebar: pygame.Rect
    hand: pygame.Rect
    play_slot: pygame.Rect
    cast_button: pygame.Rect
    card_w: int
    card_h: int
    off: tuple[int, int]  # mind card offset on its body
    gap: int
    header: int
    other_label_h: int
    hall: int = 0  # width of the halls between places
    slots: dict[int, tuple[int, int]] = field(default_factory=dict)  # body no -> top-left of body card
    overflow: dict[str, int] = field(default_factory=dict)  # loc -> px of content below the area
    hand_card: tuple[int, int] = (0, 0)

    @property
    def foot(self) -> tuple[int, int]:
        return self.card_w + self.off[0], self.card_h + self.off[1]

    def pair_rect(self, body: int) -> pygame.Rect | None:
        pos = self.slots.get(body)
        if pos is None:
            return None
        fw, fh = self.foot
        return pygame.Rect(pos[0], pos[1], fw, fh)

    def mind_rect_at(self, body_pos: tuple[float, float]) -> pygame.Rect:
        return pygame.Rect(round(body_pos[0] + self.off[0]), round(body_pos[1] + self.off[1]), self.card_w,
                           self.card_h)

    def area_at(self, pos: tuple[int, int]) -> str | None:
        for loc, r in self.areas.items():
            if r.collidepoint(pos):
                return loc
        return None


MIN_CARD_W = 64  # below this a 14 px name no longer fits on a card


def _card_dims(unit: float, scale: float) -> tuple[int, int, tuple[int, int], int]:
    """Card width/height, the mind card's offset on its body (so the body's number and name
    stay visible: see ``Painter._make_student``), and the gap between pairs."""
    w = max(MIN_CARD_W, round(unit * 4.6 * scale))
    h = round(w * 1.4)
    band = max(16, round(h * 0.15)) + 1 + round(max(14, round(h * 0.14)) * 1.45) + 2
    return w, h, (round(w * 0.16), max(band, round(h * 0.37))), max(4, round(unit * 0.45 * scale))


def _fits(r: pygame.Rect, n: int, fw: int, fh: int, gap: int, header: int) -> tuple[bool, int]:
    cols = max(1, (r.w - gap) // (fw + gap))
    rows = -(-n // cols) if n else 0
    need = header + gap + rows * (fh + gap)
    return need <= r.h, max(0, need - r.h)


def compute(rect: pygame.Rect, unit: float, model: Model, display: bool,
            scroll: dict[str, int] | None = None) -> Layout:
    """The full layout for ``model`` in ``rect``."""
    u = unit
    side_w = max(round(max(u, 18.0) * 17), round(rect.w * 0.21))
    hand_h = round(u * 5.2) if display else round(u * 10.6)
    margin = round(u * 0.5)
    sidebar = pygame.Rect(rect.right - side_w, rect.y, side_w, rect.h)
    hand = pygame.Rect(rect.x, rect.bottom - hand_h, rect.w - side_w, hand_h)
    mp = pygame.Rect(rect.x + margin, rect.y + margin, rect.w - side_w - margin * 2, rect.h - hand_h - margin)
    header = round(u * 1.9)
    hall = max(6, round(u * 0.9))
    counts = {loc: len(model.at(loc)) for loc in LOCATIONS}

    best = None
    for scale in SCALES:
        w, h, off, gap = _card_dims(u, scale)
        fw, fh = w + off[0], h + off[1]
        label_h = max(22, round(u * 1.1 * max(0.8, scale)))
        other_cell_w = fw + gap * 3
        other_cols = max(1, (mp.w - gap) // other_cell_w)
        other_rows = max(1, -(-counts["other"] // other_cols))
        other_need = header + gap + other_rows * (fh + label_h + gap)
        rows: list[tuple[tuple[str, str], int, int, int]] = []  # (names, split px, need px)
        for a, b in (("library", "classroom"), ("garden", "sports_ground")):
            wa, wb = counts[a] + 2.5, counts[b] + 2.5
            split = min(0.7, max(0.3, wa / (wa + wb)))
            aw = round((mp.w - hall) * split)
            need = 0
            for n, width in ((counts[a], aw), (counts[b], mp.w - aw - hall)):
                cols = max(1, (width - gap) // (fw + gap))
                need = max(need, header + gap + max(1, -(-n // cols)) * (fh + gap))
            rows.append(((a, b), aw, need, 0))
        total = other_need + rows[0][2] + rows[1][2] + hall * 2
        fits = total <= mp.h
        spare = max(0, mp.h - total)
        # spare height goes to the rows in proportion to their need (the band keeps its own)
        need_sum = rows[0][2] + rows[1][2]
        heights = [r[2] + int(spare * r[2] / need_sum) for r in rows]
        if not fits:  # nothing fits: share the height by need and let areas scroll
            avail = mp.h - hall * 2
            heights = [round(avail * r[2] / (need_sum + other_need)) for r in rows]
        other_h = mp.h - heights[0] - heights[1] - hall * 2
        areas: dict[str, pygame.Rect] = {}
        y = mp.y
        for ((a, b), aw, _need, _), row_h in zip(rows, heights):
            areas[a] = pygame.Rect(mp.x, y, aw, row_h)
            areas[b] = pygame.Rect(mp.x + aw + hall, y, mp.w - aw - hall, row_h)
            y += row_h + hall
        areas["other"] = pygame.Rect(mp.x, y, mp.w, other_h)
        best = (scale, w, h, off, gap, areas, label_h, other_cell_w)
        if fits:
            break
    assert best is not None
    scale, w, h, off, gap, areas, label_h, other_cell_w = best
    hand_card_w = round(u * 5.6)
    hand_card_h = round(hand_card_w * 1.4)
    if display:
        hand_card_w = hand_card_h = 0
    slot = pygame.Rect(0, 0, round(u * 5.6), round(u * 5.6 * 1.4))
    # right after room for five hand cards (the hand holds 4, 5 during a draw), buttons beside it
    slot_x = hand.x + round(u) + 5 * (hand_card_w + round(u * 0.6)) + round(u * 1.5)
    slot.bottomleft = (min(slot_x, hand.right - round(u * 9.5) - slot.w), hand.bottom - round(u * 0.6))
    cast = pygame.Rect(0, 0, round(u * 8), round(u * 2.6))
    cast.midleft = (slot.right + round(u * 0.8), slot.centery - round(u * 1.6))
    lay = Layout(rect=rect, unit=u, map=mp, areas=areas, sidebar=sidebar, hand=hand, play_slot=slot,
                 cast_button=cast, card_w=w, card_h=h, off=off, gap=gap, header=header, other_label_h=label_h,
                 hall=hall,
                 hand_card=(hand_card_w, hand_card_h))
    scroll = scroll or {}
    fw, fh = lay.foot
    for loc in LOCATIONS:
        r = areas[loc]
        pairs = model.at(loc)
        if loc == "other":
            cols = max(1, (r.w - gap) // other_cell_w)
            cell_h = fh + label_h + gap
            for i, p in enumerate(pairs):
                c, rw = i % cols, i // cols
                lay.slots[p.body] = (r.x + gap * 2 + c * other_cell_w, r.y + header + gap + rw * cell_h
                                     - scroll.get(loc, 0))
            lines = -(-len(pairs) // cols) if pairs else 0
            over = header + gap + lines * cell_h - r.h
            lay.overflow[loc] = over if over > gap else 0
            continue
        cols = max(1, (r.w - gap) // (fw + gap))
        used = min(cols, max(1, len(pairs)))
        x0 = r.x + gap + max(0, (r.w - gap - used * (fw + gap)) // 2)
        for i, p in enumerate(pairs):
            c, rw = i % cols, i // cols
            lay.slots[p.body] = (x0 + c * (fw + gap), r.y + header + gap + rw * (fh + gap) - scroll.get(loc, 0))
        over = _fits(r, len(pairs), fw, fh, gap, header)[1]
        lay.overflow[loc] = over if over > gap else 0
    return lay


def hand_rects(lay: Layout, n: int, lift: int | None = None) -> list[pygame.Rect]:
    """Rects of ``n`` hand cards along the bottom-left (overlapping when many)."""
    w, h = lay.hand_card
    if not n or not w:
        return []
    u = lay.unit
    avail = lay.play_slot.left - round(u * 2) - (lay.hand.x + round(u))
    step = min(w + round(u * 0.6), max(round(w * 0.45), (avail - w) // max(1, n - 1))) if n > 1 else 0
    out = []
    for i in range(n):
        r = pygame.Rect(lay.hand.x + round(u) + i * step, lay.hand.bottom - h - round(u * 0.6), w, h)
        if lift == i:
            r.y -= round(u * 0.8)
        out.append(r)
    return out


# --- the halls: where Negi walks -------------------------------------------------------------------
def doors(lay: Layout) -> dict[str, tuple[int, int]]:
    """Each place's door on its hall: the top four open onto the hall between the two rows, the
    "other" rooms onto the hall above them."""
    a = lay.areas
    upper = (a["library"].bottom + a["garden"].y) // 2
    lower = (a["garden"].bottom + a["other"].y) // 2
    out = {loc: (a[loc].centerx, upper) for loc in ("library", "classroom", "garden", "sports_ground")}
    out["other"] = (a["other"].centerx, lower)
    return out


def junctions(lay: Layout) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where the hall between the garden and the sports ground meets the upper and the lower hall."""
    a = lay.areas
    x = (a["garden"].right + a["sports_ground"].x) // 2
    return (x, (a["library"].bottom + a["garden"].y) // 2), (x, (a["garden"].bottom + a["other"].y) // 2)


def route(lay: Layout, src: str, dst: str) -> list[tuple[int, int]]:
    """The way along the halls from ``src``'s door to ``dst``'s door (door points and corners)."""
    d = doors(lay)
    if src not in d or dst not in d:
        return []
    if src == dst:
        return [d[src]]
    up, down = junctions(lay)
    if "other" not in (src, dst):
        return [d[src], d[dst]]
    if src == "other":
        return [d[src], down, up, d[dst]]
    return [d[src], up, down, d[dst]]
