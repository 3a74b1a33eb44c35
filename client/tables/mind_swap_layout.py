"""Where everything on the mind_swap table goes, for any window size.

The map fills the middle, laid out as the school: the library and the classroom along
the top, the garden and the sports ground under them, the "other" rooms in a band at the
bottom; halls (``hall`` px wide) run between the places, and Negi walks along them.
**The places never move or resize**: their rects depend on the window alone (never on who
stands where), and so does the card size (the largest pair that fits one row of a place).
Inside a place the pairs stand in a grid; a crowded place stacks them (each pair overlaps
the one before it, its number and name band still showing); past the tightest stack the
place scrolls (mouse wheel). The "other" band never stacks (each room holds its students whole,
a card never straddles two rooms): past its row it scrolls. Each place keeps a column at its right for Negi and the pieces
of players whose character is restored (``pieces``), so they stand inside the place, clear
of the cards. The "other" band names itself in a column at its left; its rooms are named
under their students. The hand runs along the bottom with the play slot and the magic
button; the sidebar (turn, scores, cup/deck, log) is at the right.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from client.tables.mind_swap_model import LOCATIONS, Model

MIN_CARD_W = 64  # below this a 14 px name no longer fits on a card
MIN_STEP = 0.46  # the tightest stack: each pair shows this share of its width (the number, the name's start)


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
    pieces: dict[str, pygame.Rect] = field(default_factory=dict)  # loc -> the column for Negi and pieces
    title_w: int = 0  # the "other" band's title column
    stacked: dict[str, int] = field(default_factory=dict)  # loc -> px between stacked pairs (absent: a grid)
    visible: dict[int, int] = field(default_factory=dict)  # body -> px of its cards left showing in a stack

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

    def field(self, loc: str) -> pygame.Rect:
        """The part of place ``loc`` where its students stand (below the title, left of the pieces)."""
        r = self.areas[loc]
        col = self.pieces[loc]
        if loc == "other":
            return pygame.Rect(r.x + self.title_w, r.y + self.gap, col.x - r.x - self.title_w, r.h - self.gap - 2)
        return pygame.Rect(r.x + self.gap, r.y + self.header, col.x - r.x - self.gap, r.h - self.header - 4)


def band_of(h: int) -> int:
    """The part of a body card the mind card leaves showing: its number line and its name."""
    return max(16, round(h * 0.15)) + 1 + round(max(14, round(h * 0.14)) * 1.45) + 2


def _card_dims(unit: float, fit_h: int, fit_w: int) -> tuple[int, int, tuple[int, int], int]:
    """Card width/height, the mind card's offset on its body (so the body's number and name stay
    visible: see ``Painter._make_student``) and the gap between pairs, for pairs at most ``fit_h``
    tall (one row of a place): cards are 1.4 times as tall as wide where there is room, squatter and
    then narrower (never below their number, name and a small mark, nor below ``MIN_CARD_W``) where
    there is not; and narrow enough that five pairs stand side by side in ``fit_w``."""
    gap = max(4, round(unit * 0.45))
    w = max(MIN_CARD_W, min(round(unit * 4.6), round((fit_w // 5 - gap) / 1.16)))
    h = round(w * 1.4)
    while h + max(band_of(h), round(h * 0.37)) > fit_h:
        if h > round(w * 0.8):
            h -= 1
        elif w > MIN_CARD_W:
            w -= 1
            h = min(h, round(w * 1.4))
        else:
            break
    off = (round(w * 0.16), max(band_of(h), round(h * 0.37)))
    return w, h, off, gap


def piece_radius(header: int, unit: float) -> int:
    """The radius of Negi's token (the player pieces are a little smaller)."""
    return max(12, round(unit * 0.95), round(header * 0.5))


def compute(rect: pygame.Rect, unit: float, model: Model, display: bool,
            scroll: dict[str, int] | None = None) -> Layout:
    """The full layout for ``model`` in ``rect`` (the places and card size from ``rect`` alone)."""
    u = unit
    side_w = max(round(max(u, 18.0) * 17), round(rect.w * 0.21))
    hand_h = round(u * 5.2) if display else min(round(u * 10.6), max(round(u * 7.2), round(rect.h * 0.25)))
    margin = round(u * 0.5)
    sidebar = pygame.Rect(rect.right - side_w, rect.y, side_w, rect.h)
    hand = pygame.Rect(rect.x, rect.bottom - hand_h, rect.w - side_w, hand_h)
    mp = pygame.Rect(rect.x + margin, rect.y + margin, rect.w - side_w - margin * 2, rect.h - hand_h - margin)
    header = max(24, round(u * 1.35))
    hall = max(6, round(u * 0.6))
    label_h = max(18, round(u * 1.05))
    gap = max(4, round(u * 0.45))
    # the rows' heights: the top two the same, the band so one pair and its room's name fit as in a row
    avail = mp.h - hall * 2
    row_h = max(1, (avail + header - label_h - gap) // 3)
    other_h = avail - row_h * 2
    half = (mp.w - hall) // 2
    rad = piece_radius(header, u)
    col_w = rad * 2 + gap * 2
    w, h, off, gap = _card_dims(u, row_h - header - 4, half - col_w - gap * 3)
    areas = {
        "library": pygame.Rect(mp.x, mp.y, half, row_h),
        "classroom": pygame.Rect(mp.x + half + hall, mp.y, mp.w - half - hall, row_h),
        "garden": pygame.Rect(mp.x, mp.y + row_h + hall, half, row_h),
        "sports_ground": pygame.Rect(mp.x + half + hall, mp.y + row_h + hall, mp.w - half - hall, row_h),
        "other": pygame.Rect(mp.x, mp.bottom - other_h, mp.w, other_h),
    }
    pieces = {loc: pygame.Rect(r.right - col_w, r.y + (gap if loc == "other" else max(gap, header // 2 - rad)),
                               col_w - gap, r.h - gap * 2) for loc, r in areas.items()}
    title_w = max(round(u * 6.5), 72)
    hand_card_h = max(1, hand_h - round(u * 1.4))
    hand_card_w = min(round(u * 5.6), round(hand_card_h / 1.4))
    hand_card_h = min(hand_card_h, round(hand_card_w * 1.4))
    if display:
        hand_card_w = hand_card_h = 0
    slot = pygame.Rect(0, 0, max(hand_card_w, round(u * 4.4)), max(hand_card_h, round(u * 4.4)))
    # right after room for five hand cards (the hand holds 4, 5 during a draw), buttons beside it (clear of its
    # drop margin, and of the sidebar by half a unit)
    slot_x = hand.x + round(u) + 5 * (hand_card_w + round(u * 0.6)) + round(u * 1.5)
    slot.bottomleft = (min(slot_x, hand.right - round(u * 10) - slot.w), hand.bottom - round(u * 0.6))
    cast = pygame.Rect(0, 0, round(u * 8), round(u * 2.6))
    cast.midleft = (slot.right + round(u * 1.3), slot.centery - round(u * 1.6))  # clear of the slot's drop margin
    lay = Layout(rect=rect, unit=u, map=mp, areas=areas, sidebar=sidebar, hand=hand, play_slot=slot,
                 cast_button=cast, card_w=w, card_h=h, off=off, gap=gap, header=header, other_label_h=label_h,
                 hall=hall, hand_card=(hand_card_w, hand_card_h), pieces=pieces, title_w=title_w)
    scroll = scroll or {}
    for loc in LOCATIONS:
        _place_pairs(lay, loc, [p.body for p in model.at(loc)], scroll.get(loc, 0))
    return lay


def _place_pairs(lay: Layout, loc: str, bodies: list[int], scrolled: int) -> None:
    """Slots for the pairs standing in ``loc``: a grid, a stack when crowded, rows past the place
    when even the tightest stack does not hold them (``overflow``: the place scrolls). The "other"
    band's rooms each hold their pairs whole, so the band never stacks: past its row it scrolls."""
    fw, fh = lay.foot
    gap = lay.gap
    cell_h = fh + gap + (lay.other_label_h if loc == "other" else 0)
    pitch = fw + gap * (3 if loc == "other" else 1)
    f = lay.field(loc)
    n = len(bodies)
    cols = max(1, (f.w - gap) // pitch)
    rows_fit = max(1, (f.h + gap) // cell_h)
    if loc == "other":  # its rows spread over the band: a row past it stays wholly out of sight until scrolled
        cell_h = max(cell_h, f.h + gap * 2 if rows_fit == 1 else (f.h + gap) // rows_fit)
    if n <= cols * rows_fit or loc == "other":  # the "other" band never stacks: a card would straddle two rooms
        step, per_row = pitch, cols
    else:
        per_row = -(-n // rows_fit)
        room = f.w - gap * 2 - fw
        step = room // max(1, per_row - 1)
        least = max(1, round(fw * MIN_STEP))
        if step < least:
            step = least
            per_row = 1 + room // least
        lay.stacked[loc] = step
    rows = -(-n // per_row) if n else 0
    used = min(per_row, n)
    x0 = f.x + gap + (max(0, (f.w - gap * 2 - (used - 1) * step - fw) // 2) if loc != "other" else 0)
    for i, b in enumerate(bodies):
        c, rw = i % per_row, i // per_row
        lay.slots[b] = (x0 + c * step, f.y + rw * cell_h - scrolled)
        if step < pitch and c < per_row - 1 and i < n - 1:
            lay.visible[b] = step
    over = rows * cell_h - gap - f.h
    lay.overflow[loc] = over if over > gap else 0


def slot_drop(lay: Layout) -> pygame.Rect:
    """Where a hand card may be dropped to play it: the play slot and a margin (``unit`` each way),
    inside the hand's strip (never over the map) and clear of the buttons beside it."""
    return pygame.Rect(lay.play_slot).inflate(round(lay.unit * 2), round(lay.unit * 2)).clip(lay.hand)


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
            r.y -= round(u * 0.6)
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


# --- the pieces' column inside each place -----------------------------------------------------------
def negi_spot(lay: Layout, loc: str, radius: int) -> tuple[float, float]:
    """Where Negi stands in ``loc``: the top of the place's piece column (inside the place)."""
    col = lay.pieces.get(loc) or lay.pieces["classroom"]
    return col.centerx, col.y + radius


def piece_spot(lay: Layout, loc: str, k: int, negi_radius: int, radius: int) -> tuple[float, float]:
    """Where the ``k``-th restored player's piece in ``loc`` stands: under Negi's spot in the column
    (a second column of them to its left when the column is full)."""
    col = lay.pieces[loc]
    per = max(1, (col.h - negi_radius * 2 - lay.gap) // (radius * 2 + 4))
    x = col.centerx - (k // per) * (radius * 2 + 4)
    return x, col.y + negi_radius * 2 + lay.gap + radius + (k % per) * (radius * 2 + 4)
