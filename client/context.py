"""``AppContext``: the :class:`client.tables.base.TableContext` the app hands to each table view."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import pygame

from client.rulesbook import open_rules
from client.ui import draw_seat_badge, seat_color

if TYPE_CHECKING:
    from client.app import App


@runtime_checkable
class SeatScreen(Protocol):
    """The scene that shows a match's seats (the table scene): whether it hands the screen between
    local players behind a curtain, and how to ask it to."""

    curtained: bool

    def show_seat(self, seat: int) -> bool:
        """Raise the curtain for ``seat`` (its view shows after the click); False if there is no curtain."""
        ...


class AppContext:
    """The TableContext implementation handed to table views.

    One instance per table view: ``display_mode`` differs between the display and a seat.
    """

    def __init__(self, app: App, display_mode: bool = False) -> None:
        self._app = app
        self.display_mode = display_mode

    # --- attributes of the TableContext protocol -------------------------------------
    @property
    def lang(self) -> str:
        return self._app.strings.lang

    @property
    def unit(self) -> float:
        """The app's unit; on the table display 1.5 × it, but never past 1.5 × the 100 % unit (the text
        size setting does not enlarge a display already made for reading from afar)."""
        if not self.display_mode:
            return self._app.unit
        return min(self._app.unit * 1.5, self._app.unit / max(1.0, self._app.settings.ui_scale) * 1.5)

    @property
    def fast(self) -> bool:
        return self._app.fast

    # --- text -------------------------------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        return self._app.strings.t(key, **params)

    def text(self, s: str, size: float, color: Any, bold: bool = False) -> pygame.Surface:
        return self._app.text.render(s, size, color, bold)

    def wrap(self, s: str, size: float, width: int) -> list[str]:
        return self._app.text.wrap(s, size, width)

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        return self._app.text.font(size, bold)

    def content(self, game_id: str) -> Any:
        return self._app.content(game_id)

    # --- actions and feedback -----------------------------------------------------------
    def send_action(self, seat: int, action: dict[str, Any]) -> None:
        match = self._app.match
        if match is not None and not self.display_mode:
            match.send_action(seat, action)

    def play_sound(self, name: str) -> None:
        self._app.sounds.play(name)

    def toast(self, message: str, kind: str = "info") -> None:
        self._app.toast(message, kind)

    def open_rules(self, game: str, page_id: str | None = None) -> None:
        """Open ``game``'s rules book at ``page_id`` over the table (:func:`client.rulesbook.open_rules`)."""
        open_rules(self._app, game, page_id)

    # --- seats ----------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """The name shown for a seat (from the lobby; "Player n" if unknown)."""
        match = self._app.match
        if match is not None:
            return match.seat_name(seat)
        return self.t("table.seat_name", n=seat + 1)

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return seat_color(seat)

    def draw_seat_badge(self, surface: pygame.Surface, seat: int, center: tuple[float, float],
                        radius: float) -> pygame.Rect:
        """The seat's colour + shape + number badge (colour-blind safe)."""
        return draw_seat_badge(surface, self._app.text, seat, center, radius)

    def error_text(self, code: str, message: str = "", params: dict[str, Any] | None = None) -> str:
        return self._app.strings.error(code, message, params)

    def _seat_screen(self) -> SeatScreen | None:
        scene = self._app.find("table")
        return scene if isinstance(scene, SeatScreen) else None

    def local_seats(self) -> list[int]:
        """Pass-and-play with several local players: their seats (else [])."""
        screen, match = self._seat_screen(), self._app.match
        if screen is None or match is None or not screen.curtained:
            return []
        return list(match.humans)

    def show_seat(self, seat: int) -> Any:
        """Pass-and-play with several local players: raise the curtain for ``seat``; the click shows its view.

        Returns that seat's table view (so the caller can prepare what it shows), or None when
        there is no curtain here (LAN, display, a single local player).
        """
        screen, match = self._seat_screen(), self._app.match
        if screen is None or match is None or seat not in match.humans or not screen.show_seat(seat):
            return None
        return match.view_for(seat)
