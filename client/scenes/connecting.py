"""Scenes that set a game up before the table shows: pass-and-play (the display's is client.scenes.display)."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import pygame

from client import games, localgames
from client.localgames import Keeper, LocalGame
from client.scenes.base import Scene
from client.ui import CHALK, ERROR, PAPER, Button

# client.services (the local server, the network session) and client.match are imported once the scene has
# been drawn: its first frame waits for neither
if TYPE_CHECKING:
    from client.app import App
    from client.match import Match


class StatusScene(Scene):
    """A simple centred status line, an error line and a Back button."""

    name = "connecting"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.status = ""
        self.error = ""

    def fail(self, text: str) -> None:
        self.error = text
        self.app.toast(text, "error")
        if self.app.fast:  # automated run: nobody reads the window, so say why on stderr
            print(f"houkago: {text}", file=sys.stderr)
            self.app.quit(2)

    def layout(self) -> None:
        u = self.app.unit
        w, h = self.app.screen.get_size()
        self.buttons = [Button(self.app.strings.t("launcher.back"),
                               pygame.Rect(w // 2 - int(u * 5), h // 2 + int(u * 6), int(u * 10), int(u * 2.6)),
                               self.app.back_to_launcher, key="back")]

    def draw(self, surface: pygame.Surface) -> None:
        self.app.background(surface)
        u, te = self.app.unit, self.app.text
        w, h = surface.get_size()
        te.blit(surface, self.app.strings.t("app.title"), u * 2.4, PAPER, (w // 2, int(h * 0.22)), "midtop", bold=True)
        te.blit_wrapped(surface, self.status, u * 1.3, CHALK, pygame.Rect(w // 2 - int(u * 25), h // 2 - int(u * 2),
                                                                         int(u * 50), int(u * 4)), align="center")
        if self.error:
            te.blit_wrapped(surface, self.error, u * 1.1, ERROR,
                            pygame.Rect(w // 2 - int(u * 25), h // 2 + int(u * 2), int(u * 50), int(u * 3.5)),
                            align="center")
        self.draw_buttons(surface)


class PlayConnectScene(StatusScene):
    """Pass-and-play: local server, one connection, bots in the last seats, humans in the others.

    The journal goes in a folder of its own in the data folder (``client.localgames``; automated runs,
    practice tables with a chosen seed — the tutorial's too — and ``--data`` excepted), so that the
    launcher can offer Continue; ``saved`` continues such a game:
    the server restores it from its journal and the seats are taken back with their tokens.
    """

    name = "play_connect"
    listens = ("_net", "error", "created")

    def __init__(self, app: App, game: str, players: int | None, bots: int, bot_level: str, seed: int | None,
                 options: dict[str, Any], until_over: bool, data_dir: str | None,
                 saved: LocalGame | None = None, names: list[str] | None = None) -> None:
        super().__init__(app)
        self.saved = saved
        self.chosen_names = list(names or [])  # the human seats' names in seat order ("" = default)
        self.continuing: Match | None = None
        lo, hi = games.seat_range(game) if games.spec(game) else (2, 99)  # unknown: the server says so
        self.game = game
        self.players = players if players is not None else max(lo, min(hi, 4))
        self.bots = max(0, min(bots or 0, self.players))
        self.bot_level = bot_level
        self.seed = seed
        self.options = options
        self.until_over = until_over
        self.data_dir = data_dir
        self.table: str | None = None
        self.host: str | None = None
        self.begun = False
        self._start_after: int | None = None  # app.frames when entered, until the server is started
        self.bot_delay: float | None = 0 if until_over else None  # None: the server's default
        app.replay = {"game": game, "players": self.players, "bots": self.bots, "bot_level": bot_level,
                      "seed": None, "options": options, "names": self.chosen_names}

    def enter(self) -> None:
        super().enter()
        if self.begun:
            return
        self.begun = True
        self.status = self.app.strings.t("net.starting_server")
        self._start_after = self.app.frames  # the server starts once this scene is on screen (update)

    def frame_due(self) -> float | None:
        return 0.0 if self._start_after is not None else super().frame_due()

    def _start(self) -> None:
        """Start the local server, connect, and create (or take back) the table."""
        from client import services

        if self.saved is not None:
            self._continue(self.saved)
            return
        if self.data_dir is None and not self.until_over and self.seed is None:  # practice tables are not kept
            kept = LocalGame(localgames.new_folder(self.game), "play", self.game, players=self.players,
                             bots=self.bots, bot_level=self.bot_level, options=dict(self.options))
            self.app.keeper = Keeper(kept)
            self.data_dir = str(kept.folder)
        try:
            port = services.start_local_server(self.app, data_dir=self.data_dir)
        except (ImportError, RuntimeError, OSError) as exc:
            self.fail(self.app.strings.t("net.failed", address="127.0.0.1", why=str(exc)))
            return
        session = services.open_session(self.app, "127.0.0.1", port)
        from shared.engine import REGISTRY

        spec = REGISTRY.get(self.game)  # the table's language (what bots write in) is the player's
        options = spec.with_table_lang(self.options, self.app.strings.lang) if spec else self.options
        # (only a practice table may choose its seed)
        session.create(self.game, self.players, options=options, name=self.app.player_name(), takeover=False,
                       lang=self.app.strings.lang, bot_delay=self.bot_delay, practice=self.seed is not None)

    def _continue(self, saved: LocalGame) -> None:
        """A kept game: its server restores the table from the journal; our seats are taken back."""
        from client import services
        from client.match import Match

        app = self.app
        try:
            port = services.start_local_server(app, data_dir=str(saved.folder))
        except (ImportError, RuntimeError, OSError) as exc:
            self.fail(app.strings.t("net.failed", address="127.0.0.1", why=str(exc)))
            return
        session = services.open_session(app, "127.0.0.1", port)
        app.keeper = Keeper(saved)
        assert saved.table is not None
        self.table, self.host = saved.table, saved.host
        if saved.host:
            session.adopt_host(saved.table, saved.host)
        for seat, token in sorted(saved.seats.items()):
            session.resume(saved.table, seat, token)
        session.watch(saved.table)
        names = {i: n for i, n in enumerate(saved.names) if n}
        match = Match(app, self.game, saved.table, mode="play", humans=sorted(saved.seats), watch=True,
                      names=names)
        match.host_token = saved.host
        self.continuing = services.begin_match(app, match)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._start_after is not None and self.app.frames > self._start_after:
            self._start_after = None
            self._start()
        match = self.continuing
        if match is not None and match.started and self.app.top is self:
            self.continuing = None  # the restored table is there: show it
            self.app.later(lambda: self.app.replace("table", match=match))

    def on_message(self, msg: Any) -> None:
        from client.wire import NetStatus
        from shared import messages as m

        if isinstance(msg, NetStatus) and msg.state == "failed":
            self.fail(self.app.strings.t("net.failed", address="127.0.0.1", why=msg.why))
        elif isinstance(msg, m.Error) and self.app.top is self:
            self.fail(self.app.strings.error(msg.code, msg.msg, msg.params))
        elif isinstance(msg, m.Created) and self.table is None:
            self.table, self.host = msg.table, msg.host
            self._seat_everyone()

    def _seat_everyone(self) -> None:
        app, session = self.app, self.app.session
        if session is None or self.table is None:
            return
        humans = list(range(self.players - self.bots))
        names = {s: app.strings.t("table.seat_name", n=s + 1) for s in humans}
        if humans and app.settings.name:
            names[0] = app.settings.name
        for s, chosen in zip(humans, self.chosen_names):  # names and seat order from the set-up
            if chosen.strip():
                names[s] = chosen.strip()[:40]
        for s in range(self.players - self.bots, self.players):
            session.bot(self.table, s, self.bot_level)
        for s in humans:
            session.join(self.table, s, names[s])
        session.watch(self.table)
        session.start_game(self.table, self.seed)
        from client import services

        match = services.begin_match(app, self.make_match(humans, names))
        app.later(lambda: self.open_table(match))

    def make_match(self, humans: list[int], names: dict[int, str]) -> Match:
        """The match of the new table (the guided game keeps its own kind)."""
        from client.match import Match

        assert self.table is not None
        return Match(self.app, self.game, self.table, mode="play", humans=humans, watch=True, names=names)

    def open_table(self, match: Match) -> None:
        """The table scene replaces the set-up."""
        self.app.replace("table", match=match)
