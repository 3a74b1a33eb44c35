"""Lobby set-up: choice options show labels, step with ◀ ▶, and the chosen value reaches the server's setup."""
from __future__ import annotations

from client_helpers import button, click, make_app, run_until


def test_choice_options_show_labels_and_step_both_ways(tmp_path):

    app = make_app(tmp_path, "--size", "1280x720", "--lang", "ja")
    try:
        lobby = app.push("lobby", game="mind_swap", hosting=False)
        lobby.phase, lobby.hosting = "setup", True
        lobby.layout()
        app.frame(0.016)
        spec = {o.name: o for o, _ in lobby.option_rows}
        assert lobby.option_text(spec["shuffle"]) == "一巡"  # not the raw id 'cycle'
        assert lobby.option_text(spec["students"]) == "ランダム16人"
        click(app, button(lobby, "opt_shuffle_up").rect.center)
        assert lobby.options["shuffle"] == "quick" and lobby.option_text(spec["shuffle"]) == "時短"
        click(app, button(lobby, "opt_shuffle_down").rect.center)
        assert lobby.options["shuffle"] == "cycle"
        click(app, button(lobby, "opt_students_up").rect.center)
        assert lobby.options["students"] == "all30"
        click(app, button(lobby, "opt_entry_down").rect.center)
        assert lobby.options["entry"] == "all_at_start"
    finally:
        app.shutdown()


def test_school_mystery_subjects_come_from_content_with_titles(tmp_path):

    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en")
    try:
        lobby = app.push("lobby", game="school_mystery", hosting=False)
        lobby.phase, lobby.hosting = "setup", True
        lobby.layout()
        subject = next(o for o, _ in lobby.option_rows if o.name == "subject")
        assert lobby.option_text(subject) == "Chosen at the table"
        click(app, button(lobby, "opt_subject_up").rect.center)
        sid = lobby.options["subject"]
        content = app.content("school_mystery")
        assert sid in content.subjects
        assert lobby.option_text(subject) == content.subjects[sid].title["en"]
    finally:
        app.shutdown()


def test_mind_swap_quick_shuffle_from_the_lobby_reaches_setup(tmp_path):
    from client import modes
    from client.services import open_session, start_local_server

    app = make_app(tmp_path, "--size", "1280x720", "--name", "Mio", "--lang", "en")
    modes.start(app, app.args)
    try:
        port = start_local_server(app, host="127.0.0.1", port=0)
        open_session(app, "127.0.0.1", port)
        lobby = app.push("lobby", game="mind_swap", hosting=True, port=port)
        app.frame(0.016)
        while lobby.seats > 2:
            click(app, button(lobby, "seats_down").rect.center)
        click(app, button(lobby, "opt_shuffle_up").rect.center)
        assert lobby.options["shuffle"] == "quick"
        click(app, button(lobby, "open").rect.center)
        assert run_until(app, lambda: lobby.my_seat == 0 and lobby.host_token)
        assert run_until(app, lambda: (app.match.lobby.get("options") or {}).get("shuffle") == "quick")
        assert run_until(app, lambda: any(b.key == "bot_1" for b in lobby.buttons))
        click(app, button(lobby, "bot_1").rect.center)
        assert run_until(app, lambda: button(lobby, "start") is not None and button(lobby, "start").enabled)
        click(app, button(lobby, "start").rect.center)
        # the rules' view echoes the options setup() used
        assert run_until(app, lambda: app.match.views.get(0) is not None and bool(app.match.views[0].view))
        assert app.match.views[0].view["options"]["shuffle"] == "quick"
    finally:
        app.shutdown()
