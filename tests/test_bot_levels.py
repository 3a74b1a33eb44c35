"""Bot levels: registered for every game, named in every language, strong bots within their budget."""
from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path

import pytest

from shared.bots import LEVELS, Budget, install_clock, level_name
from shared.engine import REGISTRY, listed_games
from shared.games.fate_votes import policy, strong
from shared.games.fate_votes.winning import CARDS, decide_winners
from shared.rng import Rng

FV = REGISTRY["fate_votes"]


def test_every_game_has_every_level_named_in_every_language() -> None:
    for spec in listed_games():
        assert spec.bot_levels() == list(LEVELS), spec.id
        assert spec.default_bot_level() == "normal"
    names = {lang: [level_name(lv, lang) for lv in LEVELS] for lang in ("ja", "zh", "en")}
    assert names["en"] == ["Easy", "Normal", "Strong"]
    assert len(set(names["ja"])) == 3 and len(set(names["zh"])) == 3


def test_fast_winner_check_agrees_with_the_rules() -> None:
    rng = Rng(7)
    for _ in range(3000):
        n = 4 + rng.below(9)
        goals = [rng.below(7) for _ in range(n)]
        votes = [rng.below(4) for _ in range(n)]
        expected, _ = decide_winners({s: CARDS[g] for s, g in enumerate(goals)}, dict(enumerate(votes)))
        assert sorted(policy.winners(goals, votes)) == expected


def _play_to(seed: int, n: int, until) -> tuple[dict, int]:
    """Normal bots play until ``until(state)``; returns the state and a seat to decide for."""
    state = FV.setup(n, seed, {})
    rng = Rng.from_seed(seed)
    bot = FV.bots()["normal"]
    while not until(state):
        for seat in range(n):
            legal = FV.legal_actions(state, seat)
            if legal:
                state, _ = FV.apply(state, seat, bot(FV.view(state, seat), legal, rng))
                break
    seat = next(s for s in range(n) if FV.legal_actions(state, s))
    return state, seat


def test_record_samples_only_hands_the_public_record_allows() -> None:
    state, seat = _play_to(3, 6, lambda s: s["round"] == 3 and s["phase"] == "choose")
    view = FV.view(state, seat)
    record = strong.Record(view)
    fast = policy.FastRng(1)
    struck = {d["seat"]: d["cards"] for e in view["log"] if e["type"] == "strike_discards" for d in e["discards"]}
    for _ in range(50):
        hands = record.sample(fast)
        assert hands[seat] == []
        for s, cards in struck.items():
            if s != seat:
                assert not {policy.CARD_ID[c] for c in cards} & set(hands[s])
    for s in range(6):  # what the record rules out never includes a card the seat really holds
        if s != seat:
            assert not {policy.CARD_ID[c] for c in state["hands"][s]} & record.removed[s]


def test_strong_thinks_within_its_iteration_budget() -> None:
    for seed in range(4):
        state, seat = _play_to(seed, 5 + seed, lambda s, seed=seed: s["round"] == 1 + seed and s["phase"] in
                               ("vote_target", "choose", "strike_target"))
        view = FV.view(state, seat)
        action, info = strong.decide(view, FV.legal_actions(state, seat), Rng(seed))
        assert action in FV.legal_actions(state, seat)
        assert 0 < info["spent"] <= strong.ITERATIONS


def test_a_runner_clock_stops_the_search_early() -> None:
    ticks = itertools.count()
    install_clock(lambda: float(next(ticks)))  # every look at the clock: one more second
    try:
        budget = Budget(1000, cap_s=2.5)
        assert sum(budget.take() for _ in range(50)) < 5 and budget.left == 0
        state, seat = _play_to(1, 6, lambda s: s["phase"] == "vote_target")
        _, info = strong.decide(FV.view(state, seat), FV.legal_actions(state, seat), Rng(1))
        assert info["spent"] <= 3 < strong.EARLY_ITERATIONS
    finally:
        install_clock(None)


def test_strong_goes_for_the_card_that_wins() -> None:
    """Round 5 with one card: a Satoko holder with one vote (others lead) strikes herself down to zero."""
    state, seat = _play_to(11, 6, lambda s: s["phase"] == "final")
    view = FV.view(state, seat)
    view["hand"] = ["satoko"]
    view["votes"] = [3, 2, 4, 3, 2, 3]
    view["votes"][seat] = 1
    action, _ = strong.decide(view, FV.legal_actions(state, seat), Rng(2))
    assert action == {"type": "choose", "choice": "strike", "seat": seat}


def test_mind_swap_strong_takes_the_restoration_and_the_great_swap() -> None:
    from shared.games.mind_swap.strong import Plan, strong_bot
    view = {"seat": 0, "players": 2, "chars": [5, 7], "phase": "great", "magic_left": 0, "played": True,
            "negi": "library", "pieces": [{"loc": "library"}, {"loc": "garden"}],
            "pairs": [{"body": 5, "mind": 9, "loc": "library"}, {"body": 9, "mind": 5, "loc": "library"},
                      {"body": 3, "mind": 4, "loc": "library"}, {"body": 4, "mind": 6, "loc": "library"},
                      {"body": 6, "mind": 3, "loc": "library"}],
            "waiting": []}
    legal = [{"type": "great_swap", "a": a, "b": b} for a, b in itertools.combinations([3, 4, 5, 6, 9], 2)]
    legal.append({"type": "great_skip"})
    assert strong_bot(view, legal, Rng(1)) == {"type": "great_swap", "a": 5, "b": 9}  # own character: 3+1 points
    plan = Plan(view)
    assert plan.points(5, 9) == 4.0 and plan.points(3, 4) > 0 > plan.points(5, 3)


def _bench():
    path = Path(__file__).resolve().parent.parent / "bench" / "bots.py"
    spec = importlib.util.spec_from_file_location("bench_bots", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("game,players", [("fate_votes", 4), ("mind_swap", 3), ("school_mystery", 3)])
def test_bench_rotates_seats_and_reports(game: str, players: int) -> None:
    out = _bench().run(game, players, 3, ["easy", "normal"], 5, clock="cpu")
    assert out["games"] == 3 and set(out["per_level"]) == {"easy", "normal"} and out["clock"] == "cpu"
    assert len(out["per_seat"]) == players and out["mean_length"] > 0
    assert abs(sum(out["outcomes"].values()) - 1.0) < 1e-6
    assert out["think_ms"]["p99"] is not None


def _keeping_rika(view: dict, legal: list, rng: Rng) -> dict:
    """A normal bot that never drops Rika (a table where everyone might still hold her)."""
    if legal[0]["type"] == "discard":
        keep = [a for a in legal if "rika" not in a["cards"]]
        return keep[rng.below(len(keep))]
    return FV.bots()["normal"](view, legal, rng)


def _rika_kept_at_round_4(seeds: range) -> int:
    """How often strong keeps Rika at the round-4 discard of a table where nobody ever dropped her."""
    kept = 0
    for seed in seeds:
        n = 4 + seed % 3
        state, rng = FV.setup(n, seed, {}), Rng.from_seed(seed)
        while not (state["round"] == 4 and state["phase"] == "vote_discard"):
            seat = next(s for s in range(n) if FV.legal_actions(state, s))
            state, _ = FV.apply(state, seat, _keeping_rika(FV.view(state, seat), FV.legal_actions(state, seat), rng))
        seat = next(s for s in range(n) if FV.legal_actions(state, s))
        action, _ = strong.decide(FV.view(state, seat), FV.legal_actions(state, seat), Rng(seed))
        kept += "rika" not in action["cards"]
    return kept


def test_strong_goes_for_the_happy_world_when_everyone_may_hold_rika(monkeypatch) -> None:
    """Nobody has dropped Rika in three rounds: keeping her is a real way to win (everyone wins)."""
    kept = _rika_kept_at_round_4(range(8))
    assert kept >= 7
    n_sq = 36.0  # valued like any win shared by six (1/k²), the happy world is not worth going for
    monkeypatch.setattr(strong, "HAPPY", 1.0 / n_sq)
    assert _rika_kept_at_round_4(range(8)) < kept


def test_a_search_cut_short_plays_the_plain_policy() -> None:
    """A clock that stops the search after a simulation: the answer is the plain policy's arm."""
    ticks = itertools.count()
    install_clock(lambda: float(next(ticks)) * 0.02)  # every look at the clock: 20 ms more
    try:
        for seed in range(6):
            state, seat = _play_to(seed, 6, lambda s, seed=seed: s["round"] == 2 + seed % 3 and s["phase"] == "vote_target")
            view, legal = FV.view(state, seat), FV.legal_actions(state, seat)
            action, info = strong.decide(view, legal, Rng(seed))
            assert info["spent"] <= 3
            assert action == info["actions"][info["default"]]
    finally:
        install_clock(None)
