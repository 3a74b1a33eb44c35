"""Drive a guided first game with real pygame events at what its card rings (the tests and the screenshots).

``act_on_ring(app, tutorial_scene)`` does what the ring shows: a read step's Next is clicked; a ringed
draggable is dragged onto the ringed target; else the ringed node is clicked; a confirm step's card button is clicked. Events go through pygame's
queue and the app's own frame loop, as a player's would.
"""
from __future__ import annotations

from typing import Any

import pygame


def post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def frames(app: Any, n: int) -> None:
    for _ in range(n):
        app.frame(0.016)


def press_at(app: Any, pos: tuple[int, int]) -> None:
    """A real left click at ``pos``."""
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app, 2)


def drag(app: Any, start: tuple[float, float], end: tuple[float, float], steps: int = 6) -> None:
    """Press at ``start``, move in steps, release at ``end`` (one frame per move)."""
    start = (int(start[0]), int(start[1]))
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for i in range(1, steps + 1):
        p = (int(start[0] + (end[0] - start[0]) * i / steps), int(start[1] + (end[1] - start[1]) * i / steps))
        post(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
        app.frame(0.016)
    post(pygame.MOUSEBUTTONUP, pos=(int(end[0]), int(end[1])), button=1)
    frames(app, 2)


def act_on_ring(app: Any, tut: Any) -> str:
    """Do what the ring shows with real events: drag a ringed draggable onto a ringed target, or click the
    ringed node; a read step's Next button is clicked. Returns what was done ("" when nothing to do yet)."""
    if tut.step.reads:
        press_at(app, tut.buttons[0].rect.center)
        return "next"
    if tut.step.confirm:  # done from the card: its button sends the step's action (sample text filled in)
        if not tut.buttons or not tut.buttons[0].enabled:
            return ""
        press_at(app, tut.buttons[0].rect.center)
        return "confirm"
    view = tut.view()
    ring = tut.ring_nodes()
    if not ring or view.busy():
        return ""
    source = next((n for n in ring if n.draggable), None)
    if source is not None:
        target = next(n for n in ring if not n.draggable)
        drag(app, source.anchor, target.rect.center)
        return f"drag {source.id} -> {target.id}"
    node = ring[0]
    press_at(app, node.rect.center)
    return f"click {node.id}"
