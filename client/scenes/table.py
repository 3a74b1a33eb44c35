"""The table scene: draws one seat's table view (or the public one) and runs the curtain.

Which view is drawn (``shown``):
- LAN: the one local seat. Table display / all-bots pass-and-play: the public view (seat None).
- Pass-and-play with several local humans: the seat that must act. When the seat
  that must act changes to *another* local human seat, a :class:`CurtainScene` goes
  up (opaque: nothing private is drawn) and the new seat is revealed only after a
  click. While no local human must act, the last revealed seat stays (the same
  player still holds the screen); before anyone was revealed the public view shows.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import msgspec
import pygame
import pygame_gui

from assets.loaders.glossary import load_glossary
from client import games, lanwords, modes, services
from client.context import AppContext
from client.kit import theme
from client.kit.nodes import never_hit
from client.kit.stephelp import StepHelp, StepLine, help_for
from client.kit.still import PanelLayer, StillLayer
from client.kit.textfit import cover
from client.kit.theme import ACCENT_DEEP
from client.kit.widgets import buttons_key
from client.match import Match
from client.rulesbook import has_rules, open_rules, page_for_view
from client.scenes.base import Scene
from client.tables.base import TableView
from client.ui import ACCENT, CHALK, PAPER, Button, panel, seat_color
from client.wire import NetStatus
from shared import messages as m

LOST_ATTEMPTS = 5  # display found on the LAN: failed reconnections before it searches the LAN again
RESULTS_HOLD = 15.0  # display: seconds a finished game's results stay up before it moves on to a waiting table

if TYPE_CHECKING:
    from client.app import App

HELP_AVOIDS = ("button", "plate", "card", "token", "text")  # what the "?" button never covers
CHAT_RADIUS = 12  # the open chat panel's corners


class TableScene(Scene):
    name = "table"
    listens = ("error", "_net", "tables")

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        humans = match.humans
        self.curtained = match.mode == "play" and len(humans) > 1
        if match.mode == "display" or not humans:
            self.shown: int | None = None
        elif len(humans) == 1:
            self.shown = humans[0]
        else:
            self.shown = None  # nobody revealed yet: the public view
        self.curtain: Any = None  # the curtain scene while it is up (client.scenes.curtain)
        self.results_pushed = False
        self.chat_open = False
        self.chat_entry: Any = None
        self.chat_rect = pygame.Rect(0, 0, 0, 0)
        self.reveals: list[int] = []  # order of revealed seats (tests, screenshots)
        self.over_frames = 0
        self._clock_key: Any = None
        self._relist = 3.0  # display: seconds until the next look for a new game
        self._shown_over = 0.0  # display: seconds the finished game's results have been shown
        self.seen_chat = 0  # chat lines read (the panel was open)
        self.chat_age = 99.0  # seconds since the last chat line arrived
        self._chat_count = 0
        self._talk_closed = False  # the game's rule closes the chat now (fate_votes: outside the discussion)
        self._has_rules: tuple[tuple[str, str], bool] | None = None
        self._chat_wrapped: tuple[Any, list[tuple[str, Any]]] = (None, [])  # (what was wrapped, the lines)
        self._view_rects: dict[int, pygame.Rect] = {}  # id(view) -> the rect it was given
        self._join_at: str | None = None  # display: the address players join at (looked up once)
        self._help_check = 0.0  # seconds until the "?" looks again for a free corner
        # The step-help line (who acts, what this player may do, why not) under the table.
        self.step_line = StepLine()
        self._step_fn = self._load_step_help()
        self._step_ctx = AppContext(app, display_mode=(match.mode == "display"))
        self._step_key: Any = None
        self.step_help: StepHelp | None = None
        self._terms_key: Any = None  # the node labels the glossary's terms on the table were last found in
        self._strip = StillLayer()  # the step line and the control bar
        self._chat_panel = PanelLayer()  # the open chat panel

    def _load_step_help(self) -> Any:
        try:
            return games.step_help(self.match.game_id)
        except (ImportError, AttributeError) as exc:  # a game without a working step help still plays
            print(f"houkago: step help of {self.match.game_id}: {type(exc).__name__}: {exc}")
            return None

    # --- pygame_gui is only used for the chat entry ----------------------------------
    @property
    def uses_gui(self) -> bool:  # type: ignore[override]  # a property where Scene has a class attribute
        return self.chat_open

    @property
    def show_chat(self) -> bool:
        """LAN tables chat; on a pass-and-play table the same bar is the players' shared note pad."""
        return self.match.mode in ("lan", "play")

    def bar_height(self) -> int:
        """Height of the LAN control bar under the table (chat, clock); 0 when there is none."""
        return int(self.app.unit * 3.0) if self.show_chat else 0

    def step_height(self) -> int:
        """Height of the step-help line between the table and the control bar; 0 when the game has none."""
        return StepLine.height(self._step_ctx, self._step_ctx.unit) if self._step_fn is not None else 0

    def step_rect(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        sh = self.step_height()
        return pygame.Rect(0, h - self.bar_height() - sh, w, sh)

    def table_rect(self) -> pygame.Rect:
        """Where the table view draws: the window between the status strip (the display's, if any) and the
        step line and the control bar, so none of them covers the table."""
        w, h = self.app.screen.get_size()
        top = self.status_height()
        return pygame.Rect(0, top, w, h - top - self.bar_height() - self.step_height())

    # --- what the server knows of this table (a practice table, a damaged record) --------------------
    def status_words(self, note: bool = False) -> list[str]:
        """What every seat and the display must know of this table, from the server's ``lobby``, in the
        player's language (``note``: the sentence that explains each)."""
        lobby = self.match.lobby
        if self.match.mode == "display":  # the TV: where to join, always; never the practice banner
            lobby = {k: v for k, v in lobby.items() if k != "practice"}
            session = self.app.session
            if session is not None and self._join_at is None:
                self._join_at = lanwords.join_address(session.host, session.port)
            where = [self.app.strings.t("lan.display.join_corner", address=self._join_at)] if self._join_at else []
            return where + lanwords.status_words(self.app.strings, lobby, note=note) + self._turn_words()
        return lanwords.status_words(self.app.strings, lobby, note=note) + self._turn_words()

    def _turn_words(self) -> list[str]:
        """The host's turn clock: whose, seconds left (client/match.py)."""
        words = self.match.turn_words()
        return [words] if words else []

    def status_height(self) -> int:
        """Height of the status strip over the table: only the display has one (a table with a control
        bar says it in the bar, and its view keeps its whole rect); 0 for an ordinary table."""
        return int(self.app.unit * 1.8) if not self.show_chat and self.status_words() else 0

    def status_rect(self) -> pygame.Rect | None:
        """Where the status is said: the display's strip across the top, else a pill in the control bar
        right of the host's clock buttons (at most a third of the bar); None for an ordinary table."""
        words = self.status_words()
        if not words:
            return None
        u, w = self.app.unit, self.app.screen.get_width()
        if not self.show_chat:
            return pygame.Rect(0, 0, w, self.status_height())
        left = max([b.rect.right for b in self.buttons if b.key.startswith("clock_")], default=0) + int(u * 0.6)
        text = " · ".join(words)
        width = min(int(w / 3), self.app.text.size(text, u * 0.9)[0] + int(u * 1.6))
        return self._bar_button_rect(left, width, int(u * 2.2))

    def draw_status(self, surface: pygame.Surface) -> None:
        """The display's strip (the notes) or the bar's pill (the short words), shrunk (never cut) to fit."""
        rect = self.status_rect()
        if rect is None:
            return
        u, te = self.app.unit, self.app.text
        strip = not self.show_chat
        pygame.draw.rect(surface, ACCENT_DEEP, rect, border_radius=0 if strip else int(u * 0.5))
        text = ("  " if strip else " · ").join(self.status_words(note=strip))
        room = rect.inflate(-int(u * (2 if strip else 1.2)), -int(u * 0.3))
        fitted = te.fitter.block(text, u * (0.95 if strip else 0.9), room.w, room.h)
        room.size = (min(room.w, fitted.width), min(room.h, fitted.height))
        room.center = rect.center
        te.fitter.draw_block(surface, text, room, u * (0.95 if strip else 0.9), PAPER, kind="label", fitted=fitted)

    def _bar_button_rect(self, x: int, bw: int, bh: int) -> pygame.Rect:
        h = self.app.screen.get_height()
        bar = self.bar_height() or int(self.app.unit * 3.0)
        return pygame.Rect(x, h - bar + (bar - bh) // 2, bw, bh)

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        w = app.screen.get_width()
        t = app.strings.t
        self._place_views()
        self.buttons = []
        if self.show_chat:
            bw, bh = int(u * 6), int(u * 2.2)
            unread = len(self.match.chat) - self.seen_chat if not self.chat_open else 0
            label = f"{t('table.chat')} ({unread})" if unread > 0 else t("table.chat")
            self.buttons.append(Button(label, self._bar_button_rect(w - bw - int(u * 0.6), bw, bh), self.toggle_chat,
                                       key="chat", selected=self.chat_open))
            self.chat_rect = self._chat_area()
        paused = self.match.clock_paused()
        if self.match.host_token and self.match.mode == "lan" and paused is not None and not self.match.over:
            bw, bh = int(u * 5.6), int(u * 2.2)
            x = int(u * 0.6)
            self.buttons.append(Button(t("table.clock_resume") if paused else t("table.clock_pause"),
                                       self._bar_button_rect(x, bw, bh),
                                       lambda: self.clock_op("resume" if paused else "pause"), key="clock_pause"))
            self.buttons.append(Button("+30s", self._bar_button_rect(x + bw + int(u * 0.4), bw, bh),
                                       lambda: self.clock_op("add", 30), key="clock_add"))
        if self.has_rules:
            self.buttons.append(Button("?", self.help_rect(), self.open_rules, key="rules_help"))
        if self.results_pushed:
            bw, bh = int(u * 9), int(u * 2.4)
            self.buttons.append(Button(t("results.title"), pygame.Rect(w // 2 - bw // 2, int(u * 0.6), bw, bh),
                                       self.show_results, primary=True, key="results"))
        typed = ""
        if self.chat_entry is not None:
            typed = self.chat_entry.get_text()
            self.chat_entry.kill()
            self.chat_entry = None
        if self.chat_open:
            r = self.chat_rect
            self.chat_entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(r.left + int(u * 0.5), r.bottom - int(u * 2.9), r.width - int(u), int(u * 2.4)),
                manager=app.gui.manager,
                placeholder_text=t("table.chat_closed") if self._talk_closed else t("table.chat_hint"))
            self.chat_entry.set_text(typed)
            self.chat_entry.focus()
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.chat_entry.rect)

    # --- the rules book ("?" and F1) ------------------------------------------------------------
    @property
    def has_rules(self) -> bool:
        """The "?" and F1 open the game's rules book (not on the table display, which takes no input)."""
        key = (self.match.mode, self.match.game_id)
        if self._has_rules is None or self._has_rules[0] != key:  # looked for once (a file lookup), not per frame
            self._has_rules = (key, key[0] != "display" and has_rules(key[1]))
        return self._has_rules[1]

    def rules_page(self) -> str | None:
        """The rules book page of the step the shown table is at."""
        view = self.current_view()
        return page_for_view(self.match.game_id, view.shown_now().view if view is not None else None)

    def open_rules(self) -> None:
        open_rules(self.app, self.match.game_id, self.rules_page())

    def help_rect(self) -> pygame.Rect:
        """Where the "?" goes: the first corner of the table (top right, top left, bottom left, bottom
        right, then the middle of the top and bottom edges) where it covers none of the view's controls."""
        u = self.app.unit
        area = self.table_rect().inflate(-int(u * 0.6), -int(u * 0.6))
        size = int(u * 2.2)
        spots = [area.topright, area.topleft, area.bottomleft, area.bottomright, area.midtop, area.midbottom]
        anchors = ["topright", "topleft", "bottomleft", "bottomright", "midtop", "midbottom"]
        taken = [b.rect for b in self.buttons if b.key != "rules_help"]
        view = self.current_view()
        nodes = getattr(view, "nodes", None)
        if view is not None and view.view and callable(nodes):
            taken += [n.rect for n in nodes() if n.kind in HELP_AVOIDS and n.solid]
        for spot, anchor in zip(spots, anchors):
            rect = pygame.Rect(0, 0, size, size)
            setattr(rect, anchor, spot)
            if rect.collidelist(taken) < 0:
                return rect
        rect = pygame.Rect(0, 0, size, size)
        rect.topright = area.topright
        return rect

    def _move_help(self, dt: float) -> None:
        """Twice a second, move the "?" if the view's controls came under it."""
        self._help_check -= dt
        if self._help_check > 0:
            return
        self._help_check = 0.5
        for b in self.buttons:
            if b.key == "rules_help":
                b.rect = self.help_rect()

    def _place_views(self) -> None:
        """Give every view (a view appears with its seat's first snapshot) the table's rect when it changed."""
        rect = self.table_rect()
        for view in self.match.all_views():
            if self._view_rects.get(id(view)) != rect:
                self._view_rects[id(view)] = rect.copy()
                view.set_rect(rect)

    def clock_op(self, op: str, seconds: float | None = None) -> None:
        """Host only: pause, resume or extend the phase clock."""
        if self.app.session is None or not self.match.host_token:
            return
        self.app.session.clock(self.match.table, op, seconds)

    def show_results(self) -> None:
        self.app.push("results", table_scene=self)

    def layout_chat_button(self) -> None:
        """Refresh the chat button's unread count without touching the text entry."""
        t = self.app.strings.t
        for b in self.buttons:
            if b.key == "chat":
                unread = len(self.match.chat) - self.seen_chat if not self.chat_open else 0
                b.label = f"{t('table.chat')} ({unread})" if unread > 0 else t("table.chat")

    def _chat_area(self, help_at: pygame.Rect | None = None) -> pygame.Rect:
        """The open chat panel: over the view's log column (it covers no control of the table), else at
        the lower right above the bar; ``help_at``: where the "?" is (else it is looked for)."""
        u = self.app.unit
        w, h = self.app.screen.get_size()
        view = self.current_view()
        log = view.log_area() if view is not None else None
        if log is not None and log.w >= u * 12 and log.h >= u * 10:
            r = pygame.Rect(log)
        else:  # no log column said: the lower right, below whatever of the table's it would cover
            r = pygame.Rect(w - int(u * 24) - int(u * 0.6), h - int(u * 21), int(u * 24), int(u * 17.6))
            nodes = view.nodes() if view is not None and hasattr(view, "nodes") else []
            for n in nodes:
                if n.kind not in ("area", "overlay", "veil", "info") and n.rect.colliderect(r) \
                        and r.bottom - n.rect.bottom >= u * 9:
                    r.height, r.top = r.bottom - n.rect.bottom - int(u * 0.3), n.rect.bottom + int(u * 0.3)
        if self.has_rules:
            help_at = help_at or self.help_rect()
            if help_at.colliderect(r):  # the "?" in the corner stays free
                bottom = r.bottom
                r.top = help_at.bottom + int(u * 0.3)
                r.height = bottom - r.top
        return r

    def _chat_lines(self, width: int) -> list[tuple[str, Any]]:
        """The last 30 chat messages wrapped to ``width`` (line, colour), kept until a message or the width changes."""
        te, u = self.app.text, self.app.unit
        recent: tuple[tuple[Any, ...], ...] = tuple(tuple(m) for m in self.match.chat[-30:])
        key = (recent, width, u, self.app.strings.lang)
        if self._chat_wrapped[0] != key:
            lines: list[tuple[str, Any]] = []
            for name, seat, text in recent:
                for i, line in enumerate(te.wrap(f"{name}: {text}", u * 0.9, width)):
                    lines.append((line, CHALK if i or seat is None else seat_color(seat)))
            self._chat_wrapped = (key, lines)
        return self._chat_wrapped[1]

    def toggle_chat(self) -> None:
        self.chat_open = not self.chat_open
        self.seen_chat = len(self.match.chat)
        self.layout()

    def leave(self) -> None:
        if self.chat_entry is not None:
            self.chat_entry.kill()
            self.chat_entry = None

    # --- which view -------------------------------------------------------------------
    def current_view(self) -> TableView | None:
        if self.curtain is not None:
            return None
        seat = self.shown
        if seat is None:
            return self.match.view_of(None)
        return self.match.view_of(seat)

    def reveal(self, seat: int) -> None:
        """The curtain was clicked away: show ``seat``'s private view."""
        self.curtain = None
        self.shown = seat
        self.reveals.append(seat)
        self.step_line.disarm()  # the last player's tooltip does not come back over the next one's table
        view = self.current_view()
        if view is not None:
            view.disarm_hover()

    def show_seat(self, seat: int) -> bool:
        """Hand the screen to local ``seat``: the curtain goes up (or turns to ``seat``), the click reveals it.

        False (nothing happens) without a curtain here (LAN, display, one local player) or for a seat that
        is not a local human one.
        """
        if not self.curtained or seat not in self.match.humans:
            return False
        if self.curtain is None:
            self._raise_curtain(seat)
        else:
            self.curtain.retarget(seat)
        return True

    def _raise_curtain(self, seat: int) -> None:
        self.shown = None  # nothing private until the click
        self.curtain = self.app.push("curtain", table_scene=self, seat=seat)

    def _curtain_check(self) -> None:
        if not self.curtained or self.match.over:
            return
        acting = self.match.acting()
        if not acting:
            return
        if self.curtain is not None:
            if self.curtain.seat not in acting:
                self.curtain.retarget(self._next(acting, self.curtain.seat))
            return
        if self.shown in acting:
            return
        self._raise_curtain(self._next(acting, self.shown))

    def _next(self, acting: list[int], after: int | None) -> int:
        if after is None:
            return acting[0]
        later = [s for s in acting if s > after]
        return later[0] if later else acting[0]

    # --- loop -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.step_line.disarm()  # no definition pops up over what was just clicked
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.chat_open:
                self.toggle_chat()
                return True
            self.app.push("menu")
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and self.has_rules:
            self.open_rules()
            return True
        if self.chat_open:
            if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.chat_entry:
                self.send_chat()
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.send_chat()
                return True
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.chat_rect.collidepoint(event.pos):
                return True
        if super().handle_event(event):
            return True
        if self.step_line.handle_event(event):
            chip = self.step_line.clicked
            if chip is not None and chip.page:  # a term: its rules book page
                open_rules(self.app, self.match.game_id, chip.page)
            return True
        view = self.current_view()
        if view is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            view.skip_animations()
            return True
        if self.match.mode == "display":
            return False  # the table display has no controls
        return bool(view.handle_event(event))

    def talk_closed(self) -> bool:
        """The game's rule (its rules' ``chat_open(view, seat)``, asked of the shown view; fate_votes: the
        seats talk only in a discussion) says this seat may not talk at the table now."""
        from shared.engine import REGISTRY

        view = self.current_view()
        spec = REGISTRY.get(self.match.game_id)
        rule = getattr(spec.rules, "chat_open", None) if spec is not None else None
        if rule is None or view is None or not view.view:
            return False
        seat = self.shown if self.shown is not None else (self.match.humans[0] if self.match.humans else None)
        return not rule(view.view, seat)

    def send_chat(self) -> None:
        if self.chat_entry is None or self.app.session is None:
            return
        text = self.chat_entry.get_text().strip()
        if not text:
            return
        seat = self.shown if self.shown is not None else (self.match.humans[0] if self.match.humans else None)
        self.app.session.chat(self.match.table, text[:500], seat)
        self.chat_entry.set_text("")
        self.chat_entry.focus()

    def on_message(self, msg: Any) -> None:
        """Table display: after a game ends, follow the next game started on the same server; a table the
        server no longer knows (it restarted without it): back to waiting for a table."""
        if self.match.mode != "display":
            return
        if isinstance(msg, m.Error) and msg.code == "table/unknown":
            self._lost_table()
            return
        if (isinstance(msg, NetStatus) and msg.state == "down" and msg.attempt >= LOST_ATTEMPTS
                and self.app.args is not None and getattr(self.app.args, "address", "") is None):
            self._search_again()  # a server found on the LAN is gone: look for one again
            return
        if not self.match.over or not isinstance(msg, m.Tables):
            return
        playing = [i for i in msg.tables if i.phase == "playing" and i.id != self.match.table]
        if self._shown_over >= RESULTS_HOLD and not playing:
            self._lost_table()  # the results were shown: on to the next table waiting for players (or the wait)
            return
        if playing and self.app.session is not None:
            self.app.session.unwatch(self.match.table)  # over: nothing more comes from it
            match = modes.watch_on_display(self.app, msgspec.to_builtins(playing[0]))
            if match is not None:
                self._follow(match)

    def _lost_table(self) -> None:
        """The display's table is gone: wait for the next one on the same server (no input needed)."""
        app, session = self.app, self.app.session
        if session is None or app.match is not self.match:
            return
        address = session.address
        app.match = None

        app.later(lambda: app.replace("display_connect", address=address, table=None))

    def _search_again(self) -> None:
        """The display found its server on the LAN and lost it: forget it and search the LAN again."""
        app = self.app
        if app.match is not self.match:
            return
        services.close_session(app)
        app.match = None
        app.later(lambda: app.replace("display_connect", address=None, table=None))

    def _follow(self, match: Match) -> None:
        """The display moves to ``match`` (a new table scene replaces this one after the frame)."""
        app = self.app
        app.later(lambda: app.replace("table", match=match))

    def update(self, dt: float) -> None:
        self._curtain_check()
        self.match.tick()  # away countdowns (client/match.py)
        if self.has_rules:
            self._move_help(dt)
        if self.match.mode == "display" and self.match.over and self.app.session is not None:
            if self.results_pushed:
                self._shown_over += dt
            self._relist -= dt
            if self._relist <= 0:
                self._relist = 3.0
                self.app.session.list_tables()
        paused = self.match.clock_paused()
        clock_key = (paused is not None, bool(paused), self.match.over)
        if self.match.host_token and clock_key != self._clock_key:
            self._clock_key = clock_key
            self.layout()
        if self.show_chat:
            closed = self.talk_closed()
            if closed != self._talk_closed:
                self._talk_closed = closed
                self.layout()  # the entry says whether the table may talk now
            self.chat_age += dt
            if len(self.match.chat) != self._chat_count:
                self._chat_count = len(self.match.chat)
                self.chat_age = 0.0
                if self.chat_open:
                    self.seen_chat = self._chat_count
                self.layout_chat_button()
        self._place_views()
        self._update_step_help()
        # Every view advances (hidden seats too), so a revealed seat shows the table as it is now.
        for v in self.match.all_views():
            if self.app.fast:
                v.skip_animations()
            v.update(dt)
        self._find_terms()
        self.step_line.update(dt)
        help_at = next((b.rect for b in self.buttons if b.key == "rules_help"), None)  # placed by _move_help
        if self.chat_open and self._chat_area(help_at) != self.chat_rect:
            self.layout()  # the table under the chat panel changed (its log column, its controls)
        if self.match.over:
            self.over_frames += 1
        # Automated runs do not wait forever for a table that stays busy after the end.
        settled = not self.match.busy() or (self.app.fast and self.over_frames > 300)
        if self.match.over and not self.results_pushed and settled:
            self.results_pushed = True
            if self.app.fast:
                self.app.quit(0)
                return
            self.show_results()

    def _update_step_help(self) -> None:
        """Recompute the step line when what the view shows (its one shown truth), or the window, changed."""
        view = self.current_view()
        rect = self.step_rect()
        if self._step_fn is None or rect.h <= 0:
            self.step_help = None
            return
        shown = view.shown_now() if view is not None else None
        if shown is None or not shown.view:
            key: Any = (None, tuple(rect), self._step_ctx.lang)
        else:
            key = (id(view), id(shown.view), shown.sid, shown.settled, len(shown.legal), shown.turn, tuple(rect),
                   self._step_ctx.lang)
        if key == self._step_key:
            return
        self._step_key = key
        help: StepHelp | None = None
        try:
            help = help_for(self._step_fn, shown, view.seat if view is not None else None, self._step_ctx)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:  # help, never a reason to stop
            print(f"houkago: step help: {type(exc).__name__}: {exc}")
        if help is not None and self.match.mode == "display":  # the TV: who acts and why, never what to click
            help = dataclasses.replace(help, may="")
        self.step_help = help
        self.step_line.layout(self._step_ctx, help, rect, self._step_ctx.unit, load_glossary(self.match.game_id))

    def _find_terms(self) -> None:
        """Where the glossary's terms stand on the shown table (a resting pointer shows their definition): the
        labels of the view's node map (its buttons, plates, headings as the player sees them), read when they
        change — the view is never drawn off-screen to find them."""
        view = self.current_view()
        nodes_of = getattr(view, "nodes", None)
        if self._step_fn is None or view is None or not view.view or not callable(nodes_of):
            self._terms_key = None
            self.step_line.spots = []
            return
        labels = tuple((n.label, tuple(n.rect)) for n in nodes_of()
                       if n.label and n.kind != "info" and n.hit is not never_hit and n.rect.w > 0 and n.rect.h > 0)
        key = (id(view), labels, self._step_ctx.lang)
        if key == self._terms_key:
            return
        self._terms_key = key
        self.step_line.see_terms([(text, pygame.Rect(r)) for text, r in labels], load_glossary(self.match.game_id),
                                 self._step_ctx.lang)

    def frame_due(self) -> float | None:
        """Full rate while a view animates; else the soonest of a view's clock second, the chat line's
        fading, the display's next look for a game, the results once the table settles."""
        if self.match.over and not self.results_pushed:
            return 0.0
        dues = [v.frame_due() for v in self.match.all_views()]
        if self.show_chat and self.match.chat and self.chat_age < 6.0:
            dues.append(6.0 - self.chat_age)
        if self.match.mode == "display" and self.match.over and self.app.session is not None:
            dues.append(max(0.0, self._relist))
        if self.match.turn_until:  # the turn clock's seconds in the bar
            dues.append(1.0)
        known = [d for d in dues if d is not None]
        return min(known) if known else None

    def draw(self, surface: pygame.Surface) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        rect = self.table_rect()
        view = self.current_view()
        if view is not None and view.view and view.paints_area:  # the view's opaque layer covers its rect
            hole = rect.copy()
            if rect.height < surface.get_height() and rect.left == 0 and rect.width == surface.get_width():
                hole.height = surface.get_height() - rect.top  # and the bar below covers the rest
            app.background.around(surface, hole)
        else:
            app.background(surface)
        if view is not None and view.view:
            view.draw(surface, rect)
        else:
            key = "table.display_waiting" if self.match.mode == "display" and not self.match.started else "table.waiting"
            te.blit(surface, app.strings.t(key), u * 1.6, CHALK, rect.center, "center", bold=True)
            if key == "table.display_waiting" and app.session is not None:  # players still to come: where to join
                if self._join_at is None:
                    self._join_at = lanwords.join_address(app.session.host, app.session.port)
                te.blit(surface, app.strings.t("lan.display.join_at"), u * 1.5, CHALK,
                        (rect.centerx, rect.centery - int(u * 10)), "midtop")
                te.blit(surface, self._join_at, u * 4.2, PAPER, (rect.centerx, rect.centery - int(u * 7.7)), "midtop",
                        bold=True)
        strip = self.strip_rect()
        if not self.show_chat:
            self.draw_status(surface)  # the display's strip across the top
        if strip.h > 0:
            self.draw_strip(surface, strip)
        if self.show_chat and self.chat_open:
            self.draw_chat_panel(surface)
        for b in self.buttons:
            if not strip.contains(b.rect):  # the "?" on the table, the results button
                b.draw(surface, te, u)
        self.step_line.draw_tooltip(surface, self._step_ctx, self._step_ctx.unit)

    def strip_rect(self) -> pygame.Rect:
        """The step line and the control bar under the table."""
        w, h = self.app.screen.get_size()
        top = self.table_rect().bottom
        return pygame.Rect(0, top, w, h - top)

    def draw_strip(self, surface: pygame.Surface, strip: pygame.Rect) -> None:
        """The step line and the control bar (its buttons, the status pill, the last chat line) as one still
        layer, painted anew when anything it shows changes (a button or term chip under the pointer too)."""
        mouse = pygame.mouse.get_pos()
        buttons = [b for b in self.buttons if strip.contains(b.rect)]
        hovered = self.step_line.hovered()
        key = (self.app.strings.lang, self.app.unit, tuple(strip), self.step_help, tuple(self.step_line.rect),
               tuple((c.term, c.label, tuple(c.rect)) for c in self.step_line.chips),
               hovered.term if hovered is not None else None,
               tuple(self.status_words()) if self.show_chat else (), self._chat_shown(),
               buttons_key(buttons, mouse))

        def paint(layer: pygame.Surface) -> None:
            pygame.draw.rect(layer, theme.TABLE_STRIP, strip)
            pygame.draw.line(layer, theme.TABLE_STRIP_EDGE, strip.topleft, strip.topright, 1)
            if self.show_chat:
                self.draw_status(layer)  # the bar's pill
            if self._step_fn is not None and self.step_line.rect.h > 0:
                self.step_line.draw(layer, self._step_ctx, self.step_help, self._step_ctx.unit)
            if self.show_chat:
                self.draw_chat_line(layer)
            for b in buttons:
                b.draw(layer, self.app.text, self.app.unit)
        self._strip.draw(surface, key, paint, strip)

    def _chat_shown(self) -> tuple[str, int | None, str] | None:
        """The chat message shown in the bar for a few seconds after it arrived (the panel closed), else None."""
        if self.chat_open or not self.match.chat or self.chat_age >= 6.0:
            return None
        name, seat, text = self.match.chat[-1]
        return (name, seat, text)

    def draw_chat_line(self, surface: pygame.Surface) -> None:
        """The last message, for a few seconds, in the bar left of the chat button (off the table)."""
        chat = next((b for b in self.buttons if b.key == "chat"), None)
        shown = self._chat_shown()
        if shown is None or chat is None:
            return
        u, te = self.app.unit, self.app.text
        name, _seat, text = shown
        # the whole line, shrunk to fit the bar; a longer one says who wrote (the panel has it all)
        line = f"{name}: {text}"
        pill = self.status_rect()  # the bar's status pill stays clear of the line
        left = pill.right + int(u * 1.0) if pill is not None else 0
        room = pygame.Rect(0, 0, min(int(u * 30), chat.rect.left - int(u * 2.0) - left), chat.rect.h)
        if room.w < int(u * 4):  # no room left in the bar: the unread count on the button says it
            return
        fitted = te.fitter.block(line, u * 0.9, room.w, room.h)
        if fitted.overflow or len(fitted.lines) > 1:
            line = self.app.strings.t("table.chat_new", name=name)
            fitted = te.fitter.block(line, u * 0.9, room.w, room.h)
        room.size = (fitted.width, fitted.height)
        room.midright = (chat.rect.left - int(u * 1.0), chat.rect.centery)
        panel(surface, room.inflate(int(u), int(u * 0.5)), alpha=220)
        te.fitter.draw_block(surface, line, room, u * 0.9, PAPER, kind="label", fitted=fitted)

    def draw_chat_panel(self, surface: pygame.Surface) -> None:
        """The open chat panel over the log column: opaque (the log under it does not show through), the newest
        lines that fit; one layer per rect and lines shown."""
        u, te = self.app.unit, self.app.text
        r = self.chat_rect
        closed = self.app.strings.t("table.chat_closed") if self._talk_closed else ""
        note = te.fitter.block(closed, u * 0.8, r.width - int(u * 1.2), None) if closed else None
        shift = note.height + int(u * 0.3) if note is not None else 0  # the closed chat says so under its title
        area = pygame.Rect(r.left + int(u * 0.6), r.top + int(u * 2.2) + shift, r.width - int(u * 1.2),
                           r.height - int(u * 5.6) - shift)
        step = te.font(u * 0.9).get_linesize()
        visible = self._chat_lines(area.width)[-max(1, area.height // step):]

        def paint(layer: pygame.Surface, at: pygame.Rect) -> None:
            panel(layer, at, radius=CHAT_RADIUS, alpha=255, border=ACCENT)
            te.blit(layer, self.app.strings.t("table.chat"), u, PAPER, (at.left + int(u * 0.6), at.top + int(u * 0.4)),
                    bold=True)
            y = at.top + area.top - r.top
            for line, col in visible:
                te.blit(layer, line, u * 0.9, col, (at.left + area.left - r.left, y))
                y += step
            if note is not None:  # the game's rule: the table talks only in the discussion (fate_votes)
                box = pygame.Rect(at.left + area.left - r.left, at.top + int(u * 2.2), area.width, note.height)
                te.fitter.draw_block(layer, closed, box, u * 0.8, CHALK, kind="label", fitted=note)
        self._chat_panel.draw(surface, (self.app.strings.lang, u, tuple(r), tuple(visible), closed), r, CHAT_RADIUS,
                              paint)
        cover(surface, r)

