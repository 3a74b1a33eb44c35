"""How a game registers (shared.spec.game_spec, choice_option): its id, rules, bots and content loader follow from
its package by the one layout, and an option's allowed values are exactly its labelled choices."""
from __future__ import annotations

import importlib

import pytest

from shared.engine import REGISTRY
from shared.errors import RuleError
from shared.spec import choice_option, game_spec


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_every_game_follows_the_package_layout(game_id: str) -> None:
    spec = REGISTRY[game_id]
    assert spec.rules is importlib.import_module(f"shared.games.{game_id}.rules")
    assert spec.bots_module == f"shared.games.{game_id}.bots" and spec.bots()
    if spec.content_source is not None:  # the benchmark game has none
        # school_mystery's adds this process's user content packs to the built-in content (assets/loaders/packs.py)
        expected = "assets.loaders.packs:load_with_user_packs" if game_id == "school_mystery" else None
        assert spec.content_source == (expected or f"assets.loaders.{game_id}:load")
        module, _, function = spec.content_source.partition(":")
        assert callable(getattr(importlib.import_module(module), function))


def test_game_spec_reads_the_package_name() -> None:
    spec = game_spec("shared.games.bench_vote", {"en": "B"}, (3, 5), content=False, listed=False)
    assert (spec.id, spec.min_seats, spec.max_seats, spec.listed, spec.ends) == ("bench_vote", 3, 5, False, True)
    assert spec.content_source is None and spec.rules.__name__ == "shared.games.bench_vote.rules"
    assert game_spec("shared.games.mind_swap", {}, (2, 6)).content_source == "assets.loaders.mind_swap:load"


def test_a_choice_option_allows_exactly_its_labelled_choices() -> None:
    option = choice_option("pace", "slow", {"en": "Pace"}, {"slow": {"en": "Slow"}, "fast": {"en": "Fast"}})
    assert option.choices == ("slow", "fast") and option.labels == {"en": "Pace"}
    assert option.check("fast") == "fast"
    with pytest.raises(RuleError) as err:
        option.check("medium")
    assert err.value.code == "setup/bad_option"
