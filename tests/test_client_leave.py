"""Leaving a game in progress asks first (Esc → "Back to the launcher" → Stay / Leave the game)."""
from __future__ import annotations

import pygame
import pytest
from client_helpers import button, click, make_app, run_until


def _esc(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.frame(0.016)


@pytest.fixture
def at_the_table(tmp_path):
    """A pass-and-play fate_votes game that has started, its table on top."""
    app = make_app(tmp_path, "--lang", "en", "play", "fate_votes", "--players", "4", "--bots", "3", "--seed", "3",
                   "--size", "1280x720")
    from client import modes

    modes.start(app, app.args)
    try:
        assert run_until(app, lambda: app.match is not None and app.match.started and app.top is not None
                         and app.top.name == "table")
        yield app
    finally:
        app.shutdown()


def test_back_to_the_launcher_during_a_game_asks_and_stay_keeps_it(at_the_table):
    app = at_the_table
    _esc(app)
    assert app.top.name == "menu"
    click(app, button(app.top, "launcher").rect.center, frames=2)
    assert app.top.name == "menu" and app.top.confirming  # asked, nothing left yet
    assert app.match is not None and app.find("table") is not None
    click(app, button(app.top, "leave_no").rect.center, frames=2)
    assert app.top.name == "menu" and not app.top.confirming
    click(app, button(app.top, "launcher").rect.center, frames=2)
    _esc(app)  # Esc on the question is "Stay" too
    assert app.top.name == "menu" and not app.top.confirming and app.match is not None
    click(app, button(app.top, "launcher").rect.center, frames=2)
    click(app, button(app.top, "leave_yes").rect.center, frames=3)
    assert app.top.name == "launcher" and app.match is None


def test_back_to_the_launcher_after_the_game_does_not_ask(at_the_table):
    app = at_the_table
    app.match.over = True  # the game ended (the results are up): nothing is lost by leaving
    app.push("menu")
    app.frame(0.016)
    click(app, button(app.top, "launcher").rect.center, frames=3)
    assert app.top.name == "launcher" and app.match is None
