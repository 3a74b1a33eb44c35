"""mind_swap bots: each sees only its seat's view and its legal actions.

Levels: ``easy`` (half random, half sensible), ``normal`` (sensible with variety), ``strong``
(plans in expected points, :mod:`shared.games.mind_swap.strong`).
``random``: any legal action. ``sensible``: brings Negi to its character (or goes to
where a swap would restore someone, taking Negi along), casts magic on swaps that
restore students (its own character first), uses extra magic and bath time when they
pay, and otherwise splits the big cycle of minds so that restorable pairs appear.
"""
from __future__ import annotations

from typing import Any

from shared.games.mind_swap.board import Board as _Board
from shared.games.mind_swap.board import phase_bot
from shared.games.mind_swap.strong import strong_bot
from shared.rng import Rng


def random_bot(view: dict, legal: list[dict], rng: Rng) -> dict:
    return rng.choice(legal)


@phase_bot
def sensible_bot(view: dict, legal: list[dict], by_type: dict[str, list[dict]], rng: Rng) -> dict:
    board = _Board(view)
    if view["phase"] == "great":
        best = max(by_type.get("great_swap", []), key=lambda a: board.swap_value(a["a"], a["b"]), default=None)
        if best is not None and board.swap_value(best["a"], best["b"]) > 0:
            return best
        return {"type": "great_skip"}
    magics = by_type.get("magic", [])
    if magics:
        best = max(magics, key=lambda a: board.swap_value(a["a"], a["b"]))
        value = board.swap_value(best["a"], best["b"])
        if value >= 10 or (value > 0 and view["played"]):
            return best
    plays = by_type.get("play", [])
    if plays:
        return _choose_play(board, view, plays, rng)
    return by_type.get("end_turn", legal)[0]


def _choose_play(board: _Board, view: dict, plays: list[dict], rng: Rng) -> dict:
    def score(a: dict) -> float:
        act = a["action"]
        negi_here = board.negi == board.here
        if act == "extra_magic":
            return 40 if negi_here and board.best_pair_at(board.here) >= 10 else 0
        if act == "bath":
            if not negi_here:
                return 0
            return 35 if board.best_pair_anywhere() >= 10 and board.best_pair_at(board.here) < 10 else 0
        if act == "move_negi":
            if a["to"] == board.here:
                return 20 + board.best_pair_at(board.here) / 10
            return 0
        if act == "move_self":
            to, take = a["to"], a["take"]
            extra: tuple[int, ...] = (board.own,) if board.own is not None else ()
            negi_after = to if take == "negi" else board.negi
            if isinstance(take, int):
                extra = extra + (take,)
            if negi_after != to:
                return 0
            gain = board.best_pair_at(to, extra)
            return 15 + gain if gain > 0 else 5
        if act == "event":
            return 1
        return 3  # relocate: shake things up
    relocations = [a for a in plays if a["action"] == "relocate"]
    others = [a for a in plays if a["action"] != "relocate"]
    if relocations:
        others.append(rng.choice(relocations))  # all relocations score alike: consider one at random
    return max(others, key=score)


def normal_bot(view: dict, legal: list[dict], rng: Rng) -> dict:
    """The sensible player with some variety: one move in eight is another reasonable one."""
    if len(legal) > 1 and rng.below(8) == 0:
        plays = [a for a in legal if a["type"] == "play" and a.get("action") != "relocate"]
        if plays:
            return rng.choice(plays)
    return sensible_bot(view, legal, rng)


def easy_bot(view: dict, legal: list[dict], rng: Rng) -> dict:
    """A beginner: half the time anything legal, otherwise the sensible move."""
    if rng.below(2) == 0:
        return random_bot(view, legal, rng)
    return sensible_bot(view, legal, rng)


BOTS: dict[str, Any] = {"easy": easy_bot, "normal": normal_bot, "strong": strong_bot, "random": random_bot,
                        "sensible": sensible_bot}
