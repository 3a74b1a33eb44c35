"""The rules book: each game's rules for players, opened from the launcher, the lobby, the Esc menu
and the "?" on every table (at the page of the table's current step).

- :func:`open_rules` — the one way to open it: ``open_rules(app, game, page_id=None)`` pushes the
  ``rules_book`` scene (:mod:`client.scenes.rules_book`); a table view reaches it through its context
  (``ctx.open_rules(game, page_id)``).
- :func:`has_rules` — whether a game has a book; :func:`step_keys` / :func:`page_for_view` — a table's snapshot → the page that explains its step.
- :mod:`client.rulesbook.view` — the book on screen; :mod:`client.rulesbook.art` — its illustrations.
Content: ``assets/content/<game>/rules_book.toml`` (loader :mod:`assets.loaders.rules_book`).
"""
from __future__ import annotations

from typing import Any

from assets.loaders import rules_book_steps


def step_keys(view: dict[str, Any] | None) -> list[str]:
    """The steps a table's snapshot is at, most specific first: a pending roll (``roll.<stage>``), the
    head of the pending steps (``task.<kind>``), a pending choice (``<kind>``), then the phase."""
    if not isinstance(view, dict):
        return []
    keys: list[str] = []
    roll = view.get("roll")
    if isinstance(roll, dict) and roll.get("stage"):
        keys.append(f"roll.{roll['stage']}")
    tasks = view.get("tasks")
    if isinstance(tasks, list) and tasks and isinstance(tasks[0], dict) and tasks[0].get("kind"):
        keys.append(f"task.{tasks[0]['kind']}")
    pending = view.get("pending")
    if isinstance(pending, dict) and pending.get("kind"):
        keys.append(str(pending["kind"]))
    if view.get("phase"):
        keys.append(str(view["phase"]))
    return keys


def has_rules(game: str) -> bool:
    """Whether ``game`` has a rules book (the entry points show only then). Only the file is looked for, so
    the launcher's first frame reads no book; the book is read (and checked) when it is opened."""
    return rules_book_steps.installed(game)


def page_for_view(game: str, view: dict[str, Any] | None) -> str | None:
    """The id of the page of ``game``'s rules book that explains the step ``view`` is at (None: no book)."""
    from assets.loaders import rules_book

    try:
        book = rules_book.cached(game)
    except (rules_book.ContentError, KeyError):
        return None
    return book.page_for(step_keys(view))


def open_rules(app: Any, game: str, page_id: str | None = None) -> Any:
    """Open ``game``'s rules book over the current screen at ``page_id`` (the first page when None
    or unknown); Esc or Close returns to the screen below. Returns the scene."""
    return app.push("rules_book", game=game, page=page_id)
