"""Helpers for the mind_swap table tests: a real game, a table, and real mouse events."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from client.kit.headless import HeadlessContext, LocalGame
from client.kit.nodes import Node
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


def hand_types(state: dict[str, Any], seat: int = 0) -> set[str]:
    """The card types in ``seat``'s hand (rules state)."""
    return {state["ctypes"][c] for c in state["hands"][seat]}


def own_body(state: dict[str, Any], seat: int = 0) -> int:
    """The body holding ``seat``'s character's mind (rules state)."""
    return int(state["mind"].index(state["chars"][seat]))


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
    """Where to grab a hand card of ``card_type`` (its lower part, clear of the cards beside it)."""
    for n in table.nodes().of_kind("card"):
        if n.zoom is not None and n.zoom.card_type == card_type:
            return n.rect.centerx, round(n.rect.y + n.rect.h * 0.75)
    raise AssertionError(f"no {card_type} card in hand")


def empty_spot(table: MindSwapTable, loc: str) -> tuple[int, int]:
    """A point inside place ``loc`` that is on nothing else."""
    nodes = table.nodes()
    area = nodes.find(("area", loc))
    assert area is not None
    r = area.rect
    for y in range(r.bottom - 6, r.y + r.h // 6, -7):
        for x in range(r.x + 8, r.right - 8, 11):
            top = nodes.at((x, y))
            if top is not None and top.id == ("area", loc):
                return x, y
    raise AssertionError(f"no free spot in {loc}")


def _pair_and_mind(table: MindSwapTable, body: int) -> tuple[pygame.Rect, pygame.Rect]:
    nodes = table.nodes()
    pair = nodes.find(("pair", body))
    assert pair is not None, f"student {body} is not on the map"
    mind = next(n for n in nodes.of_kind("mind") if pair.rect.contains(n.rect))
    return pair.rect, mind.rect


def mind_centre(table: MindSwapTable, body: int) -> tuple[int, int]:
    """The middle of the mind card standing in ``body``."""
    _pair, mind = _pair_and_mind(table, body)
    return mind.centerx, round(mind.y + mind.h * 0.6)


def body_band(table: MindSwapTable, body: int) -> tuple[int, int]:
    """A point on the band of ``body``'s card that the mind card leaves free."""
    pair, mind = _pair_and_mind(table, body)
    return pair.x + mind.w // 2, pair.y + (mind.y - pair.y) // 2


def shown_minds(table: MindSwapTable) -> dict[int, int]:
    """Which mind the map shows in each body (by the node map: a mind card inside its pair)."""
    nodes = table.nodes()
    out = {}
    for pair in nodes.of_kind("pair"):
        mind = next((n for n in nodes.of_kind("mind") if pair.rect.contains(n.rect)), None)
        if mind is not None:
            out[int(pair.id[1])] = int(mind.id[1])
    return out


def place_of(table: MindSwapTable, body: int) -> str | None:
    """The place ``body``'s pair is shown in (by the node map)."""
    nodes = table.nodes()
    pair = nodes.find(("pair", body))
    if pair is None:
        return None
    return next((str(n.id[1]) for n in nodes.of_kind("place")
                 if n.id[0] == "area" and n.rect.collidepoint(pair.rect.center)), None)


def prompt(table: MindSwapTable) -> str:
    node = table.nodes().find("prompt")
    return node.label if node is not None else ""


def banner(table: MindSwapTable) -> str:
    node = table.nodes().find("banner")
    return node.label if node is not None else ""


def fx(table: MindSwapTable, kind: str) -> Node | None:
    """The effect of ``kind`` playing now ("dice", "announce", "marker", "sneeze"), by the node map."""
    return table.nodes().find(("fx", kind))


def dice(table: MindSwapTable) -> tuple[tuple[int, ...], bool, pygame.Rect, list[Node]] | None:
    """The roll in the tray now: (faces on top, landed, the tray, one node per die), else None."""
    nodes = table.nodes()
    tray = nodes.find(("fx", "dice"))
    if tray is None:
        return None
    _kind, faces, landed = tray.payload
    dice_nodes = [n for n in nodes if isinstance(n.id, tuple) and n.id[0] == "die"]
    return tuple(faces), bool(landed), tray.rect, dice_nodes


def controls_live(table: MindSwapTable) -> bool:
    """Whether the seat can act on the table now (a card to drag or a button to press)."""
    nodes = table.nodes()
    return bool(nodes.drag_sources() or [b for b in nodes.buttons() if b.enabled])


def live_action(table: MindSwapTable) -> dict[str, Any] | None:
    """An action a control on the table sends now (a button's), else None."""
    return next((b.action for b in table.nodes().buttons() if b.enabled and b.action is not None), None)


def turn_shown(table: MindSwapTable) -> int | None:
    """The seat whose turn the sidebar shows (None once the game is over)."""
    node = table.nodes().find(("turn", 0))
    assert node is not None
    return node.payload[1]


def scores_shown(table: MindSwapTable) -> dict[int, int]:
    """Each seat's score as the sidebar shows it."""
    return {n.payload[1]: n.payload[2] for n in table.nodes() if isinstance(n.id, tuple) and n.id[0] == "player"}


def pile_shown(table: MindSwapTable, name: str) -> int:
    """The count the sidebar shows under the cup, deck or discard."""
    node = table.nodes().find(("pile", name))
    assert node is not None
    return int(node.payload[1])


def slot_centre(table: MindSwapTable) -> tuple[int, int]:
    """The middle of the play slot (where a hand card is played)."""
    node = table.nodes().find(("slot", "play"))
    assert node is not None
    return node.rect.center
