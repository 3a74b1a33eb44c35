"""The client's game registry: the listed games of ``shared.engine`` that have a client descriptor.

``games()`` is the launcher's list (registry order); ``client(game_id)`` the descriptor;
``seat_range`` comes from the :class:`~shared.spec.GameSpec`; ``view_class`` imports the
game's table view and raises :class:`ViewLoadError` (shown on screen by the match) when
it cannot.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from client.games.descriptor import GameClient
from client.i18n import Strings
from shared.engine import REGISTRY, listed_games
from shared.spec import GameSpec, OptionSpec

if TYPE_CHECKING:  # the table views' base is imported when a view is loaded, not for the launcher's list
    from client.tables.base import TableView

__all__ = ["GameClient", "ViewLoadError", "choice_labels", "client", "game_name", "games", "option_specs",
           "seat_range", "spec", "step_help", "title", "view_class"]

_clients: dict[str, GameClient | None] = {}


class ViewLoadError(Exception):
    """A game's table view could not be loaded (no descriptor, import error, not a TableView)."""


def client(game_id: str) -> GameClient | None:
    """The game's descriptor (``client.games.<game_id>.CLIENT``), None when the game has none."""
    if game_id not in _clients:
        try:
            module = importlib.import_module(f"{__name__}.{game_id}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{game_id}":
                raise
            _clients[game_id] = None
        else:
            _clients[game_id] = module.CLIENT
    return _clients[game_id]


def games() -> list[str]:
    """Game ids offered to players, in registry order: listed and with a client descriptor."""
    return [s.id for s in listed_games() if client(s.id) is not None]


def spec(game_id: str) -> GameSpec | None:
    return REGISTRY.get(game_id)


def seat_range(game_id: str) -> tuple[int, int]:
    """(min, max) seats from the game's GameSpec."""
    s = REGISTRY.get(game_id)
    if s is None:
        raise KeyError(game_id)
    return s.min_seats, s.max_seats


def game_name(game_id: str, lang: str) -> str | None:
    """The game's name in ``lang`` from its GameSpec (None: unknown game or no name in that language)."""
    s = REGISTRY.get(game_id)
    return s.names.get(lang) if s is not None else None


def title(game_id: str, strings: Strings) -> str:
    """The game's name as the player reads it: the GameSpec's name in the UI language, else the string table's."""
    return game_name(game_id, strings.lang) or strings.t(f"game.{game_id}")


def option_specs(game_id: str) -> list[OptionSpec]:
    """The options the lobby shows: school_mystery's campaign is set by Continue only, and its content
    packs option appears when packs are installed (docs/content_packs.md)."""
    s = REGISTRY.get(game_id)
    if s is None:
        return []
    out = list(s.options)
    if game_id == "school_mystery":
        packs = getattr(s.content(), "packs", None)
        out = [o for o in out if o.name != "campaign" and (o.name != "packs" or packs)]
    return out


def choice_labels(game_id: str, option: str, content: Any) -> Mapping[Any, Mapping[str, str]]:
    """Extra choices for an option that come from the game's content (value -> language -> label)."""
    desc = client(game_id)
    source = desc.choice_sources.get(option) if desc is not None else None
    return source(content) if source is not None and content is not None else {}


def view_class(game_id: str) -> type[TableView]:
    """The game's TableView class; :class:`ViewLoadError` says why it cannot be had."""
    desc = client(game_id)
    if desc is None:
        raise ViewLoadError(f"no client descriptor for game {game_id!r} (client/games/{game_id}.py)")
    module_name, _, name = desc.view.partition(":")
    try:
        cls = getattr(importlib.import_module(module_name), name)
    except Exception as exc:  # any failure to load the view is reported on screen
        raise ViewLoadError(f"{desc.view}: {type(exc).__name__}: {exc}") from exc
    from client.tables.base import TableView

    if not (isinstance(cls, type) and issubclass(cls, TableView)):
        raise ViewLoadError(f"{desc.view} is not a TableView")
    return cls


StepHelpFn = Callable[[dict[str, Any], list[dict[str, Any]], "int | None", Any], Any]


def step_help(game_id: str) -> StepHelpFn | None:
    """The game's ``step_help(view, legal, seat, ctx) -> StepHelp`` (its descriptor names it), or None."""
    desc = client(game_id)
    if desc is None or not desc.step_help:
        return None
    module_name, _, name = desc.step_help.partition(":")
    fn: StepHelpFn = getattr(importlib.import_module(module_name), name)
    return fn


def public_steps(game_id: str) -> frozenset[str]:
    """The game's action types that show nothing private (``GameClient.public_steps``)."""
    desc = client(game_id)
    return desc.public_steps if desc is not None else frozenset()
