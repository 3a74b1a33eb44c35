"""Walk scenes for local play (``tools/layout_walk.py``): the launcher with its Continue button, the list
of kept local games (three games, one of twelve players; none on disk), the pass-and-play curtain
offering twelve seats' public step (the discussion's "ready"), and the names and seat order of four and
of twelve people at one screen."""
from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from client.localgames import LocalGame
from client.match import Match

Opener = Callable[[Any], Any]


def sample() -> list[LocalGame]:
    """Three kept games as the list shows them (not on disk)."""
    now = time.time()
    return [
        LocalGame(Path("walk-1"), "play", "school_mystery", players=4, names=["Rena", "Mion", "Satoko", "Rika"],
                  moves=214, when=now - 600),
        LocalGame(Path("walk-2"), "host", "fate_votes", players=12,
                  names=[f"Player {i + 1}" for i in range(12)], moves=38, when=now - 86400),
        LocalGame(Path("walk-3"), "play", "mind_swap", players=6,
                  names=["Keiichi", "Shion", "Hanyuu", "Ooishi", "Akasaka", "Irie"], moves=1203, when=now - 3 * 86400),
    ]


def continue_list(app: Any) -> None:
    app.replace("continue", saved=sample())


def launcher_with_continue(app: Any) -> None:
    scene = app.replace("launcher")
    scene.unfinished = 3  # as if three games were kept
    scene.layout()


class _Covered:
    """What the curtain covers: a twelve-seat pass-and-play fate_votes match in its discussion."""

    def __init__(self, app: Any) -> None:
        self.match = Match(app, "fate_votes", "T1", mode="play", humans=list(range(12)),
                           names={i: f"Player {i + 1}" for i in range(12)})
        self.match.legal = {s: [{"type": "ready"}] for s in range(12)}
        app.match = self.match

    def reveal(self, seat: int) -> None:
        pass


def curtain_public(app: Any) -> Any:
    return app.replace("curtain", table_scene=_Covered(app), seat=0)


def play_names(humans: int) -> Opener:
    def open_(app: Any) -> Any:
        names = ["Sonozaki Mion", ""] + [f"Player {i + 1}" for i in range(2, humans)]
        return app.replace("play_names", names=names, humans=humans)
    return open_


def register_walk(register: Callable[[str, Callable[[Any], Any]], None],
                  app_scene: Callable[[Opener], Callable[[Any], Any]]) -> None:
    register("continue_list", app_scene(continue_list))
    register("launcher_continue", app_scene(launcher_with_continue))
    register("curtain_public", app_scene(curtain_public))
    register("play_names_4", app_scene(play_names(4)))
    register("play_names_12", app_scene(play_names(12)))
