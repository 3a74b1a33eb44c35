"""school_mystery bots play whole sessions from setup to the article, seeing only their views."""
from __future__ import annotations

import pytest
from school_mystery_helpers import SPEC

from shared.games.school_mystery.article import article_markdown
from shared.rng import Rng


def play(players: int, seed: int, level: str, max_steps: int = 4000) -> tuple[dict, int]:
    bots = SPEC.bots()
    state = SPEC.setup(players, seed, {})
    rng = Rng.from_seed(seed)
    steps = 0
    while not SPEC.is_over(state):
        movers = [s for s in range(players) if SPEC.legal_actions(state, s)]
        assert movers
        # like the server: every bot is asked; those that wait (None) are skipped
        start = rng.below(len(movers))
        for seat in movers[start:] + movers[:start]:
            action = bots[level](SPEC.view(state, seat), SPEC.legal_actions(state, seat), rng)
            if action is not None:
                break
        else:
            raise AssertionError(f"{level} bots all wait: the session would stall")
        state, _ = SPEC.apply(state, seat, action)
        steps += 1
        assert steps < max_steps, f"{level} bots did not finish"
    return state, steps


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_sensible_bots_write_the_article(players: int) -> None:
    for seed in range(3):
        state, _steps = play(players, seed, "sensible")
        res = SPEC.result(state)
        assert res["over"] and res["resolve"] is not None
        assert res["clues"], "the sensible bots use their clues"
        assert state["scene"]["number"] >= 2 and len(state["visited"]) >= 2
        md = article_markdown(res, SPEC.content(), "ja")
        assert md.startswith("# ") and "《解明》" in md
        if res["truth"]:
            assert res["deduction"] in md
        else:
            assert "ですが謎の答えはわかりませんでした。" in md


def test_random_bots_finish() -> None:
    for seed in range(5):
        state, _ = play(3, seed, "random", max_steps=20000)
        assert SPEC.result(state)["over"]


def test_strong_bot_searches_with_its_best_stat() -> None:
    from school_mystery_helpers import investigating
    state = investigating()
    seat = 2  # occult fan, array 0: know 2
    legal = SPEC.legal_actions(state, seat)
    action = SPEC.bots()["strong"](SPEC.view(state, seat), legal, Rng(1))
    # a clue-drawing roll (《発見》 or the occult fan's own ritual, which draws a clue too) with know +2
    assert action["type"] == "declare_roll" and action["stat"] == "know"
    assert action["move"] in ("discover", "occult_ritual")


@pytest.mark.parametrize("lang", ["ja", "zh", "en"])
def test_article_markdown_languages(lang: str) -> None:
    state, _ = play(3, 11, "sensible")
    md = article_markdown(SPEC.result(state), SPEC.content(), lang)
    subject = SPEC.content().subjects[state["subject"]]
    assert subject.title[lang] in md
    assert SPEC.content().ui["article_clues_found"][lang] in md
