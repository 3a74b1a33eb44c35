"""The first launch of a game offers its guided first game; the launcher's button replays it.

:func:`first_launch` runs ``then`` (the pass-and-play set-up, hosting) at once for a game whose
tutorial was offered before; otherwise it shows :class:`TutorialOfferScene` first: "Start the
guided game" or "Skip, play now" (either answer is remembered: it is offered once).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from assets import CONTENT_DIR
from client import games
from client.kit import theme
from client.kit.widgets import Button, Panel, fitter_for
from client.scenes.base import Scene
from client.tutorial import progress

if TYPE_CHECKING:
    from client.app import App


def available(game: str) -> bool:
    """Whether ``game`` has a guided first game (a script under ``assets/content/<game>/``)."""
    return (CONTENT_DIR / game / "tutorial.toml").is_file()


def start(app: App, game: str) -> None:
    """Open the guided first game of ``game`` (a practice table with bots)."""
    app.push("tutorial_connect", game=game)


def first_launch(app: App, game: str, then: Callable[[], None]) -> None:
    """``then()``, after offering the guided game if ``game`` was never offered on this computer."""
    if available(game) and progress.state(app, game) is None:
        app.push("tutorial_offer", game=game, then=then)
    else:
        then()


class TutorialOfferScene(Scene):
    """"First time playing <game>?" — the guided game, or straight on."""

    name = "tutorial_offer"
    opaque = False

    def __init__(self, app: App, game: str, then: Callable[[], None]) -> None:
        super().__init__(app)
        self.game = game
        self.then = then
        self.box = pygame.Rect(0, 0, 0, 0)
        self.title_r = self.text_r = pygame.Rect(0, 0, 0, 0)

    def _texts(self) -> tuple[str, str]:
        t = self.app.strings.t
        return t("tutorial.offer_title", game=games.title(self.game, self.app.strings)), t("tutorial.offer_text")

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        w, h = app.screen.get_size()
        fit = fitter_for(app.text)
        title, text = self._texts()
        width = int(min(u * 34, w - u * 4))
        inner = width - int(u * 3)
        tf = fit.block(title, u * theme.TYPE["heading"], inner, None, True, balanced=True)
        bf = fit.block(text, u * theme.TYPE["body"], inner, None)
        bh = int(u * 2.8)
        height = int(u * 1.5) + tf.height + int(u * 0.8) + bf.height + int(u * 1.4) + bh + int(u * 1.5)
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (w // 2, h // 2)
        x = self.box.left + int(u * 1.5)
        self.title_r = pygame.Rect(x, self.box.top + int(u * 1.5), inner, tf.height)
        self.text_r = pygame.Rect(x, self.title_r.bottom + int(u * 0.8), inner, bf.height)
        by = self.text_r.bottom + int(u * 1.4)
        bw = (inner - int(u)) // 2
        t = app.strings.t
        self.buttons = [
            Button(t("tutorial.offer_no"), pygame.Rect(x, by, bw, bh), self.skip, key="offer_no"),
            Button(t("tutorial.offer_yes"), pygame.Rect(x + bw + int(u), by, bw, bh), self.accept, key="offer_yes",
                   primary=True),
        ]

    def accept(self) -> None:
        progress.mark(self.app, self.game, "offered")
        self.app.pop(self)
        start(self.app, self.game)

    def skip(self) -> None:
        progress.mark(self.app, self.game, "offered")
        self.app.pop(self)
        self.then()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)  # not answered: offered again next time
            return True
        super().handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app, u = self.app, self.app.unit
        fit = fitter_for(app.text)
        Panel.dim(surface, 150, theme.SHADOW)
        Panel.draw(surface, self.box, theme.PAPER, theme.radius("panel", u), border=theme.ACCENT)
        title, text = self._texts()
        fit.draw_block(surface, title, self.title_r, u * theme.TYPE["heading"], theme.INK, True, align="center",
                       kind="rule")
        fit.draw_block(surface, text, self.text_r, u * theme.TYPE["body"], theme.INK, kind="rule")
        for b in self.buttons:
            b.draw(surface, app.text, u)
