"""The rules books: the content loader's checks, the book on screen (real keys, clicks and the
wheel), the step → page map, and every entry point (launcher, lobby, Esc menu, "?" and F1 on a table)."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from client_helpers import button, click, make_app, run_until

from assets import CONTENT_DIR
from assets.loaders import rules_book as RB
from assets.loaders.common import LANGS, ContentError


# --- content ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", RB.GAMES)
def test_every_book_loads_with_three_languages_unique_ids_and_every_step(game):
    book = RB.load(game)
    assert len(book.pages) >= 7
    assert len(set(book.ids())) == len(book.pages)
    for p in book.pages:
        texts = [p.title, *p.paragraphs] + ([p.example] if p.example else []) + [a.caption for a in p.art if a.caption]
        for text in texts:
            assert all(text[lang].strip() for lang in LANGS), (p.id, text)
            assert "…" not in text["en"], f"{p.id}: English text writes '...' (the Latin face draws … as centred dots)"
    covered = {s for p in book.pages for s in p.steps}
    assert covered == set(RB.STEPS[game])
    assert any(p.art for p in book.pages)


def _broken_copy(tmp_path: Path, game: str, old: str, new: str) -> Path:
    src = CONTENT_DIR / game / "rules_book.toml"
    text = src.read_text(encoding="utf-8")
    assert old in text, old
    (tmp_path / "rules_book.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("game,old,new,problem", [
    ("fate_votes", 'zh = "游戏目标", ', "", "title.zh is missing"),
    ("fate_votes", 'id = "setup"', 'id = "goal"', "defined twice"),
    ("fate_votes", 'card = "rena"', 'card = "nobody"', "card must be one of"),
    ("fate_votes", 'steps = ["final"]', "steps = []", "no page explains the step(s) ['final']"),
    ("fate_votes", 'steps = ["final"]', 'steps = ["final", "lunch"]', "unknown step 'lunch'"),
    ("mind_swap", 'kind = "ms_pair", body = 8', 'kind = "ms_pair", body = 1', "body and mind must be"),
    ("mind_swap", 'card = "relocate"', 'card = "teleport"', "card must be one of"),
    ("mind_swap", "faces = [9]", "faces = [11]", "a die must be"),
    ("school_mystery", 'suit = "spades", rank = 1', 'suit = "spades", rank = 11', "rank must be 1..10"),
    ("school_mystery", 'subject = "music_room_piano", suit = "hearts", rank = 2',
     'subject = "no_such_case", suit = "hearts", rank = 2', "subject must be one of"),
    ("school_mystery", 'kind = "dice"', 'kind = "photo"', "art kind must be one of"),
    ("mind_swap", 'zh = "失控", ', "", "caption.zh is missing"),
])
def test_the_loader_names_what_is_wrong(tmp_path, game, old, new, problem):
    with pytest.raises(ContentError) as err:
        RB.load(game, _broken_copy(tmp_path, game, old, new))
    assert problem in str(err.value)


def test_rules_books_are_package_data():
    """``pip install .`` ships every ``*.toml`` under the assets package (pyproject package-data)."""
    import tomllib

    root = Path(__file__).resolve().parent.parent
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["*"]
    assert "*.toml" in patterns and data["tool"]["setuptools"]["include-package-data"] is True
    for game in RB.GAMES:
        assert (root / "assets" / "content" / game / "rules_book.toml").is_file()


# --- step → page --------------------------------------------------------------------------------
@pytest.mark.parametrize("game,view,page", [
    ("fate_votes", {"phase": "discussion"}, "round"),
    ("fate_votes", {"phase": "strike_target"}, "strike"),
    ("fate_votes", {"phase": "vote_discard"}, "vote"),
    ("fate_votes", {"phase": "final"}, "final"),
    ("fate_votes", {"phase": "over"}, "winning"),
    ("mind_swap", {"phase": "play", "pending": None}, "turn"),
    ("mind_swap", {"phase": "great", "pending": {"kind": "great"}}, "magic"),
    ("mind_swap", {"phase": "over"}, "scoring"),
    ("school_mystery", {"phase": "setup_students"}, "setup"),
    ("school_mystery", {"phase": "investigation", "tasks": [], "roll": None}, "scenes"),
    ("school_mystery", {"phase": "investigation", "tasks": [], "roll": {"stage": "rolled"}}, "rolls"),
    ("school_mystery", {"phase": "investigation", "tasks": [{"kind": "condition"}]}, "conditions"),
    ("school_mystery", {"phase": "investigation", "tasks": [{"kind": "atmosphere"}]}, "scenes"),
    ("school_mystery", {"phase": "resolution", "roll": {"stage": "declared"}}, "rolls"),
    ("school_mystery", {"phase": "over"}, "resolution"),
])
def test_a_tables_step_opens_the_page_that_explains_it(game, view, page):
    from client.rulesbook import page_for_view

    assert page_for_view(game, view) == page


# --- the book on screen (headless, real events) ----------------------------------------------------
def _view(lang: str = "en", size: tuple[int, int] = (1280, 720), scale: float = 1.0, game: str = "school_mystery",
          page: str | None = None):
    from client.kit.headless import HeadlessContext
    from client.rulesbook.view import RulesBookView

    if not pygame.get_init():
        pygame.init()
    closed: list[bool] = []
    ctx = HeadlessContext(lang, unit=size[1] / 54 * scale)
    v = RulesBookView(ctx, game, page, on_close=lambda: closed.append(True))
    v.set_rect(pygame.Rect(0, 0, *size))
    v.update(0.016)
    return v, closed


def _press(v, pos) -> None:
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    v.update(0.016)


def _key(v, key) -> None:
    v.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    v.update(0.016)


def test_pages_turn_by_buttons_list_and_keys_and_esc_closes():
    v, closed = _view()
    ids = v.book.ids()
    assert v.page_id == ids[0]
    prev = next(b for b in v.buttons if b.key == "rules_prev")
    assert not prev.enabled
    _press(v, next(b for b in v.buttons if b.key == "rules_next").rect.center)
    assert v.page_id == ids[1]
    _key(v, pygame.K_RIGHT)
    assert v.page_id == ids[2]
    _key(v, pygame.K_LEFT)
    assert v.page_id == ids[1]
    _press(v, next(b for b in v.buttons if b.key == f"rules_page_{ids[-1]}").rect.center)
    assert v.page_id == ids[-1]
    assert not next(b for b in v.buttons if b.key == "rules_next").enabled
    _key(v, pygame.K_RIGHT)
    assert v.page_id == ids[-1]  # the last page stays
    assert next(b for b in v.buttons if b.key == f"rules_page_{ids[-1]}").selected
    _key(v, pygame.K_ESCAPE)
    assert closed == [True]


def test_a_long_page_scrolls_by_wheel_and_keys_and_turning_the_page_starts_at_its_top():
    v, _ = _view("ja", scale=1.5, page="scenes")
    assert v.max_scroll > 0, "this page is taller than its panel at 150 % text"
    v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert 0 < v.scroll <= v.max_scroll
    _key(v, pygame.K_END)
    assert v.scroll == v.max_scroll
    _key(v, pygame.K_UP)
    assert v.scroll < v.max_scroll
    _key(v, pygame.K_HOME)
    assert v.scroll == 0
    _key(v, pygame.K_PAGEDOWN)
    assert v.scroll > 0
    _key(v, pygame.K_RIGHT)
    assert v.page_id == "cards" and v.scroll == 0


def test_every_illustration_is_drawn_by_the_games_painters():
    from client.kit.headless import HeadlessContext
    from client.rulesbook.art import PAINTERS, draw_art

    ctx = HeadlessContext("zh", unit=20)
    kinds = set()
    for game in RB.GAMES:
        for page in RB.load(game).pages:
            for art in page.art:
                img = draw_art(ctx, art, 200)
                kinds.add(art.kind)
                assert img.get_width() > 20 and img.get_height() > 20
                # something is drawn: not one flat colour
                colours = {tuple(img.get_at((x, y))) for x in range(0, img.get_width(), 7)
                           for y in range(0, img.get_height(), 7)}
                assert len(colours) > 3, (game, page.id, art)
    assert kinds == set(PAINTERS) == set(RB.ART_KINDS)


# --- entry points in the app ----------------------------------------------------------------------
def test_the_launcher_opens_the_chosen_games_book_and_esc_returns(tmp_path):
    from client import modes

    app = make_app(tmp_path, "--size", "1280x720", "--lang", "ja")
    modes.start(app, app.args)
    try:
        app.frame(0.016)
        launcher = app.top
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        app.frame(0.016)
        click(app, button(launcher, "rules").rect.center, frames=2)
        assert app.top.name == "rules_book" and app.top.game == launcher.game == "mind_swap"
        click(app, button(app.top, "rules_next").rect.center, frames=2)
        assert app.top.page_id == "setup"
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        app.frame(0.016)
        app.frame(0.016)
        assert app.top is launcher
        for game in RB.GAMES:  # each game card's own "?" opens that game's book, the choice stays
            click(app, button(launcher, f"rules_{game}").rect.center, frames=2)
            assert app.top.name == "rules_book" and app.top.game == game
            click(app, button(app.top, "rules_close").rect.center, frames=2)
            assert app.top is launcher and launcher.game == "mind_swap"
    finally:
        app.shutdown()


def test_the_lobby_has_the_games_rules(tmp_path):
    from client import modes

    app = make_app(tmp_path, "--size", "1280x720", "--lang", "zh")
    modes.start(app, app.args)
    try:
        lobby = app.push("lobby", game="school_mystery", hosting=True, port=1)
        app.frame(0.016)
        rules = button(lobby, "rules")
        assert not any(rules.rect.colliderect(b.rect) for b in lobby.buttons if b is not rules)
        click(app, rules.rect.center, frames=2)
        assert app.top.name == "rules_book" and app.top.game == "school_mystery" and app.top.page_id == "goal"
        click(app, button(app.top, "rules_close").rect.center, frames=2)
        assert app.top is lobby
    finally:
        app.shutdown()


@pytest.mark.parametrize("game,players,page", [("fate_votes", 4, "round"), ("mind_swap", 2, "turn"),
                                               ("school_mystery", 2, "setup")])
def test_the_tables_question_mark_f1_and_esc_menu_open_the_page_of_the_step(tmp_path, game, players, page):
    from client import modes

    app = make_app(tmp_path, "play", game, "--players", str(players), "--bots", str(players - 1), "--seed", "5",
                   "--size", "1280x720", "--lang", "en")
    modes.start(app, app.args)
    try:
        assert run_until(app, lambda: app.top is not None and app.top.name == "table"
                         and bool(app.top.current_view() and app.top.current_view().view), what="the table")
        table = app.top
        for _ in range(40):  # the "?" settles on a free corner
            app.frame(0.05)
        help_button = button(table, "rules_help")
        view = table.current_view()
        for n in view.nodes():
            if n.kind in ("button", "plate", "card", "token", "text") and n.solid:
                assert not help_button.rect.colliderect(n.rect), f"the ? covers {n.id}"
        assert table.table_rect().contains(help_button.rect)
        want = table.rules_page()
        assert want == page
        click(app, help_button.rect.center, frames=2)
        assert app.top.name == "rules_book" and app.top.game == game and app.top.page_id == want
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        app.frame(0.016)
        app.frame(0.016)
        assert app.top is table
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
        app.frame(0.016)
        app.frame(0.016)
        assert app.top.name == "rules_book" and app.top.page_id == table.rules_page()
        click(app, button(app.top, "rules_close").rect.center, frames=2)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        app.frame(0.016)
        app.frame(0.016)
        menu = app.top
        assert menu.name == "menu"
        click(app, button(menu, "rules").rect.center, frames=2)
        assert app.top.name == "rules_book" and app.top.page_id == table.rules_page()
    finally:
        app.shutdown()


def test_a_table_view_opens_the_book_through_its_context(tmp_path):
    """What a glossary tooltip's "more" does: ``ctx.open_rules(game, page)`` (stephelp)."""
    from client import modes
    from client.context import AppContext
    from client.kit.headless import HeadlessContext

    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en")
    modes.start(app, app.args)
    try:
        AppContext(app).open_rules("mind_swap", "magic")
        app.frame(0.016)
        assert app.top.name == "rules_book" and app.top.page_id == "magic"
    finally:
        app.shutdown()
    ctx = HeadlessContext("en")
    ctx.open_rules("fate_votes", "vote")
    assert ctx.rules_opened == [("fate_votes", "vote")]


def test_only_games_with_a_book_show_the_entry_points():
    from client.rulesbook import has_rules, page_for_view

    assert all(has_rules(g) for g in RB.GAMES)
    assert not has_rules("bench_vote") and page_for_view("bench_vote", {"phase": "vote"}) is None
