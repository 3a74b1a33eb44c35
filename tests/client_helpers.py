"""Helpers for the headless client tests (not a test module)."""
from __future__ import annotations

import argparse
from typing import Any

import pygame


def make_args(*argv: str) -> argparse.Namespace:
    from houkago.cli import build_parser

    return build_parser().parse_args(list(argv))


def make_app(tmp_path, *argv: str) -> Any:
    from client.app import App

    app = App(make_args(*argv), settings_path=tmp_path / "settings.json")
    return app


def click(app: Any, pos: tuple[int, int], frames: int = 1) -> None:
    """A real click: MOUSEBUTTONDOWN then MOUSEBUTTONUP posted to pygame's queue."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(frames):
        app.frame(0.016)


def button(scene: Any, key: str) -> Any:
    for b in scene.buttons:
        if b.key == key:
            return b
    raise KeyError(key)


def run_until(app: Any, cond, frames: int = 3000, sleep: float = 0.002, timeout: float | None = None,
              what: str | None = None) -> bool:
    """Run app frames until ``cond()`` (returns True). Gives up only after ``frames`` frames *and*
    ``timeout`` seconds (default ``waiting.WAIT_SECONDS``) with :class:`waiting.WaitTimeout` naming the
    condition: a loaded machine gets the time it needs; this is a generous bound, not a timing threshold."""
    from waiting import wait_until

    wait_until(cond, what, timeout=timeout, interval=sleep, step=lambda: app.frame(0.016), min_polls=frames)
    return True


def fate_votes_match(app: Any, mode: str = "play", options: dict[str, Any] | None = None) -> tuple[Any, Any, Any]:
    """A 4-seat fate_votes match (seed 3) held by ``app``, its seat 0 this laptop's human with its first
    snapshot (sid 1) taken: (the spec, the state, the match)."""
    from typedmsg import typed

    from client.match import Match
    from shared.engine import REGISTRY

    spec = REGISTRY["fate_votes"]
    state = spec.setup(4, 3, options or {})
    match = Match(app, "fate_votes", "t1", mode=mode, humans=[0])
    app.match = match
    match.on_message(typed({"t": "snapshot", "table": "t1", "seat": 0, "view": spec.view(state, 0),
                            "legal": spec.legal_actions(state, 0), "sid": 1}))
    return spec, state, match
