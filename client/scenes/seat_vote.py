"""Seats and votes (Esc → "Seats and votes" at a LAN table): who plays each seat, the host's turn clock counting
down, and the vote that lets a stand-in bot play a silent player's seat (``replace``, see docs/protocol.md).

Who may do what is decided by the server; this overlay only offers what it would accept and shows its answers:
- a seated player votes on each other human's seat (or takes the vote back), and sees "n of needed votes";
- the host (seated or not) lets a bot play any human's seat at once;
- a player whose seat a stand-in plays takes it back (``resume``).
A refusal comes back as a typed error and is shown as a toast (:meth:`client.match.Match.route_error`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from client.scenes.base import Scene
from client.ui import CHALK, PAPER, Button, panel, seat_color
from shared import messages as m

if TYPE_CHECKING:
    from client.app import App
    from client.match import Match


@dataclass
class SeatRow:
    """One seat as the overlay shows it."""

    seat: int
    name: str
    status: str  # playing / its turn clock / a bot plays / away / the host's bot
    votes: str  # "n of needed votes" while a vote on it runs, else ""
    action: str  # the button's key: vote / unvote / host_replace / take_back / "" (none)


def seat_rows(app: App, match: Match) -> list[SeatRow]:
    """What each seat shows and which button this client gets for it (pure: from the match's lobby)."""
    t = app.strings.t
    lobby = match.lobby
    seats = [e for e in lobby.get("seats") or [] if isinstance(e, dict) and isinstance(e.get("seat"), int)]
    votes = {v["seat"]: v for v in match.votes}
    mine = [s for s in match.humans]
    me_voting = next((s for s in mine if s not in match.standing_in), None)
    rows = []
    for e in seats:
        s = e["seat"]
        if not e.get("taken"):  # (a free seat: only in a lobby)
            continue
        human = bool(e.get("taken")) and (not e.get("bot") or bool(e.get("stand_in")) or s in match.standing_in)
        stood_in = s in match.standing_in
        name = match.human_name(s) if human else t("table.bot_name", n=s + 1)
        if s in mine:
            name = t("lan.seats.you_name", name=name)
        turn = match.turn_left(s)
        if not human:
            status = t("lan.seats.host_bot")
        elif stood_in:
            status = t("lan.seats.stand_in")
        elif s in match.away_until:
            status = t("lan.seats.away")
        elif turn is not None:
            status = t("lan.seats.on_clock", secs=turn)
        else:
            status = t("lan.seats.playing")
        vote = votes.get(s)
        shown_votes = t("lan.seats.votes", n=len(vote.get("for") or []), needed=int(vote.get("needed") or 0)) \
            if vote else ""
        action = ""
        if s in mine and stood_in:
            action = "take_back"
        elif human and not stood_in and s not in mine and not match.over:
            if match.host_token:
                action = "host_replace"
            elif me_voting is not None:
                action = "unvote" if vote and me_voting in (vote.get("for") or []) else "vote"
        rows.append(SeatRow(s, name, status, shown_votes, action))
    return rows


class SeatsScene(Scene):
    """The overlay: one row per seat (name, status, votes, a button), the rule in one sentence, Close."""

    name = "seats"
    listens = ("lobby", "replaced", "joined", "snapshot", "result")
    opaque = False
    dims = 140

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: list[SeatRow] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self._row_rects: list[pygame.Rect] = []
        self._explain = pygame.Rect(0, 0, 0, 0)

    @property
    def match(self) -> Match | None:
        return self.app.match

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        match = self.match
        self.buttons = []
        self.rows = seat_rows(app, match) if match is not None else []
        w, h = app.screen.get_size()
        bw = min(int(u * 46), w - int(u * 2))
        explain_h = int(u * 4.2)
        room = h - int(u) - int(u * 3.2) - explain_h - int(u * 4.2)  # for the rows (twelve seats fit too)
        row_h = max(int(u * 1.6), min(int(u * 3.0), room // max(1, len(self.rows))))
        bh = min(int(u * 2.3), row_h - int(u * 0.3))
        height = int(u * 3.2) + explain_h + row_h * len(self.rows) + int(u * 4.2)
        self.box = pygame.Rect(0, 0, bw, min(height, h - int(u)))
        self.box.center = (w // 2, h // 2)
        x, y = self.box.left + int(u * 1.2), self.box.top + int(u * 3.0)
        inner = self.box.width - int(u * 2.4)
        self._explain = pygame.Rect(x, y, inner, explain_h - int(u * 0.4))
        y += explain_h
        button_w = int(u * 12)
        self._row_rects = []
        t = app.strings.t
        for row in self.rows:
            rect = pygame.Rect(x, y, inner, row_h)
            self._row_rects.append(rect)
            if row.action:
                r = pygame.Rect(rect.right - button_w, rect.centery - bh // 2, button_w, bh)
                self.buttons.append(Button(t(f"lan.seats.{row.action}"), r, self._click(row),
                                           key=f"seat_{row.action}_{row.seat}", primary=row.action == "take_back"))
            y += row_h
        close = pygame.Rect(0, 0, int(u * 10), int(u * 2.3))
        close.midbottom = (self.box.centerx, self.box.bottom - int(u * 0.8))
        self.buttons.append(Button(t("lan.seats.close"), close, lambda: self.app.pop(self), key="seats_close"))

    def _click(self, row: SeatRow) -> Any:
        return lambda: self.act(row.seat, row.action)

    def act(self, seat: int, action: str) -> None:
        """Send what the button says: a vote (or its withdrawal), the host's word, or take one's seat back."""
        match, session = self.match, self.app.session
        if match is None or session is None:
            return
        if action == "take_back":
            session.take_back(match.table, seat)
            return
        if action == "host_replace":
            session.replace(match.table, seat, ref=f"seats:{seat}")
            return
        voter = next((s for s in match.humans if s not in match.standing_in), None)
        if voter is not None:
            session.replace(match.table, seat, yes=action == "vote", voter=voter, ref=f"seats:{seat}")

    def on_message(self, msg: Any) -> None:
        if isinstance(msg, (m.Lobby, m.Replaced, m.Joined)):
            self.layout()  # the match has already taken the message in
        if self.match is None or self.match.over:
            self.app.pop(self)

    def update(self, dt: float) -> None:
        if self.match is not None and self.match.turn_until:
            rows = seat_rows(self.app, self.match)
            if [r.status for r in rows] != [r.status for r in self.rows]:
                self.rows = rows  # the turn clock's seconds (the buttons stay)

    def frame_due(self) -> float | None:
        return 1.0 if self.match is not None and self.match.turn_until else None

    def escape(self) -> bool:
        self.app.pop(self)
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        return True  # modal

    def draw(self, surface: pygame.Surface) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        t = app.strings.t
        panel(surface, self.box, alpha=245)
        te.blit(surface, t("lan.seats.title"), u * 1.4, PAPER, (self.box.centerx, self.box.top + int(u * 0.9)),
                "midtop", bold=True)
        explain = t("lan.seats.explain")
        te.fitter.draw_block(surface, explain, self._explain, u * 0.9, CHALK)
        for row, rect in zip(self.rows, self._row_rects):
            pygame.draw.circle(surface, seat_color(row.seat), (rect.left + int(u * 0.5), rect.centery),
                               max(3, int(u * 0.35)))
            room = rect.width - int(u * 13.5)
            left = pygame.Rect(rect.left + int(u * 1.3), rect.top + int(u * 0.1), room, rect.height - int(u * 0.2))
            words = f"{row.name} — {row.status}" + (f" · {row.votes}" if row.votes else "")
            te.fitter.draw_block(surface, words, left, u * 0.95, PAPER, kind="label", valign="center")
        self.draw_buttons(surface)
