"""The location map drawn as the school: each place as a place, the halls between them.

The library has its stacks along the walls, the classroom a blackboard and rows of desks,
the garden lawn, trees and flower beds, the sports ground a running track; the "other"
places are small rooms opening onto the lower hall, each labelled with its name. Halls run
between the places (their doors marked) and Negi's piece walks along them
(:func:`client.tables.mind_swap_layout.route`). Everything is faint, under the cards, and
cached per size (:class:`client.kit.cache.SurfaceCache`).
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from client.kit import theme
from client.kit.cache import SurfaceCache
from client.tables import mind_swap_layout as L

Colour = tuple[int, int, int]
_ART = SurfaceCache(64)

FLOOR: Colour = theme.MS_FLOOR  # the halls
FLOOR_LINE: Colour = theme.MS_FLOOR_LINE
WOOD: Colour = theme.MS_WOOD
BOOKS: tuple[Colour, ...] = theme.MS_BOOKS
BOARD: Colour = theme.MS_BOARD
GRASS: Colour = theme.MS_GRASS
TRACK: Colour = theme.MS_TRACK


def place_art(loc: str, size: tuple[int, int], unit: float, header: int) -> pygame.Surface:
    """The floor of one place (transparent where the table shows through), cached by size."""
    key = ("place", loc, size, round(unit, 2), header)
    return _ART.get(key, lambda: _make(loc, size, unit, header))


def _make(loc: str, size: tuple[int, int], unit: float, header: int) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    body = pygame.Rect(0, header, size[0], max(1, size[1] - header))
    painter: Callable[[pygame.Surface, pygame.Rect, float], None] = {
        "library": _library, "classroom": _classroom, "garden": _garden, "sports_ground": _track,
    }.get(loc, _corridor_floor)
    painter(surf, body, unit)
    return surf


def _library(s: pygame.Surface, r: pygame.Rect, u: float) -> None:
    """Stacks along the side walls and the back wall: shelves of coloured spines."""
    rnd = random.Random(7)
    depth = max(6, round(u * 1.3))
    shelves = [pygame.Rect(r.x + 3, r.y + 2, depth, r.h - 4), pygame.Rect(r.right - depth - 3, r.y + 2, depth, r.h - 4),
               pygame.Rect(r.x + depth + 6, r.y + 2, r.w - 2 * depth - 12, depth)]
    for sh in shelves:
        pygame.draw.rect(s, (*WOOD, 120), sh, border_radius=2)
        vertical = sh.h > sh.w
        length = sh.h if vertical else sh.w
        pos = 2
        while pos < length - 4:
            thick = rnd.randint(max(2, round(u * 0.22)), max(3, round(u * 0.4)))
            col = (*BOOKS[rnd.randrange(len(BOOKS))], 125)
            if vertical:
                pygame.draw.rect(s, col, (sh.x + 2, sh.y + pos, sh.w - 4, thick))
            else:
                pygame.draw.rect(s, col, (sh.x + pos, sh.y + 2, thick, sh.h - 4))
            pos += thick + 1
            if rnd.random() < 0.12:
                pos += thick * 2  # a gap on the shelf
    # reading tables down the middle
    tw, th = max(8, round(u * 3.2)), max(5, round(u * 1.2))
    for i in range(3):
        cx = r.x + r.w * (i + 1) / 4
        pygame.draw.rect(s, (*WOOD, 70), pygame.Rect(0, 0, tw, th).move(round(cx - tw / 2), round(r.bottom - th * 2.2)),
                         border_radius=3)


def _classroom(s: pygame.Surface, r: pygame.Rect, u: float) -> None:
    """A blackboard on the front wall and rows of desks with chairs."""
    board = pygame.Rect(0, 0, round(r.w * 0.5), max(5, round(u * 0.7)))
    board.midtop = (r.centerx, r.y + 3)
    pygame.draw.rect(s, (*BOARD, 200), board, border_radius=2)
    pygame.draw.rect(s, (*WOOD, 200), board, 2, border_radius=2)
    pygame.draw.line(s, theme.MS_CHALK_WRITING, (board.x + board.w * 0.1, board.centery),
                     (board.x + board.w * 0.35, board.centery), 1)
    dw, dh = max(8, round(u * 2.0)), max(5, round(u * 1.1))
    cols = max(1, int((r.w - u) // (dw * 1.9)))
    rows = max(1, int((r.h - board.h - u) // (dh * 2.4)))
    x0 = r.centerx - (cols - 1) * dw * 0.95
    for row in range(rows):
        y = board.bottom + u * 0.8 + row * dh * 2.4
        for c in range(cols):
            x = x0 + c * dw * 1.9
            desk = pygame.Rect(round(x - dw / 2), round(y), dw, dh)
            pygame.draw.rect(s, (*WOOD, 95), desk, border_radius=2)
            chair = pygame.Rect(0, 0, round(dw * 0.45), round(dh * 0.55))
            chair.midtop = (desk.centerx, desk.bottom + 2)
            pygame.draw.rect(s, theme.MS_CHAIR, chair, border_radius=2)


def _garden(s: pygame.Surface, r: pygame.Rect, u: float) -> None:
    """Lawn with a stepping-stone path, trees and flower beds."""
    rnd = random.Random(11)
    pygame.draw.rect(s, (*GRASS, 70), r.inflate(-4, -4), border_radius=round(u * 0.6))
    for _ in range(max(20, r.w * r.h // 900)):
        x, y = rnd.randrange(r.x + 4, max(r.x + 5, r.right - 4)), rnd.randrange(r.y + 4, max(r.y + 5, r.bottom - 4))
        pygame.draw.line(s, theme.MS_GRASS_BLADE, (x, y), (x + 1, y - 3))
    stone = max(4, round(u * 0.55))
    for i in range(9):
        t = i / 8
        sx = r.x + r.w * t
        sy = r.centery + math.sin(t * math.pi * 2) * r.h * 0.18
        pygame.draw.ellipse(s, theme.MS_STONE, pygame.Rect(round(sx - stone), round(sy - stone * 0.6),
                                                                 stone * 2, round(stone * 1.2)))
    tree = max(6, round(u * 1.4))
    for cx, cy in ((r.x + tree * 1.4, r.y + tree * 1.3), (r.right - tree * 1.4, r.y + tree * 1.3),
                   (r.right - tree * 1.6, r.bottom - tree * 1.4), (r.x + tree * 1.5, r.bottom - tree * 1.4)):
        pygame.draw.circle(s, theme.MS_TREE, (round(cx), round(cy)), tree)
        pygame.draw.circle(s, theme.MS_TREE_LIGHT, (round(cx - tree * 0.3), round(cy - tree * 0.3)), tree // 2)
    for _ in range(14):
        x, y = rnd.randrange(r.x + 6, max(r.x + 7, r.right - 6)), rnd.randrange(r.y + 6, max(r.y + 7, r.bottom - 6))
        col = rnd.choice(theme.MS_FLOWERS)
        pygame.draw.circle(s, (*col, 130), (x, y), max(2, round(u * 0.18)))


def _track(s: pygame.Surface, r: pygame.Rect, u: float) -> None:
    """A running track (two lanes) round a green infield."""
    lane = max(4, round(u * 0.7))
    oval = r.inflate(-round(u * 0.8), -round(u * 0.6))
    rad = min(oval.h // 2, oval.w // 2)
    pygame.draw.rect(s, (*TRACK, 100), oval, border_radius=rad)
    inner = oval.inflate(-lane * 4, -lane * 4)
    if inner.w > 4 and inner.h > 4:
        pygame.draw.rect(s, (*GRASS, 110), inner, border_radius=max(2, rad - lane * 2))
    mid = oval.inflate(-lane * 2, -lane * 2)
    if mid.w > 4 and mid.h > 4:
        pygame.draw.rect(s, theme.MS_TRACK_LINE, mid, 1, border_radius=max(2, rad - lane))
    pygame.draw.rect(s, theme.MS_TRACK_LINE, oval, 1, border_radius=rad)
    # start line
    pygame.draw.line(s, theme.MS_TRACK_START, (oval.centerx, oval.y), (oval.centerx, oval.y + lane * 2), 2)


def _corridor_floor(s: pygame.Surface, r: pygame.Rect, u: float) -> None:
    """The "other" band: floorboards (its rooms are drawn around the students standing in them)."""
    step = max(6, round(u * 1.6))
    for y in range(r.y + step, r.bottom, step):
        pygame.draw.line(s, (*FLOOR_LINE, 40), (r.x + 4, y), (r.right - 4, y))


def draw_halls(surface: pygame.Surface, lay: L.Layout) -> None:
    """The halls between the places (floor, a dashed centre line) and a door mat at each place's door."""
    a = lay.areas
    h = lay.hall
    upper = pygame.Rect(lay.map.x, a["library"].bottom, lay.map.w, a["garden"].y - a["library"].bottom)
    lower = pygame.Rect(lay.map.x, a["garden"].bottom, lay.map.w, a["other"].y - a["garden"].bottom)
    up, down = L.junctions(lay)
    middle = pygame.Rect(a["garden"].right, upper.bottom, a["sports_ground"].x - a["garden"].right,
                         lower.y - upper.bottom)
    for hall in (upper, lower, middle):
        if hall.w > 0 and hall.h > 0:
            pygame.draw.rect(surface, FLOOR, hall)
    dash = max(4, round(lay.unit * 0.6))
    for (x0, y0), (x1, y1) in (((upper.x, up[1]), (upper.right, up[1])), ((lower.x, down[1]), (lower.right, down[1])),
                               (up, down)):
        length = max(abs(x1 - x0), abs(y1 - y0))
        for i in range(0, length, dash * 2):
            t0, t1 = i / length, min(1.0, (i + dash) / length)
            pygame.draw.line(surface, FLOOR_LINE, (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0),
                             (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1), 1)
    mat_w = max(8, round(lay.unit * 2.4))
    for loc, (x, y) in L.doors(lay).items():
        area = a[loc]
        edge = area.y if loc in ("garden", "sports_ground", "other") else area.bottom
        mat = pygame.Rect(0, 0, mat_w, max(4, h // 2))
        mat.center = (x, edge)
        pygame.draw.rect(surface, theme.TABLE_DARK, mat)
        pygame.draw.rect(surface, FLOOR_LINE, mat, 1)


def draw_rooms(surface: pygame.Surface, lay: L.Layout, rooms: list[tuple[pygame.Rect, str]],
               label: Callable[[str, pygame.Rect], None]) -> None:
    """Small rooms along the lower hall: walls with a door gap at the top, the room's name under it."""
    wall = max(2, round(lay.unit * 0.18))
    door = max(6, round(lay.unit * 1.6))
    for rect, name in rooms:
        pygame.draw.rect(surface, (*theme.PANEL_LIGHT,), rect, border_radius=3)
        col = theme.CHALK_DIM
        pygame.draw.line(surface, col, rect.topleft, (rect.centerx - door // 2, rect.y), wall)
        pygame.draw.line(surface, col, (rect.centerx + door // 2, rect.y), rect.topright, wall)
        pygame.draw.line(surface, col, rect.topleft, rect.bottomleft, wall)
        pygame.draw.line(surface, col, rect.topright, rect.bottomright, wall)
        pygame.draw.line(surface, col, rect.bottomleft, rect.bottomright, wall)
        label(name, rect)


def walk(pos: list[float], path: list[tuple[float, float]], step: float) -> None:
    """Move ``pos`` up to ``step`` px along ``path`` (waypoints reached are dropped from it)."""
    while path and step > 0:
        tx, ty = path[0]
        dx, dy = tx - pos[0], ty - pos[1]
        d = math.hypot(dx, dy)
        if d <= step:
            pos[0], pos[1] = tx, ty
            path.pop(0)
            step -= d
        else:
            pos[0] += dx / d * step
            pos[1] += dy / d * step
            step = 0
