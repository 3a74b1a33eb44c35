"""Continue: the unfinished local games (pass-and-play and hosted), newest first — game, players, when.

A game whose journal needs the older version it was started with is shown as such and not offered
(Forget only); one whose journal is damaged says it can only be watched (the table stops at its last
good move)."""
from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING

import pygame

from client import games, lanwords, localgames, modes
from client.localgames import LocalGame
from client.scenes.base import Scene
from client.ui import CHALK, CHALK_DIM, PAPER, Button, panel

if TYPE_CHECKING:
    from client.app import App

ROWS = 6  # games shown (the newest)
NAMES = 4  # player names shown in a row


class ContinueScene(Scene):
    name = "continue"

    def __init__(self, app: App, saved: list[LocalGame] | None = None) -> None:
        super().__init__(app)
        self.saved: list[LocalGame] = localgames.unfinished(check=True) if saved is None else list(saved)
        self.rows: list[tuple[LocalGame, pygame.Rect]] = []
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        t = app.strings.t
        w, h = app.screen.get_size()
        row_h = int(u * 5.4)
        shown = self.saved[:ROWS]
        self.box = pygame.Rect(0, 0, min(w - int(u * 4), int(u * 62)),
                               int(u * 3) + max(1, len(shown)) * (row_h + int(u * 0.6)) + int(u * 5))
        self.box.center = (w // 2, h // 2 + int(u * 1.5))
        bw, bh = int(u * 9.5), int(u * 2.6)
        self.rows, self.buttons = [], []
        y = self.box.top + int(u * 1.5)
        for i, saved in enumerate(shown):
            rect = pygame.Rect(self.box.left + int(u * 1.5), y, self.box.width - int(u * 3), row_h)
            self.rows.append((saved, rect))
            old = saved.status == lanwords.OLD_VERSION
            self.buttons.append(Button(t("continue.go"), pygame.Rect(rect.right - bw - int(u * 0.8),
                                                                     rect.centery - bh // 2, bw, bh),
                                       partial(self.go, saved), key=f"continue_{i}", primary=not old,
                                       enabled=not old, why_not=t("lan.status.old_version_note") if old else ""))
            self.buttons.append(Button(t("continue.forget"), pygame.Rect(rect.right - 2 * bw - int(u * 1.6),
                                                                         rect.centery - bh // 2, bw, bh),
                                       partial(self.forget, saved), key=f"forget_{i}"))
            y += row_h + int(u * 0.6)
        self.buttons.append(Button(t("launcher.back"), pygame.Rect(self.box.left + int(u * 1.5),
                                                                   self.box.bottom - bh - int(u * 1.2), bw, bh),
                                   lambda: app.pop(self), key="back"))

    def go(self, saved: LocalGame) -> None:
        self.app.pop(self)
        modes.continue_game(self.app, saved)

    def forget(self, saved: LocalGame) -> None:
        localgames.forget(saved)
        self.saved = [g for g in self.saved if g.folder != saved.folder]
        if not self.saved:
            self.app.pop(self)
            return
        self.layout()

    def escape(self) -> bool:
        self.app.pop(self)
        return True

    def describe(self, saved: LocalGame) -> tuple[str, str, str]:
        """(the game and how it is played, the players, moves · when) of one row."""
        t = self.app.strings.t
        title = f"{games.title(saved.game, self.app.strings)} — {t('continue.mode_' + saved.mode)}"
        sep = ", " if self.app.strings.lang == "en" else "、"
        names = [n for n in saved.names if n]
        if len(names) > NAMES:  # a big table: the first names and how many more
            names = names[:NAMES - 1] + [t("continue.more", n=len(names) - NAMES + 1)]
        shown_names = sep.join(names)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(saved.when))
        details = t("continue.details", moves=saved.moves, when=when)
        if saved.status:  # needs the older version / damaged: said before anything else on its line
            details = " · ".join(lanwords.status_words(self.app.strings, {"phase": saved.status,
                                                                          "damaged": saved.status == "damaged"})
                                 + [details])
        return title, shown_names, details

    def draw(self, surface: pygame.Surface) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        self.draw_titled_panel(surface, app.strings.t("continue.title"), self.box)
        if not self.rows:
            te.blit(surface, app.strings.t("continue.none"), u * 1.2, CHALK_DIM,
                    (self.box.centerx, self.box.top + int(u * 3)), "midtop")
        for saved, rect in self.rows:
            panel(surface, rect, alpha=120)
            width = rect.width - int(u * 22)
            for i, (line, size, colour, bold) in enumerate(zip(self.describe(saved), (u * 1.2, u * 0.95, u * 0.95),
                                                               (PAPER, CHALK, CHALK_DIM), (True, False, False))):
                te.blit_wrapped(surface, line, size, colour,
                                pygame.Rect(rect.left + int(u), rect.top + int(u * (0.4 + 1.7 * i)), width,
                                            int(u * 1.7)), bold=bold, max_lines=1)
        self.draw_buttons(surface)
