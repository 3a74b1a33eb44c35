"""What the client knows about one game beyond its rules: its table view and how it is offered.

Each game has a module ``client.games.<game_id>`` with a ``CLIENT`` :class:`GameClient`;
generic code (launcher, lobby, join, match) reads those and never names a game.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

#: option value -> language -> label, computed from the game's loaded content
ChoiceSource = Callable[[Any], Mapping[Any, Mapping[str, str]]]


@dataclass(frozen=True)
class GameClient:
    """One game's client side: the table view class, the launcher card, extra option choices."""

    view: str  # "module:Class" of the game's TableView
    colour: tuple[int, int, int]  # the launcher card's band
    suit: str  # the symbol on the launcher card
    choice_sources: Mapping[str, ChoiceSource] = field(default_factory=dict)  # option name -> choices
    step_help: str = ""  # "module:function" of the game's step help (client.kit.stephelp), "" = none
    # action types that show nothing private (the discussion's "ready"): on a pass-and-play table the
    # curtain offers them for each seat, without passing the screen (client.scenes.curtain)
    public_steps: frozenset[str] = frozenset()
