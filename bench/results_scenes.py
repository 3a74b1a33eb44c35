"""The app's game-over box for every game in the layout walk: the results frame of
:class:`client.scenes.results.ResultsScene` (its :class:`~client.scenes.results.ResultsFrame`: paper box, title) with the table's own ``draw_results``
inside — fate_votes' priority explanation, mind_swap's restored pairs and who restored whom,
school_mystery's article with the reporters by their students' names."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from client.kit import theme
from client.kit.nodes import NodeMap
from client.kit.widgets import fitter_for
from client.scenes.results import ResultsFrame


class ResultsBox:
    """A finished table's results as the results overlay frames them (same box and inner rect)."""

    def __init__(self, ctx: Any, table: Any) -> None:
        self.ctx, self.table = ctx, table
        self.box = self.inner = pygame.Rect(0, 0, 0, 0)
        self.frame = ResultsFrame()

    def set_rect(self, rect: pygame.Rect) -> None:
        u = self.ctx.unit
        self.box = pygame.Rect(0, 0, min(rect.w - int(u * 4), int(u * 64)), min(rect.h - int(u * 4), int(u * 44)))
        self.box.center = rect.center
        self.inner = pygame.Rect(self.box.left + int(u * 1.5), self.box.top + int(u * 4.6),
                                 self.box.width - int(u * 3), self.box.height - int(u * 9.4))
        if hasattr(self.table, "set_rect"):
            self.table.set_rect(rect)

    def update(self, dt: float) -> None:
        self.table.update(dt)
        if hasattr(self.table, "skip_animations"):
            self.table.skip_animations()

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        surface.fill(theme.TABLE)
        u = self.ctx.unit
        fit = fitter_for(self.ctx)
        title = self.ctx.t("results.title")

        def draw_title(on: pygame.Surface, paper: pygame.Rect) -> None:
            img = fit.label(title, u * 2.2, theme.INK, paper.w - int(u * 3), True)
            fit.blit_label(on, img, title, "label", paper, midtop=(paper.centerx, paper.top + int(u * 1.2)))

        self.frame.draw(surface, self.box, u, title, draw_title)
        clip = surface.get_clip()
        surface.set_clip(self.inner)
        self.table.draw_results(surface, self.inner)
        surface.set_clip(clip)

    def nodes(self) -> NodeMap:
        return NodeMap()


def _fate_votes(ctx: Any) -> Any:
    from bench import fv_scenes

    return ResultsBox(ctx, fv_scenes.results_scene(ctx))


def finished_mind_swap(ctx: Any, players: int = 5, seed: int = 3) -> tuple[Any, Any]:
    """A mind_swap game played to its end by bots, and seat 0's table that followed it: (game, table)."""
    from client.kit.headless import LocalGame
    from client.tables.mind_swap import MindSwapTable
    from shared.rng import Rng

    game = LocalGame("mind_swap", players, seed)
    table = MindSwapTable(ctx, 0)
    game.attach(0, table, opening=False)
    rng = Rng.from_seed(seed)
    while game.bot_step(rng) is not None:
        pass
    table.result = game.spec.result(game.state)
    return game, table


def _mind_swap(ctx: Any) -> Any:
    return ResultsBox(ctx, finished_mind_swap(ctx)[1])


def register_walk(register: Callable[[str, Callable[[Any], Any]], None], scenes: dict[str, Any]) -> None:
    """The three games' results boxes (school_mystery's from the walk's article scene in ``scenes``)."""
    register("results_fate_votes", _fate_votes)
    register("results_mind_swap", _mind_swap)
    article = scenes.get("school_mystery_article")
    if article is not None:
        register("results_school_mystery", lambda ctx: ResultsBox(ctx, article(ctx)))
