"""Typed fate_votes content (display texts only; the rules need none of it)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

Text3 = Mapping[str, str]  # {"ja": …, "zh": …, "en": …}
SHAPES: tuple[str, ...] = ("ring", "diamond", "triangle_down", "star", "star_outline", "square", "circle",
                           "triangle", "heart", "hexagon")


@dataclass(frozen=True)
class Character:
    """One character card: priority, how to draw it, its name and winning condition."""

    id: str
    priority: int
    colour: str  # "#rrggbb"
    symbol: str  # a unicode symbol present in the CJK fonts
    shape: str  # a simple shape the client can draw instead (one of SHAPES)
    name: Text3
    condition_title: Text3
    condition_text: Text3


@dataclass(frozen=True)
class Story:
    """An if-story, shown when its condition fires (``none``: nobody won)."""

    id: str
    character: str | None
    title: Text3
    text: Text3


@dataclass(frozen=True)
class FateVotesContent:
    """All fate_votes display content, keyed by the ids the rules and results use."""

    characters: tuple[Character, ...]
    stories: Mapping[str, Story]
    phases: Mapping[str, Text3]
    conditions: Mapping[str, Text3]
    reasons: Mapping[str, Text3]  # reason_code -> template with {votes}, {top}, {others}, {by}

    def character(self, card_id: str) -> Character:
        return next(c for c in self.characters if c.id == card_id)
