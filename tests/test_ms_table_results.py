"""mind_swap table: the app's results frame shows the final scores (``draw_results``), not just winners."""
from __future__ import annotations

import pygame

import client.tables.mind_swap as MS
from client.kit.headless import HeadlessContext, LocalGame
from client.tables.base import TableView
from client.tables.mind_swap import MindSwapTable
from shared.rng import Rng


def _finished(seed: int = 3) -> tuple[LocalGame, MindSwapTable]:
    pygame.init()
    ctx = HeadlessContext("en", fast=True)
    game = LocalGame("mind_swap", 4, seed)
    table = MindSwapTable(ctx, 0)
    game.attach(0, table, opening=False)
    rng = Rng.from_seed(seed)
    for _ in range(2000):
        if game.bot_step(rng) is None:
            break
    assert game.spec.is_over(game.state)
    return game, table


def test_draw_results_is_the_tables_own_and_draws_every_players_score(monkeypatch):
    game, table = _finished()
    assert type(table).draw_results is not TableView.draw_results
    seen = []
    real = MS.draw_scores
    monkeypatch.setattr(MS, "draw_scores", lambda t, m, *a: (seen.append(m), real(t, m, *a))[1])
    surface = pygame.Surface((1400, 900))
    surface.fill((0, 0, 0))
    rect = pygame.Rect(100, 120, 1200, 640)
    # no update/animation has run: the frame still uses the newest snapshot's scores
    table.draw_results(surface, rect)
    final = game.spec.view(game.state, table.seat)
    assert seen and seen[0].over and [p.score for p in seen[0].players] == final["scores"]
    scores = sorted(pl.score for pl in seen[0].players)
    assert len(scores) == 4 and scores == sorted(game.spec.view(game.state, 0)["scores"])
    # the panel (paper) is drawn inside the rect and nothing outside it
    inside = pygame.mask.from_threshold(surface.subsurface(rect), (0, 0, 0), (1, 1, 1, 255))
    assert inside.count() < rect.w * rect.h * 0.7
    outside = surface.copy()
    outside.fill((0, 0, 0), rect)
    assert pygame.mask.from_threshold(outside, (0, 0, 0), (1, 1, 1, 255)).count() == 1400 * 900
