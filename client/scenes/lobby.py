"""The lobby: seats with names, colour + number + shape badges, bots, options, ready, Start.

Host: first a setup step (seat count and the game's options from its OptionSpec list,
"Open the table" creates it and seats the host in seat 0), then the seats fill; the
host adds or removes bots and starts. Guests see the seats and toggle ready. The
table scene replaces the lobby when the first snapshot arrives.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from client import games, lanwords, modes, services
from client.games import option_specs
from client.kit import theme
from client.kit.still import StillLayer
from client.rulesbook import has_rules, open_rules
from client.scenes.base import Scene
from client.ui import ACCENT, CHALK, CHALK_DIM, PAPER, Button, draw_seat_badge
from shared import messages as m
from shared.bots import LEVELS, level_name
from shared.spec import OptionSpec

if TYPE_CHECKING:
    from client.app import App


TURN_CHOICES = (0, 30, 60, 90, 120, 180, 300)  # the host's turn clock (``create`` ``turn_seconds``), seconds


def turn_clock(app: App) -> OptionSpec:
    """The host's turn clock, set up like a game option and sent beside the options (words: lan.turn_*)."""
    langs = ("ja", "zh", "en")
    t = app.strings.t
    return OptionSpec("turn_seconds", 0, choices=TURN_CHOICES, labels={lang: t("lan.turn_clock", lang=lang) for lang in langs},
                      choice_labels={n: {lang: t("lan.turn_off", lang=lang) if n == 0 else t("lan.turn_seconds", lang=lang, n=n)
                                         for lang in langs} for n in TURN_CHOICES})


def setup_options(app: App, game: str) -> list[OptionSpec]:
    """What the host sets before opening a table: the game's options, then the turn clock."""
    return option_specs(game) + [turn_clock(app)]


def content_choices(app: App, game: str, opt: OptionSpec) -> Mapping[Any, Mapping[str, str]]:
    """Choices an option takes from the game's content (value -> lang -> label), per its client descriptor."""
    try:
        content = app.content(game)
    except Exception:  # noqa: BLE001 - no content: the presets only
        return {}
    return games.choice_labels(game, opt.name, content)


def choice_values(app: App, game: str, opt: OptionSpec) -> list[Any] | None:
    """The values the host steps through with −/+ (None: an int stepper, a toggle or a fixed free value)."""
    if isinstance(opt.default, bool):
        return None
    if opt.choices:
        return list(opt.choices)
    if isinstance(opt.default, int):
        return None
    values = [opt.default] + [v for v in opt.choice_labels if v != opt.default]
    values += [v for v in content_choices(app, game, opt) if v not in values]
    return values if len(values) > 1 else None


def option_value_text(app: App, game: str, opt: OptionSpec | None, value: Any) -> str:
    """An option's value as the player reads it: its label in the app's language, else the value."""
    lang = app.strings.lang
    if isinstance(value, bool):
        return app.strings.t("lobby.on" if value else "lobby.off")
    if opt is not None:
        try:
            labels = opt.choice_labels.get(value) or content_choices(app, game, opt).get(value)
        except TypeError:  # an unhashable value (a list of numbers)
            labels = None
        if labels:
            return labels.get(lang) or labels.get("en") or str(value)
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


class LobbyScene(Scene):
    name = "lobby"
    listens = ("created", "joined", "lobby", "left", "snapshot", "error")

    def __init__(self, app: App, game: str, hosting: bool, port: int | None = None, table: str | None = None,
                 seat: int | None = None, host_token: str | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.hosting = hosting
        self.port = port
        self.lo, self.hi = games.seat_range(game)
        self.seats = max(self.lo, min(self.hi, 6))
        self.options: dict[str, Any] = {o.name: o.default for o in setup_options(app, game)}
        if "lang" in self.options:  # the table's language (what bots write in) starts as the host's
            self.options["lang"] = app.strings.lang
        self.table = table
        self.my_seat = seat
        self.host_token = host_token
        self.phase = "setup" if hosting and table is None else "seats"
        self.addresses: list[str] = services.lan_addresses(2) if hosting else []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.option_rows: list[tuple[Any, int]] = []
        self._leaving = False  # the table scene is on its way
        self._still = StillLayer()  # the panels, words and seat rows (see draw)

    # --- layout ------------------------------------------------------------------------
    def layout(self) -> None:
        app, u = self.app, self.app.unit
        t = app.strings.t
        w, h = app.screen.get_size()
        self.box = pygame.Rect(int(u * 3), int(u * 6.5), w - int(u * 6), h - int(u * 10.5))
        if self.phase in ("setup", "creating"):
            fw = min(self.box.width, int(u * 54))
            need = int(u * (2 + 5.4 + 3.2 * len(setup_options(self.app, self.game)) + 7))
            self.box = pygame.Rect((w - fw) // 2, int(u * 6.5), fw, min(h - int(u * 10.5), max(int(u * 18), need)))
        share = 0.7 if len(self.seat_entries()) > 8 else 0.62  # two columns of seats: more room for names
        self.list_rect = pygame.Rect(self.box.left, self.box.top, int(self.box.width * share), self.box.height)
        self.info_rect = pygame.Rect(self.list_rect.right + int(u * 1.5), self.box.top,
                                     self.box.right - self.list_rect.right - int(u * 1.5), self.box.height)
        self.buttons = []
        bh = int(u * 2.4)
        if self.phase == "setup":
            x, right = self.control_span()
            y = self.box.top + int(u * 2)
            self.buttons += [
                Button("−", pygame.Rect(x, y, bh, bh), lambda: self.change_seats(-1), key="seats_down"),
                Button("+", pygame.Rect(right - bh, y, bh, bh), lambda: self.change_seats(1), key="seats_up"),
            ]
            self.option_rows = []
            y += int(u * 5.4)
            for opt in setup_options(self.app, self.game):
                self.option_rows.append((opt, y))
                if isinstance(opt.default, bool):
                    self.buttons.append(Button(self.option_text(opt), pygame.Rect(x, y, right - x, bh),
                                               partial(self.cycle, opt), key=f"opt_{opt.name}"))
                elif choice_values(app, self.game, opt) is not None:
                    # ◀ ▶ drawn over empty buttons (the fonts lack the arrows)
                    self.buttons += [
                        Button("", pygame.Rect(x, y, bh, bh), partial(self.cycle, opt, -1),
                               key=f"opt_{opt.name}_down"),
                        Button("", pygame.Rect(right - bh, y, bh, bh), partial(self.cycle, opt, 1),
                               key=f"opt_{opt.name}_up"),
                    ]
                elif not isinstance(opt.default, int):  # free text (e.g. a list): shown, set with --option
                    self.buttons.append(Button(self.option_text(opt), pygame.Rect(x, y, right - x, bh),
                                               lambda: None, enabled=False, key=f"opt_{opt.name}"))
                else:
                    self.buttons += [
                        Button("−", pygame.Rect(x, y, bh, bh), partial(self.step, opt, -1), key=f"opt_{opt.name}_down"),
                        Button("+", pygame.Rect(right - bh, y, bh, bh), partial(self.step, opt, 1),
                               key=f"opt_{opt.name}_up"),
                    ]
                y += int(u * 3.2)
            self.buttons.append(Button(t("lobby.open_table"), pygame.Rect(self.box.centerx - int(u * 7.5),
                                                                          self.box.bottom - int(u * 4.4), int(u * 15),
                                                                          int(u * 3)), self.open_table, primary=True,
                                       key="open"))
        else:
            self._seat_buttons()
        leave_y = min(h - int(u * 3.4), self.box.bottom + int(u * 1.2))  # under the panel (the set-up one is short)
        self.buttons.append(Button(t("lobby.leave"), pygame.Rect(self.box.left, leave_y, int(u * 9), bh),
                                   self.app.back_to_launcher, key="leave"))
        if has_rules(self.game):
            self.buttons.append(Button(t("rules.open"), pygame.Rect(self.box.left + int(u * 10), leave_y, int(u * 9),
                                                                    bh), lambda: open_rules(self.app, self.game),
                                       key="rules"))

    def control_span(self) -> tuple[int, int]:
        """Left and right x of the set-up controls column (−, the value, +)."""
        u = self.app.unit
        right = self.box.right - int(u * 2)
        return right - int(min(u * 22, self.box.width * 0.44)), right

    def _row_rect(self, i: int, n: int) -> pygame.Rect:
        u = self.app.unit
        box = self.list_rect
        cols = 2 if n > 8 else 1
        per_col = (n + cols - 1) // cols
        col, row = divmod(i, per_col)
        top = box.top + int(u * 3.6)
        avail = box.height - int(u * 5)
        rh = min(int(u * 3.6), avail // max(1, per_col))
        width = (box.width - int(u * 3) - (cols - 1) * int(u * 1.5)) // cols
        return pygame.Rect(box.left + int(u * 1.5) + col * (width + int(u * 1.5)), top + row * rh, width,
                           rh - int(u * 0.4))

    def _seat_buttons(self) -> None:
        app, u = self.app, self.app.unit
        t = app.strings.t
        seats = self.seat_entries()
        for i, entry in enumerate(seats):
            r = self._row_rect(i, len(seats))
            bh = min(int(u * 2.2), r.height - int(u * 0.3))
            if self.hosting and entry.get("bot"):
                level = str(entry.get("bot"))  # the bot's level: a click moves it to the next one
                if len(seats) > 8:  # two columns: one button, the level as stars, cycling on to "remove"
                    stars = "★" * (LEVELS.index(level) + 1) if level in LEVELS else level_name(level, app.strings.lang)
                    after = self.next_level(level) if level != LEVELS[-1] else "none"
                    self.buttons.append(Button(stars, self._row_button(r, stars, bh),
                                               partial(self.set_bot, i, after), key=f"unbot_{i}"))
                    continue
                label = t("lobby.remove_bot")
                remove = self._row_button(r, label, bh)
                self.buttons.append(Button(label, remove, partial(self.set_bot, i, "none"), key=f"unbot_{i}"))
                named = level_name(level, app.strings.lang)
                pick = self._row_button(r, named, bh)
                pick.right = remove.left - int(u * 0.3)
                self.buttons.append(Button(named, pick, partial(self.set_bot, i, self.next_level(level)),
                                           key=f"level_{i}"))
            elif self.hosting and not entry.get("taken"):
                label = t("lobby.add_bot")
                self.buttons.append(Button(label, self._row_button(r, label, bh),
                                           partial(self.set_bot, i, None), key=f"bot_{i}"))
            elif self.hosting and entry.get("taken") and i != self.my_seat:  # a guest's seat: the host may free it
                label = t("lan.free_seat")
                self.buttons.append(Button(label, self._row_button(r, label, bh), partial(self.set_bot, i, "none"),
                                           key=f"free_{i}"))
            elif i == self.my_seat:
                ready = bool(entry.get("ready"))
                label = ("✓ " if ready else "") + t("lobby.ready")
                self.buttons.append(Button(label, self._row_button(r, label, bh), self.toggle_ready,
                                           selected=ready, key="ready"))
        if self.hosting:
            all_taken = bool(seats) and all(e.get("taken") for e in seats)
            sw = min(int(u * 16), self.info_rect.width - int(u * 2))
            self.buttons.append(Button(t("lobby.start"), pygame.Rect(self.info_rect.centerx - sw // 2,
                                                                     self.box.bottom - int(u * 4.4), sw,
                                                                     int(u * 3.2)), self.start_game, primary=True,
                                       enabled=all_taken, key="start"))

    def _row_button(self, row: pygame.Rect, label: str, height: int) -> pygame.Rect:
        """A seat row's button at its right end: as wide as its label needs, at most 9 units."""
        u = self.app.unit
        width = min(int(u * 9), self.app.text.size(label, u * 1.05, True)[0] + int(u * 1.6))
        return pygame.Rect(row.right - int(u * 0.4) - width, row.centery - height // 2, width, height)

    # --- data ---------------------------------------------------------------------------------
    def seat_entries(self) -> list[dict[str, Any]]:
        match = self.app.match
        lobby = match.lobby if match is not None else {}
        seats = [s for s in lobby.get("seats") or [] if isinstance(s, dict)]
        if not seats:
            seats = [{"seat": i, "name": "", "taken": False} for i in range(self.seats)]
        return seats

    def option_text(self, opt: Any) -> str:
        return option_value_text(self.app, self.game, opt, self.options.get(opt.name, opt.default))

    def change_seats(self, d: int) -> None:
        self.seats = max(self.lo, min(self.hi, self.seats + d))

    def cycle(self, opt: Any, d: int = 1) -> None:
        value = self.options.get(opt.name, opt.default)
        choices = choice_values(self.app, self.game, opt)
        if isinstance(opt.default, bool):
            self.options[opt.name] = not value
        elif choices:
            self.options[opt.name] = choices[(choices.index(value) + d) % len(choices)] if value in choices else choices[0]
        self.layout()

    def step(self, opt: Any, d: int) -> None:
        if not isinstance(opt.default, int):
            return
        value = int(self.options.get(opt.name, opt.default))
        lo = opt.min if opt.min is not None else 0
        hi = opt.max if opt.max is not None else 10 ** 6
        stride = 30 if hi - lo >= 300 else (5 if hi - lo >= 50 else 1)
        self.options[opt.name] = max(lo, min(hi, value + d * stride))

    # --- actions --------------------------------------------------------------------------------
    def open_table(self) -> None:
        session = self.app.session
        if session is None:
            return
        options = {k: v for k, v in self.options.items() if k != "turn_seconds"}
        session.create(self.game, self.seats, options=options, name=self.app.player_name(),
                       lang=self.app.strings.lang, turn_seconds=int(self.options.get("turn_seconds") or 0))
        self.phase = "creating"

    def next_level(self, level: str) -> str:
        """The level after ``level`` among the game's (easy → normal → strong → easy)."""
        from shared.engine import REGISTRY

        levels = REGISTRY[self.game].bot_levels()
        return levels[(levels.index(level) + 1) % len(levels)] if level in levels else levels[0]

    def set_bot(self, seat: int, level: str | None) -> None:
        if self.app.session and self.table and self.host_token:
            self.app.session.bot(self.table, seat, level)

    def toggle_ready(self) -> None:
        session = self.app.session
        if session is None or self.table is None or self.my_seat is None:
            return
        entry = next((e for e in self.seat_entries() if e.get("seat") == self.my_seat), {})
        session.ready(self.table, self.my_seat, not bool(entry.get("ready")))

    def start_game(self) -> None:
        if self.app.session and self.table and self.host_token:
            self.app.session.start_game(self.table)

    # --- messages ---------------------------------------------------------------------------------
    def on_message(self, msg: Any) -> None:
        app = self.app
        if isinstance(msg, m.Created) and self.hosting and self.table is None and app.session is not None:
            self.table, self.host_token = msg.table, msg.host
            modes.host_table(app, self.game, msg.table, msg.host, msg.lobby)
            self.phase = "seats"
            self.layout()
        elif isinstance(msg, m.Joined) and msg.table == self.table and app.match is not None:
            self.my_seat = msg.seat
            app.match.humans = [msg.seat]
            self.remember_seat()
            self.layout()
        elif isinstance(msg, m.Lobby):
            self.layout()
        elif (isinstance(msg, m.Left) and msg.table == self.table and msg.seat == self.my_seat
              and self.my_seat is not None and not self.hosting and app.top is self):
            self.seat_freed()
        elif isinstance(msg, m.Snapshot) and app.match is not None and msg.table == self.table:
            if app.top is self and not self._leaving:
                self._leaving = True
                match = app.match
                app.later(lambda: app.replace("table", match=match))
        elif isinstance(msg, m.Error) and app.top is self:
            app.toast(app.strings.error(msg.code, msg.msg, msg.params), "error")
            if self.phase == "creating":
                self.phase = "setup"
                self.layout()

    def seat_freed(self) -> None:
        """The host freed this guest's seat: say so and go back to the Join list (or the launcher)."""
        app, session = self.app, self.app.session
        app.toast(app.strings.t("lan.seat_freed"), "error")
        if session is not None and self.table is not None:
            app.seatbook.forget(f"{session.host}:{session.port}", self.table)
        self.my_seat = None
        app.match = None
        if app.find("join") is not None:
            app.later(lambda: app.pop(self))
        else:
            app.back_to_launcher()

    def enter(self) -> None:
        super().enter()
        self.remember_seat()  # a guest's seat (joined on the Join screen) or a resumed one

    def remember_seat(self) -> None:
        """Keep the seat token on disk, so closing the window does not lose the seat (Join offers it back)."""
        session, match = self.app.session, self.app.match
        if session is None or match is None or match.mode != "lan" or self.table is None or self.my_seat is None:
            return
        token = session.token(self.table, self.my_seat)
        if token:
            self.app.seatbook.remember(f"{session.host}:{session.port}", self.table, self.my_seat, token,
                                       self.game, self.host_token)

    def update(self, dt: float) -> None:
        super().update(dt)
        match = self.app.match
        if (match is not None and match.started and match.table == self.table and self.app.top is self
                and not self._leaving):
            self._leaving = True  # a resumed game: the snapshot may have come before this scene
            self.app.later(lambda: self.app.replace("table", match=match))

    def frame_due(self) -> float | None:
        """A seat whose player is away counts down once a second; else only messages change the lobby."""
        match = self.app.match
        return 1.0 if match is not None and match.away_until else None

    def escape(self) -> bool:
        self.app.back_to_launcher()
        return True

    # --- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The panels, words and seat rows as one still layer (painted again when anything they show changes);
        the buttons (under the pointer or not) and the option arrows over it."""
        self._still.draw(surface, self._still_key(surface.get_size()), self._draw_still)
        self.draw_buttons(surface)
        if self.phase == "setup":
            self._draw_arrows(surface)

    def still_key(self) -> Any:
        return self._still_key(self.app.screen.get_size()), self.buttons_key()

    def _still_key(self, size: tuple[int, int]) -> Any:
        """Everything the still part is drawn from."""
        match = self.app.match
        return (size, self.app.strings.lang, self.app.unit, self.phase, tuple(self.box), tuple(self.list_rect),
                tuple(self.info_rect), self.hosting, self.port, tuple(self.addresses), self.my_seat, self.seats,
                repr(self.options), repr(self.seat_entries()), repr(match.lobby) if match is not None else None,
                tuple(match.seat_name(s) for s in sorted(match.away_until)) if match is not None else (),
                tuple((b.key, b.label, tuple(b.rect)) for b in self.buttons),
                tuple((opt.name, oy) for opt, oy in self.option_rows))

    def _draw_still(self, surface: pygame.Surface) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        t = app.strings.t
        if self.phase in ("setup", "creating"):
            app.background.with_panels(surface, [(self.box, 190)])
        else:
            app.background.with_panels(surface, [(self.list_rect, 190), (self.info_rect, 150)])
        te.blit(surface, f"{t('lobby.title')} — {games.title(self.game, app.strings)}", u * 2.2, PAPER,
                (self.box.left, int(u * 1.6)), "topleft", bold=True)
        if self.hosting and self.port:
            where = ", ".join(f"{a}:{self.port}" for a in self.addresses) or f"{t('lobby.host')} :{self.port}"
            te.blit(surface, t("lobby.address_hint", address=where), u * 1.0, CHALK_DIM,
                    (self.box.right, int(u * 2.4)), "topright")
        if self.phase in ("setup", "creating"):
            self._draw_setup(surface)
        else:
            self._draw_seats(surface)
            self._draw_info(surface)

    def _draw_info(self, surface: pygame.Surface) -> None:
        """The right column: the game, its options, how others join."""
        app, u, te = self.app, self.app.unit, self.app.text
        t = app.strings.t
        r = self.info_rect.inflate(-int(u * 3), -int(u * 3))
        y = r.top
        te.blit(surface, games.title(self.game, app.strings), u * 1.6, PAPER, (r.left, y), bold=True)
        y += int(u * 2.6)
        used = te.blit_wrapped(surface, t(f"game.{self.game}_tagline"), u * 0.95, CHALK,
                               pygame.Rect(r.left, y, r.width, int(u * 5)), max_lines=3)
        y += used + int(u * 1.4)
        match = app.match
        for note in lanwords.status_words(app.strings, match.lobby if match is not None else {}, note=True):
            y += te.blit_wrapped(surface, note, u * 1.0, ACCENT, pygame.Rect(r.left, y, r.width, int(u * 5)),
                                 bold=True, max_lines=3) + int(u * 0.8)  # practice / damaged: before anything
        options = (match.lobby.get("options") if match is not None else None) or self.options
        options = {k: v for k, v in options.items() if k != "turn_seconds" or v}  # the turn clock, when set
        if match is not None and match.lobby.get("turn_seconds"):
            options = {**options, "turn_seconds": int(match.lobby["turn_seconds"])}
        specs = {o.name: o for o in setup_options(self.app, self.game)}
        if options:
            te.blit(surface, t("lobby.options"), u * 1.05, CHALK_DIM, (r.left, y), bold=True)
            y += int(u * 1.8)
        for name, value in options.items():
            opt = specs.get(name)
            label = (opt.labels.get(app.strings.lang) or opt.labels.get("en")) if opt else name
            shown = option_value_text(app, self.game, opt, value)
            used = te.blit_wrapped(surface, f"{label}: {shown}", u * 0.95, CHALK,
                                   pygame.Rect(r.left, y, r.width, int(u * 3)), max_lines=2)
            y += used + int(u * 0.5)
        if not self.hosting:
            te.blit_wrapped(surface, t("lobby.waiting_host"), u * 1.05, ACCENT,
                            pygame.Rect(r.left, r.bottom - int(u * 3), r.width, int(u * 3)), max_lines=2)

    def _draw_setup(self, surface: pygame.Surface) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        t = app.strings.t
        x_label = self.box.left + int(u * 2)
        x, right = self.control_span()
        bh = int(u * 2.4)
        mid = (x + right) // 2
        y = self.box.top + int(u * 2)
        te.blit(surface, t("lobby.seat_count"), u * 1.2, CHALK, (x_label, y + bh // 2), "midleft", bold=True)
        te.blit(surface, str(self.seats), u * 1.4, PAPER, (mid, y + bh // 2), "center", bold=True)
        if self.option_rows:
            oy0 = self.option_rows[0][1]
            pygame.draw.line(surface, theme.LOBBY_RULE, (x_label, oy0 - int(u * 2.4)),
                             (self.box.right - int(u * 2), oy0 - int(u * 2.4)), 1)
            te.blit(surface, t("lobby.options"), u * 1.05, CHALK_DIM, (x_label, oy0 - int(u * 1.2)), "midleft",
                    bold=True)
        for opt, oy in self.option_rows:
            label = opt.labels.get(app.strings.lang) or opt.labels.get("en") or opt.name
            rect = pygame.Rect(x_label, oy, x - x_label - int(u), bh)
            self._blit_fitted(surface, label, rect, u * 1.05, CHALK)
            stepped = not isinstance(opt.default, bool) and (
                choice_values(app, self.game, opt) is not None or isinstance(opt.default, int))
            if stepped:
                value_rect = pygame.Rect(x + bh + int(u * 0.7), oy, right - x - 2 * bh - int(u * 1.4), bh)
                self._blit_fitted(surface, self.option_text(opt), value_rect, u * 1.2, PAPER, bold=True,
                                  centred=True)

    def _blit_fitted(self, surface: pygame.Surface, text: str, rect: pygame.Rect, size: float, colour: Any,
                     bold: bool = False, centred: bool = False, one_line_floor: float | None = None) -> None:
        """Text in ``rect``: one line at ``size`` (shrunk down to ``one_line_floor`` if given), else two
        smaller lines (vertically centred). A "\n" in ``text`` is where it breaks first when it must."""
        te, u = self.app.text, self.app.unit
        flat = text.replace("\n", " ")
        while one_line_floor is not None and size * 0.93 >= one_line_floor and te.size(flat, size, bold)[0] > rect.width:
            size *= 0.93

        def wrapped(size: float) -> list[str]:
            if te.size(flat, size, bold)[0] <= rect.width:
                return [flat]
            return [line for part in text.split("\n") for line in te.wrap(part, size, rect.width)]

        lines = wrapped(size)
        if len(lines) > 1:
            size = min(size, u * 0.85)
            lines = wrapped(size)
        while len(lines) > 2 and size > u * 0.6:
            size *= 0.92
            lines = wrapped(size)
        lines = lines[:2]
        line_h = te.font(size, bold).get_linesize()
        top = rect.centery - line_h * len(lines) // 2
        for i, line in enumerate(lines):
            img = te.render(line, size, colour, bold)
            pos = (rect.centerx, top + i * line_h) if centred else (rect.left, top + i * line_h)
            surface.blit(img, img.get_rect(midtop=pos) if centred else img.get_rect(topleft=pos))

    def _draw_arrows(self, surface: pygame.Surface) -> None:
        """◀ ▶ on the choice options' empty buttons, drawn as triangles."""
        for b in self.buttons:
            if b.label or not b.key.startswith("opt_"):
                continue
            c, r = b.rect.center, b.rect.height * 0.26
            sign = -1 if b.key.endswith("_down") else 1
            pts = [(c[0] + sign * r, c[1]), (c[0] - sign * r * 0.7, c[1] - r), (c[0] - sign * r * 0.7, c[1] + r)]
            pygame.draw.polygon(surface, CHALK if b.enabled else CHALK_DIM, pts)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        t = app.strings.t
        seats = self.seat_entries()
        taken = sum(1 for e in seats if e.get("taken"))
        te.blit(surface, f"{t('lobby.seats')}  {taken}/{len(seats)}", u * 1.2, CHALK,
                (self.list_rect.left + int(u * 1.5), self.list_rect.top + int(u * 1.0)), bold=True)
        for i, entry in enumerate(seats):
            r = self._row_rect(i, len(seats))
            mine = i == self.my_seat
            pygame.draw.rect(surface, theme.LOBBY_SEAT if not mine else theme.LOBBY_SEAT_MINE, r, border_radius=int(u * 0.5))
            if mine:
                pygame.draw.rect(surface, ACCENT, r, width=2, border_radius=int(u * 0.5))
            rad = min(u * 1.0, r.height * 0.36)
            draw_seat_badge(surface, te, i, (r.left + int(u * 1.6), r.centery), rad)
            name = entry.get("name") or ""
            if entry.get("bot"):
                level = str(entry.get("bot"))
                label = f"{t('lobby.bot')}\n({level_name(level, app.strings.lang)})"
                color = CHALK
            elif entry.get("taken"):
                label = name or t("table.seat_name", n=i + 1)
                color = PAPER
                if app.match is not None and i in app.match.away_until:  # gone: the grace counts down
                    label, color = app.match.seat_name(i), CHALK_DIM
            else:
                label = t("lobby.empty")
                color = CHALK_DIM
            if mine:
                label += f"\n({t('lobby.you')})"
            right = r.right
            row_buttons = [b for b in self.buttons if b.key in (f"level_{i}", f"unbot_{i}", f"bot_{i}", f"free_{i}")
                           or (b.key == "ready" and mine)]
            if row_buttons:
                right = min(b.rect.left for b in row_buttons)
            elif entry.get("taken") and not entry.get("bot"):
                status = t("lobby.ready") if entry.get("ready") else t("lobby.not_ready")
                right = te.blit(surface, status, u * 0.95, ACCENT if entry.get("ready") else CHALK_DIM,
                                (r.right - int(u * 1.0), r.centery), "midright").left
            name_rect = pygame.Rect(r.left + int(u * 3.2), r.top, right - int(u * 0.6) - r.left - int(u * 3.2),
                                    r.height)
            self._blit_fitted(surface, label, name_rect, u * 1.1, color, bold=bool(entry.get("taken")),
                              one_line_floor=u * 0.8)  # a name stays on one line while it can
