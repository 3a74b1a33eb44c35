"""Drive a guided first game in the real app with real pygame mouse events (not a test module)."""
from __future__ import annotations

from typing import Any

import pygame
from client_helpers import make_app, run_until


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


def open_tutorial(tmp_path: Any, game: str, lang: str = "ja", size: str = "1280x720") -> Any:
    """The app on the launcher, then its guided game of ``game`` opened; returns the app at the first step."""
    from client import modes
    from client.tutorial import offer

    app = make_app(tmp_path, "--size", size, "--lang", lang)
    modes.start(app, app.args)
    app.frame(0.016)
    offer.start(app, game)
    run_until(app, lambda: app.find("tutorial") is not None and app.find("tutorial").view() is not None,
              what="the guided game's table")
    return app


def act_on_ring(app: Any, tut: Any) -> str:
    """Do what the ring shows with real events: drag a ringed draggable onto a ringed target, or click the
    ringed node; a read step's Next button is clicked. Returns what was done ("" when nothing to do yet)."""
    if tut.step.reads:
        press_at(app, tut.buttons[0].rect.center)
        return "next"
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


def _moved_on(app: Any, step: str) -> bool:
    tut = app.find("tutorial")
    return tut is None or tut.step.id != step or tut.step.reads or bool(tut.ring_nodes())


def drive_to_end(app: Any, limit: int = 400) -> list[tuple[str, str]]:
    """Run the open guided game to its end; returns [(step id, what was done)]."""
    done: list[tuple[str, str]] = []
    for _ in range(limit):
        tut = app.find("tutorial")
        if tut is None:
            return done
        run_until(app, lambda: app.find("tutorial") is None or app.top is app.find("tutorial"),
                  what="the tutorial on top")
        tut = app.find("tutorial")
        if tut is None:
            return done
        step = tut.step.id
        did = act_on_ring(app, tut)
        if did:
            done.append((step, did))
        run_until(app, lambda step=step: _moved_on(app, step), what=f"step {step} to move on or show what to touch")
        frames(app, 3)
    raise AssertionError(f"the guided game did not end: {done}")
