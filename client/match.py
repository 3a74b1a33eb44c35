"""One table this client sits at: its local seats, their table views and what the server said.

The match turns server messages into calls on the per-seat :class:`TableView`
objects (``set_snapshot``, ``push_events``, ``on_error``), keeps each seat's legal
actions (which decides who must act next, and so the pass-and-play curtain) and
the result when the game is over. Views are created lazily from the game's client
descriptor (``client.games``); a view that cannot be loaded is replaced by one that
shows why on screen (and the reason goes to stderr) — never a silent fallback.
"""
from __future__ import annotations

import math
import sys
import time
from typing import TYPE_CHECKING, Any

import msgspec

from client import games
from client.context import AppContext
from client.tables.base import TableView
from client.tables.unavailable import UnavailableTable
from shared import messages as m

if TYPE_CHECKING:
    from client.app import App


class Match:
    def __init__(self, app: App, game_id: str, table: str, *, mode: str, humans: list[int] | None = None,
                 watch: bool = False, names: dict[int, str] | None = None) -> None:
        self.app = app
        self.game_id = game_id
        self.table = table
        self.mode = mode  # "play" | "lan" | "display"
        self.humans: list[int] = sorted(humans or [])  # local human seats
        self.watch = watch  # this client also (or only) receives the public view (seat None)
        self.names: dict[int, str] = dict(names or {})
        self.views: dict[int | None, TableView] = {}
        self.legal: dict[int | None, list[dict[str, Any]]] = {}
        self.sid: dict[int | None, int] = {}
        self.started = False
        self.over = False
        self.result: dict[str, Any] | None = None
        self.last_act_seat: int | None = None
        self.lobby: dict[str, Any] = {}  # the table's last lobby, as plain data (its seats, options, votes)
        self.chat: list[tuple[str, int | None, str]] = []
        self._refs = 0
        self.clock: Any = None  # the phase clock of the last snapshot / clock message
        self.host_token: str | None = None  # set when this client hosts the table (clock control)
        # seats whose human is away (lobby ``away``): seat -> monotonic time its stand-in takes over
        self.away_until: dict[int, float] = {}
        self.standing_in: set[int] = set()  # seats a bot plays while their human is away
        self._away_shown = 0.0  # when the away countdowns were last pushed to the views
        # the host's turn clock (lobby seats' ``turn``): seat -> monotonic time its turn runs out
        self.turn_until: dict[int, float] = {}
        # votes to let a stand-in play a seat (lobby ``votes``): [{seat, for, needed}]
        self.votes: list[dict[str, Any]] = []

    # --- views ----------------------------------------------------------------------
    def view_for(self, seat: int | None) -> TableView:
        view = self.views.get(seat)
        if view is None:
            ctx = AppContext(self.app, display_mode=(self.mode == "display"))
            try:
                view = self.view_class()(ctx, seat)
            except games.ViewLoadError as exc:
                print(f"houkago: {exc}", file=sys.stderr)
                view = UnavailableTable(ctx, seat, self.game_id, str(exc))
            self.views[seat] = view
            self._push_names(view)
        return view

    def view_class(self) -> type[TableView]:
        """This game's table view class (raises :class:`client.games.ViewLoadError`)."""
        return games.view_class(self.game_id)

    def _push_names(self, view: TableView | None = None) -> None:
        """Every view gets the seat names whenever they change."""
        seats = self.lobby.get("seats") if isinstance(self.lobby, dict) else None
        n = len(seats) if isinstance(seats, list) and seats else (max(self.names) + 1 if self.names else 0)
        if n == 0:
            return
        names = [self.seat_name(i) for i in range(n)]
        for v in [view] if view is not None else list(self.views.values()):
            v.set_names(names)

    def seat_name(self, seat: int) -> str:
        name = self.names.get(seat) or self.app.strings.t("table.seat_name", n=seat + 1)
        if seat in self.standing_in:
            return self.app.strings.t("lan.stand_in_name", name=name)
        until = self.away_until.get(seat)
        if until is not None:
            left = max(0, math.ceil(until - time.monotonic()))
            return self.app.strings.t("lan.away_name", name=name, secs=left)
        return name

    def turn_words(self) -> str:
        """The host's turn clock as the table's bar says it: whose clock, seconds left ("" when none runs)."""
        t = self.app.strings.t
        by_left: dict[int, list[str]] = {}  # seconds left -> the seats with that long (a shared phase: one group)
        for s in sorted(self.turn_until):
            left = self.turn_left(s)
            if left is not None and s not in self.standing_in:
                by_left.setdefault(left, []).append(t("lan.seats.you") if s in self.humans else self.human_name(s))
        join = t("lan.turn_join")
        who = [t("lan.turn_who", name=join.join(names), secs=left) for left, names in sorted(by_left.items())]
        return t("lan.turn_clock_words", who=join.join(who)) if who and not self.over else ""

    def human_name(self, seat: int) -> str:
        """The seat's name as its human gave it (no countdown, no stand-in mark)."""
        return self.names.get(seat) or self.app.strings.t("table.seat_name", n=seat + 1)

    def turn_left(self, seat: int) -> int | None:
        """Whole seconds left of the seat's turn on the host's turn clock (None: not on the clock)."""
        until = self.turn_until.get(seat)
        return None if until is None else max(0, math.ceil(until - time.monotonic()))

    def tick(self) -> None:
        """While a seat is away, its countdown on every view goes down once a second."""
        if self.away_until and time.monotonic() - self._away_shown >= 1.0:
            self._away_shown = time.monotonic()
            self._push_names()

    def all_views(self) -> list[TableView]:
        """Every seat's (and the public) table view made so far."""
        return list(self.views.values())

    def view_of(self, seat: int | None) -> TableView | None:
        """The view of ``seat`` (None: the public one) if it has had a snapshot."""
        return self.views.get(seat)

    def legal_for(self, seat: int) -> list[dict[str, Any]]:
        """What ``seat`` may do now (its last snapshot's legal actions)."""
        return self.legal.get(seat) or []

    def clock_paused(self) -> bool | None:
        """Whether the phase clock is paused; None when no clock runs."""
        return bool(self.clock.get("paused")) if isinstance(self.clock, dict) else None

    def acting(self) -> list[int]:
        """Local human seats that have something to do now (non-empty legal actions)."""
        return [s for s in self.humans if self.legal.get(s)]

    def busy(self) -> bool:
        return any(v.busy() for v in self.views.values())

    # --- actions ------------------------------------------------------------------------
    def send_action(self, seat: int, action: dict[str, Any]) -> None:
        session = self.app.session
        if session is None or seat not in self.humans:
            return
        self.last_act_seat = seat
        self._refs += 1
        ref = f"act:{seat}:{self._refs}"
        session.act(self.table, seat, self.sid.get(seat, -1), action, ref=ref)

    # --- messages -----------------------------------------------------------------------
    KINDS = ("snapshot", "result", "error", "clock", "lobby", "replaced", "chat")

    def attach(self, router: Any) -> None:
        """Subscribe to this table's messages (before the scenes: they read what the match made of them);
        the subscription ends by itself once the app holds another match."""
        router.subscribe(self.KINDS, self.on_message, order=-10, alive=lambda: self.app.match is self)

    def on_message(self, msg: m.ServerMessage) -> None:
        """A typed server message (see :data:`KINDS`) about this table (others are ignored, errors not)."""
        if isinstance(msg, m.Error):
            self.route_error(msg)
            return
        table = msg.table.id if isinstance(msg, m.Lobby) else getattr(msg, "table", None)
        if table != self.table:
            return
        if isinstance(msg, m.Snapshot):
            self._on_snapshot(msg)
        elif isinstance(msg, m.Result):  # the server sends the result apart from the final snapshot
            self.over = True
            self.result = msg.result
            for view in list(self.views.values()):
                view.result = self.result
        elif isinstance(msg, m.ClockUpdate):
            self.clock = msgspec.to_builtins(msg.clock)
            for view in list(self.views.values()):
                view.set_clock(self.clock)
        elif isinstance(msg, m.Lobby):
            self.take_lobby(msg.table)
        elif isinstance(msg, m.Replaced):
            self.app.toast(self._replaced_words(msg), "info")
        elif isinstance(msg, m.ChatLine):
            self.chat.append((msg.name, msg.seat, msg.text))
            self.chat = self.chat[-200:]

    def _on_snapshot(self, msg: m.Snapshot) -> None:
        seat = msg.seat
        if seat is not None and seat not in self.humans:
            return
        if seat is None and not self.watch:
            return
        self.started = True
        legal = list(msg.legal or [])
        self.legal[seat] = legal
        self.sid[seat] = msg.sid
        view = self.view_for(seat)
        view.set_snapshot(msg.view, legal, msg.sid)
        self.clock = msgspec.to_builtins(msg.clock) if msg.clock is not None else None
        view.set_clock(self.clock)
        if msg.past is not None:
            view.set_past([ev for ev in msg.past if isinstance(ev, dict)])
        if msg.events:
            view.push_events(list(msg.events))
        if msg.over:
            self.over = True

    def take_lobby(self, lobby: m.LobbyTable) -> None:
        """The table's lobby (seats, names, away and turn clocks, votes) as the server says it now."""
        self.lobby = table = msgspec.to_builtins(lobby)
        self.away_until.clear()
        self.standing_in.clear()
        self.turn_until.clear()
        self._note_votes(table.get("votes"))
        now = time.monotonic()
        for entry in lobby.seats:
            seat = entry.seat
            if entry.turn is not None:
                self.turn_until[seat] = now + float(entry.turn)
            if entry.stand_in:  # a bot plays for a human (away, or replaced by a vote): the name stays
                self.standing_in.add(seat)
            elif entry.away is not None:
                if entry.bot:  # (a server without ``stand_in``)
                    self.standing_in.add(seat)
                else:
                    self.away_until[seat] = now + float(entry.away)
            if entry.bot and seat not in self.standing_in:
                self.names[seat] = self.app.strings.t("table.bot_name", n=seat + 1)
            elif entry.name:
                self.names[seat] = entry.name
        self._away_shown = now
        self._push_names()

    def _note_votes(self, votes: Any) -> None:
        """Keep the running votes; a vote that starts is told to everyone at the table (a toast)."""
        fresh = [v for v in votes or [] if isinstance(v, dict) and isinstance(v.get("seat"), int)]
        before = {v["seat"] for v in self.votes}
        self.votes = fresh
        if self.mode == "display":
            return
        for v in fresh:
            if v["seat"] not in before:
                t = self.app.strings.t
                key = "lan.vote_on_you" if v["seat"] in self.humans else "lan.vote_started"
                self.app.toast(t(key, name=self.human_name(v["seat"]), n=len(v.get("for") or []),
                                 needed=int(v.get("needed") or 0)), "info")

    def _replaced_words(self, msg: m.Replaced) -> str:
        """What a player reads when a seat was given to a stand-in."""
        t, seat = self.app.strings.t, msg.seat
        if seat in self.humans:
            return t("lan.replaced_you")
        if msg.by == "host":
            return t("lan.replaced_by_host", name=self.human_name(seat))
        return t("lan.replaced_by_vote", name=self.human_name(seat), n=len(msg.votes), needed=msg.needed)

    def route_error(self, msg: m.Error) -> None:
        """Send an error to the table view of the seat whose action caused it (else a toast)."""
        code = msg.code
        text = self.app.strings.error(code, msg.msg, msg.params)
        ref = msg.ref
        seat = None
        if isinstance(ref, str) and ref.startswith("act:"):
            try:
                seat = int(ref.split(":")[1])
            except (IndexError, ValueError):
                seat = None
        elif code.startswith(("action/", "game/")):
            seat = self.last_act_seat
        if seat is not None and seat in self.views:
            self.views[seat].on_error(code, text)
        else:
            self.app.toast(text, "error")
