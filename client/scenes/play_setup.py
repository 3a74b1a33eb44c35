"""Pass-and-play setup: how many seats and how many bots, then start."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client import games, modes
from client.kit.widgets import centred_box
from client.scenes.base import Scene
from client.ui import CHALK, PAPER, Button
from shared.bots import LEVELS, level_name

if TYPE_CHECKING:
    from client.app import App


class PlaySetupScene(Scene):
    name = "play_setup"

    def __init__(self, app: App, game: str) -> None:
        super().__init__(app)
        self.game = game
        self.lo, self.hi = games.seat_range(game)
        self.players = max(self.lo, min(self.hi, 4))
        self.bots = 0
        self.level = "normal"  # the bots' level (shared.bots.LEVELS)
        # each human seat's name in seat order ("" = "Player n"); the first is this computer's player
        self.names = [app.settings.name if i == 0 else "" for i in range(self.hi)]
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        t = app.strings.t
        self.box = centred_box(app.screen, u, 36, 24)
        x = self.box.left + int(u * 18)
        y1 = self.box.top + int(u * 3)
        y2 = y1 + int(u * 4)
        bh = int(u * 2.6)
        y3 = y2 + int(u * 4)
        self.rows = [("launcher.players", y1), ("launcher.bots", y2), ("launcher.bot_level", y3)]
        self.buttons = [
            Button("−", pygame.Rect(x, y1, bh, bh), lambda: self.change(-1, 0), key="players_down"),
            Button("+", pygame.Rect(x + int(u * 8), y1, bh, bh), lambda: self.change(1, 0), key="players_up"),
            Button("−", pygame.Rect(x, y2, bh, bh), lambda: self.change(0, -1), key="bots_down"),
            Button("+", pygame.Rect(x + int(u * 8), y2, bh, bh), lambda: self.change(0, 1), key="bots_up"),
            Button("−", pygame.Rect(x, y3, bh, bh), lambda: self.change_level(-1), key="level_down"),
            Button("+", pygame.Rect(x + int(u * 8), y3, bh, bh), lambda: self.change_level(1), key="level_up"),
            Button(t("play_names.open"), pygame.Rect(self.box.left + int(u * 3), y3 + int(u * 4),
                                                     self.box.width - int(u * 6), bh),
                   lambda: app.push("play_names", names=self.names, humans=self.players - self.bots),
                   key="names", enabled=self.players > self.bots),
            Button(t("launcher.back"), pygame.Rect(self.box.left + int(u * 3), self.box.bottom - int(u * 4.6),
                                                   int(u * 12), int(u * 3)), lambda: app.pop(self), key="back"),
            Button(t("launcher.start"), pygame.Rect(self.box.right - int(u * 15), self.box.bottom - int(u * 4.6),
                                                    int(u * 12), int(u * 3)), self.start, primary=True, key="start"),
        ]

    def change(self, dp: int, db: int) -> None:
        self.players = max(self.lo, min(self.hi, self.players + dp))
        self.bots = max(0, min(self.players, self.bots + db))

    def change_level(self, d: int) -> None:
        i = LEVELS.index(self.level) if self.level in LEVELS else 1
        self.level = LEVELS[max(0, min(len(LEVELS) - 1, i + d))]

    def start(self) -> None:
        modes.start_play(self.app, self.game, self.players, self.bots, bot_level=self.level,
                         names=self.names[:self.players - self.bots])

    def escape(self) -> bool:
        self.app.pop(self)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        self.draw_titled_panel(surface, f"{app.strings.t('launcher.play')} — {games.title(self.game, app.strings)}",
                               self.box)
        bh = int(u * 2.6)
        x = self.box.left + int(u * 18)
        values = (self.players, self.bots, level_name(self.level, app.strings.lang))
        for (key, y), value in zip(self.rows, values):
            te.blit(surface, app.strings.t(key), u * 1.3, CHALK, (self.box.left + int(u * 3), y + bh // 2), "midleft",
                    bold=True)
            # between the "−" and the "+" (5.4 units): shrunk, never over a button
            img = te.fitter.label(str(value), u * 1.5, PAPER, int(u * 5.0), True)
            te.fitter.blit_label(surface, img, str(value), "label", center=(x + int(u * 5.3), y + bh // 2))
        self.draw_buttons(surface)
