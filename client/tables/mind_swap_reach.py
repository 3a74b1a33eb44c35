"""Reaching a mind_swap legal action by hand: pointer gestures (real pygame events) on a table, found
through the node map's ids, handled by the table as the app hands them over (never the intents' own
methods). For tests and tools (tools/reach_all.py may use ``produce`` as mind_swap's planner).

``produce(table, ctx, action)`` performs the gestures a player would for ``action`` (click the card, choose
its action, click the students or the place, press the buttons; the wheel over a crowded place to bring
a student into view) and returns the action the table sent (or None); ``same`` says whether a sent
action is the legal one (cards by type, pairs and relocations in any order). The table must know its
rect (``set_rect``); events go through ``handle_event`` then two ``update`` frames (no drawing).
"""
from __future__ import annotations

from typing import Any

import pygame

from client.kit.nodes import Node
from client.tables.mind_swap import MindSwapTable

SIZE = (1920, 1080)


def pump(table: MindSwapTable) -> None:
    """Deliver the queued pygame events to the table and let it rebuild its node map (no drawing)."""
    for ev in pygame.event.get():
        table.handle_event(ev)
    table.update(1 / 60)
    table.update(1 / 60)


def click(table: MindSwapTable, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    pump(table)


def drag(table: MindSwapTable, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pump(table)
    for i in range(1, steps + 1):
        p = (round(start[0] + (end[0] - start[0]) * i / steps), round(start[1] + (end[1] - start[1]) * i / steps))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        pump(table)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    pump(table)


def key(table: MindSwapTable, k: int) -> None:
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pump(table)


def spot(table: MindSwapTable, want: Any, inside: pygame.Rect | None = None) -> tuple[int, int] | None:
    """A point where the topmost node is ``want`` (a node id, or a predicate on the node), within
    ``inside`` if given (what is drawn there: a place's field clips its students)."""
    nodes = table.nodes()
    ok = want if callable(want) else (lambda n: n.id == want)
    cands = [n for n in nodes if ok(n)]
    for n in cands:
        r = n.rect.clip(inside) if inside is not None else n.rect
        for fy in (0.5, 0.25, 0.75, 0.1, 0.9):
            for fx in (0.5, 0.2, 0.1, 0.8, 0.05, 0.95):
                p = (round(r.x + r.w * fx), round(r.y + r.h * fy))
                top = nodes.at(p)
                if top is not None and ok(top) and (inside is None or inside.collidepoint(p)):
                    return p
    return None


def wheel(table: MindSwapTable, pos: tuple[int, int], dy: int) -> None:
    """The mouse wheel turned ``dy`` notches (negative: down) with the pointer at ``pos``."""
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                                         precise_y=float(dy)))
    pump(table)


def student_spot(table: MindSwapTable, body: int) -> tuple[int, int] | None:
    """A point on ``body``'s pair (its body card or the mind card in it) that is on top and drawn; a
    crowded place is scrolled (the wheel over it) until the pair shows."""
    pair = table.model.pairs.get(body)
    if pair is None:
        return None

    def mine(n: Node) -> bool:
        return n.id == ("pair", body) or n.id == ("mind", pair.mind)

    for turn in range(40):
        lay = table.layout()
        field = lay.field(pair.loc).inflate(lay.gap * 2, lay.gap * 2).clip(lay.areas[pair.loc])
        found = spot(table, mine, field)
        if found is not None:
            return found
        node = table.nodes().find(("pair", body))
        if node is None or not (lay.overflow.get(pair.loc) or table.scroll.get(pair.loc)):
            return None
        wheel(table, lay.areas[pair.loc].center, -1 if node.rect.y > field.y else 1)
    return None


def place_spot(table: MindSwapTable, loc: str) -> tuple[int, int] | None:
    """A point of place ``loc`` where no student or piece lies."""
    nodes = table.nodes()
    area = nodes.find(("area", loc))
    if area is None:
        return None
    r = area.rect
    for y in range(r.bottom - 6, r.y + 4, -9):
        for x in range(r.x + 6, r.right - 6, 13):
            top = nodes.at((x, y))
            if top is not None and top.id == ("area", loc):
                return x, y
    return None


def _click_if(table: MindSwapTable, p: tuple[int, int] | None) -> bool:
    if p is None:
        return False
    click(table, p)
    return True


def press(table: MindSwapTable, node_id: Any) -> bool:
    return _click_if(table, spot(table, node_id))


def click_student(table: MindSwapTable, body: int) -> bool:
    return _click_if(table, student_spot(table, body))


def play_card(table: MindSwapTable, ctype: str, act: str) -> bool:
    """Click a hand card of ``ctype``; choose ``act`` if the card asks."""
    p = spot(table, lambda n: n.id[0] == "card" and n.zoom is not None and n.zoom.card_type == ctype
             if isinstance(n.id, tuple) else False)
    if p is None:
        return False
    click(table, p)
    if table.nodes().find(("choice", act)) is not None:
        return press(table, ("choice", act))
    return True


def produce(table: MindSwapTable, ctx: Any, action: dict[str, Any]) -> dict[str, Any] | None:
    """Do by hand what ``action`` needs; the action the table sent, else None."""
    before = len(ctx.sent)
    kind = action["type"]
    if kind in ("end_turn", "great_skip"):
        press(table, ("button", kind))
    elif kind in ("magic", "great_swap"):
        click_student(table, action["a"]) and click_student(table, action["b"])
    elif kind == "play":
        ctype = next(c.type for c in table.latest.hand if c.id == action["card"])
        act = action["action"]
        if play_card(table, ctype, act) and len(ctx.sent) == before:
            if act == "move_self":
                take = action.get("take")
                ok = True
                if take == "negi":
                    ok = press(table, ("negi", 0))
                elif take is not None:
                    ok = click_student(table, take)
                p = place_spot(table, action["to"]) if ok else None
                if p is not None:
                    click(table, p)
            elif act == "move_negi":
                p = place_spot(table, action["to"])
                if p is not None:
                    click(table, p)
            elif act == "relocate":
                for b in action["students"]:
                    if not click_student(table, b):
                        break
            elif act == "event" and action.get("student") is not None:
                click_student(table, action["student"])
    sent = ctx.sent[before:]
    if len(ctx.sent) == before:  # nothing sent: back to a clean table for the next try
        key(table, pygame.K_ESCAPE)
    return sent[-1][1] if sent else None


def same(table: MindSwapTable, want: dict[str, Any], got: dict[str, Any] | None) -> bool:
    """Whether ``got`` is ``want`` (a card of the same type; magic pairs in any order; a relocation's
    students in any order)."""
    if got is None:
        return False
    types: dict[Any, str] = {c.id: c.type for c in table.latest.hand}  # (looked up with any value: None finds none)
    for k in set(want) | set(got):
        a, b = want.get(k), got.get(k)
        if k == "card":
            if types.get(a) != types.get(b):
                return False
        elif k == "students":
            if sorted(a or []) != sorted(b or []):
                return False
        elif k in ("a", "b"):
            if {want.get("a"), want.get("b")} != {got.get("a"), got.get("b")}:
                return False
        elif a != b:
            return False
    return True
