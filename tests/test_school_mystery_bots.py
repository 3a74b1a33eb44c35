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


def test_a_bot_declares_the_advantage_a_phenomenon_gave_its_next_discover() -> None:
    """A phenomenon whose option says the next 《発見》 is made with advantage: the bot declares it (the
    ``card`` source); nothing is declared from a card that says nothing."""
    from school_mystery_helpers import act, investigating

    from shared.games.school_mystery import bots as sm_bots
    state = investigating()
    sub = SPEC.content().subjects[state["subject"]]
    rank, option = next((p.rank, i) for p in sub.phenomena for i, o in enumerate(p.options)
                        if "《発見》" in o["ja"] and "〔有利な判定〕" in o["ja"])
    card = {**state["cards"][-1], "id": 999, "kind": "phenomenon", "rank": rank, "option": option,
            "scene": state["scene"]["number"]}
    plain = dict(state)
    state = {**state, "cards": state["cards"] + [card]}
    for st, expect in ((state, True), (plain, False)):
        st, _ = act(st, 1, type="declare_roll", move="discover", stat="talk")
        action = sm_bots.normal_bot(SPEC.view(st, 1), SPEC.legal_actions(st, 1), Rng(3))
        if expect:
            assert action["type"] == "set_roll_modifiers" and "card" in action["advantage"], action
        else:
            assert action["type"] == "roll_dice" or "card" not in action.get("advantage", []), action


@pytest.mark.parametrize("suit,key", [("diamonds", "invent_phenomenon"), ("spades", "invent_character"),
                                      ("clubs", "invent"), ("hearts", "location")])
def test_an_invented_card_gets_a_text_of_its_own_kind(suit: str, key: str) -> None:
    """Found: an object's text ("an old key someone dropped") written into the people met. Each suit
    takes its own bot text: a happening, a person, a found thing, a place."""
    from shared.games.school_mystery import bots as sm_bots
    view = {"lang": "en", "you": 1, "players": 3, "students": [None, None, None], "phase": "investigation",
            "tasks": [{"kind": "pick", "seat": 1, "suit": suit, "card": 3, "mode": "reveal"}], "cards": [],
            "bot_seats": [0, 1, 2]}
    legal = [{"type": "invent", "text": "…"}]
    for seed in range(200):
        action = sm_bots.normal_bot(view, legal, Rng(seed))
        if action and action["type"] == "invent":
            assert action["text"] in sm_bots._texts()[key]["en"]
            return
    raise AssertionError("the bot never invented")
