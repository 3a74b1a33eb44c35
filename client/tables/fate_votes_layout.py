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

    def plate_centre(self, seat: int) -> tuple[float, float]:
        r = self.plates[seat]
        return float(r.centerx), float(r.centery)

    def beside_plate(self, seat: int, half_w: float, half_h: float, gap: float) -> tuple[float, float]:
        """Centre of a thing of half-size (half_w, half_h) just outside the plate, toward the table centre."""
        r = self.plates[seat]
        px, py = float(r.centerx), float(r.centery)
        dx, dy = self.centre[0] - px, self.centre[1] - py
        dist = math.hypot(dx, dy) or 1.0
        dx, dy = dx / dist, dy / dist
        tx = (r.w / 2 + half_w + gap) / abs(dx) if abs(dx) > 1e-3 else 1e9
        ty = (r.h / 2 + half_h + gap) / abs(dy) if abs(dy) > 1e-3 else 1e9
        off = min(tx, ty)
        return px + dx * off, py + dy * off

    def token_spot(self, seat: int, avoid: pygame.Rect | None = None) -> tuple[float, float]:
        """Where your staged token sits for a chosen player: beside their plate toward the centre, or on
        the far side when that would cover ``avoid`` (the instruction) and the far side is on the table."""
        r = self.u * 1.3
        x, y = self.beside_plate(seat, r, r, self.u * 0.3)
        box = pygame.Rect(int(x - r), int(y - r), int(2 * r), int(2 * r))
        if avoid is None or not box.colliderect(avoid):
            return x, y
        px, py = self.plate_centre(seat)
        fx, fy = 2 * px - x, 2 * py - y
        if self.main.contains(pygame.Rect(int(fx - r), int(fy - r), int(2 * r), int(2 * r))):
            return fx, fy
        return x, y


def compute(rect: pygame.Rect, u: float, players: int, seat: int | None, with_hand: bool,
            hand_count: int, display: bool) -> Layout:
    """Layout for ``players`` seats seen from ``seat`` (placed at the bottom of the ellipse)."""
    rect = pygame.Rect(rect)
    log_w = int(min(rect.w * 0.24, u * (17 if display else 19)))
    log = pygame.Rect(rect.right - log_w, rect.y, log_w, rect.h)
    main = pygame.Rect(rect.x, rect.y, rect.w - log_w, rect.h)
    top = pygame.Rect(main.x, main.y, main.w, int(u * 4.2))
    hand_card_h = min(u * 9.5, rect.h * 0.2)  # large text on a small window: the hand keeps its share
    hand_h = int(hand_card_h * 1.12) if with_hand else 0
    hand = pygame.Rect(main.x, main.bottom - hand_h, main.w, hand_h) if with_hand else None
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
    dw, dh = min(rx * 1.05, u * 34), ry * 1.1
    while True:  # the discard area (and the prompt across its lower edge) clear of every plate
        discard = pygame.Rect(0, 0, int(dw), int(dh))
        discard.center = (int(cx), int(cy))
        if not any(discard.inflate(u * 0.6, u * 3.6).colliderect(p) for p in plates) or dh < u * 6:
            break
        dw, dh = dw * 0.96, dh * 0.96
    controls = None
    token_home = None
    slots: list[tuple[tuple[float, float], float]] = []
    if hand is not None:
        cw = int(u * 17)
        controls = pygame.Rect(main.right - cw - int(u * 0.6), hand.y + int(u * 0.6), cw, hand.h - int(u * 1.2))
        token_home = (controls.x + u * 2.6, controls.centery)
        w, h = card_size(hand_card_h)
        n = max(1, hand_count)
        spread = min(w * 1.04, (main.w - cw - u * 16) / max(1, n))
        step_a = 4.0
        hx = main.centerx - u * 4
        for i in range(hand_count):
            k = i - (n - 1) / 2
            ang = -k * step_a
            x = hx + k * spread
            y = hand.y + h / 2 + u * 0.1 + abs(k) ** 1.6 * u * 0.18
            slots.append(((x, y), ang))
    return Layout(rect=rect, u=u, pu=pu, top=top, log=log, main=main, centre=(cx, cy), rx=rx, ry=ry, plates=plates,
                  discard=discard, hand=hand, hand_card_h=hand_card_h, controls=controls, token_home=token_home,
                  hand_slots=slots)


def staged_slots(discard: pygame.Rect, count: int, card_h: float, u: float) -> list[tuple[float, float]]:
    """Centres of the cards staged for discard (bottom of the discard area)."""
    w, h = card_size(card_h)
    y = discard.bottom - h / 2 - u * 1.9
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
    gap = u * 2.1 if labelled else u * 0.6
    h = u * 5.2
    while True:  # shrink until every card fits in the discard area
        w = h * 5 / 7
        per_row = max(1, int((d.w - u * 1.5) // (w + u * 0.5)))
        rows = math.ceil(n / per_row)
        if rows * (h + gap) + top + reserve <= d.h or h < u * 2.2:
            break
        h *= 0.92
    y0 = d.y + top + h / 2
    out = []
    for i in range(n):
        row, col = divmod(i, per_row)
        in_row = min(per_row, n - row * per_row)
        x0 = d.centerx - (in_row - 1) * (w + u * 0.5) / 2
        out.append(((x0 + col * (w + u * 0.5), y0 + row * (h + gap)), h))
    return out
