"""The launcher: choose a game, then Host, Join, Pass-and-play or Table display; Settings."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client import games, modes
from client.scenes.base import Scene
from client.ui import ACCENT, CHALK, CHALK_DIM, INK, PAPER, Button

if TYPE_CHECKING:
    from client.app import App

class LauncherScene(Scene):
    name = "launcher"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = games.games()
        wanted = getattr(app.args, "game", None)
        self.game = wanted if wanted in self.games else self.games[0]
        self.cards: list[tuple[str, pygame.Rect]] = []

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        w, h = app.screen.get_size()
        t = app.strings.t
        card_w, card_h = int(u * 15.5), int(u * 21.5)
        gap = int(u * 2.2)
        n = len(self.games)
        total = n * card_w + (n - 1) * gap
        x0 = (w - total) // 2
        y0 = int(h * 0.25)
        self.cards = [(g, pygame.Rect(x0 + i * (card_w + gap), y0, card_w, card_h)) for i, g in enumerate(self.games)]
        by = y0 + card_h + int(u * 2.6)
        bgap = int(u * 1.2)
        bw, bh = (total - 3 * bgap) // 4, int(u * 5.4)
        bx = x0
        self.buttons = [
            Button(t("launcher.host"), pygame.Rect(bx, by, bw, bh), lambda: modes.start_host(app, self.game),
                   hint=t("launcher.host_hint"), key="host"),
            Button(t("launcher.join"), pygame.Rect(bx + (bw + bgap), by, bw, bh), lambda: modes.open_join(app),
                   hint=t("launcher.join_hint"), key="join"),
            Button(t("launcher.play"), pygame.Rect(bx + 2 * (bw + bgap), by, bw, bh),
                   lambda: modes.open_play_setup(app, self.game), hint=t("launcher.play_hint"), key="play",
                   primary=True),
            Button(t("launcher.display"), pygame.Rect(bx + 3 * (bw + bgap), by, bw, bh),
                   lambda: modes.start_display(app, None, None), hint=t("launcher.display_hint"), key="display"),
        ]
        sw, sh = int(u * 8), int(u * 2.4)
        self.buttons.append(Button(t("launcher.settings"), pygame.Rect(w - sw - int(u), int(u), sw, sh),
                                   lambda: modes.open_settings(app), key="settings"))
        self.buttons.append(Button(t("launcher.quit"), pygame.Rect(w - sw - int(u), int(u) + sh + int(u * 0.6),
                                                                   sw, sh), lambda: app.quit(0), key="quit"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for game, rect in self.cards:
                if rect.collidepoint(event.pos):
                    self.game = game
                    self.app.sounds.play("card")
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            i = self.games.index(self.game) + (1 if event.key == pygame.K_RIGHT else -1)
            self.game = self.games[i % len(self.games)]
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        self.app.background(surface)
        w, _ = surface.get_size()
        h = surface.get_height()
        top = self.cards[0][1].top
        te.blit(surface, app.strings.t("app.title"), u * 3.4, PAPER, (w // 2, top - int(u * 10.6)), "midtop", bold=True)
        te.blit(surface, app.strings.t("app.subtitle"), u * 1.15, CHALK_DIM, (w // 2, top - int(u * 5.6)), "midtop")
        te.blit(surface, app.strings.t("launcher.choose_game"), u * 1.15, CHALK, (w // 2, top - int(u * 1.4)),
                "midbottom", bold=True)
        for game, rect in self.cards:
            self._draw_card(surface, game, rect, game == self.game)
        self.draw_buttons(surface)
        te.blit(surface, app.strings.t("launcher.keys"), u * 0.8, CHALK_DIM, (w // 2, h - int(u * 0.8)), "midbottom")

    def _draw_card(self, surface: pygame.Surface, game: str, rect: pygame.Rect, selected: bool) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        r = rect
        pygame.draw.rect(surface, (10, 22, 18), r.move(int(u * 0.25), int(u * 0.35)), border_radius=int(u * 0.8))
        pygame.draw.rect(surface, PAPER, r, border_radius=int(u * 0.8))
        if selected:
            pygame.draw.rect(surface, ACCENT, r.inflate(int(u * 0.5), int(u * 0.5)), width=max(3, int(u * 0.25)),
                             border_radius=int(u * 1.0))
        desc = games.client(game)
        assert desc is not None  # self.games lists only games with a descriptor
        band = pygame.Rect(r.left, r.top, r.width, int(r.height * 0.42))
        pygame.draw.rect(surface, desc.colour, band, border_top_left_radius=int(u * 0.8),
                         border_top_right_radius=int(u * 0.8))
        te.blit(surface, desc.suit, u * 5, PAPER, band.center, "center")
        inner = pygame.Rect(r.left + int(u), band.bottom + int(u * 0.9), r.width - 2 * int(u), int(u * 4))
        name = games.title(game, app.strings)
        size = u * 1.5
        while te.size(name, size, True)[0] > inner.width and size > u * 1.0:
            size *= 0.93
        used = te.blit_wrapped(surface, name, size, INK, inner, bold=True, align="center", max_lines=2)
        tag = pygame.Rect(inner.left, inner.top + used + int(u * 0.7), inner.width,
                          r.bottom - int(u * 2.6) - (inner.top + used + int(u * 0.7)))
        te.blit_wrapped(surface, app.strings.t(f"game.{game}_tagline"), u * 0.85, (80, 80, 88), tag, align="center",
                        max_lines=4)
        lo, hi = games.seat_range(game)
        te.blit(surface, app.strings.t("game.players", min=lo, max=hi), u * 0.95, (90, 90, 96),
                (r.centerx, r.bottom - int(u * 1.2)), "midbottom")
