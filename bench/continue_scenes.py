"""Walk scenes for Continue (``tools/layout_walk.py``): the launcher with its Continue button and the list
of kept local games (three games, one of twelve players), without any game on disk."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

from client.localgames import LocalGame

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


def register_walk(register: Callable[[str, Callable[[Any], Any]], None],
                  app_scene: Callable[[Opener], Callable[[Any], Any]]) -> None:
    register("continue_list", app_scene(continue_list))
    register("launcher_continue", app_scene(launcher_with_continue))
