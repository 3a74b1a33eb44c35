"""End-of-game summaries in the results box: mind_swap tells whom each player restored and who restored
whose character; school_mystery shows the article with the reporters by their students' names."""
from __future__ import annotations

import pygame

from bench.results_scenes import ResultsBox, finished_mind_swap
from client.kit.headless import HeadlessContext
from client.kit.textfit import recording
from client.tables.mind_swap_model import Model, PlayerInfo
from client.tables.mind_swap_texts import restored_story


def test_mind_swap_story_names_whom_each_player_restored_and_who_restored_their_character() -> None:
    ctx = HeadlessContext("en")
    m = Model(players=[PlayerInfo(0, "A", character=5, pile=[7, 11]), PlayerInfo(1, "B", character=7, pile=[]),
                       PlayerInfo(2, "C", character=9, pile=[9, 3])])

    def story(i: int) -> str:
        return restored_story(m, m.players[i], lambda no: f"S{no}", lambda s: f"P{s}", ctx.t, "en")

    assert story(0) == "Restored S7, S11 · S5 was never restored"
    assert story(1) == "Restored nobody · S7 was restored by P0"
    assert story(2) == "Restored S9★, S3 · brought their own S9 home (+3)"


def test_mind_swap_results_box_draws_every_players_story_uncut() -> None:
    pygame.init()
    for lang in ("ja", "en"):
        ctx = HeadlessContext(lang, height=720)
        game, table = finished_mind_swap(ctx, players=4)
        surface = pygame.Surface((1280, 720))
        box = ResultsBox(ctx, table)
        box.set_rect(surface.get_rect())
        box.update(0.016)
        with recording() as rec:
            box.draw(surface, surface.get_rect())
        piles = game.spec.view(game.state, 0)["piles"]
        texts = [r.text for r in rec.records if r.kind == "rule"]
        stories = [t for t in texts if t.startswith(ctx.t("summary.ms.restored", names="").split("{")[0][:4])]
        assert len(stories) == len(piles), texts
        assert not [r for r in rec.records if r.cut]
        restorers = [s for s, pile in enumerate(piles) if pile]
        assert restorers and all(any(table.texts.name(no, short=True) in " ".join(stories) for no in piles[s])
                                 for s in restorers)


def test_school_mystery_results_box_shows_the_article_and_the_reporters_names() -> None:
    pygame.init()
    from tools import layout_walk as W

    W.SCENES.clear()
    W._load_scenes()
    ctx = HeadlessContext("en", height=1080)
    ctx.window, ctx.text_scale = (1920, 1080), 1.0  # type: ignore[attr-defined]
    box = W.SCENES["results_school_mystery"](ctx)
    surface = pygame.Surface((1920, 1080))
    pygame.display.set_mode((1920, 1080))
    box.set_rect(surface.get_rect())
    box.update(0.016)
    drawn: list[str] = []
    real = ctx.text

    def spy(s: str, *a: object, **k: object) -> pygame.Surface:
        drawn.append(s)
        return real(s, *a, **k)  # type: ignore[arg-type]

    ctx.text = spy  # type: ignore[method-assign]
    box.draw(surface, surface.get_rect())
    text = "\n".join(drawn)
    view = box.table.view
    students = [st["name"] for st in view["students"] if st]
    assert students and all(name in text for name in students)
    assert view.get("title") and view["title"] in text
    assert ctx.t("table.seat_name", n=1) not in text  # never "Player 1" for a reporter
