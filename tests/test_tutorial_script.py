"""The guided first games as data: every script loads (steps in ja, zh and en), bad scripts are refused with
the step named, and on each script's fixed seed the real rules (``shared``) offer the player an action that
fits every do-step when it comes, with the step's node patterns filled from that action."""
from __future__ import annotations

from typing import Any

import pytest

from assets import CONTENT_DIR
from assets.loaders import tutorial as loader
from assets.loaders.common import ContentError
from client.tutorial.steps import PICKS, action_matches, bind, filled, goal, id_matches
from shared.bots import with_bot_seats
from shared.engine import REGISTRY
from shared.rng import Rng

SCRIPTED = [g for g in loader.GAMES if (CONTENT_DIR / g / "tutorial.toml").exists()]


def test_fate_votes_has_a_script():
    assert "fate_votes" in SCRIPTED


@pytest.mark.parametrize("game", SCRIPTED)
def test_every_step_has_its_text_in_three_languages_and_known_picks(game):
    tut = loader.load(game)
    assert tut.game == game and tut.steps[-1].reads
    assert REGISTRY[game].min_seats <= tut.players <= REGISTRY[game].max_seats
    for step in tut.steps:
        assert {lang: bool(step.text[lang].strip()) for lang in ("ja", "zh", "en")} == {"ja": True, "zh": True,
                                                                                     "en": True}
        assert "…" not in step.text["en"], "English text uses '...' (the Latin face draws … as centred dots)"
        assert not step.pick or step.pick in PICKS, step.id


def play_script(game: str, events: list[dict[str, Any]] | None = None) -> list[tuple[str, dict[str, Any]]]:
    """Play the tutorial on the real rules: the player does each step's goal as soon as it is legal, the bots
    (the server's policy and seeding) play every other seat — first whenever they have a move, on a table
    whose bots act at once (``bot_delay = 0``: they move before any click can). Returns [(step id, the goal
    action as sent)]; ``events`` collects the player's own events."""
    tut = loader.load(game)
    spec = REGISTRY[game]
    state = spec.setup(tut.players, tut.seed, spec.with_table_lang(tut.options, "ja"))
    bot = spec.bots().get(tut.bot_level) or next(iter(spec.bots().values()))
    bots = list(range(1, tut.players))
    done: list[tuple[str, dict[str, Any]]] = []
    steps = [s for s in tut.steps if not s.reads]
    for sid in range(5000):
        if not steps:
            return done
        assert not spec.is_over(state), f"{game}: the game ended before step {steps[0].id!r}"
        step = steps[0]
        legal = spec.legal_actions(state, 0)
        seen = spec.view(state, 0)
        target = goal(step.expect or {}, legal, seen, 0, step.pick)
        bot_first = _bot_move(spec, state, bot, bots, tut.seed, sid) if tut.bot_delay == 0 else None
        if bot_first is not None:
            state, _ = spec.apply(state, *bot_first)
        elif target is not None:
            assert action_matches(step.expect or {}, target) and target in legal
            for pattern in [p for group in step.ring for p in group] + list(step.touch):
                assert None not in bind(pattern, 0, target, seen), f"{step.id}: {pattern} names what is not there"
            sent = filled(target, step.say["ja"] if step.say else None)
            state, happened = spec.apply(state, 0, sent)
            if events is not None:
                events.extend(happened)
            done.append((step.id, sent))
            steps.pop(0)
        else:
            mover = next((s for s in bots if spec.legal_actions(state, s)), None)
            assert mover is not None, f"{game}: step {step.id!r} waits for an action the rules never offer ({legal})"
            view = with_bot_seats(spec.view(state, mover), bots)
            rng = Rng.from_seed(tut.seed * 1_000_003 + mover * 7919 + sid)  # the server's seeding
            action = bot(view, spec.legal_actions(state, mover), rng)
            state, _ = spec.apply(state, mover, action)
    raise AssertionError(f"{game}: the script did not finish")


def _bot_move(spec: Any, state: Any, bot: Any, bots: list[int], seed: int, sid: int) -> tuple[int, dict] | None:
    """The first bot seat that plays something now, and what (the server's seeding); None: every bot waits."""
    for seat in bots:
        legal = spec.legal_actions(state, seat)
        if legal:
            rng = Rng.from_seed(seed * 1_000_003 + seat * 7919 + sid)
            action = bot(with_bot_seats(spec.view(state, seat), bots), legal, rng)
            if action is not None:
                return seat, action
    return None


@pytest.mark.parametrize("game", SCRIPTED)
def test_each_step_is_legal_when_it_comes_on_the_fixed_seed(game):
    done = play_script(game)
    tut = loader.load(game)
    assert [s for s, _ in done] == [s.id for s in tut.steps if not s.reads]


def test_fate_votes_script_teaches_a_vote_a_strike_and_discards_in_rounds_1_and_2():
    done = dict(play_script("fate_votes"))
    assert done["vote_1"]["type"] == "target" and done["vote_1"]["seat"] != 0
    assert done["choose_strike"] == {"type": "choose", "choice": "strike"}
    assert len(done["discard_1"]["cards"]) == 2 and len(done["strike_discard"]["cards"]) == 1
    assert done["strike_target"]["type"] == "target"


def test_node_patterns_bind_the_goal_and_match_node_ids():
    g = {"type": "target", "seat": 2, "cards": ["rena", "mion"]}
    assert bind("plate:$seat", 0, g) == ("plate", 2)
    assert bind("token:$me", 3, g) == ("token", 3)
    assert bind("card:$cards.1", 0, g) == ("card", "mion")
    assert id_matches(("plate", 2), ("plate", 2)) and not id_matches(("plate", 2), ("plate", 1))
    assert id_matches(("card", "*"), ("card", "rika")) and not id_matches(("card", "*"), ("staged", "rika"))
    assert id_matches(("discard",), "discard") and not id_matches(("discard",), ("discard", 1))
    assert id_matches(bind("button:goto:$location", 0, {"location": 2}), ("button", "goto:2"))
    assert not id_matches(bind("button:goto:$location", 0, {"location": 2}), ("button", "goto:4"))
    assert action_matches({"type": "choose", "choice": "strike"}, {"type": "choose", "choice": "strike"})
    assert not action_matches({"type": "choose", "choice": "strike"}, {"type": "choose", "choice": "vote"})
    assert action_matches({"type": "play", "card": "*"}, {"type": "play", "card": 7, "action": "bath"})
    assert not action_matches({"type": "play", "card": "*"}, {"type": "magic"})


@pytest.mark.parametrize("raw, problem", [
    ({"id": "a", "text": {"ja": "x", "zh": "x"}, "next": True}, "text.en"),
    ({"id": "a", "text": {"ja": "x", "zh": "x", "en": "x"}}, "expect"),
    ({"id": "a", "text": {"ja": "x", "zh": "x", "en": "x"}, "expect": {"type": "ready"}, "touch": ["b"]}, "ring"),
    ({"id": "a", "text": {"ja": "x", "zh": "x", "en": "x"}, "expect": {"type": "ready"}, "ring": [["b"]]}, "touch"),
    ({"id": "a", "text": {"ja": "x", "zh": "x", "en": "x"}, "expect": {"type": "ready"}, "ring": [["button:"]],
      "touch": ["b"]}, "node pattern"),
    ({"id": "a", "text": {"ja": "x", "zh": "x", "en": "x"}, "next": True, "ring": [["b"]]}, "read step"),
    ({"id": "a", "text": {"ja": "x", "zh": "x", "en": "x"}, "next": True, "colour": 3}, "unknown"),
    ({"id": "a", "text": {"ja": "x", "zh": "x", "en": "x"}, "next": True, "confirm": True}, "read step"),
    ({"id": "a", "text": {"ja": "x", "zh": "x", "en": "x"}, "expect": {"type": "move"}, "ring": [["b"]],
      "touch": ["b"], "say": {"ja": "x", "zh": "x", "en": "x"}}, "confirm = true"),
    ({"id": "a", "text": {"ja": "x", "zh": "x", "en": "x"}, "expect": {"type": "move"}, "confirm": True,
      "say": {"ja": "x", "zh": "x"}}, "say.en"),
])
def test_a_bad_step_is_refused_with_its_id(raw, problem):
    with pytest.raises(ContentError, match=problem) as err:
        loader._step("x/tutorial.toml", 0, raw, set())
    assert "step 'a'" in str(err.value)


def test_a_confirm_step_sends_its_goal_with_the_sample_text_and_needs_no_ring():
    raw = {"id": "a", "text": {"ja": "x", "zh": "x", "en": "x"}, "expect": {"type": "answer_question"},
           "confirm": True, "say": {"ja": "喫茶店", "zh": "咖啡馆", "en": "The café"}}
    step = loader._step("x/tutorial.toml", 0, raw, set())
    assert step.confirm and not step.reads and step.ring == () and step.say["en"] == "The café"
    assert filled({"type": "answer_question", "index": 2, "text": "…"}, step.say["en"]) == {
        "type": "answer_question", "index": 2, "text": "The café"}
    assert filled({"type": "choose_leader", "seat": 0}, None) == {"type": "choose_leader", "seat": 0}


def test_a_step_id_used_twice_is_refused():
    raw = {"id": "a", "text": {"ja": "x", "zh": "x", "en": "x"}, "next": True}
    seen: set[str] = set()
    loader._step("x/tutorial.toml", 0, raw, seen)
    with pytest.raises(ContentError, match="twice"):
        loader._step("x/tutorial.toml", 1, raw, seen)


def test_mind_swap_script_plays_move_negi_to_the_player_then_a_magic_roll():
    done = dict(play_script("mind_swap"))
    assert done["move_negi"]["type"] == "play" and done["move_negi"]["action"] == "move_negi"
    assert done["magic"]["type"] == "magic"


def test_school_mystery_script_plays_one_scene_with_a_move_a_successful_discover_and_a_clue():
    events: list[dict[str, Any]] = []
    done = dict(play_script("school_mystery", events))
    assert done["student"]["name"] == "春野ひより" and done["answer_4"]["text"].startswith("喫茶店")
    assert done["move"]["type"] == "move" and done["discover"]["move"] == "discover"
    rolled = [e for e in events if e["type"] == "dice_rolled"]
    assert len(rolled) == 1 and rolled[0]["band"] in ("success", "great"), rolled
    drawn = [e for e in events if e["type"] == "card_drawn"]
    assert drawn and drawn[-1].get("suit") == "clubs", drawn
    assert any(e["type"] == "info_card" and e.get("card", {}).get("kind") == "clue" for e in events), events[-3:]
