"""Helpers for the school_mystery table tests (not a test module): real states, real mouse events."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from bench import sm_scenes as S
from shared.engine import REGISTRY, events_for
from shared.rng import Rng

RECT = pygame.Rect(0, 0, 1920, 1080)


def spec() -> Any:
    return REGISTRY["school_mystery"]


def screen() -> pygame.Surface:
    if not pygame.get_init():
        pygame.init()
    return pygame.display.set_mode(RECT.size)


def play_until(stop: Callable[[dict], bool], seed: int = 11, n: int = 4, lang: str = "en",
               state: dict | None = None, history: list | None = None) -> tuple[dict, list]:
    return S.play(n, seed, lang, stop, state=state, history=history)


def table_for(ctx: Any, state: dict, seat: int | None, history: list | None = None) -> Any:
    screen()
    return S.make_table(ctx, state, history or [], seat, RECT)


def pump(table: Any, frames: int = 1) -> None:
    """Deliver the queued pygame events to the table (as the app would), then update."""
    for ev in pygame.event.get():
        table.handle_event(ev)
    for _ in range(frames):
        table.update(1 / 60)


def click(table: Any, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(table)


def drag(table: Any, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    pump(table)


def buttons(table: Any) -> list[Any]:
    """This frame's button nodes (id ``("button", key)``; ``label``, ``enabled``, ``why_not``, ``action``)."""
    table.update(0)
    return table.nodes().of_kind("button")


def button_keys(table: Any) -> list[str]:
    return [n.id[1] for n in buttons(table)]


def button(table: Any, key: str) -> Any:
    """The button node ``key`` as shown (KeyError when the table shows no such button)."""
    for b in buttons(table):
        if b.id == ("button", key):
            return b
    raise KeyError(f"no button {key!r}; have {button_keys(table)}")


def click_button(table: Any, key: str) -> None:
    b = button(table, key)
    assert b.enabled, f"button {key} is disabled"
    click(table, b.rect.center)


def card_rect(table: Any, card_id: int) -> pygame.Rect:
    """Where the information card ``card_id`` is shown (its node)."""
    table.update(0)
    node = table.nodes().find(("card", card_id))
    assert node is not None, f"card {card_id} is not shown"
    return pygame.Rect(node.rect)


def entry(table: Any, key: str) -> Any:
    """The text entry ``key`` as shown: a node with ``label`` (its text), ``rect`` and ``payload``
    ``("entry", key, composition, focused, placeholder)`` (KeyError when not shown)."""
    table.update(0)
    node = table.nodes().find(("entry", key))
    if node is None:
        raise KeyError(f"no entry {key!r}")
    return node


def drawn_texts(table: Any) -> list[str]:
    """Every text of the table's frame (recorded by the kit fitter; the table is marked changed first, so
    the layers it keeps are drawn again while recorded)."""
    from client.kit.textfit import recording

    screen = pygame.display.get_surface() or pygame.Surface(RECT.size)
    table.mark()
    table.update(0)
    with recording() as rec:
        table.draw(screen, screen.get_rect())
    return [r.text for r in rec.records]


def shown(table: Any, node_id: Any) -> Any:
    """The node ``node_id`` as shown (None when it is not)."""
    table.update(0)
    return table.nodes().find(node_id)


def open_tab(table: Any, i: int) -> None:
    """Click student ``i``'s tab (the sheet shows that student)."""
    click(table, shown(table, ("tab", i)).rect.center)
    assert shown(table, ("tab", i)).payload[2]


def secrets_shown(table: Any) -> bool:
    """Whether the open tab's secrets are shown."""
    tab = next((n.payload[1] for n in table.nodes().of_kind("info") if n.payload[0] == "tab" and n.payload[2]), None)
    node = shown(table, ("secrets", tab))
    return bool(node is not None and node.payload[2])


def dice(table: Any) -> list[tuple]:
    """The dice on the table: ``("die", face on top, dropped, landed)`` each."""
    table.update(0)
    return [n.payload for n in table.nodes().of_kind("info") if n.payload[0] == "die"]


def apply_sent(table: Any, ctx: Any, state: dict, history: list | None = None) -> tuple[dict, list[dict]]:
    """Apply every action the table sent through the real rules; feed the snapshot and events back."""
    sp = spec()
    all_events: list[dict] = []
    for seat, action in ctx.sent:
        state, events = sp.apply(state, seat, action)
        if history is not None:
            history.append((seat, action, events))
        all_events.extend(events)
        seen = table.seat
        table.set_snapshot(sp.view(state, seen), sp.legal_actions(state, seen) if seen is not None else [], 1)
        table.push_events(events_for(events, seen))
    ctx.sent.clear()
    table.update(1 / 60)
    return state, all_events


def bot_step(state: dict, seed: int = 5, lang: str = "en") -> dict:
    got = S.step(state, lang, Rng.from_seed(seed))
    assert got is not None
    return got[3]
