"""Journal replay (GameSpec.replay, the rules' ``replay`` hooks) ends in exactly the state that
``apply`` step by step gives, and refuses what ``apply`` refuses; school_mystery's copy-on-access
``apply`` never changes the state it is given."""
from __future__ import annotations

import random

import msgpack
import pytest

from shared.engine import REGISTRY, RuleError

GAMES = [("fate_votes", 5, {}), ("mind_swap", 4, {}), ("school_mystery", 3, {"max_scenes": 5}),
         ("school_mystery", 6, {"max_scenes": 4})]


def _random_game(game: str, players: int, options: dict, seed: int, steps: int = 400):
    spec = REGISTRY[game]
    rules = spec.rules
    rng = random.Random(seed)
    start = state = spec.setup(players, seed, options)
    actions = []
    for _ in range(steps):
        if rules.is_over(state):
            break
        legal = [rules.legal_actions(state, s) for s in range(players)]
        seat = rng.choice([s for s in range(players) if legal[s]])
        action = rng.choice(legal[seat])
        try:
            state, _ = rules.apply(state, seat, action)
        except RuleError:
            continue
        actions.append((seat, action))
    return spec, start, state, actions


@pytest.mark.parametrize("game,players,options", GAMES)
def test_replay_matches_apply(game: str, players: int, options: dict) -> None:
    for seed in range(3):
        spec, start, final, actions = _random_game(game, players, options, seed)
        assert actions
        assert spec.replay(start, actions) == final


def _written(action: dict, rng: random.Random) -> dict:
    """A listed action with its placeholder texts written (so that written text changes too)."""
    return {k: (rng.choice(["", "メモ" * rng.randint(1, 60), "x"]) if v == "…" else v) for k, v in action.items()}


@pytest.mark.parametrize("game,options", [("school_mystery", {"max_scenes": 5}), ("mind_swap", {})])
def test_apply_keeps_its_input(game: str, options: dict) -> None:
    """Handlers change only what they copied for the new state (school_mystery: ``_w``; mind_swap: its
    working copy): the state given to ``apply`` is the same afterwards, also when the action is refused."""
    spec = REGISTRY[game]
    rules = spec.rules
    rng = random.Random(5)
    state = spec.setup(4, 5, options)
    for _ in range(300):
        if rules.is_over(state):
            break
        legal = [rules.legal_actions(state, s) for s in range(4)]
        seat = rng.choice([s for s in range(4) if legal[s]])
        if rng.random() < 0.1:
            seat = rng.randrange(4)  # sometimes another seat: a refusal, part way through a handler
        before = msgpack.packb(state)
        try:
            new, _ = rules.apply(state, seat, _written(rng.choice(legal[seat] or [{"type": "end_turn"}]), rng))
        except RuleError:
            new = state
        assert msgpack.packb(state) == before
        assert type(new) is dict and type(new["students" if game == "school_mystery" else "pile"]) is list
        state = new


def test_replay_refuses_an_illegal_journal() -> None:
    for game, players, options in GAMES[1:3]:
        spec, start, _, actions = _random_game(game, players, options, 1, steps=30)
        bad = actions[:5] + [(actions[5][0], {"type": "no_such_action"})]
        with pytest.raises(RuleError):
            spec.replay(start, bad)
