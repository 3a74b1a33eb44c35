"""Pass-and-play at one screen: a player's secrets open only behind the app's curtain."""
from __future__ import annotations

import pygame
import pytest

from tests.client_helpers import make_app, run_until


def _run(app, cond, frames: int = 3000) -> bool:
    return run_until(app, cond, frames=frames)


def _click(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(0.016)


@pytest.mark.timeout(120)
def test_opening_your_own_secrets_raises_the_curtain_first(tmp_path):
    from client import modes
    from tests.client_helpers import make_args

    app = make_app(tmp_path, "--lang", "en", "--size", "1280x720")
    try:
        modes.start_play(app, "school_mystery", 2, 0, options={"subject": "music_room_piano"})
        assert _run(app, lambda: app.match is not None and app.match.started and app.find("table") is not None)
        match = app.match
        # both seats are at this screen: make the students through the match (as the panels would)
        match.send_action(0, {"type": "choose_leader", "seat": 0})
        assert _run(app, lambda: match.views.get(1) is not None and match.views[1].view.get("phase") == "setup_students")
        match.send_action(0, {"type": "create_student", "name": "Aki", "playbook": "ace_reporter", "stats": 0,
                              "rival": 1})
        assert _run(app, lambda: (match.views[1].view.get("students") or [None])[0] is not None)
        match.send_action(1, {"type": "create_student", "name": "Ben", "playbook": "photographer", "stats": 0,
                              "rival": 0})
        assert _run(app, lambda: match.views[0].view.get("phase") == "introduction")
        scene = app.find("table")
        # reveal whoever the curtain asks for first (once every seat's snapshot has settled who that is)
        assert _run(app, lambda: app.find("curtain") is not None or scene.shown is not None)
        if app.find("curtain") is not None:
            _click(app, (640, 360))
        assert _run(app, lambda: scene.shown is not None)
        seat = scene.shown
        view = match.views[seat]
        _click(app, view.nodes().find(("tab", seat)).rect.center)  # the player's own sheet
        assert view.nodes().find(("tab", seat)).payload[2] and not view.nodes().find(("secrets", seat)).payload[2]
        _click(app, view.nodes().find(("secrets", seat)).rect.center)
        # the curtain is up, nothing private is drawn; the secrets open only after the click
        curtain = app.find("curtain")
        assert curtain is not None and curtain.seat == seat and scene.current_view() is None
        _click(app, (640, 360))
        assert app.find("curtain") is None and scene.shown == seat
        assert view.nodes().find(("secrets", seat)).payload[2]
        # the other player at this screen takes over through their sheet's hand-over button
        other = 1 - seat
        _click(app, view.nodes().find(("tab", other)).rect.center)
        hand = view.nodes().find(("button", "hand_over"))
        _click(app, hand.rect.center)
        curtain = app.find("curtain")
        assert curtain is not None and curtain.seat == other and scene.current_view() is None
        _click(app, (640, 360))
        assert scene.shown == other and app.find("curtain") is None
    finally:
        app.shutdown()
    _ = make_args
