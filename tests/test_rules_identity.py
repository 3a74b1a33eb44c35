"""tools/rules_identity.py: rules checked against themselves pass with refused tries of every kind, and
a module that answers one refusal differently, or changes the state it is given, is caught."""
from __future__ import annotations

from collections import Counter
from types import ModuleType

import pytest

from shared.engine import REGISTRY, RuleError
from tools import rules_identity as tool


def _like(rules: ModuleType, apply) -> ModuleType:
    """A module with the rules' functions but ``apply`` (and no fast ``replay``)."""
    out = ModuleType("changed_rules")
    out.__dict__.update({k: v for k, v in vars(rules).items() if not k.startswith("__") and k != "replay"})
    out.apply = apply
    return out


@pytest.mark.parametrize("game", ["fate_votes", "mind_swap"])
def test_rules_match_themselves(game: str) -> None:
    rules = REGISTRY[game].rules
    tries: Counter = Counter()
    steps = tool.play(game, rules, rules, REGISTRY[game].min_seats, 3, {}, 2, tries)
    assert steps > 10 and tries["ok"] > 0
    assert {"err action/bad_shape", "err action/unknown_type", "err action/not_your_turn"} <= set(tries)


def test_a_changed_refusal_is_caught() -> None:
    rules = REGISTRY["fate_votes"].rules

    def apply(state: dict, seat: int, action: dict):
        try:
            return rules.apply(state, seat, action)
        except RuleError as err:
            if err.code == "action/bad_shape":
                raise RuleError(err.code, err.message + "!", **err.params) from None
            raise

    with pytest.raises(AssertionError, match="differ on"):
        tool.play("fate_votes", rules, _like(rules, apply), 4, 3, {}, 2, Counter())


def test_a_changed_input_is_caught() -> None:
    rules = REGISTRY["fate_votes"].rules

    def apply(state: dict, seat: int, action: dict):
        out = rules.apply(state, seat, action)
        state["seed_note"] = 1  # a handler writing into the state it was given
        return out

    with pytest.raises(AssertionError, match="changed its input"):
        tool.play("fate_votes", rules, _like(rules, apply), 4, 3, {}, 2, Counter())


def test_the_whole_tree_digest_sees_a_changed_generator(monkeypatch: pytest.MonkeyPatch) -> None:
    """--whole-tree compares digests of the walk: the same tree gives the same digest, and a change
    outside the rules module (here the generator's step, in shared/rng.py) gives another."""
    import shared.rng

    first = tool.walk_digest("fate_votes", 1, 1, [{}])
    assert first == tool.walk_digest("fate_votes", 1, 1, [{}]) and first[1] > 10
    monkeypatch.setattr(shared.rng, "_GOLDEN", shared.rng._GOLDEN ^ 2)
    assert tool.walk_digest("fate_votes", 1, 1, [{}])[0] != first[0]
