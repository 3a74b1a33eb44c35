"""The step-help line in the layout walk: table scenes of every game as the table scene shows them —
the view above the step line — with the first glossary chip hovered (its definition card open)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from assets.loaders.glossary import load_glossary
from client import games
from client.kit.nodes import NodeMap
from client.kit.stephelp import StepHelp, StepLine, help_for

# walk scene of a table → its game (a few phases of each game, the display included)
WRAPPED = {
    "fate_votes_choose": "fate_votes", "fate_votes_final": "fate_votes", "fate_votes_display": "fate_votes",
    "mind_swap_play": "mind_swap", "mind_swap_display": "mind_swap",
    "school_mystery_table": "school_mystery", "school_mystery_roll": "school_mystery",
    "school_mystery_article": "school_mystery",
}


class WithStepLine:
    """A table view under its step-help line, laid out as :class:`client.scenes.table.TableScene` does."""

    def __init__(self, ctx: Any, game: str, table: Any, hover: bool = True) -> None:
        self.ctx, self.game, self.table, self.hover = ctx, game, table, hover
        self.fn = games.step_help(game)
        self.line = StepLine()
        self.help: StepHelp | None = None
        self.table_rect = pygame.Rect(0, 0, 0, 0)

    def set_rect(self, rect: pygame.Rect) -> None:
        h = StepLine.height(self.ctx, self.ctx.unit)
        self.table_rect = pygame.Rect(rect.x, rect.y, rect.w, rect.h - h)
        self.step_rect = pygame.Rect(rect.x, rect.bottom - h, rect.w, h)
        if hasattr(self.table, "set_rect"):
            self.table.set_rect(self.table_rect)

    def update(self, dt: float) -> None:
        self.table.update(dt)
        self.help = help_for(self.fn, self.table.shown_now(), self.table.seat, self.table.ctx)
        self.line.layout(self.ctx, self.help, self.step_rect, self.ctx.unit, load_glossary(self.game))
        if self.hover and self.line.chips:
            self.line.pointer = self.line.chips[0].rect.center

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.table.draw(surface, self.table_rect)
        self.line.draw(surface, self.ctx, self.help, self.ctx.unit)
        self.line.draw_tooltip(surface, self.ctx, self.ctx.unit)

    def nodes(self) -> NodeMap:
        nm: NodeMap = self.table.nodes() if hasattr(self.table, "nodes") else NodeMap()
        for node in self.line.nodes():
            nm.add(node)
        return nm


def wrap(builder: Callable[[Any], Any], game: str) -> Callable[[Any], Any]:
    return lambda ctx: WithStepLine(ctx, game, builder(ctx))


def register_walk(register: Callable[[str, Callable[[Any], Any]], None], scenes: dict[str, Any]) -> None:
    """Register ``step_<scene>`` for every wrapped table scene already in ``scenes``."""
    for name, game in WRAPPED.items():
        if name in scenes:
            register(f"step_{name}", wrap(scenes[name], game))
