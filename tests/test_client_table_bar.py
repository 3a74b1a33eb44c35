"""LAN table: the chat and clock buttons sit in a bar under the table, never over the table's log."""
from __future__ import annotations

import pytest
from client_helpers import button, click, make_app, run_until


def _lan_table(tmp_path, game: str, seats: int):
    from client import modes
    from client.services import open_session, start_local_server

    app = make_app(tmp_path, "--size", "1280x720", "--name", "Mio", "--lang", "en")
    modes.start(app, app.args)
    port = start_local_server(app, host="127.0.0.1", port=0)
    open_session(app, "127.0.0.1", port)
    lobby = app.push("lobby", game=game, hosting=True, port=port)
    app.frame(0.016)
    while lobby.seats > seats:
        click(app, button(lobby, "seats_down").rect.center)
    click(app, button(lobby, "open").rect.center)
    assert run_until(app, lambda: lobby.my_seat == 0 and lobby.host_token)
    for s in range(1, seats):
        assert run_until(app, lambda s=s: any(b.key == f"bot_{s}" for b in lobby.buttons))
        click(app, button(lobby, f"bot_{s}").rect.center)
    assert run_until(app, lambda: button(lobby, "start") is not None and button(lobby, "start").enabled)
    click(app, button(lobby, "start").rect.center)
    assert run_until(app, lambda: app.top.name == "table" and bool(app.top.current_view() and
                                                                      app.top.current_view().view))
    for _ in range(3):
        app.frame(0.016)
    return app


@pytest.mark.parametrize("game,seats", [("fate_votes", 4), ("mind_swap", 2)])
def test_chat_button_never_covers_the_log(tmp_path, game, seats):
    app = _lan_table(tmp_path, game, seats)
    try:
        scene = app.top
        chat = button(scene, "chat")
        area = scene.table_rect()
        assert chat.rect.top >= area.bottom  # the bar is outside the table's area
        view = scene.current_view()
        log = view.L.log if game == "fate_votes" else view.layout().sidebar
        assert log.bottom <= area.bottom and not log.colliderect(chat.rect)
        if game == "fate_votes":
            assert view.rect == area  # its hit-testing uses the area it is drawn in
        for b in scene.buttons:
            if b.key in ("clock_pause", "clock_add"):
                assert b.rect.top >= area.bottom
    finally:
        app.shutdown()
