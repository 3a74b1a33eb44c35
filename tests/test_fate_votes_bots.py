"""fate_votes bots: they play whole games legally from their own view only."""
from __future__ import annotations

from collections import Counter

from shared.engine import REGISTRY
from shared.games.fate_votes.bots import BOTS, sensible_bot
from shared.rng import Rng

SPEC = REGISTRY["fate_votes"]


def play(names: list[str], seed: int) -> dict:
    n = len(names)
    state = SPEC.setup(n, seed, {})
    rng = Rng.from_seed(seed)
    bots = SPEC.bots()
    while not SPEC.is_over(state):
        for seat in range(n):
            legal = SPEC.legal_actions(state, seat)
            if legal:
                action = bots[names[seat]](SPEC.view(state, seat), legal, rng)
                assert action in legal
                state, _ = SPEC.apply(state, seat, action)
    return state


def test_bots_are_registered() -> None:
    assert set(SPEC.bots()) == set(BOTS) == {"random", "sensible", "easy", "normal", "strong"}


def test_mixed_bots_finish_games_at_every_size() -> None:
    conditions = Counter()
    for seed in range(27):
        n = 4 + seed % 9
        names = ["sensible" if (seat + seed) % 3 else "random" for seat in range(n)]
        state = play(names, seed)
        conditions[SPEC.result(state)["condition"]] += 1
    assert sum(conditions.values()) == 27


def test_sensible_bots_keep_their_goal_and_often_win() -> None:
    wins = 0
    for seed in range(30):
        state = play(["sensible"] * 6, seed)
        wins += bool(SPEC.result(state)["winners"])
    assert wins >= 10  # sensible play reaches some condition in a good share of games


def test_sensible_satoko_strikes_herself_away_from_votes() -> None:
    view = {"seat": 2, "players": 4, "votes": [0, 1, 1, 0], "hand": ["satoko", "shion"], "roles": [None] * 4,
            "round": 5, "phase": "final"}
    legal = ([{"type": "choose", "choice": "vote", "seat": t} for t in range(4) if t != 2]
             + [{"type": "choose", "choice": "strike", "seat": t} for t in range(4)])
    assert sensible_bot(view, legal, Rng(1)) == {"type": "choose", "choice": "strike", "seat": 2}
    discard = [{"type": "discard", "cards": ["satoko"]}, {"type": "discard", "cards": ["shion"]}]
    view0 = dict(view, votes=[0, 1, 0, 0], phase="vote_discard", round=4)
    assert sensible_bot(view0, discard, Rng(1)) == {"type": "discard", "cards": ["shion"]}
