"""Join: servers found on the LAN (zeroconf) or a typed address, then the server's tables."""
from __future__ import annotations

import threading
from functools import partial
from typing import TYPE_CHECKING, Any

import msgspec
import pygame
import pygame_gui

from client import games, lanwords, modes, services
from client.modes import parse_address, valid_address
from client.scenes.base import Scene
from client.ui import CHALK, CHALK_DIM, ERROR, PAPER, Button
from client.wire import NetStatus
from shared import messages as m

if TYPE_CHECKING:
    from client.app import App


REFRESH_SECONDS = 3.0  # the Join list looks again this often, without a click


class JoinScene(Scene):
    name = "join"
    listens = ("tables", "_net", "joined", "error")
    uses_gui = True

    def __init__(self, app: App, address: str | None = None) -> None:
        super().__init__(app)
        self.address = address
        self.servers: list[dict[str, Any]] = []
        self._found: list[dict[str, Any]] | None = None
        self.searching = False
        self.connected_to: str | None = None
        self.tables: list[dict[str, Any]] | None = None
        self.entry: Any = None
        self.box = pygame.Rect(0, 0, 0, 0)
        self.started = False
        self.problem: str | None = None  # why the last address did not work (stays until the next try)
        self.live_tables: list[dict[str, Any]] = []  # every table on the server that is not over
        self.rejoin: list[dict[str, Any]] = []  # remembered seats (client.seatbook) at those tables
        self.pending_rejoin: dict[str, Any] | None = None
        self.pending: dict[str, Any] = {}  # the table asked to join (its game)
        self.next_look = REFRESH_SECONDS  # seconds until the LAN is searched again (no server chosen yet)
        self._listed: Any = None  # the last tables listing (an unchanged one is quiet)
        self.shown_listing: tuple[Any, ...] = ()
        self.looked = False  # one LAN search has finished
        self.scroll = 0  # the first row shown (the wheel, the arrow and page keys move it)
        self.fit = 1  # rows that fit on one screen

    def enter(self) -> None:
        super().enter()
        if not self.started:
            self.started = True
            if self.address:
                self.connect(self.address)
            else:
                self.search()
        elif self.tables is not None and self.app.session is not None:  # back from a table: list again
            self.app.session.list_tables(every=REFRESH_SECONDS)

    def search(self) -> None:
        if self.searching:
            return
        self.searching = True

        def run() -> None:
            self._found = services.browse(3.0)  # nothing found: a typed address only
            self.app.notify()  # the loop sleeps while the search runs: wake it for the answer

        threading.Thread(target=run, daemon=True).start()

    def connect(self, text: str) -> None:
        if not valid_address(text):
            self.problem = self.app.strings.t("join.bad_address", address=text.strip())
            self.app.sounds.play("error")
            self.layout()
            return
        self.problem = None
        host, port = parse_address(text)
        self.connected_to = f"{host}:{port}"
        self.tables = None
        session = services.open_session(self.app, host, port)
        session.list_tables(every=REFRESH_SECONDS)  # the list refreshes itself, from the network thread
        self.layout()

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        t = app.strings.t
        w, h = app.screen.get_size()
        self.box = pygame.Rect(int(u * 4), int(u * 6), w - int(u * 8), h - int(u * 10))
        bh = int(u * 2.6)
        self.buttons = [Button(t("launcher.back"), pygame.Rect(self.box.left, h - int(u * 3.4), int(u * 9), bh - 2),
                               self.back, key="back")]
        rows = self.rows()
        y = self.box.top + int(u * 3)
        bottom = self.box.bottom - int(u * 4) - (bh + int(u * 2.2) if self.tables is not None else int(u * 0.6))
        fit = max(1, (bottom - y) // (bh + int(u * 0.6)))
        more = len(rows) > fit  # then the arrows that scroll take the right edge
        self.fit = fit
        self.scroll = max(0, min(self.scroll, len(rows) - fit))
        width = self.box.width - int(u * 3) - (int(u * 3.2) if more else 0)
        for i, (label, fn, why_not) in enumerate(rows[self.scroll:self.scroll + fit], self.scroll):
            self.buttons.append(Button(label, pygame.Rect(self.box.left + int(u * 1.5), y, width, bh), fn,
                                       key=f"row_{i}", enabled=fn is not None, why_not=why_not))
            y += bh + int(u * 0.6)
        if more:
            top = self.box.top + int(u * 3)
            x = self.box.right - int(u * 1.5) - int(u * 2.6)
            self.buttons.append(Button("▲", pygame.Rect(x, top, int(u * 2.6), bh), partial(self.scroll_by, -fit),
                                       key="scroll_up", enabled=self.scroll > 0))
            self.buttons.append(Button("▼", pygame.Rect(x, y - bh - int(u * 0.6), int(u * 2.6), bh),
                                       partial(self.scroll_by, fit), key="scroll_down",
                                       enabled=self.scroll + fit < len(rows)))
        entry_y = self.box.bottom - int(u * 4)
        if self.tables is not None:  # a dedicated server: anyone may open a table there
            offered = self.new_table_games()
            gap = int(u * 1.2)
            bw = (self.box.width - int(u * 3) - gap * (len(offered) - 1)) // max(1, len(offered))
            for i, game in enumerate(offered):
                self.buttons.append(Button(t("join.new_table", game=games.title(game, app.strings)),
                                           pygame.Rect(self.box.left + int(u * 1.5) + i * (bw + gap),
                                                       entry_y - bh - int(u * 1.6), bw, bh),
                                           partial(self.new_table, game), key=f"new_{game}"))
        self.buttons.append(Button(t("join.connect"), pygame.Rect(self.box.right - int(u * 10.5), entry_y, int(u * 9),
                                                                  bh), self.connect_typed, primary=True, key="connect"))
        self.buttons.append(Button(t("join.refresh"), pygame.Rect(self.box.right - int(u * 10.5), self.box.top + int(u * 0.4),
                                                                  int(u * 9), int(u * 2.2)), self.refresh, key="refresh"))
        old = self.entry.get_text() if self.entry is not None else (self.address or "")
        if self.entry is not None:
            self.entry.kill()
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(self.box.left + int(u * 16), entry_y, self.box.width - int(u * 28), bh),
            manager=app.gui.manager)  # (its example is drawn under it, dim: a placeholder looks typed)
        self.entry.set_text(old)
        pygame.key.set_text_input_rect(self.entry.rect)

    def rows(self) -> list[tuple[str, Any, str]]:
        """(label, what a click does or None, why not) of each row: seats of ours to go back to, the tables
        waiting for players; a table that needs an older version is shown, never offered."""
        t = self.app.strings.t
        if self.tables is not None:
            out: list[tuple[str, Any, str]] = []
            listed = {str(i.get("id")): i for i in self.live_tables}
            for entry in self.rejoin:
                info = listed.get(entry["table"], {})
                game = str(info.get("game") or entry.get("game", ""))
                label = " · ".join([t("join.rejoin_row", game=games.title(game, self.app.strings),
                                      table=entry["table"], n=entry["seat"] + 1),
                                    *lanwords.status_words(self.app.strings, info)])
                old = info.get("phase") == lanwords.OLD_VERSION
                out.append((label, None if old else partial(self.resume_seat, entry),
                            t("lan.status.old_version_note") if old else ""))
            server = self.app.session.server_name if self.app.session else ""
            for info in lanwords.fair_order(self.tables):
                label = lanwords.table_label(self.app.strings, info, server)
                if lanwords.playable(info):
                    out.append((label, partial(self.join_table, info), ""))
                else:
                    out.append((label, None, " ".join(lanwords.status_words(self.app.strings, info, note=True))))
            return out
        out = []
        for srv in self.servers:
            addr = (srv.get("addresses") or [srv.get("host") or "?"])[0]
            where = f"{addr}:{srv.get('port')}"
            out.append((t("join.server_row", name=srv.get("name", "?"), address=where),
                        partial(self.connect, where), ""))
        return out

    def scroll_by(self, rows: int) -> None:
        """Move the list by ``rows`` (a page with the arrows and Page keys, three rows with the wheel)."""
        before = self.scroll
        self.scroll = max(0, min(self.scroll + rows, len(self.rows()) - self.fit))
        if self.scroll != before:
            self.layout()

    @staticmethod
    def new_table_games() -> list[str]:
        return games.games()

    def new_table(self, game: str) -> None:
        """Open a table on the connected server: the host's set-up lobby, over this connection."""
        if self.app.session is None:
            return
        self.app.later(lambda: self.app.push("lobby", game=game, hosting=True))

    def refresh(self) -> None:
        if self.tables is not None and self.app.session is not None:
            self.app.session.list_tables()
        else:
            self.search()

    def connect_typed(self) -> None:
        text = self.entry.get_text().strip() if self.entry is not None else ""
        if text:
            self.connect(text)

    def join_table(self, info: dict[str, Any]) -> None:
        if self.app.session is None:
            return
        self.pending = info
        self.app.session.join(str(info["id"]), name=self.app.player_name())

    def resume_seat(self, entry: dict[str, Any]) -> None:
        """Back to a seat this computer held (the window was closed): ``resume`` with the saved token."""
        if self.app.session is None:
            return
        self.pending_rejoin = entry
        self.app.session.resume(entry["table"], entry["seat"], entry["token"])

    def back(self) -> None:
        if self.tables is not None:
            self.tables = None
            services.close_session(self.app)
            self.connected_to = None
            self.layout()
        else:
            self.app.pop(self)

    def on_message(self, msg: Any) -> None:
        if self.app.top is not self:
            return
        if isinstance(msg, m.Tables):
            self._listed = msg.tables
            fresh = self.tables is None
            listed: list[dict[str, Any]] = msgspec.to_builtins(msg.tables)
            # tables waiting for players, and (shown, not offered) those that need an older version
            self.tables = [t for t in listed if t.get("phase") in ("lobby", lanwords.OLD_VERSION)]
            self.live_tables = [t for t in listed if t.get("phase") in ("lobby", "playing", lanwords.OLD_VERSION)]
            live = {str(t.get("id")) for t in self.live_tables}
            self.rejoin = [e for e in self.app.seatbook.for_address(self.connected_to or "") if e["table"] in live]
            self.tables = [t for t in self.tables if str(t.get("id")) not in {e["table"] for e in self.rejoin}]
            if fresh or self._listing() != self.shown_listing:  # an unchanged list keeps its buttons
                self.shown_listing = self._listing()
                self.layout()
        elif isinstance(msg, NetStatus) and msg.state == "failed":
            self.problem = self.app.strings.t("lan.unreachable", address=self.connected_to or "",
                                              why=lanwords.why_text(self.app.strings, msg))
            self.app.sounds.play("error")
            self.tables = None
            self.connected_to = None
            self.layout()
        elif isinstance(msg, m.Joined) and self.pending_rejoin is not None \
                and msg.table == self.pending_rejoin["table"]:
            entry, self.pending_rejoin = self.pending_rejoin, None
            game = next((str(i.get("game")) for i in self.live_tables if str(i.get("id")) == entry["table"]),
                        str(entry.get("game", "")))
            host = entry.get("host")
            self._seated(game, msg.table, msg.seat, host)
        elif isinstance(msg, m.Joined):
            self._seated(str(self.pending.get("game", "")), msg.table, msg.seat, None)
        elif isinstance(msg, m.Error):
            if self.pending_rejoin is not None:  # the seat is gone (bad token, table closed): forget it
                self.app.seatbook.forget(self.connected_to or "", self.pending_rejoin["table"])
                self.pending_rejoin = None
                if self.app.session is not None:
                    self.app.session.list_tables()
            self.app.toast(self.app.strings.error(msg.code, msg.msg, msg.params), "error")

    def empty_note(self) -> str:
        """What a server's list says with no table waiting for players: how many games are being played, if any."""
        playing = sum(i.get("phase") == "playing" for i in self.live_tables)
        t = self.app.strings.t
        return t("lan.games_running", n=playing) if playing else t("join.no_tables")

    def _seated(self, game: str, table: str, seat: int, host: str | None) -> None:
        """Joined (or back in) a seat at ``table``: the match, then its lobby (the host's, with a host token)."""
        modes.join_table(self.app, game, table, seat, host)
        self.app.later(lambda: self.app.push("lobby", game=game, hosting=bool(host), table=table, seat=seat,
                                             host_token=host))

    def _listing(self) -> tuple[Any, ...]:
        """What the rows show (to relayout only when it changed)."""
        return (tuple(e["table"] for e in self.rejoin),
                tuple((i.get("id"), i.get("free"), i.get("host_name"), i.get("lang"), i.get("phase"),
                       tuple(lanwords.statuses(i))) for i in self.live_tables))

    def update(self, dt: float) -> None:
        if self._found is not None:
            found, self._found = self._found, None
            self.searching = False
            self.looked = True
            if found != self.servers:
                self.servers = found
                self.layout()
        if self.app.top is not self:
            return
        self.next_look -= dt
        if self.next_look > 0:
            return
        self.next_look = REFRESH_SECONDS
        if self.connected_to is None and not self.searching:  # connected: the session lists again itself
            self.search()

    def frame_due(self) -> float | None:
        """The LAN search runs on a thread: look for its answer a few times a second while it runs; else the
        next refresh of the list (tables or LAN servers)."""
        if self._found is not None:
            return 0.0
        if self.searching or self.connected_to is not None:
            return None  # the search's thread wakes the loop; a connected list is refreshed by the session
        return max(0.0, self.next_look) if self.app.top is self else None  # the LAN is searched again

    def quiet(self, msg: Any) -> bool:
        """The same tables as last time (the list refreshing itself) change nothing on screen."""
        return isinstance(msg, m.Tables) and self.tables is not None and msg.tables == self._listed

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_by(self.fit if event.key == pygame.K_PAGEDOWN else -self.fit)
            return True
        if (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.connect_typed()
            return True
        return super().handle_event(event)

    def leave(self) -> None:
        if self.app.session is not None:
            self.app.session.stop_listing()  # (a lobby or table over this connection does not need the list)
        if self.entry is not None:
            self.entry.kill()
            self.entry = None

    def draw(self, surface: pygame.Surface) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        t = app.strings.t
        app.background.with_panels(surface, [(self.box, 190)])
        te.blit(surface, t("join.title"), u * 2.2, PAPER, (self.box.left, int(u * 1.6)), bold=True)
        typed = bool(self.entry is not None and self.entry.get_text().strip())
        if self.tables is not None:
            head = t("join.tables", address=self.connected_to or "")
            if not self.tables and not self.rejoin:
                te.blit(surface, self.empty_note(), u * 1.1, CHALK_DIM,
                        (self.box.left + int(u * 1.5), self.box.top + int(u * 3.4)))
        elif self.connected_to:
            head = t("net.connecting", address=self.connected_to)
        elif self.searching and not self.looked:
            head = t("join.searching")
        else:
            head = t("join.none_found") if not self.servers and not typed else t("join.title")
        te.blit(surface, head, u * 1.2, CHALK, (self.box.left + int(u * 1.5), self.box.top + int(u * 0.7)), bold=True)
        te.blit(surface, t("join.address"), u * 1.05, CHALK,
                (self.box.left + int(u * 1.5), self.box.bottom - int(u * 2.7)), "midleft")
        if self.problem:
            box = pygame.Rect(self.box.left + int(u * 1.5), self.box.bottom - int(u * 8.2),
                              self.box.width - int(u * 3), int(u * 3.6))
            pygame.draw.rect(surface, ERROR, box, border_radius=int(u * 0.4))
            te.blit_wrapped(surface, self.problem, u * 1.0, PAPER, box.inflate(-int(u * 1.2), -int(u * 0.6)),
                            max_lines=2)
        self.draw_buttons(surface)
        if self.entry is None:
            return
        if not typed:  # how an address looks, under the empty field (never in it, where it would read as typed)
            te.blit(surface, t("lan.address_example"), u * 0.85, CHALK_DIM,
                    (self.entry.rect.left + int(u * 0.3), self.entry.rect.bottom + int(u * 0.1)))
