"""The app loop headless: launcher, scene stack, settings, screenshots, IME composition, theme."""
from __future__ import annotations

import json

import pygame
import pytest
from client_helpers import button, click, make_app, run_until
from waiting import expect_message


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path, "--lang", "ja", "--size", "1280x720", "--screenshot-dir", str(tmp_path / "shots"))
    from client import modes

    modes.start(a, a.args)
    a.frame(0.016)
    yield a
    a.shutdown()


def test_launcher_draws_and_screenshots_scene_changes(app, tmp_path):
    assert app.top.name == "launcher"
    shots = sorted((tmp_path / "shots").glob("*.png"))
    assert shots and shots[0].name.endswith("_launcher.png")
    # The unit follows the window height: 720 / 54.
    assert abs(app.unit - 720 / 54) < 1e-6


def test_clicking_pass_and_play_opens_its_setup_and_escape_returns(app, tmp_path):
    b = button(app.top, "play")
    click(app, b.rect.center)
    if app.top.name == "tutorial_offer":  # a game's first launch offers its guided game first
        click(app, button(app.top, "offer_no").rect.center)
    assert app.top.name == "play_setup"
    before = app.top.players
    click(app, button(app.top, "players_up").rect.center)
    assert app.top.players == before + 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.frame(0.016)
    assert app.top.name == "launcher"
    assert len(list((tmp_path / "shots").glob("*_play_setup.png"))) == 1


def test_settings_change_language_and_persist(app, tmp_path):
    click(app, button(app.top, "settings").rect.center)
    assert app.top.name == "settings"
    click(app, button(app.top, "lang_zh").rect.center)
    assert app.strings.lang == "zh" and app.text.lang == "zh"
    assert app.gui.lang == "zh"
    click(app, button(app.top, "back").rect.center)
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["lang"] == "zh"
    assert app.top.name == "launcher"


def test_window_resize_relayouts(app):
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    app.frame(0.016)
    assert abs(app.unit - 20.0) < 1e-6
    assert app.gui.manager.window_resolution == (1920, 1080)


def test_draw_changes_nothing(app):
    before = (len(app.scenes), app.top.name, app.strings.lang, [b.rect.copy() for b in app.top.buttons])
    for _ in range(3):
        app.draw(app.screen)
    after = (len(app.scenes), app.top.name, app.strings.lang, [b.rect.copy() for b in app.top.buttons])
    assert before == after


def test_theme_sets_the_cjk_font_per_element_type():
    from client.gui import theme_for

    zh = theme_for("zh", 20)
    ja = theme_for("ja", 30)
    for element in ("text_entry_line", "text_box", "label", "button"):
        assert zh[element]["font"]["name"] == "noto_sans_sc"
        assert ja[element]["font"]["name"] == "noto_sans_jp"
    assert int(ja["label"]["font"]["size"]) == 30
    assert zh["text_entry_line"]["font"]["regular_path"].endswith("NotoSansSC-Regular.otf")
    assert ja["button"]["font"]["bold_path"].endswith("NotoSansJP-Bold.otf")
    assert "font" not in zh["defaults"]


def test_gui_elements_load_the_theme_fonts_without_fallback(recwarn):
    import pygame_gui

    from client.gui import Gui

    pygame.init()
    pygame.display.set_mode((640, 480))
    gui = Gui((640, 480), "zh", 20)
    entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(0, 0, 300, 40), manager=gui.manager)
    entry.set_text("这过张胜负戏")
    gui.manager.update(0.01)
    gui.manager.draw_ui(pygame.display.get_surface())
    assert not [w for w in recwarn if "font" in str(w.message).lower()]


def test_text_entry_takes_cjk_and_shows_the_ime_composition(app):
    click(app, button(app.top, "settings").rect.center)
    entry = app.top.name_entry
    entry.set_text("")
    click(app, entry.rect.center)
    assert app.gui.focused_entry() is entry
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text="みお", start=2, length=0))
    app.frame(0.016)
    assert app.gui.composition.text == "みお"
    # The composition is drawn (paper box under the entry) while composing.
    probe = (entry.rect.left + 6, entry.rect.bottom + 6)
    assert app.screen.get_at(probe)[:3] == (246, 241, 228)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="美緒"))
    app.frame(0.016)
    assert app.gui.composition.text == ""
    assert entry.get_text() == "美緒"


def test_f12_saves_a_screenshot(app, tmp_path):
    n = len(list((tmp_path / "shots").glob("*.png")))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0))
    app.frame(0.016)
    assert len(list((tmp_path / "shots").glob("*.png"))) == n + 1


def test_seat_badges_have_twelve_distinct_colours_and_shapes():
    from client.ui import SEAT_COLORS, SEAT_SHAPES

    assert len(set(SEAT_COLORS)) == 12 and len(set(SEAT_SHAPES)) == 12


def test_parse_address():
    from client.modes import parse_address

    assert parse_address("192.168.1.5:7500") == ("192.168.1.5", 7500)
    assert parse_address("host") == ("host", 7420)
    assert parse_address("host:99999") == ("host", 7420)
    assert parse_address("[::1]:7421") == ("::1", 7421)
    assert parse_address(None) == ("127.0.0.1", 7420)


def test_session_to_a_closed_port_reports_failed():
    import socket

    from client.session import ClientSession

    with socket.socket() as s:  # a port nobody listens on (held, so no other process can take it)
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        session = ClientSession("127.0.0.1", port, connect_timeout=0.5, first_attempts=2).start()
        try:
            assert expect_message(session, "_net").state == "failed"
        finally:
            session.close()


def test_window_options_before_the_subcommand_are_kept():
    """``houkago --size 1920x1080 play ...``: argparse must not reset them to the subparser's defaults."""
    from houkago.cli import build_parser

    parser = build_parser()
    for cmd in (["play", "fate_votes"], ["host"], ["join"], ["display"]):
        a = parser.parse_args(["--size", "1600x900", "--lang", "zh", "--fullscreen", "--name", "Aki",
                               "--screenshot-dir", "/tmp/x", *cmd])
        assert (a.size, a.lang, a.fullscreen, a.name, a.screenshot_dir) == ("1600x900", "zh", True, "Aki",
                                                                             "/tmp/x"), cmd
        b = parser.parse_args([*cmd, "--size", "800x600"])
        assert (b.size, b.lang, b.fullscreen, b.name) == ("800x600", None, False, None), cmd


def test_valid_address():
    from client.modes import valid_address

    for ok in ("127.0.0.1", "127.0.0.1:7531", "my-pc.local", "laptop_1:7420", "[::1]:7421", "::1"):
        assert valid_address(ok), ok
    for bad in ("", "no such host!!", "127.0.0.1:99999", "host:abc", ":7420", "a..b", "[::1]x", "h:0"):
        assert not valid_address(bad), bad


def test_join_bad_or_unreachable_address_says_so_and_stays(tmp_path):
    """A nonsense address is refused at once; a closed port gives a message that stays on the Join screen."""
    import socket

    from client import modes

    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en", "join", "no such host!!")
    try:
        modes.start(app, app.args)
        join = app.top
        app.frame(0.016)
        assert join.problem and "not an address" in join.problem and app.session is None
        with socket.socket() as s:  # a port nobody listens on
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        join.connect(f"127.0.0.1:{port}")
        assert join.problem is None
        assert run_until(app, lambda: join.problem is not None)
        assert f"127.0.0.1:{port}" in join.problem and app.top is join and join.tables is None
        app.frame(0.016)  # draws the message without error
    finally:
        app.shutdown()


def test_lobby_setup_controls_work_for_every_option_of_every_game(tmp_path):
    """mind_swap's free-text 'students' option got −/+ steppers: int('random16') crashed the client."""
    from client.scenes.lobby import option_specs
    from shared.engine import REGISTRY

    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en")
    try:
        for game in [g for g in ("fate_votes", "mind_swap", "school_mystery") if g in REGISTRY]:
            lobby = app.push("lobby", game=game, hosting=False)
            lobby.phase = "setup"
            lobby.hosting = True
            lobby.layout()
            app.frame(0.016)
            for opt in option_specs(game):
                for b in [b for b in lobby.buttons if b.key and b.key.startswith(f"opt_{opt.name}")]:
                    if b.enabled:
                        click(app, b.rect.center)
                    app.frame(0.016)
                opt.check(lobby.options[opt.name])  # still a valid value (raises RuleError if not)
            app.pop(lobby)
    finally:
        app.shutdown()
