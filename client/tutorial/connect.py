"""Opening a guided first game: a local practice table on the tutorial's seed, bots in every other seat.

:class:`TutorialConnectScene` is the pass-and-play set-up (``client.scenes.connecting``) with the
tutorial's players, seed, options and bot pace; the table scene then opens with the tutorial
overlay on top. :class:`TutorialMatch` is a :class:`~client.match.Match` that remembers the
actions it sent (with their ``ref``), so the overlay knows when the expected one has landed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from assets.loaders import tutorial as tutorial_loader
from client.match import Match
from client.scenes.connecting import PlayConnectScene

if TYPE_CHECKING:
    from client.app import App


class TutorialMatch(Match):
    """A match that keeps every action it sent: ``sent`` = [(ref, seat, action)]."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent: list[tuple[str, int, dict[str, Any]]] = []

    def send_action(self, seat: int, action: dict[str, Any]) -> None:
        before = self._refs
        super().send_action(seat, action)
        if self._refs != before:
            self.sent.append((f"act:{seat}:{self._refs}", seat, dict(action)))


class TutorialConnectScene(PlayConnectScene):
    """Start the guided first game of ``game`` (a practice table: its seed is the tutorial's)."""

    name = "tutorial_connect"

    def __init__(self, app: App, game: str) -> None:
        self.tutorial = tutorial_loader.load(game)
        tut = self.tutorial
        super().__init__(app, game, tut.players, tut.players - 1, tut.bot_level, tut.seed, dict(tut.options),
                         until_over=False, data_dir=None)
        self.bot_delay = tut.bot_delay

    def make_match(self, humans: list[int], names: dict[int, str]) -> Match:
        assert self.table is not None
        return TutorialMatch(self.app, self.game, self.table, mode="play", humans=humans, watch=True, names=names)

    def open_table(self, match: Match) -> None:
        table = self.app.replace("table", match=match)
        self.app.push("tutorial", table_scene=table, tutorial=self.tutorial, seat=match.humans[0])
