"""Helpers for the fate_votes table tests: real pygame mouse events through the event queue."""
from __future__ import annotations

import pygame

from bench import fv_scenes as S
from tests.fakes import FakeCtx


def screen() -> pygame.Surface:
    if not pygame.get_init():
        pygame.init()
    surf = pygame.display.get_surface()
    if surf is None or surf.get_size() != (1920, 1080):
        surf = pygame.display.set_mode((1920, 1080))
    return surf


def post(table, etype: int, **attrs) -> None:
    """Post a real event, take it back from SDL's queue and hand it to the table."""
    pygame.event.post(pygame.event.Event(etype, **attrs))
    for ev in pygame.event.get(etype):
        table.handle_event(ev)


def drag(table, start, end, steps: int = 6) -> None:
    start = (int(start[0]), int(start[1]))
    end = (int(end[0]), int(end[1]))
    post(table, pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(table, pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        post(table, pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
        table.update(1 / 60)
    post(table, pygame.MOUSEBUTTONUP, pos=end, button=1)
    table.update(1 / 60)


def click(table, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    post(table, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(table, pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(table, pygame.MOUSEBUTTONUP, pos=pos, button=1)
    table.update(1 / 60)


def button(table, bid: str):
    """The button node ``bid`` of this frame's node map (None when it is not shown)."""
    table.update(0)
    return table.nodes().find(("button", bid))


def nodes(table, kind: str, payload_kind: str | None = None) -> list:
    """This frame's nodes of ``kind`` (optionally with a payload of ``payload_kind``: card / staged / token)."""
    table.update(0)
    return [n for n in table.nodes().of_kind(kind)
            if payload_kind is None or (isinstance(n.payload, tuple) and n.payload[0] == payload_kind)]


def loose_cards(table) -> list[str]:
    """Hand cards not staged, in fan order (the last is drawn on top)."""
    return [n.payload[1] for n in nodes(table, "card", "card")]


def staged(table) -> list[str]:
    return [n.payload[1] for n in nodes(table, "card", "staged")]


def top_card(table):
    """The hand card drawn on top and where to grab it."""
    n = nodes(table, "card", "card")[-1]
    return n.payload[1], n.anchor


def area(table, node_id):
    table.update(0)
    return table.nodes().find(node_id).rect


def plate(table, seat: int):
    return area(table, ("plate", seat))


def token(table):
    n = nodes(table, "token")
    return n[0].anchor if n else None


def shown(table, node_id):
    """The node ``node_id`` of this frame's map (None when it is not shown)."""
    table.update(0)
    return table.nodes().find(node_id)


def message(table) -> str:
    """The refusal / info banner as shown ("" when none)."""
    n = shown(table, "banner")
    return n.label if n is not None else ""


def instruction(table) -> str:
    """The instruction pill's text ("" when none)."""
    n = shown(table, "prompt")
    return n.label if n is not None else ""


def seats(table) -> list[tuple]:
    """Each plate as shown: ``("seat", s, votes, tokens, role, highlighted, submitted)``."""
    return [n.payload for n in nodes(table, "info", "seat")]


def votes(table) -> list[int]:
    """The votes shown per seat (on the plates, or on the results sheet)."""
    res = shown(table, ("results", 0))
    return list(res.payload[2]) if res is not None else [p[2] for p in seats(table)]


def highlighted(table) -> int | None:
    return next((p[1] for p in seats(table) if p[5]), None)


def heading(table) -> tuple:
    """``("heading", round, phase, over shown)`` (the results sheet counts as over)."""
    res = shown(table, ("results", 0))
    if res is not None:
        return ("heading", 5, "over", True)
    return shown(table, ("heading", 0)).payload


def clock(table) -> tuple | None:
    """``("clock", seconds shown, total, paused)``, or None when no clock is shown."""
    n = shown(table, ("clock", 0))
    return n.payload if n is not None else None


def empty_spot(table) -> tuple[int, int]:
    """A point of the table where nothing is (no node is hit there)."""
    table.update(0)
    nm = table.nodes()
    w, h = table.rect.size
    for y in range(h // 8, h, h // 16):
        for x in range(w // 32, w, w // 32):
            if nm.at((x, y)) is None and table.rect.collidepoint(x, y):
                return x, y
    raise AssertionError("no empty spot on the table")


def legal(state, seat: int = 0) -> list[dict]:
    """The rules' legal actions for ``seat`` (what the server would accept)."""
    from shared.engine import REGISTRY
    return REGISTRY["fate_votes"].legal_actions(state, seat)


def table_at(stop, n: int = 6, seed: int = 3, seat=0, lang: str = "en"):
    screen()
    ctx = FakeCtx(lang=lang, unit=20, fast=True)
    state, _ = S.play_to(n, seed, stop)
    t = S.make_table(ctx, state, seat, lang)
    t.update(1 / 60)
    return ctx, state, t
