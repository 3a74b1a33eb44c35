"""The app idles like a desktop app: frames only when something changed, sleeping on the event queue otherwise."""
from __future__ import annotations

import pygame
import pytest
from client_helpers import make_app


@pytest.fixture
def app(tmp_path, monkeypatch):
    import client.app as app_mod

    monkeypatch.setattr(app_mod, "SETTLE", 0.0)  # no full-rate burst after a change: idle at once
    a = make_app(tmp_path, "--lang", "en", "--size", "1280x720")
    from client import modes

    modes.start(a, a.args)
    a.frame(0.016)
    yield a
    pygame.time.set_timer(pygame.QUIT, 0)
    a.shutdown()


def test_every_quiet_menu_scene_reports_nothing_due(app):
    for name, params in (("launcher", {}), ("settings", {}), ("play_setup", {"game": "fate_votes"})):
        app.replace(name, **params)
        app.frame(0.016)
        assert app.frame_due() is None, name


def test_input_a_toast_and_a_scene_change_each_ask_for_frames(app):
    import client.app as app_mod

    app.frame(0.016)
    assert app.frame_due() is None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    assert app.frame_due() == 0.0  # a waiting event
    app.frame(0.016)
    app.toast("hello")
    due = app.frame_due()
    assert due is not None and 0 < due <= app_mod.Toast("", "info").ttl  # the toast's end is the next change
    app.toasts.clear()
    app.push("settings")
    assert app.frame_due() == 0.0  # the new scene's first frame (screenshot / shot pending)
    app.frame(0.016)
    assert app.frame_due() is None


def test_the_loop_sleeps_while_nothing_changes(app):
    """A real run of the loop for a while: the old loop drew ~60 frames a second, this one draws on change only."""
    app.frame(0.016)
    start = app.frames
    pygame.time.set_timer(pygame.QUIT, 700, loops=1)
    assert app.run() == 0
    assert app.frames - start <= 2  # the QUIT frame (and at most one more), not ~40


def test_a_network_message_wakes_the_sleeping_loop(app):
    """The session calls ``on_inbox`` on its thread for each message: that posts a WAKE event, so the
    loop's ``pygame.event.wait`` returns and a frame is due."""
    import queue
    import threading

    from client import app as app_mod

    class Session:
        def __init__(self) -> None:
            self.inbox: queue.Queue = queue.Queue()
            self.on_inbox = None

        def poll(self) -> list:
            return []

        def dispatch(self, before=None) -> list:
            return []

        def close(self) -> None:
            pass

    session = Session()
    app.session = session
    app.sleep(0.001)  # a sleep installs the notifier
    assert session.on_inbox is not None
    app.frame(0.016)  # whatever the sleep caught
    assert app.frame_due() is None
    thread = threading.Thread(target=session.on_inbox)
    thread.start()
    thread.join()
    assert pygame.event.peek(app_mod.WAKE)
    assert app.frame_due() == 0.0
    app.frame(0.016)
    assert app.frame_due() is None
    app.session = None


def test_reconnecting_overlay_turns_at_ten_frames_a_second_not_sixty(app):
    app.push("reconnecting", attempt=2)
    app.frame(0.016)
    assert app.frame_due() == pytest.approx(0.1)


def test_fate_votes_view_wakes_at_the_next_clock_second_and_runs_while_animating():
    from fv_helpers import table_at

    _ctx, _state, t = table_at(lambda s: s["phase"] == "discussion")
    t.skip_animations()
    t.banner.flash.left = 0.0
    t.scene.role_flash = [0.0 for _ in t.scene.role_flash]
    t.set_clock({"deadline_in": 30.0, "paused": False, "total": 180.0})
    t.update(0.25)
    assert t.frame_due() == pytest.approx(0.75)  # 29.75 left: "30" turns to "29" in 0.75 s
    t.set_clock({"deadline_in": 20.0, "paused": True, "total": 180.0})
    assert t.frame_due() is None  # paused: nothing moves
    t.banner.show("why not")
    assert t.frame_due() == 0.0  # the banner fades: full rate


def test_a_scene_under_an_opaque_one_asks_frames_only_for_its_animations(app):
    """The pass-and-play curtain covers the table: the table's clock second needs no frame (nothing of it
    is drawn), its running animations still do (they play on while covered)."""
    app.replace("settings")
    app.push("launcher")  # opaque, on top of the settings scene
    app.frame(0.016)
    below, top = app.scenes[-2], app.scenes[-1]
    assert top.opaque
    below.frame_due = lambda: 1.0  # type: ignore[method-assign]  # a clock second
    assert app.frame_due() is None
    top.frame_due = lambda: 0.5  # type: ignore[method-assign]  # the visible scene's own clock counts
    assert app.frame_due() == pytest.approx(0.5)
    top.frame_due = lambda: None  # type: ignore[method-assign]
    below.frame_due = lambda: 0.0  # type: ignore[method-assign]  # an animation
    assert app.frame_due() == 0.0
