"""The app shell: scenes by name, game descriptors, a broken view on screen, draw changes nothing."""
from __future__ import annotations

from typing import Any

import pygame
import pytest
from client_helpers import make_app
from typedmsg import typed

from client.kit import textfit


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path, "--lang", "en", "--size", "1280x720")
    from client import modes

    modes.start(a, a.args)
    a.frame(0.016)
    yield a
    a.shutdown()


def test_scenes_are_pushed_found_and_popped_by_name(app):
    from client.scenes.registry import SCENES

    assert all(cls.name == name for name, cls in SCENES.items())
    assert {"launcher", "settings", "play_setup", "join", "lobby", "play_connect", "display_connect", "table",
            "curtain", "results", "reconnecting", "menu", "rules_book", "continue"} <= set(SCENES)
    settings = app.push("settings")
    assert app.top is settings and app.find("settings") is settings and app.find("launcher") is not None
    app.pop()
    assert app.top.name == "launcher" and app.find("settings") is None
    with pytest.raises(KeyError, match="no_such_scene"):
        app.push("no_such_scene")
    assert app.top.name == "launcher"


def test_launcher_cards_come_from_the_registry_with_the_spec_seat_ranges(app):
    from client import games
    from shared.engine import REGISTRY, listed_games

    launcher = app.top
    shown = [game for game, _ in launcher.cards]
    assert shown == [s.id for s in listed_games()] == games.games()
    assert "bench_vote" in REGISTRY and "bench_vote" not in shown  # not listed: not offered
    assert games.seat_range("fate_votes") == (4, 12)
    texts: list[str] = []
    original = app.text.blit

    def recording(surface, text, *a, **kw):
        texts.append(text)
        return original(surface, text, *a, **kw)

    app.text.blit = recording  # type: ignore[method-assign]
    launcher.layout()  # the cards are drawn into a cached layer: a new layout draws them afresh
    launcher.draw(app.screen)
    for game in shown:
        lo, hi = games.seat_range(game)
        assert app.strings.t("game.players", min=lo, max=hi) in texts
        assert games.client(game).suit in texts
    assert app.strings.t("game.players", min=4, max=12) in texts
    assert app.strings.t("game.players", min=3, max=12) not in texts


def test_play_setup_steps_within_the_spec_seat_range(app):
    from shared.engine import REGISTRY

    setup = app.push("play_setup", game="fate_votes")
    for _ in range(20):
        setup.change(-1, 0)
    assert setup.players == REGISTRY["fate_votes"].min_seats == 4
    for _ in range(20):
        setup.change(1, 0)
    assert setup.players == REGISTRY["fate_votes"].max_seats


def test_option_choices_come_from_the_descriptor(app):
    from client import games

    content = app.content("school_mystery")
    labels = games.choice_labels("school_mystery", "subject", content)
    assert set(labels) == set(content.subjects) and all("en" in v for v in labels.values())
    assert games.choice_labels("mind_swap", "subject", app.content("mind_swap")) == {}


def test_a_view_that_fails_to_import_is_shown_as_an_error(app, monkeypatch, capsys):
    from client import games
    from client.games.descriptor import GameClient
    from client.match import Match
    from client.tables.unavailable import UnavailableTable

    broken = GameClient(view="client.tables.no_such_module:Nothing", colour=(0, 0, 0), suit="?")
    monkeypatch.setitem(games._clients, "fate_votes", broken)
    match = Match(app, "fate_votes", "t1", mode="play", humans=[0])
    view = match.view_for(0)
    assert isinstance(view, UnavailableTable)
    assert "client.tables.no_such_module" in view.reason and "ModuleNotFoundError" in view.reason
    assert "client.tables.no_such_module" in capsys.readouterr().err
    surface = pygame.Surface((1280, 720))
    surface.fill((0, 0, 0))
    shown: list[str] = []
    original = view.ctx.text

    def recording(s: str, *a: Any, **kw: Any) -> pygame.Surface:
        shown.append(s)
        return original(s, *a, **kw)

    monkeypatch.setattr(view.ctx, "text", recording)
    view.draw(surface, surface.get_rect())
    assert any("fate_votes" in line for line in shown)
    assert any("no_such_module" in line for line in shown)
    with pytest.raises(games.ViewLoadError):
        games.view_class("no_game_without_a_descriptor")


def test_table_scene_sets_view_rects_on_layout_never_while_drawing(app, monkeypatch):
    from client.match import Match
    from client.tables.base import TableView

    calls: list[tuple[str, Any]] = []

    class Probe(TableView):
        def set_rect(self, rect: pygame.Rect) -> None:
            calls.append(("set_rect", pygame.Rect(rect)))
            super().set_rect(rect)

        def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
            if surface is pygame.display.get_surface():  # a frame (not the one-off look for glossary terms)
                calls.append(("draw", pygame.Rect(rect)))

    monkeypatch.setattr(Match, "view_class", lambda self: Probe)
    match = Match(app, "fate_votes", "t1", mode="play", humans=[0])
    app.match = match
    match.on_message(typed({"t": "snapshot", "table": "t1", "seat": 0, "view": {"phase": "x"}, "legal": [], "sid": 1}))
    scene = app.push("table", match=match)
    app.frame(0.016)
    app.frame(0.016)
    kinds = [k for k, _ in calls]
    assert kinds[0] == "set_rect" and kinds.count("set_rect") == 1 and kinds.count("draw") == 2
    assert calls[0][1] == scene.table_rect()
    calls.clear()
    pygame.display.set_mode((1600, 900), pygame.RESIZABLE)
    app.relayout()
    app.frame(0.016)
    assert [k for k, _ in calls] == ["set_rect", "draw"] and calls[0][1] == scene.table_rect()
    assert calls[0][1].size == (1600, 900 - scene.step_height() - scene.bar_height()) and scene.step_height() > 0
    assert scene.bar_height() > 0  # the step line, and the note pad's bar of a pass-and-play table


def test_show_seat_raises_the_curtain_through_the_table_scene(app, monkeypatch):
    from client.match import Match
    from client.tables.base import TableView

    class Plain(TableView):
        def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
            pass

    monkeypatch.setattr(Match, "view_class", lambda self: Plain)
    match = Match(app, "school_mystery", "t1", mode="play", humans=[0, 1])
    app.match = match
    for seat in (0, 1):
        match.on_message(typed({"t": "snapshot", "table": "t1", "seat": seat, "view": {"p": 1}, "legal": [], "sid": 1}))
    table = app.push("table", match=match)
    view = match.view_for(0)
    assert view.ctx.local_seats() == [0, 1]
    assert view.ctx.show_seat(1) is match.view_for(1)
    assert app.top.name == "curtain" and app.top.seat == 1 and table.current_view() is None
    assert view.ctx.show_seat(0) is match.view_for(0) and app.top.seat == 0  # the same curtain turns
    assert [s.name for s in app.scenes].count("curtain") == 1
    assert view.ctx.show_seat(5) is None  # not a local seat


@pytest.mark.parametrize("lang,scale", [("ja", 1.5), ("en", 1.5), ("zh", 1.5), ("en", 1.0)])
def test_launcher_fits_1280x720_at_every_text_size(tmp_path, lang, scale):
    """Title, cards and buttons inside the window, in order top to bottom, none overlapping."""
    a = make_app(tmp_path, "--lang", lang, "--size", "1280x720")
    try:
        a.settings.ui_scale = scale
        from client import modes

        modes.start(a, a.args)
        a.relayout()
        launcher, screen = a.top, a.screen.get_rect()
        title = a.text.render(a.strings.t("app.title"), a.unit * 3.4, (0, 0, 0), True).get_rect(
            midtop=(screen.centerx, launcher.title_y))
        cards = [r for _, r in launcher.cards]
        main = [b.rect for b in launcher.buttons if b.key in ("host", "join", "play", "display")]
        corner = [b.rect for b in launcher.buttons if b.key in ("settings", "quit")]
        for rect in [title, *cards, *main, *corner]:
            assert screen.contains(rect), rect
        assert title.bottom <= launcher.choose_y <= min(r.top for r in cards)
        assert max(r.bottom for r in cards) < min(r.top for r in main)
        assert not any(t.colliderect(c) for t in [title, *cards] for c in corner)
        assert all(r.height >= a.unit * 12 for r in cards)
    finally:
        a.shutdown()


def test_twelve_seat_lobby_at_150_percent_keeps_names_beside_the_buttons(tmp_path):
    """1280×720 at text size 150 %: two columns of seats; each row's button stays right of the badge and name
    room, inside its row; Start stays inside the info column; a seat label is drawn as whole lines."""
    from client_helpers import button, run_until

    from client import modes
    from client.services import open_session, start_local_server

    app = make_app(tmp_path, "--size", "1280x720", "--lang", "ja")
    app.settings.ui_scale = 1.5
    app.relayout()
    modes.start(app, app.args)
    try:
        port = start_local_server(app, host="127.0.0.1", port=0)
        open_session(app, "127.0.0.1", port)
        lobby = app.push("lobby", game="fate_votes", hosting=True, port=port)
        lobby.seats = 12
        lobby.open_table()
        assert run_until(app, lambda: lobby.my_seat == 0 and lobby.host_token)
        for seat in range(1, 12):
            lobby.set_bot(seat, None)
        assert run_until(app, lambda: all(e.get("bot") for e in lobby.seat_entries()[1:]))
        assert run_until(app, lambda: any(b.key == "unbot_11" for b in lobby.buttons))
        u = app.unit
        for i in range(12):
            row = lobby._row_rect(i, 12)
            b = button(lobby, "ready" if i == 0 else f"unbot_{i}")
            assert row.contains(b.rect), (i, row, b.rect)
            assert b.rect.left - row.left >= u * 3.2 + u * 5  # badge + room for a name
        assert lobby.info_rect.contains(button(lobby, "start").rect)
        texts: list[str] = []
        original = app.text.render

        def recording(s, *a, **kw):
            texts.append(s)
            return original(s, *a, **kw)

        app.text.render = recording  # type: ignore[method-assign]
        with textfit.recording():  # every layer painted afresh
            lobby.draw(app.screen)
        bot = app.strings.t("lobby.bot")
        whole = [s for s in texts if s == bot or (s.startswith(f"{bot} (") and s.endswith(")"))]
        assert len(whole) >= 11  # "Bot" and its level break between them, never inside a word
    finally:
        app.shutdown()
