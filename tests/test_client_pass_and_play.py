"""Issue 13, pass-and-play: public steps (the discussion's "ready") are taken from the curtain without passing
the screen (nothing private is shown), the table has the shared note pad, and the table speaks the players'
language like a hosted one."""
from __future__ import annotations

import pytest
from client_helpers import button, click, make_app, run_until
from waiting import expect_message


@pytest.fixture
def curtained(tmp_path):
    """A pass-and-play fate_votes game for four people at one screen, in its discussion, curtain up."""
    from client import modes

    app = make_app(tmp_path, "--lang", "en", "--size", "1280x720", "play", "fate_votes", "--players", "4",
                   "--bots", "0", "--seed", "5")
    modes.start(app, app.args)
    try:
        run_until(app, lambda: app.top is not None and app.top.name == "curtain" and len(app.match.acting()) == 4,
                  what="the curtain over a discussion where all four must say ready")
        yield app
    finally:
        app.shutdown()


def test_ready_is_taken_from_the_curtain_without_showing_a_seat(curtained):
    from client import localgames

    app = curtained
    curtain, match = app.top, app.match
    assert app.keeper is None and not localgames.unfinished()  # a practice table (chosen seed) is not kept
    assert [k for k in (b.key for b in curtain.buttons)] == [f"public_{s}" for s in range(4)]
    shown_before = curtain.table_scene.shown
    click(app, button(curtain, "public_2").rect.center, frames=2)
    run_until(app, lambda: 2 not in match.acting(), what="seat 2's ready to be accepted")
    assert app.top is curtain, "a public step does not lift the curtain"
    assert curtain.table_scene.shown == shown_before, "no seat's private view was shown"
    run_until(app, lambda: [b.key for b in curtain.buttons] == ["public_0", "public_1", "public_3"],
              what="the curtain to offer the others' ready only")
    for seat in (0, 1, 3):
        click(app, button(curtain, f"public_{seat}").rect.center, frames=2)
    run_until(app, lambda: match.view_for(None).view.get("phase") != "discussion" or not match.acting()
              or all(a.get("type") != "ready" for s in match.acting() for a in match.legal.get(s) or []),
              what="the discussion to end once everyone is ready")


def test_pass_and_play_table_has_the_note_pad_and_the_table_language(tmp_path):
    from client import modes

    app = make_app(tmp_path, "--lang", "ja", "--size", "1280x720", "play", "mind_swap", "--players", "3",
                   "--bots", "2", "--seed", "3")
    modes.start(app, app.args)
    try:
        run_until(app, lambda: app.find("table") is not None and app.match.started, what="the table")
        table = app.find("table")
        assert table.show_chat and any(b.key == "chat" for b in table.buttons)
        from client.session import ClientSession

        other = ClientSession("127.0.0.1", app.server.port, name="look").start()  # another look at the server
        try:
            other.list_tables()
            listing = expect_message(other, "tables").tables
        finally:
            other.close()
        assert [t.lang for t in listing] == ["ja"]
    finally:
        app.shutdown()


def test_names_and_seat_order_from_the_set_up_reach_the_table(tmp_path):
    """Set-up → Names and seat order: seat 2 renamed, the first player moved to seat 3; the server seats them
    so (the table's lobby) and the table shows those names."""
    import pygame

    app = make_app(tmp_path, "--lang", "en", "--size", "1280x720", "--name", "Keiichi")
    try:
        app.replace("launcher")
        setup = app.push("play_setup", game="mind_swap")
        app.frame(0.016)
        assert setup.players - setup.bots == 4
        click(app, button(setup, "names").rect.center, frames=2)
        names = app.top
        assert names.name == "play_names" and names.shown_name(0) == "Keiichi"
        click(app, button(names, "name_1").rect.center, frames=2)
        names.entry.set_text("Rena")
        app.frame(0.016)
        assert button(names, "name_1").label == "Rena"
        click(app, button(names, "down_0").rect.center, frames=2)  # Keiichi changes places with Rena
        click(app, button(names, "down_1").rect.center, frames=2)  # and then with Player 3
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        app.frame(0.016)
        assert app.top is setup and setup.names[:4] == ["Rena", "", "Keiichi", ""]
        click(app, button(setup, "start").rect.center, frames=2)
        run_until(app, lambda: app.match is not None and app.match.started and app.match.lobby.get("seats"),
                  what="the table with its lobby")
        seats = {e["seat"]: e["name"] for e in app.match.lobby["seats"]}
        assert [seats[s] for s in range(4)] == ["Rena", "Player 2", "Keiichi", "Player 4"]
        assert app.match.seat_name(2) == "Keiichi"
    finally:
        app.shutdown()
