"""The interface between the app (scenes, network, modes) and one game's table view.

The app owns the window, the connection and the mode (LAN, pass-and-play, table
display); a :class:`TableView` owns how one game looks and how its drags become
candidate actions. Loop: ``handle_event`` → ``update(dt)`` → ``draw``; draw changes
nothing. The table never decides an outcome: it sends candidate actions through
``ctx.send_action`` and animates what the server answers (snapshots + events).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Protocol

import pygame

from client.kit import theme
from client.kit.presenter import Shown, shown_of
from client.kit.refusals import At, RefusalBook


class TableContext(Protocol):
    """What the app gives a table view (implemented by ``client.app``)."""

    @property
    def lang(self) -> str:
        """"ja" | "zh" | "en"."""

    @property
    def unit(self) -> float:
        """Base size in px (≈ window height / 54 × UI scale × 1.5 on the table display)."""

    @property
    def fast(self) -> bool:
        """Fast-forward animations (automated runs)."""

    @property
    def display_mode(self) -> bool:
        """Table display: public view, big type, no controls."""

    def t(self, key: str, **params: Any) -> str:
        """A UI string in the current language (``client/i18n``), params filled in."""

    def text(self, s: str, size: float, color: Any, bold: bool = False) -> pygame.Surface:
        """Rendered text, cached; the font matches the language (Noto Sans JP/SC)."""

    def wrap(self, s: str, size: float, width: int) -> list[str]:
        """Lines that fit ``width`` px: CJK by character with line-start rules, Latin by word."""

    def font(self, size: float, bold: bool = False) -> pygame.font.Font: ...

    def content(self, game_id: str) -> Any:
        """The game's loaded content (names, texts), cached."""

    def send_action(self, seat: int, action: dict[str, Any]) -> None:
        """Send a candidate action for a local seat (the server answers with snapshot/events or error)."""

    def play_sound(self, name: str) -> None:
        """card / flip / token / dice / warn / gong / click / error."""

    def toast(self, message: str, kind: str = "info") -> None:
        """A short message on screen (kind: info / error)."""

    def open_rules(self, game: str, page_id: str | None = None) -> None:
        """Open ``game``'s rules book at ``page_id`` (its pages: ``assets/content/<game>/rules_book.toml``)."""

    # Compatible additions (client.app.AppContext implements them):
    def seat_name(self, seat: int) -> str:
        """The player's name for a seat (from the lobby), or "Player n"."""

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        """The seat's colour-blind-safe colour (always show it with the number: draw_seat_badge)."""

    def draw_seat_badge(self, surface: pygame.Surface, seat: int, center: tuple[float, float],
                        radius: float) -> pygame.Rect:
        """Colour + shape + seat number badge."""

    def error_text(self, code: str, message: str = "", params: dict[str, Any] | None = None) -> str:
        """A server error code (``action/not_your_turn``) in the UI language; falls back to ``message``."""

    def local_seats(self) -> list[int]:
        """Pass-and-play with several local players behind a curtain: their seats (else [])."""

    def show_seat(self, seat: int) -> Any:
        """Pass-and-play: hand the screen to local ``seat`` (curtain first); its view, or None if no curtain."""


class TableView(ABC):
    """One game's table, for one viewer (a local seat, or ``None`` for the display)."""

    game_id: str = ""
    refusals: RefusalBook | None = None  # the game's rules behind its error codes (client.kit.refusals)
    paints_area = False  # draw() covers every pixel of its rect opaquely (the scene draws no background under it)

    def __init__(self, ctx: TableContext, seat: int | None) -> None:
        self.ctx = ctx
        self.seat = seat  # the seat whose private view is shown; None = public view
        self.view: dict[str, Any] = {}
        self.legal: list[dict[str, Any]] = []
        self.sid = -1
        self.result: dict[str, Any] | None = None  # the game's result once it is over (set by the app)
        self.area: pygame.Rect | None = None  # where the table scene draws this view (``set_rect``)
        self.last_action: dict[str, Any] | None = None  # the candidate action sent last (what a refusal refused)

    # --- data from the server -----------------------------------------------------
    def set_snapshot(self, view: dict[str, Any], legal: list[dict[str, Any]], sid: int) -> None:
        """A fresh view of the table for this seat (after every accepted action).

        The app calls ``set_snapshot`` first, then ``push_events`` with the events that led to it.
        """
        self.view, self.legal, self.sid = view, legal, sid

    def shown_now(self) -> Shown:
        """The one shown truth (:meth:`client.kit.presenter.Presenter.now`): what the board shows, with the
        legal actions controls may take now, whose turn, duty and clock. The table scene's step line, header
        and tooltips read this, never :attr:`view`/:attr:`legal` (the newest snapshot). A view with a kit
        presenter (attribute ``pres`` or ``presenter``) gets its ``now()``; a view without one shows each
        snapshot as it comes."""
        pres = getattr(self, "pres", None) or getattr(self, "presenter", None)
        now = getattr(pres, "now", None)
        if callable(now):
            shown: Shown = now()
            return shown
        key = (id(self.view), self.sid, len(self.legal))
        cached = getattr(self, "_shown_cache", None)
        if cached is None or cached[0] != key:
            cached = (key, shown_of(self.view, self.legal, self.sid))
            self._shown_cache = cached
        return cached[1]

    def set_clock(self, clock: Any) -> None:
        """The phase clock from the snapshot or a ``clock`` message: ``{"deadline_in", "paused", "total"}``
        in seconds, or None when no timed phase runs. Called after ``set_snapshot``."""

    def set_rect(self, rect: pygame.Rect) -> None:
        """The area the view is drawn into (the table scene calls it on layout and resize, never while
        drawing); views that lay out or hit-test by it override this."""
        self.area = pygame.Rect(rect)

    def log_area(self) -> pygame.Rect | None:
        """Where the view shows its log (the table scene opens the chat panel over it, covering no
        control of the table); None: no log column."""
        return None

    def set_names(self, names: list[str]) -> None:
        """Display names per seat (from the lobby; bots get a localized "Bot n"), whenever they change."""

    def push_events(self, events: list[dict[str, Any]]) -> None:
        """Events (already redacted for this seat) to animate, in order."""

    def set_past(self, events: list[dict[str, Any]]) -> None:
        """The table's earlier events as this seat may see them (a viewer who comes back or arrives late):
        they rebuild the log, without animation or sound. Called after ``set_snapshot``. Views whose view
        carries its own log (fate_votes) need not override it."""

    def on_error(self, code: str, message: str) -> None:
        """The server rejected this table's last candidate action: spring back, show why."""
        self.ctx.toast(self.refusal_text(code, message), "error")

    def refusal_text(self, code: str, message: str = "") -> str:
        """A server refusal as a player sentence naming the rule broken: the game's :attr:`refusals` book at
        :meth:`refusal_at`, else the code's own sentence — never the code or the server's raw text."""
        if self.refusals is not None:
            return self.refusals.sentence(self.ctx, code, self.refusal_at(), message)
        return str(self.ctx.error_text(code, message))

    def refusal_at(self) -> At:
        """Where the last refusal happened: the snapshot shown (with its own legal actions), the action sent."""
        shown = self.shown_now()
        pres = getattr(self, "pres", None) or getattr(self, "presenter", None)
        landed = getattr(pres, "shown", None)
        if isinstance(landed, Shown) and landed.sid == shown.sid:
            shown = landed  # its legal actions, also while the table catches up
        return At(shown, dict(self.last_action or {}), self.seat)

    def disarm_hover(self) -> None:
        """No tooltip or hover card until the pointer moves onto a new target: the pass-and-play curtain was
        just lifted (the kit's ``Interaction`` at ``self.input`` is told; a view with its own hover overrides)."""
        disarm = getattr(getattr(self, "input", None), "disarm", None)
        if callable(disarm):
            disarm()

    # --- the loop -------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True if the event was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    @abstractmethod
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the table into ``rect``. Must not change any state."""

    def busy(self) -> bool:
        """True while an animation the players should see is running (automated runs wait for it)."""
        return False

    def frame_due(self) -> float | None:
        """When the view changes by itself: 0.0 while :meth:`busy` (full frame rate), seconds until its next
        visible tick (a clock second), or None when only input or a server message changes it."""
        return 0.0 if self.busy() else None

    def skip_animations(self) -> None:
        """Jump every running animation to its end (a click or Space)."""

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the end-of-game results inside ``rect`` (the app draws the frame, title and buttons).

        ``self.result`` holds the snapshot's ``result`` (winners, scores, why) once the game is over
        (set by the app). Default: the winners' names.
        """
        result = self.result or {}
        names = [self.ctx.seat_name(s) for s in result.get("winners", []) if isinstance(s, int)]
        sep = ", " if self.ctx.lang == "en" else "、"
        line = self.ctx.t("results.winners", names=sep.join(names)) if names else self.ctx.t("results.no_winner")
        img = self.ctx.text(line, self.ctx.unit * 1.6, theme.INK, True)
        surface.blit(img, img.get_rect(center=rect.center))
