"""Helpers for the mind_swap table tests: a real game, a table, and real mouse events."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from client.kit.headless import HeadlessContext, LocalGame
from client.tables.mind_swap import MindSwapTable

SIZE = (1920, 1080)


def make(seed: int, lang: str = "en", seat: int | None = 0, players: int = 4,
         options: dict[str, Any] | None = None) -> tuple[LocalGame, MindSwapTable, HeadlessContext, pygame.Surface]:
    pygame.init()
    ctx = HeadlessContext(lang, height=SIZE[1], fast=True, display_mode=seat is None)
    game = LocalGame("mind_swap", players, seed, options)
    table = MindSwapTable(ctx, seat)
    game.attach(seat, table)
    screen = pygame.Surface(SIZE)
    settle(table, screen)
    return game, table, ctx, screen


def settle(table: MindSwapTable, screen: pygame.Surface, frames: int = 3) -> None:
    for _ in range(frames):
        table.update(1 / 60)
        table.draw(screen, screen.get_rect())


def find_seed(cond: Callable[[dict], bool], players: int = 4, options: dict | None = None, limit: int = 400) -> int:
    from shared.engine import REGISTRY

    spec = REGISTRY["mind_swap"]
    for seed in range(limit):
        if cond(spec.setup(players, seed, options or {})):
            return seed
    raise AssertionError("no seed found for the scenario")


def pump(table: MindSwapTable, screen: pygame.Surface) -> None:
    """Deliver every queued pygame event to the table, as the app's loop does."""
    for ev in pygame.event.get():
        table.handle_event(ev)
    settle(table, screen, 2)


def drag(table: MindSwapTable, screen: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
         steps: int = 8) -> None:
    """A left-button drag from ``start`` to ``end`` posted as real mouse events."""
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pump(table, screen)
    for i in range(1, steps + 1):
        x = round(start[0] + (end[0] - start[0]) * i / steps)
        y = round(start[1] + (end[1] - start[1]) * i / steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0)))
        pump(table, screen)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    pump(table, screen)


def click(table: MindSwapTable, screen: pygame.Surface, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    pump(table, screen)


def hand_card_centre(table: MindSwapTable, card_type: str) -> tuple[int, int]:
    lay = table.layout()
    w, h = lay.hand_card
    for card in table.latest.hand:
        if card.type == card_type:
            x, y = table.hand_pos[card.id]
            return round(x + w / 2), round(y + h * 0.75)
    raise AssertionError(f"no {card_type} card in hand")


def empty_spot(table: MindSwapTable, loc: str) -> tuple[int, int]:
    """A point inside area ``loc`` that is on no card."""
    lay = table.layout()
    r = lay.areas[loc]
    for y in range(r.bottom - 6, r.y + lay.header, -7):
        for x in range(r.x + 8, r.right - 8, 11):
            if table.pair_at((x, y)) is None and not table.negi_hit((x, y)):
                return x, y
    raise AssertionError(f"no free spot in {loc}")


def mind_centre(table: MindSwapTable, body: int) -> tuple[int, int]:
    lay = table.layout()
    mind = table.model.pairs[body].mind
    x, y = table.mind_pos[mind]
    return round(x + lay.card_w / 2), round(y + lay.card_h * 0.6)


def body_band(table: MindSwapTable, body: int) -> tuple[int, int]:
    lay = table.layout()
    x, y = table.body_pos[body]
    return round(x + lay.card_w / 2), round(y + lay.off[1] / 2)
