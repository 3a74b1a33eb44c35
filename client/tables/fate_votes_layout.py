"""Where things go on the fate_votes table (pure geometry, recomputed when the area changes)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from client.widgets.cards import card_size

STAGED_SCALE = 0.62  # cards staged for discard, relative to the hand's card height


@dataclass
class Layout:
    rect: pygame.Rect
    u: float
    pu: float  # unit of the player plates (not enlarged on the table display, so they never overlap)
    top: pygame.Rect
    log: pygame.Rect
    main: pygame.Rect
    centre: tuple[float, float]
    rx: float
    ry: float
    plates: list[pygame.Rect]
    discard: pygame.Rect
    hand: pygame.Rect | None
    hand_card_h: float
    controls: pygame.Rect | None
    token_home: tuple[float, float] | None
    hand_slots: list[tuple[tuple[float, float], float]] = field(default_factory=list)  # (centre, angle)
    final_cards: bool = False  # laid out with the last cards beside the plates
    discard_shown: bool = True  # False: the last cards leave the discard area no room (it is not drawn)
    prompt_band: pygame.Rect | None = None  # under the discard area: the instruction pill's place (never over it)

    def plate_centre(self, seat: int) -> tuple[float, float]:
        r = self.plates[seat]
        return float(r.centerx), float(r.centery)

    def beside_plate(self, seat: int, half_w: float, half_h: float, gap: float) -> tuple[float, float]:
        """Centre of a thing of half-size (half_w, half_h) just outside the plate, toward the table centre."""
        return beside(self.plates[seat], self.centre, half_w, half_h, gap)

    def final_card_size(self) -> tuple[int, int]:
        """Size of the last cards shown beside the plates at the end."""
        return card_size(self.pu * 5.0)

    def final_card_spot(self, seat: int) -> tuple[float, float]:
        w, h = self.final_card_size()
        return self.beside_plate(seat, w / 2, h / 2, self.u * 0.4)

    def token_spot(self, seat: int, avoid: pygame.Rect | None = None) -> tuple[float, float]:
        """Where your staged token sits for a chosen player: beside their plate toward the centre, or
        (when that would cover ``avoid``, the instruction) on the far side, then above, below or beside the
        plate — the first spot on the table clear of the instruction, the other plates and the hand."""
        r = self.u * 1.3
        x, y = self.beside_plate(seat, r, r, self.u * 0.3)
        px, py = self.plate_centre(seat)
        p = self.plates[seat]
        gap = self.u * 0.3
        toward = 1 if self.centre[0] >= px else -1  # the side of the plate facing the table's middle first
        spots = [(x, y), (2 * px - x, 2 * py - y), (px, p.top - gap - r), (px, p.bottom + gap + r),
                 (px + toward * (p.w / 2 + gap + r), py), (px - toward * (p.w / 2 + gap + r), py)]
        blocked = [b for b in (avoid, self.hand) if b is not None]
        blocked += [q for i, q in enumerate(self.plates) if i != seat]
        for fx, fy in spots:
            box = pygame.Rect(int(fx - r), int(fy - r), int(2 * r), int(2 * r))
            if self.main.contains(box) and not any(box.colliderect(b) for b in blocked):
                return fx, fy
        return x, y


def beside(r: pygame.Rect, centre: tuple[float, float], half_w: float, half_h: float,
           gap: float) -> tuple[float, float]:
    """Centre of a thing of half-size (half_w, half_h) just outside ``r``, toward ``centre``."""
    px, py = float(r.centerx), float(r.centery)
    dx, dy = centre[0] - px, centre[1] - py
    dist = math.hypot(dx, dy) or 1.0
    dx, dy = dx / dist, dy / dist
    tx = (r.w / 2 + half_w + gap) / abs(dx) if abs(dx) > 1e-3 else 1e9
    ty = (r.h / 2 + half_h + gap) / abs(dy) if abs(dy) > 1e-3 else 1e9
    off = min(tx, ty)
    return px + dx * off, py + dy * off


def compute(rect: pygame.Rect, u: float, players: int, seat: int | None, with_hand: bool,
            hand_count: int, display: bool, final_cards: bool = False) -> Layout:
    """Layout for ``players`` seats seen from ``seat`` (placed at the bottom of the ellipse);
    ``final_cards``: the last cards lie beside the plates (the discard area keeps clear of them)."""
    rect = pygame.Rect(rect)
    log_w = int(min(rect.w * 0.24, u * (17 if display else 19)))
    log = pygame.Rect(rect.right - log_w, rect.y, log_w, rect.h)
    main = pygame.Rect(rect.x, rect.y, rect.w - log_w, rect.h)
    top = pygame.Rect(main.x, main.y, main.w, int(u * 4.2))
    hand_card_h = min(u * 9.5, rect.h * 0.2)  # large text on a small window: the hand keeps its share
    hand_h = int(hand_card_h * 1.12) if with_hand else 0
    hand = pygame.Rect(main.x, main.bottom - hand_h, main.w, hand_h) if with_hand else None  # the cards' drop area
    # (narrowed to the cards' side of the controls below)
    pu = min(u, rect.h / 54 * (1.25 if players <= 8 else 1.0))
    area_top = top.bottom + int(u * 0.4)
    area_bottom = (hand.y - int(u * 0.2)) if hand else main.bottom - int(u * 0.6)
    cx = main.centerx
    cy = (area_top + area_bottom) / 2
    base = seat if seat is not None else 0
    while True:  # plates around the ellipse, smaller until no two overlap (many seats, large text)
        plate_w, plate_h = int(pu * 12.5), int(pu * 4.8)
        ry = max(u * 6, (area_bottom - area_top) / 2 - plate_h / 2)
        rx = max(u * 10, main.w / 2 - plate_w / 2 - u * 0.8)
        plates = []
        for s in range(players):
            a = math.pi / 2 + (s - base) * 2 * math.pi / max(1, players)
            px, py = cx + rx * math.cos(a), cy + ry * math.sin(a)
            plates.append(pygame.Rect(int(px - plate_w / 2), int(py - plate_h / 2), plate_w, plate_h))
        clash = any(plates[i].colliderect(plates[(i + 1) % players]) for i in range(players)) if players > 1 else False
        if not clash or pu <= rect.h / 54 * 0.7:
            break
        pu *= 0.94
    around = list(plates)
    if final_cards:
        fw, fh = card_size(pu * 5.0)
        for p in plates:
            fx, fy = beside(p, (cx, cy), fw / 2, fh / 2, u * 0.4)
            around.append(pygame.Rect(int(fx - fw / 2), int(fy - fh / 2), fw, fh))
    whole = discard_area(around, (cx, cy), min(rx * 1.05, u * 34), ry * 1.1, u, area_top)
    # the instruction's band: only where there is an instruction (not on the display, not at the reveal)
    discard, band = split_prompt_band(whole, u) if with_hand and not final_cards else (whole, None)
    discard_shown = not any(discard.colliderect(r) for r in around[len(plates):])
    controls = None
    token_home = None
    slots: list[tuple[tuple[float, float], float]] = []
    if hand is not None:
        cw = int(u * 17)
        controls = pygame.Rect(main.right - cw - int(u * 0.6), hand.y + int(u * 0.6), cw, hand.h - int(u * 1.2))
        hand.w = controls.x - int(u * 0.3) - hand.x  # the buttons and the token are not a place to drop a card
        token_home = (controls.x + u * 2.6, controls.centery)
        w, h = card_size(hand_card_h)
        n = max(1, hand_count)
        left, right = main.x + u * 0.6, controls.x - u * 0.6
        if n * w * 1.04 > right - left:  # a full hand in little room: smaller cards, none over another's name
            hand_card_h *= (right - left) / (n * w * 1.04)
            w, h = card_size(hand_card_h)
        spread = w * 1.04
        half = ((n - 1) * spread + w) / 2
        hx = min(max(main.centerx - u * 4, left + half), right - half)
        step_a = 4.0
        for i in range(hand_count):
            k = i - (n - 1) / 2
            ang = -k * step_a
            x = hx + k * spread
            y = hand.y + h / 2 + u * 0.1 + abs(k) ** 1.6 * u * 0.18
            slots.append(((x, y), ang))
    return Layout(rect=rect, u=u, pu=pu, top=top, log=log, main=main, centre=(cx, cy), rx=rx, ry=ry, plates=plates,
                  discard=discard, hand=hand, hand_card_h=hand_card_h, controls=controls, token_home=token_home,
                  hand_slots=slots, final_cards=final_cards, discard_shown=discard_shown,
                  prompt_band=band)


PROMPT_BAND = 3.6  # units: a two-line instruction pill at the label size


def split_prompt_band(whole: pygame.Rect, u: float) -> tuple[pygame.Rect, pygame.Rect]:
    """(discard area, the instruction's band under it) from the room cleared for both: the pill lies
    below the drop area and its counts, never over them (at most two fifths of the room)."""
    band_h = int(min(u * PROMPT_BAND, whole.h * 0.4))
    discard = pygame.Rect(whole.x, whole.y, whole.w, whole.h - band_h)
    return discard, pygame.Rect(whole.x, discard.bottom, whole.w, band_h)


MARGIN_X, MARGIN_Y = 0.3, 1.8  # units kept free around the discard area and the instruction's band under it
MIN_W, MIN_H = 14.0, 6.0  # units: the smallest discard area (the prompt's width, a row of cards)


def discard_area(plates: list[pygame.Rect], centre: tuple[float, float], w: float, h: float,
                 u: float, top: float) -> pygame.Rect:
    """The largest discard area around ``centre`` (at most ``w`` × ``h``) clear of every plate.

    Each step narrows it just enough to pass the plates it touches on the side (seats to the left
    and right) or lowers it just enough to pass those above and below, whichever keeps more room:
    with many seats the area gets tall and narrow between the side plates rather than small. Then
    its top rises to the plates above it (or ``top``): below it, the prompt needs its margin, above
    it nothing does.
    """
    r = _clear_area(plates, centre, w, h, u)
    mx = u * MARGIN_X
    above = [p.bottom for p in plates if p.bottom <= r.top and p.right > r.left - mx and p.left < r.right + mx]
    new_top = int(max([top, *above]) + u * 0.4)
    if new_top < r.top:
        r.h += r.top - new_top
        r.top = new_top
    return r


def _clear_area(plates: list[pygame.Rect], centre: tuple[float, float], w: float, h: float,
                u: float) -> pygame.Rect:
    """The shrinking of :func:`discard_area`, centred."""
    cx, cy = centre
    mx, my = u * MARGIN_X, u * MARGIN_Y
    min_w, min_h = u * MIN_W, u * MIN_H
    for _ in range(64):
        r = pygame.Rect(0, 0, int(w), int(h))
        r.center = (int(cx), int(cy))
        hits = [p for p in plates if r.inflate(2 * mx, 2 * my).colliderect(p)]
        if not hits or (w <= min_w and h <= min_h):
            return r
        fit_w = min(2 * (max(p.left - cx, cx - p.right) - mx) - 2 for p in hits)  # narrow enough to pass them
        fit_h = min(2 * (max(p.top - cy, cy - p.bottom) - my) - 2 for p in hits)  # low enough to pass them
        ok_w, ok_h = fit_w >= min_w, fit_h >= min_h
        if ok_w and (not ok_h or fit_w * h >= w * fit_h):
            w = fit_w
        elif ok_h:
            h = fit_h
        else:
            w, h = max(min_w, w * 0.96), max(min_h, h * 0.96)
    r = pygame.Rect(0, 0, int(w), int(h))
    r.center = (int(cx), int(cy))
    return r


def staged_band(discard: pygame.Rect, u: float, title_h: float, prompt: pygame.Rect | None, card_h: float,
                revealed: bool) -> tuple[float, float]:
    """(card height, bottom y) of the cards staged for discard: in their own band just above the
    instruction (which straddles the area's lower edge), shrunk so the title, and a row of revealed
    cards when there are some, keep their room above them."""
    bottom = min(prompt.top - u * 0.3, discard.bottom - u * 0.6) if prompt is not None else discard.bottom - u * 0.6
    room = bottom - (discard.top + title_h + u * 0.9) - ((u * 2.2 + u * 2.1) if revealed else 0.0) - u * 0.3
    return max(u * 2.2, min(card_h, room)), bottom


def staged_slots(discard: pygame.Rect, count: int, card_h: float, u: float, bottom: float
                 ) -> list[tuple[float, float]]:
    """Centres of the cards staged for discard (a row ending at ``bottom``, see :func:`staged_band`)."""
    w, h = card_size(card_h)
    y = bottom - h / 2
    x0 = discard.centerx - (count - 1) * (w + u * 0.6) / 2
    return [(x0 + i * (w + u * 0.6), y) for i in range(count)]


def centre_slots(L: Layout, n: int, reserve: float, labelled: bool,
                 top: float | None = None) -> list[tuple[tuple[float, float], float]]:
    """(centre, card height) of ``n`` revealed discards in the discard area, rows shrunk to fit.

    ``reserve``: room kept free at the bottom (cards being discarded now); ``labelled``: room
    under each card for an owner badge or a count; ``top``: room kept for the area's title.
    """
    if not n:
        return []
    d, u = L.discard, L.u
    top = u * 2.4 if top is None else top
    reserve = max(0.0, reserve)  # (an instruction under the area reserves nothing in it)
    gap = u * 1.9 if labelled else u * 0.6  # under each card: its owner's badge or its "×12" (one line)
    h = u * 5.2
    while True:  # shrink until every card fits in the discard area
        w = h * 5 / 7
        step = max(w + u * 0.5, u * 2.8) if labelled else w + u * 0.5  # the labels never touch
        per_row = max(1, int((d.w - u * 1.5 + step - w) // step))
        rows = math.ceil(n / per_row)
        if rows * (h + gap) + top + reserve <= d.h or h < u * 1.4:
            break
        h *= 0.92
    y0 = d.y + top + h / 2
    out = []
    for i in range(n):
        row, col = divmod(i, per_row)
        in_row = min(per_row, n - row * per_row)
        x0 = d.centerx - (in_row - 1) * step / 2
        out.append(((x0 + col * step, y0 + row * (h + gap)), h))
    return out
