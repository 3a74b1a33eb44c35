"""A table context without the app, on the real text engine: for tests, tools and benches.

:class:`HeadlessContext` implements :class:`client.tables.base.TableContext` with the
app's own :class:`client.text.TextEngine` (same fonts, same line breaking, same caches)
and :class:`client.i18n.Strings`; it records what a view sends (actions), plays (sounds)
and shows (toasts). :class:`LocalGame` runs the real rules in-process and feeds table
views as the server would.
"""
from __future__ import annotations

import functools
from typing import Any

import pygame

from client.i18n import Strings
from client.kit import theme
from client.text import TextEngine
from shared.bots import next_bot_move


@functools.cache
def _strings(lang: str) -> Strings:
    """One string table per language, loaded once for every headless context."""
    return Strings(lang)


class HeadlessContext:
    """What a table view needs from the app, without a window, a server or sound."""

    def __init__(self, lang: str = "en", unit: float | None = None, fast: bool = False,
                 display_mode: bool = False, height: int = 1080) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.lang = lang
        self.unit = float(unit) if unit is not None else height / 54 * (1.5 if display_mode else 1.0)
        self.fast = fast
        self.display_mode = display_mode
        self.engine = TextEngine(lang)
        self.strings = _strings(lang)
        self.sent: list[tuple[int, dict[str, Any]]] = []
        self.sounds: list[str] = []
        self.toasts: list[tuple[str, str]] = []
        self.rules_opened: list[tuple[str, str | None]] = []
        self.names: list[str] = []
        self._content: dict[str, Any] = {}

    # --- strings and text (the real engine) -----------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        return self.strings.t(key, **params)

    def text(self, s: str, size: float, color: Any, bold: bool = False) -> pygame.Surface:
        return self.engine.render(s, size, color, bold)

    def wrap(self, s: str, size: float, width: int) -> list[str]:
        return self.engine.wrap(s, size, width)

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        return self.engine.font(size, bold)

    def content(self, game_id: str) -> Any:
        if game_id not in self._content:
            from shared.engine import REGISTRY

            spec = REGISTRY.get(game_id)
            self._content[game_id] = spec.content() if spec else None
        return self._content[game_id]

    # --- what the view does --------------------------------------------------------------------------
    def send_action(self, seat: int, action: dict[str, Any]) -> None:
        self.sent.append((seat, dict(action)))

    def play_sound(self, name: str) -> None:
        self.sounds.append(name)

    def toast(self, message: str, kind: str = "info") -> None:
        self.toasts.append((message, kind))

    def open_rules(self, game: str, page_id: str | None = None) -> None:
        """Recorded in ``rules_opened`` (the app opens the rules book there)."""
        self.rules_opened.append((game, page_id))

    def seat_name(self, seat: int) -> str:
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self.t("table.seat_name", n=seat + 1)

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return theme.seat_colour(seat)

    def draw_seat_badge(self, surface: pygame.Surface, seat: int, center: tuple[float, float],
                        radius: float) -> pygame.Rect:
        from client.ui import draw_seat_badge

        return draw_seat_badge(surface, self.engine, seat, center, radius)

    def error_text(self, code: str, message: str = "", params: dict[str, Any] | None = None) -> str:
        return self.strings.error(code, message, params)

    def local_seats(self) -> list[int]:
        """No curtain without the app: no other local seats."""
        return []

    def show_seat(self, seat: int) -> Any:
        """No curtain without the app: nothing to hand over (None)."""
        return None


class LocalGame:
    """The real rules run in-process, feeding tables as the server would (snapshot + events).

    ``tables`` maps a viewer (seat or None) to a table view; ``act`` applies an action,
    gives each viewer its redacted events and then a fresh snapshot (the order the mind_swap
    table was written for; the app itself sends the snapshot first, see ``client.match``).
    """

    def __init__(self, game_id: str, players: int, seed: int, options: dict[str, Any] | None = None) -> None:
        from shared.engine import REGISTRY

        self.spec = REGISTRY[game_id]
        self.seed, self.options = seed, dict(options or {})
        self.state = self.spec.setup(players, seed, options or {})
        self.tables: dict[int | None, Any] = {}
        self.sid = 0

    def attach(self, viewer: int | None, table: Any, opening: bool = True) -> None:
        """Give ``table`` its first snapshot (``opening=False`` drops the setup's opening events)."""
        self.tables[viewer] = table
        view = self.spec.view(self.state, viewer)
        if not opening:
            view = dict(view, opening=[])
        table.set_snapshot(view, self.legal(viewer), self.sid)

    def legal(self, viewer: int | None) -> list[dict[str, Any]]:
        return [] if viewer is None else self.spec.legal_actions(self.state, viewer)

    def act(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        self.state, events = self.spec.apply(self.state, seat, action)
        self.sid += 1
        for viewer, table in self.tables.items():
            table.push_events(self.spec.events_for(events, viewer))
            table.set_snapshot(self.spec.view(self.state, viewer), self.legal(viewer), self.sid)
        return events

    def bot_step(self, rng: Any, bot: str = "sensible") -> list[dict[str, Any]] | None:
        """Let the seat to move act as a bot; None when the game is over."""
        if self.spec.is_over(self.state):
            return None
        move = next_bot_move(self.spec, self.state, lambda s: self.spec.bots()[bot], lambda s: rng,
                             [self.state["turn"]])
        return None if move is None else self.act(*move)
