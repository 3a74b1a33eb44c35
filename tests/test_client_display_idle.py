"""Issue 13: the waiting table display idles — the session lists the tables again on its own thread and an
unchanged answer is handled without drawing; a changed answer (a new table) still shows at once."""
from __future__ import annotations

import pygame
from client_helpers import make_app
from typedmsg import typed
from waiting import wait_until


def test_the_waiting_display_draws_nothing_for_unchanged_listings(tmp_path, monkeypatch):
    from client import modes
    from client.router import kind_of
    from client.scenes import display
    from server.runtime import ServerThread

    monkeypatch.setattr(display, "RELIST_SECONDS", 0.2)
    server = ServerThread(host="127.0.0.1", port=0)
    port = server.start()
    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en", "display", f"127.0.0.1:{port}")
    try:
        modes.start(app, app.args)
        scene = app.top
        assert scene.name == "display_connect"
        listings: list[int] = []  # app.frames when each tables answer came
        handle = scene.on_message

        def counting(msg):
            if kind_of(msg) == "tables":
                listings.append(app.frames)
            handle(msg)

        scene.on_message = counting
        app.frame(0.016)
        wait_until(lambda: len(listings) >= 2, "the first two listings", step=lambda: app.frame(0.016))
        # the scene change's settle time (full-rate frames for hover effects) ends: the loop is idle
        def idle_step() -> None:  # what the loop does while it waits: sleep, take the messages, draw if due
            app.sleep(0.05)
            app.poll_network()
            if app.frame_due() == 0.0:
                app.frame(0.016)

        wait_until(lambda: app.frame_due() is None, "the display to be idle", step=idle_step)
        app.frame(0.016)
        settled, heard = app.frames, len(listings)

        def stop_after_more_listings() -> None:  # the real loop runs until six more answers came
            if len(listings) >= heard + 6:
                pygame.event.post(pygame.event.Event(pygame.QUIT))

        original_poll = app.poll_network

        def poll_and_check() -> None:
            original_poll()
            stop_after_more_listings()

        app.poll_network = poll_and_check
        assert app.run() == 0
        assert len(listings) >= heard + 6
        # the loop went on answering six unchanged listings but drew only for the QUIT: not one frame
        # (nor the settle frames of a message) per answer
        assert app.frames - settled <= 2, f"{app.frames - settled} frames for {len(listings) - heard} unchanged listings"
        assert scene.quiet(typed({"t": "tables", "tables": []})) and not scene.quiet(
            typed({"t": "tables", "tables": [{"id": "x", "game": "fate_votes", "phase": "lobby", "free": 2}]}))
    finally:
        app.poll_network = type(app).poll_network.__get__(app)
        server.stop()
