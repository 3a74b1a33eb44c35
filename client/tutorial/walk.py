"""The guided games' step cards for the layout walk (``tools/layout_walk.py``): every step of every script,
as the overlay draws its card (with the Next / Finish button on read steps, the confirm button and sample text
on confirm steps, and the longer of the notes on do-steps), in whatever window size and language the walk
renders."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from assets.loaders import tutorial as loader
from client.kit import theme
from client.kit.nodes import NodeMap
from client.kit.widgets import Button
from client.tutorial import card as step_card
from client.tutorial.offer import available
from client.tutorial.steps import card_text


class StepCardScene:
    """One step's card in the top-left corner of the window (the walk's view protocol)."""

    def __init__(self, ctx: Any, game: str, index: int) -> None:
        self.ctx = ctx
        self.tutorial = loader.load(game)
        self.index = index
        self.layout: step_card.CardLayout | None = None
        self.button: Button | None = None

    def _texts(self) -> tuple[str, str, str]:
        t, step = self.ctx.t, self.tutorial.steps[self.index]
        title = f"{t('tutorial.title')} · {t('tutorial.step', n=self.index + 1, total=len(self.tutorial.steps))}"
        note = "" if step.reads else max((t("tutorial.waiting"), t("tutorial.refused")), key=len)
        return title, card_text(step, self.ctx.lang, t), note

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        u = self.ctx.unit
        title, text, note = self._texts()
        step = self.tutorial.steps[self.index]
        card = step_card.measure(self.ctx, u, rect, text, note, title, step.reads or step.confirm)
        self.layout = step_card.place(card, rect, [], u)
        self.button = None
        if step.reads and self.layout.button is not None:
            last = self.index == len(self.tutorial.steps) - 1
            self.button = Button(self.ctx.t("tutorial.finish" if last else "tutorial.next"), self.layout.button,
                                 key="tutorial_next", primary=True)
        elif step.confirm and self.layout.button is not None:
            self.button = Button(self.ctx.t("tutorial.confirm"), self.layout.button, key="tutorial_confirm",
                                 primary=True)
        surface.fill(theme.CLEAR_SCREEN)
        step_card.draw(surface, self.ctx, u, self.layout, title, text, note, self.button)

    def nodes(self) -> NodeMap:
        nm = NodeMap()
        if self.button is not None:
            nm.add(self.button.node())
        return nm


def register_walk(register: Callable[[str, Callable[[Any], Any]], None]) -> None:
    """One walk scene per step of every script: ``tutorial_<game>_<step id>``."""
    for game in loader.GAMES:
        if not available(game):
            continue
        for i, step in enumerate(loader.load(game).steps):
            register(f"tutorial_{game}_{step.id}", _builder(game, i))


def _builder(game: str, index: int) -> Callable[[Any], StepCardScene]:
    return lambda ctx: StepCardScene(ctx, game, index)
