"""The table display (a TV, no mouse): find its server, wait for it, pick a table, watch it.

Nothing here needs a click: without an address the LAN is searched (zeroconf) again and again until a
server is announced, and again after the one found goes away; a server that is not up yet is tried again
every few seconds, the first table playing (or waiting for players) is watched as soon as it is listed,
and until then the screen shows in large type the address players join at (the server's, never a guess)
and the tables waiting for players. Esc goes back to the launcher.
"""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import msgspec
import pygame

from client import lanwords, services
from client.kit.still import StillLayer
from client.modes import parse_address, watch_on_display
from client.scenes.base import Scene
from client.ui import CHALK, CHALK_DIM, PAPER, panel
from client.wire import NetStatus
from shared import messages as m
from shared.protocol import DEFAULT_PORT

if TYPE_CHECKING:
    from client.app import App

RETRY_SECONDS = 2.0  # a server that did not answer is tried again after this long
RELIST_SECONDS = 2.0  # the tables are listed again this often while nothing is watched
BROWSE_SECONDS = 3.0  # one LAN search; searches follow each other until a server is announced
LOST_AFTER = 3  # failed connections to a server found on the LAN before the LAN is searched again


class DisplayConnectScene(Scene):
    """Waits for a server and a table without input; then the table scene shows the public view."""

    name = "display_connect"
    listens = ("_net", "tables")

    def __init__(self, app: App, address: str | None, table: str | None) -> None:
        super().__init__(app)
        self.address = address
        self.want_table = table
        self.begun = False
        self._found: list[dict[str, Any]] | None = None
        self.target: tuple[str, int] | None = None
        self.join_at = ""  # the address players type (large on screen)
        self.status = ""
        self.reason = ""  # why the server did not answer, in the player's language
        self.failures = 0  # connection attempts that found no server (tests, the status line)
        self.retry_in: float | None = None
        self._listed: Any = None  # the last tables listing (an unchanged one is quiet)
        self.waiting: list[dict[str, Any]] = []  # tables waiting for players
        self._still = StillLayer()  # the whole screen (nothing on it moves)
        self._searching: threading.Event | None = None  # set to stop the LAN search running now
        self.searches = 0  # LAN searches finished (tests, the status line)

    def enter(self) -> None:
        super().enter()
        if self.begun:
            if not self.address and self.target is None and (self._searching is None or self._searching.is_set()):
                self._search()  # uncovered while it was searching: search on
            return
        self.begun = True
        if self.address:
            self._connect(*parse_address(self.address))
        else:
            self._search()

    def _search(self) -> None:
        """Search the LAN until a server is announced (on a thread; its answer is taken in :meth:`update`)."""
        self.status = self.app.strings.t("join.searching")
        self.join_at = ""  # not known until a server is found: never this machine's address as a guess
        stop = self._searching = threading.Event()
        threading.Thread(target=self._browse, args=(stop,), daemon=True).start()

    def _browse(self, stop: threading.Event) -> None:
        while not stop.is_set():
            found = services.browse(BROWSE_SECONDS)
            self.searches += 1
            if found and not stop.is_set():
                self._found = found
                self.app.notify()
                return
            stop.wait(0.2)

    def leave(self) -> None:
        if self._searching is not None:
            self._searching.set()

    def _connect(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.join_at = lanwords.join_address(host, port)
        if not self.failures:
            self.status = self.app.strings.t("net.connecting", address=f"{host}:{port}")
        session = services.open_session(self.app, host, port)
        session.list_tables(every=RELIST_SECONDS)  # the network thread asks again: no frames for it

    def _where(self) -> str:
        return f"{self.target[0]}:{self.target[1]}" if self.target else ""

    def update(self, dt: float) -> None:
        if self._found is not None and self.target is None:
            found, self._found = self._found, None
            srv = found[0]
            addrs = srv.get("addresses") or [srv.get("host") or "127.0.0.1"]
            self._connect(addrs[0], int(srv.get("port") or DEFAULT_PORT))
        if self.retry_in is not None and self.target is not None:
            self.retry_in -= dt
            if self.retry_in <= 0:
                self.retry_in = None
                self._connect(*self.target)

    def frame_due(self) -> float | None:
        """Looking on the LAN: the search's thread wakes the loop with its answer; else the next retry. The
        tables are listed again by the session (``repeat``), and an unchanged answer draws nothing
        (:meth:`quiet`)."""
        if self.target is None:
            return 0.0 if self._found is not None else None
        if self.retry_in is not None:
            return max(0.0, self.retry_in)
        return None

    def quiet(self, msg: Any) -> bool:
        """The same tables as last time (the display's poll while it waits) change nothing on screen."""
        return isinstance(msg, m.Tables) and self.app.match is None and msg.tables == self._listed

    def on_message(self, msg: Any) -> None:
        t = self.app.strings.t
        if isinstance(msg, NetStatus) and msg.state in ("failed", "down"):
            self.failures += 1
            self.reason = lanwords.why_text(self.app.strings, msg)
            self.status = t("lan.display.waiting_server", address=self._where())
            if msg.state == "failed" and not self.address and self.failures >= LOST_AFTER:
                self._lost()  # the server found on the LAN went away: search again (it may come back elsewhere)
            elif msg.state == "failed":  # the session gave up: a new one after a pause
                self.retry_in = RETRY_SECONDS
        elif isinstance(msg, NetStatus) and msg.state == "up":
            self.reason = ""
            self.status = t("table.display_waiting")
        elif isinstance(msg, m.Tables) and self.app.match is None:
            self._listed = msg.tables
            tables: list[dict[str, Any]] = msgspec.to_builtins(msg.tables)
            self.waiting = lanwords.fair_order(
                [i for i in tables if i.get("phase") == "lobby" and int(i.get("free", 0)) > 0])
            self.reason = ""
            if self.want_table:
                pick = next((i for i in tables if i.get("id") == self.want_table), None)
            else:
                pick = next((i for i in tables if i.get("phase") == "playing"), None) or \
                    next((i for i in tables if i.get("phase") == "lobby"), None)
            if pick is None:
                self.status = t("table.display_waiting")
                return
            self._watch(pick)

    def _lost(self) -> None:
        """Forget the server found on the LAN and search again."""
        services.close_session(self.app)
        self.target, self.retry_in, self.failures, self.reason = None, None, 0, ""
        self.waiting = []
        self._search()

    def _watch(self, info: dict[str, Any]) -> None:
        app = self.app
        match = watch_on_display(app, info)
        if match is not None:
            app.later(lambda: app.replace("table", match=match))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.back_to_launcher()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing here moves: one still layer, painted again when the words or the waiting tables change."""
        app = self.app
        server = app.session.server_name if app.session else ""
        key = (surface.get_size(), app.strings.lang, app.unit, self.join_at, self.status, self.reason,
               self.target is None, bool(self.failures), repr(self.waiting), server)
        self._still.draw(surface, key, self._paint)

    def _paint(self, surface: pygame.Surface) -> None:
        self.app.background(surface)
        app, u, te = self.app, self.app.unit, self.app.text
        t = app.strings.t
        w, h = surface.get_size()
        te.blit(surface, t("app.title"), u * 2.0, PAPER, (w // 2, int(u * 2)), "midtop", bold=True)
        if self.join_at:
            te.blit(surface, t("lan.display.join_at"), u * 1.5, CHALK, (w // 2, int(u * 6.5)), "midtop")
            te.blit(surface, self.join_at, u * 4.2, PAPER, (w // 2, int(u * 8.8)), "midtop", bold=True)
        te.blit_wrapped(surface, self.status, u * 1.5, CHALK,
                        pygame.Rect(int(u * 4), int(u * 15.5), w - int(u * 8), int(u * 2.2)), align="center")
        if self.target is None:  # searching the LAN: what brings a server, said once, large enough to read
            te.blit_wrapped(surface, t("lan.display.searching_hint"), u * 1.2, CHALK_DIM,
                            pygame.Rect(int(u * 6), int(u * 19.0), w - int(u * 12), int(u * 5)), align="center")
        if self.reason:
            for i, line in enumerate((self.reason, t("lan.retrying"))):
                te.blit(surface, line, u * 1.1, CHALK_DIM, (w // 2, int(u * (18.0 + i * 1.7))), "midtop")
        self.draw_waiting(surface, pygame.Rect(int(u * 8), int(u * 21.5), w - int(u * 16), h - int(u * 25)))
        te.blit(surface, t("lan.display.escape"), u * 0.9, CHALK_DIM, (w - int(u * 1.5), h - int(u * 1.2)),
                "bottomright")

    def draw_waiting(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The tables waiting for players, in large type (as many as fit)."""
        app, u, te = self.app, self.app.unit, self.app.text
        t = app.strings.t
        if self.target is None or self.failures and not self.waiting and self.reason:
            return
        panel(surface, box, alpha=170)
        te.blit(surface, t("lan.display.tables"), u * 1.6, PAPER, (box.left + int(u * 1.5), box.top + int(u)),
                bold=True)
        y = box.top + int(u * 4)
        if not self.waiting:
            te.blit_wrapped(surface, t("lan.display.no_tables"), u * 1.3, CHALK_DIM,
                            pygame.Rect(box.left + int(u * 1.5), y, box.width - int(u * 3), int(u * 4)))
            return
        server = app.session.server_name if app.session else ""
        step = int(u * 2.6)
        for info in self.waiting[:max(1, (box.bottom - y) // step)]:
            te.blit(surface, lanwords.table_label(app.strings, info, server), u * 1.5, CHALK,
                    (box.left + int(u * 1.5), y))
            y += step
