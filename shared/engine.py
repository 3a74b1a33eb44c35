"""The registry of games and the public names of the rules contract.

``REGISTRY["fate_votes"].setup(6, 42, {})`` etc.; see :mod:`shared.spec`.
"""
from __future__ import annotations

import importlib

from shared.errors import HoukagoError, RuleError
from shared.spec import Action, Event, GameSpec, OptionSpec, State, events_for

__all__ = [
    "GAME_IDS",
    "REGISTRY",
    "Action",
    "Event",
    "GameSpec",
    "HoukagoError",
    "OptionSpec",
    "RuleError",
    "State",
    "events_for",
    "listed_games",
]

# Each module shared.games.<id> exports SPEC. Order = order in the launcher.
GAME_IDS: tuple[str, ...] = ("fate_votes", "mind_swap", "school_mystery", "bench_vote")


def _build_registry() -> dict[str, GameSpec]:
    registry: dict[str, GameSpec] = {}
    for game_id in GAME_IDS:
        spec: GameSpec = importlib.import_module(f"shared.games.{game_id}").SPEC
        if spec.id != game_id:
            raise ValueError(f"shared.games.{game_id} registers {spec.id!r}")
        registry[spec.id] = spec
    return registry


REGISTRY: dict[str, GameSpec] = _build_registry()


def listed_games() -> list[GameSpec]:
    """Games a player can choose (the benchmark-only game is left out)."""
    return [s for s in REGISTRY.values() if s.listed]
