"""mind_swap's shortcuts give what the listing they stand for gives (random games, every option set)."""
from __future__ import annotations

import random

import pytest

from shared.games.mind_swap import rules
from tests.mind_swap_helpers import SPEC

OPTION_SETS = [{}, {"shuffle": "quick"}, {"entry": "all_at_start"}, {"students": "all30", "shuffle": "quick"}]


def positions(seed: int, options: dict, players: int = 4, steps: int = 400) -> list[dict]:
    """The states of one game of random legal actions."""
    rnd = random.Random(seed)
    state = SPEC.setup(players, seed, options)
    out = [state]
    while not state["over"] and len(out) < steps:
        seat = state["turn"]
        state, _ = rules.apply(state, seat, rnd.choice(rules.legal_actions(state, seat)))
        out.append(state)
    return out


@pytest.mark.parametrize("options", OPTION_SETS)
def test_shortcuts_match_the_lists(options: dict) -> None:
    seen_great = 0
    for seed in range(6):
        for state in positions(seed, options):
            s = rules._fields(state)
            for seat in range(s.players):
                targets = rules._event_targets(s, seat)
                for t in range(rules.N + 2):  # the event's check of a named student
                    assert (rules._is_no(t) and rules._with_piece(s, seat, t)) == (t in targets)
                rules._HOST[:] = [0] * rules.N  # a wrong hint: the search finds the body
                want = s.mind.index(s.chars[seat]) if s.mind[s.chars[seat]] else None
                assert rules._own_body(s, seat) == want
                assert rules._own_body(s, seat) == want  # (the hint now right)
            if s.pending is not None:
                seen_great += 1
                cands = rules._great_cands(s)
                assert [b for b in range(2, rules.N) if rules._is_great_cand(s, b)] == cands
    assert seen_great  # (the great-success check was exercised)


@pytest.mark.parametrize("options", OPTION_SETS[:2])
def test_great_success_count_matches_the_listing(options: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games with _two_great_cands replaced by the listing it stands for play out the same."""
    fast = [positions(seed, options) for seed in range(8)]
    monkeypatch.setattr(rules, "_two_great_cands", lambda s, at: len(rules._great_cands(s)) >= 2)
    slow = [positions(seed, options) for seed in range(8)]
    assert fast == slow
    assert any(s["pending"] is not None for game in fast for s in game)


def test_body_of_reads_any_value_and_a_wrong_hint() -> None:
    s = positions(3, {})[40]
    for m in [*range(-1, rules.N + 2), None, "x", 2.0, True]:
        want = s["mind"].index(m) if m in s["mind"] else None
        rules._HOST[:] = [0] * rules.N
        assert rules._body_of(rules._fields(s), m) == want
        assert rules._body_of(rules._fields(s), m) == want


def test_fields_name_every_key_of_the_state() -> None:
    """``_Fields``' annotations are the state's keys (the rules read them as attributes): a key added to
    the state, or one dropped, shows here."""
    for options in ({}, {"students": "all30", "entry": "all_at_start"}):
        state = SPEC.setup(4, 3, {**SPEC.option_defaults(), **options})
        assert set(rules._Fields.__annotations__) == set(state)
