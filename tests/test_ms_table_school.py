"""The mind_swap map as the school: Negi walks along the halls between places; the "other"
places are rooms (students sharing a room stand in one); halls separate the places."""
from __future__ import annotations

import itertools
import math

import pygame

from client.kit.headless import HeadlessContext, LocalGame
from client.tables import mind_swap_layout as L
from client.tables.mind_swap import MindSwapTable
from tests._ms_table_util import place_of


def _table(fast: bool = False) -> tuple[LocalGame, MindSwapTable, pygame.Surface]:
    pygame.init()
    ctx = HeadlessContext("en", fast=fast)
    game = LocalGame("mind_swap", 4, 4, {"entry": "all_at_start"})
    table = MindSwapTable(ctx, None)
    game.attach(None, table, opening=False)
    screen = pygame.Surface((1920, 1080))
    table.update(0.0)
    table.skip_animations()
    table.draw(screen, screen.get_rect())
    return game, table, screen


def test_negi_walks_out_of_the_door_along_the_halls_into_the_new_place():
    game, table, screen = _table()
    old = game.state["negi"]
    new = "other" if old != "other" else "library"
    lay = table.layout()
    way = L.route(lay, old, new)
    assert way[0] == L.doors(lay)[old] and way[-1] == L.doors(lay)[new]
    start = table.nodes().find(("negi", 0))
    assert start is not None
    table.push_events([{"type": "negi", "to": new, "seat": 0}])
    seen = []
    for _ in range(400):
        table.update(1 / 60)
        table.draw(screen, screen.get_rect())
        node = table.nodes().find(("negi", 0))
        assert node is not None
        seen.append(node.rect.center)
        if not table.busy():
            break
    assert not table.busy()
    # every step lies on the way: out of the old place to its door, along the halls, in at the new door
    line = [start.rect.center, *way, seen[-1]]
    for p in seen:
        assert min(_off(p, a, b) for a, b in itertools.pairwise(line)) <= 2, (p, line)
    assert lay.areas[new].collidepoint(seen[-1])
    assert any(math.dist(p, way[1]) < lay.unit for p in seen)  # it did go round the corner


def _off(p: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> float:
    """Distance from ``p`` to the segment ``a``–``b``."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / n))
    return math.dist(p, (ax + dx * t, ay + dy * t))


def test_halls_separate_the_places_and_each_door_opens_onto_a_hall():
    _game, table, _screen = _table(fast=True)
    lay = table.layout()
    assert lay.hall >= lay.gap
    for loc, (x, y) in L.doors(lay).items():
        area = lay.areas[loc]
        assert area.x <= x <= area.right
        assert not any(r.collidepoint(x, y) for r in lay.areas.values())  # the door point is in a hall
        assert min(abs(y - area.y), abs(y - area.bottom)) <= lay.hall


def test_students_in_the_same_other_room_share_one_room():
    game, table, _screen = _table(fast=True)
    nodes = table.nodes()
    others = [b for b, loc in enumerate(game.state["loc"]) if loc == "other"]
    assert others and all(place_of(table, b) == "other" for b in others)
    rooms = [n for n in nodes.of_kind("place") if n.id[0] == "room"]
    assert len(rooms) == len({game.state["room"][b] for b in others}) and all(n.label for n in rooms)
    area = nodes.find(("area", "other"))
    assert area is not None
    for body in others:
        pair = nodes.find(("pair", body))
        assert pair is not None
        inside = [n for n in rooms if n.rect.contains(pair.rect.clip(area.rect))]
        assert len(inside) == 1  # in its room, and only one
        mates = [b for b in others if game.state["room"][b] == game.state["room"][body]]
        assert all(inside[0].rect.colliderect(nodes.find(("pair", b)).rect) for b in mates)
