"""The launcher: choose a game, then Host, Join, Pass-and-play or Table display; Settings."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from client import games, localgames, modes
from client.kit import theme
from client.kit.cache import SurfaceCache
from client.kit.textfit import blit_layer
from client.rulesbook import has_rules, open_rules
from client.scenes.base import Scene
from client.tutorial import offer as tutorial
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
        self.title_y = self.subtitle_y = self.choose_y = self.band_h = 0
        self.unfinished = 0  # local games the Continue button offers
        self._layers = SurfaceCache(2)  # background, titles and cards (what moves is drawn over them)
        self._laid_out = 0  # layouts so far (a new one: new words or places in the cached layer)

    def enter(self) -> None:
        # back from a game: it may have ended or be kept; the campaigns go on from Continue too
        from client import campaigns, records

        self.unfinished = len(localgames.unfinished()) + len(campaigns.listed()) + len(records.listed())
        super().enter()

    def layout(self) -> None:
        self._laid_out += 1
        app, u, te = self.app, self.app.unit, self.app.text
        w, h = app.screen.get_size()
        t = app.strings.t
        n = len(self.games)
        gap = int(u * 2.2)
        card_w = min(int(u * 15.5), (w - int(u * 4) - (n - 1) * gap) // n)
        total = max(n * card_w + (n - 1) * gap, min(w - int(u * 4), int(u * 50)))
        # A column from the top: title, subtitle, "choose a game", the cards, the buttons; the key hints at the
        # bottom. The cards take the height that is left (large text on a small window: shorter cards).
        title_h, sub_h = te.font(u * 3.4, True).get_linesize(), te.font(u * 1.15).get_linesize()
        choose_h, keys_h = te.font(u * 1.15, True).get_linesize(), te.font(u * 0.8).get_linesize()
        bh = int(u * 5.4)
        fixed = (int(u * 0.8) + title_h + sub_h + int(u * 0.6) + choose_h + int(u * 0.8) + int(u * 2.0) + bh
                 + int(u * 0.6) + keys_h + int(u * 0.4))
        card_h = max(int(u * 12), min(int(u * 21.5), h - fixed))
        self.title_y = int(u * 0.8) + max(0, h - fixed - card_h) * 2 // 5
        self.subtitle_y = self.title_y + title_h
        self.choose_y = self.subtitle_y + sub_h + int(u * 0.6)
        y0 = self.choose_y + choose_h + int(u * 0.8)
        x0 = (w - n * card_w - (n - 1) * gap) // 2
        self.cards = [(g, pygame.Rect(x0 + i * (card_w + gap), y0, card_w, card_h)) for i, g in enumerate(self.games)]
        # One band height for every card: the words of the wordiest card fit under it.
        words = max(self._words_height(g, card_w - 2 * int(u)) for g in self.games)
        self.band_h = max(int(u * 4), min(int(card_h * 0.42), card_h - words))
        by = y0 + card_h + int(u * 2.0)
        bgap = int(u * 1.2)
        bw = (total - 3 * bgap) // 4
        bx = (w - total) // 2
        self.buttons = [
            Button(t("launcher.host"), pygame.Rect(bx, by, bw, bh),
                   lambda: tutorial.first_launch(app, self.game, lambda: modes.start_host(app, self.game)),
                   hint=t("launcher.host_hint"), key="host"),
            Button(t("launcher.join"), pygame.Rect(bx + (bw + bgap), by, bw, bh), lambda: modes.open_join(app),
                   hint=t("launcher.join_hint"), key="join"),
            Button(t("launcher.play"), pygame.Rect(bx + 2 * (bw + bgap), by, bw, bh),
                   lambda: tutorial.first_launch(app, self.game, lambda: modes.open_play_setup(app, self.game)),
                   hint=t("launcher.play_hint"), key="play",
                   primary=True),
            Button(t("launcher.display"), pygame.Rect(bx + 3 * (bw + bgap), by, bw, bh),
                   lambda: modes.start_display(app, None, None), hint=t("launcher.display_hint"), key="display"),
        ]
        sw, sh = int(u * 8), int(u * 2.4)
        self.buttons.append(Button(t("launcher.settings"), pygame.Rect(w - sw - int(u), int(u), sw, sh),
                                   lambda: modes.open_settings(app), key="settings"))
        qs = int(u * 2.2)  # each card's "?" (its rules book), in the corner of its colour band
        for game, rect in [(g, r) for g, r in self.cards if has_rules(g)]:
            self.buttons.append(Button(t("rules.help"), pygame.Rect(rect.right - qs - int(u * 0.5), rect.y + int(u * 0.5),
                                                                    qs, qs),
                                       partial(open_rules, app, game), key=f"rules_{game}"))
        rules = t("rules.open")
        rw = max(sw, self.app.text.size(rules, u * 1.05, True)[0] + int(u * 1.6))
        self.buttons.append(Button(rules, pygame.Rect(int(u), int(u), rw, sh), lambda: open_rules(app, self.game),
                                   key="rules", enabled=has_rules(self.game)))
        self.buttons.append(Button(t("launcher.quit"), pygame.Rect(w - sw - int(u), int(u) + sh + int(u * 0.6),
                                                                   sw, sh), lambda: app.quit(0), key="quit"))
        guided = t("tutorial.launcher")  # the guided first game, under the rules book
        gw = max(sw, self.app.text.size(guided, u * 1.05, True)[0] + int(u * 1.6))
        self.buttons.append(Button(guided, pygame.Rect(int(u), int(u) + sh + int(u * 0.6), gw, sh),
                                   lambda: tutorial.start(app, self.game), key="tutorial",
                                   enabled=tutorial.available(self.game)))
        if self.unfinished:  # the kept local games, under the guided first game
            self.buttons.append(Button(t("continue.open", n=self.unfinished),
                                       pygame.Rect(int(u), int(u) + 2 * (sh + int(u * 0.6)), max(gw, int(u * 11)), sh),
                                       lambda: modes.open_continue(app), key="continue", primary=True))

    def _name_size(self, game: str, width: int) -> tuple[str, float]:
        """The game's name and the font size that fits it on one line of ``width`` (down to 1 unit)."""
        u, te = self.app.unit, self.app.text
        name = games.title(game, self.app.strings)
        size = u * 1.5
        while te.size(name, size, True)[0] > width and size > u * 1.0:
            size *= 0.93
        return name, size

    def _words_height(self, game: str, width: int) -> int:
        """Height under a card's band: its name (≤ 2 lines), tagline and player count with their gaps."""
        u, te = self.app.unit, self.app.text
        name, size = self._name_size(game, width)
        tagline = self.app.strings.t(f"game.{game}_tagline")
        return (int(u * 0.9) + min(2, len(te.balanced(name, size, width, True))) * te.font(size, True).get_linesize()
                + int(u * 0.7) + len(te.balanced(tagline, u * 0.85, width)) * te.font(u * 0.85).get_linesize()
                + int(u * 2.6))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and any(
                b.key.startswith("rules_") and b.rect.collidepoint(event.pos) for b in self.buttons):
            return super().handle_event(event)  # a card's "?" is a button on the card
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for game, rect in self.cards:
                if rect.collidepoint(event.pos):
                    self.game = game
                    self.app.sounds.play("card")
                    self.layout()
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            i = self.games.index(self.game) + (1 if event.key == pygame.K_RIGHT else -1)
            self.game = self.games[i % len(self.games)]
            self.layout()
            return True
        return super().handle_event(event)

    def _layer_key(self, size: tuple[int, int]) -> tuple[object, ...]:
        return (self._laid_out, size, self.game, self.app.strings.lang, self.app.unit)

    def still_key(self) -> tuple[object, ...]:
        return self._layer_key(self.app.screen.get_size()), self.buttons_key()

    def draw(self, surface: pygame.Surface) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        w, h = surface.get_size()
        key = self._layer_key((w, h))
        if app.frames == 0 and self._layers.peek(key) is None:
            # the app's first frame: nothing drawn yet can be reused, so the still part goes straight into the
            # window (no window-sized layer nor background copy to make first); the next frame keeps its layer
            self._paint_still(surface)
        else:
            blit_layer(surface, self._layers.get(key, lambda: self._still((w, h))), (0, 0))
        self.draw_buttons(surface)
        te.blit(surface, app.strings.t("launcher.keys"), u * 0.8, CHALK_DIM, (w // 2, h - int(u * 0.4)), "midbottom")

    def _still(self, size: tuple[int, int]) -> pygame.Surface:
        """Background, title lines and the game cards: one opaque layer, redrawn after a layout or a choice."""
        shown = pygame.display.get_surface()  # made in the window's pixel format (no conversion)
        layer = pygame.Surface(size, 0, shown) if shown is not None else pygame.Surface(size)
        self._paint_still(layer)
        return layer

    def _paint_still(self, layer: pygame.Surface) -> None:
        """The still part (see :meth:`_still`) painted onto ``layer``."""
        app, u, te = self.app, self.app.unit, self.app.text
        w = layer.get_width()
        self.app.background(layer)
        te.blit(layer, app.strings.t("app.title"), u * 3.4, PAPER, (w // 2, self.title_y), "midtop", bold=True)
        te.blit(layer, app.strings.t("app.subtitle"), u * 1.15, CHALK_DIM, (w // 2, self.subtitle_y), "midtop")
        te.blit(layer, app.strings.t("launcher.choose_game"), u * 1.15, CHALK, (w // 2, self.choose_y), "midtop",
                bold=True)
        for game, rect in self.cards:
            self._draw_card(layer, game, rect, game == self.game)
        packs = self._packs_line()
        if packs and self.cards:  # the installed content packs, under the cards
            bottom = max(r.bottom for _, r in self.cards)
            te.blit(layer, packs, u * 0.85, CHALK_DIM, (w // 2, bottom + int(u * 0.35)), "midtop")

    def _packs_line(self) -> str:
        """"Content packs: …" naming the installed school_mystery packs ("" when there are none). With no pack
        file in the user content folder that is known without loading the game's content."""
        from assets.loaders import pack_folder

        if not pack_folder.user_packs_enabled() or not pack_folder.pack_files(pack_folder.content_dir()):
            return ""
        try:
            content = self.app.content("school_mystery")
        except Exception:  # noqa: BLE001 - no content: nothing to list
            return ""
        infos = list(getattr(content, "packs", {}).values())
        if not infos:
            return ""
        lang = self.app.strings.lang
        names = "、".join(i.name[lang] for i in infos) if lang != "en" else ", ".join(i.name[lang] for i in infos)
        return self.app.strings.t("packs.installed", names=names)

    def _draw_card(self, surface: pygame.Surface, game: str, rect: pygame.Rect, selected: bool) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        r = rect
        pygame.draw.rect(surface, theme.LAUNCHER_CARD_SHADOW, r.move(int(u * 0.25), int(u * 0.35)), border_radius=int(u * 0.8))
        pygame.draw.rect(surface, PAPER, r, border_radius=int(u * 0.8))
        if selected:
            pygame.draw.rect(surface, ACCENT, r.inflate(int(u * 0.5), int(u * 0.5)), width=max(3, int(u * 0.25)),
                             border_radius=int(u * 1.0))
        desc = games.client(game)
        assert desc is not None  # self.games lists only games with a descriptor
        width = r.width - 2 * int(u)
        name, size = self._name_size(game, width)
        tagline = app.strings.t(f"game.{game}_tagline")
        band = pygame.Rect(r.left, r.top, r.width, self.band_h)
        pygame.draw.rect(surface, desc.colour, band, border_top_left_radius=int(u * 0.8),
                         border_top_right_radius=int(u * 0.8))
        te.blit(surface, desc.suit, min(u * 5, band.height * 0.7), PAPER, band.center, "center")
        inner = pygame.Rect(r.left + int(u), band.bottom + int(u * 0.9), width, int(u * 4))
        used = te.blit_wrapped(surface, name, size, INK, inner, bold=True, align="center", max_lines=2)
        tag = pygame.Rect(inner.left, inner.top + used + int(u * 0.7), inner.width,
                          r.bottom - int(u * 2.6) - (inner.top + used + int(u * 0.7)))
        te.blit_wrapped(surface, tagline, u * 0.85, theme.TAGLINE_INK, tag, align="center",
                        max_lines=4)
        lo, hi = games.seat_range(game)
        te.blit(surface, app.strings.t("game.players", min=lo, max=hi), u * 0.95, theme.QUIET_INK,
                (r.centerx, r.bottom - int(u * 1.2)), "midbottom")
