"""Which guided games were offered and finished (kept in the settings: ``Settings.tutorials``)."""
from __future__ import annotations

from typing import Any

STATES = ("offered", "done")


def state(app: Any, game: str) -> str | None:
    """"offered", "done" or None (never offered) for ``game``."""
    value = app.settings.tutorials.get(game)
    return value if value in STATES else None


def mark(app: Any, game: str, new: str) -> None:
    """Remember ``new`` for ``game`` ("done" is never taken back to "offered") and save the settings."""
    if new not in STATES or state(app, game) == new or (new == "offered" and state(app, game) == "done"):
        return
    app.settings.tutorials[game] = new
    app.save_settings()
