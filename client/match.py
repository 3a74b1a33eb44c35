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

from client import games
from client.context import AppContext
from client.tables.base import TableView
from client.tables.unavailable import UnavailableTable

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
        self.lobby: dict[str, Any] = {}
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
    def on_message(self, msg: dict[str, Any]) -> None:
        kind = msg.get("t")
        table = msg.get("table")
        if kind == "lobby" and isinstance(table, dict):
            table = table.get("id")
        if table not in (None, self.table) and kind != "error":
            return
        if kind == "snapshot":
            seat = msg.get("seat")
            if seat is not None and seat not in self.humans:
                return
            if seat is None and not self.watch:
                return
            self.started = True
            legal = list(msg.get("legal") or [])
            self.legal[seat] = legal
            self.sid[seat] = msg.get("sid", -1)
            view = self.view_for(seat)
            if msg.get("over") and msg.get("result") is not None:
                view.result = msg.get("result")
            view.set_snapshot(msg.get("view") or {}, legal, msg.get("sid", -1))
            self.clock = msg.get("clock")
            view.set_clock(self.clock)
            past = msg.get("past")
            if isinstance(past, list):
                view.set_past([ev for ev in past if isinstance(ev, dict)])
            events = msg.get("events")
            if events:
                view.push_events(list(events))
            if msg.get("over"):
                self.over = True
                if msg.get("result") is not None:
                    self.result = msg.get("result")
        elif kind == "result":  # the server sends the result apart from the final snapshot
            self.over = True
            self.result = msg.get("result")
            for view in list(self.views.values()):
                view.result = self.result
        elif kind == "events":
            seat = msg.get("seat")
            if seat in self.views:
                self.view_for(seat).push_events(list(msg.get("events") or []))
        elif kind == "error":
            self.route_error(msg)
        elif kind == "clock":
            self.clock = msg.get("clock")
            for view in list(self.views.values()):
                view.set_clock(self.clock)
        elif kind == "lobby":
            table = msg.get("table") or {}
            self.lobby = table
            self.away_until.clear()
            self.standing_in.clear()
            self.turn_until.clear()
            self._note_votes(table.get("votes"))
            for entry in table.get("seats") or []:
                if not isinstance(entry, dict) or not isinstance(entry.get("seat"), int):
                    continue
                seat, away, turn = entry["seat"], entry.get("away"), entry.get("turn")
                if isinstance(turn, (int, float)) and not isinstance(turn, bool):
                    self.turn_until[seat] = time.monotonic() + float(turn)
                if entry.get("stand_in"):  # a bot plays for a human (away, or replaced by a vote): the name stays
                    self.standing_in.add(seat)
                elif isinstance(away, (int, float)) and not isinstance(away, bool):
                    if entry.get("bot"):  # (a server without ``stand_in``)
                        self.standing_in.add(seat)
                    else:
                        self.away_until[seat] = time.monotonic() + float(away)
                if entry.get("bot") and seat not in self.standing_in:
                    self.names[seat] = self.app.strings.t("table.bot_name", n=seat + 1)
                elif entry.get("name"):
                    self.names[seat] = str(entry["name"])
            self._away_shown = time.monotonic()
            self._push_names()
        elif kind == "replaced" and isinstance(msg.get("seat"), int):
            self.app.toast(self._replaced_words(msg), "info")
        elif kind == "presence":
            for entry in msg.get("seats") or []:
                if isinstance(entry, dict) and isinstance(entry.get("seat"), int) and entry.get("name"):
                    self.names[entry["seat"]] = str(entry["name"])
        elif kind == "chat":
            self.chat.append((str(msg.get("name", "")), msg.get("seat"), str(msg.get("text", ""))))
            self.chat = self.chat[-200:]

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

    def _replaced_words(self, msg: dict[str, Any]) -> str:
        """What a player reads when a seat was given to a stand-in."""
        t, seat = self.app.strings.t, msg["seat"]
        if seat in self.humans:
            return t("lan.replaced_you")
        if msg.get("by") == "host":
            return t("lan.replaced_by_host", name=self.human_name(seat))
        return t("lan.replaced_by_vote", name=self.human_name(seat), n=len(msg.get("votes") or []),
                 needed=int(msg.get("needed") or 0))

    def route_error(self, msg: dict[str, Any]) -> None:
        """Send an error to the table view of the seat whose action caused it (else a toast)."""
        code = str(msg.get("code", "error/unknown"))
        text = self.app.strings.error(code, str(msg.get("msg", "")), msg.get("params") or {})
        ref = msg.get("ref")
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
