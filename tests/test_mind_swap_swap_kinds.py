"""The mind_swap bots' one reading of a swap (Board.swap_kind) and the two scales on it: the sensible bot's
swap_value (×10 ints) and the strong bot's points. Cycles of 2, 4 and 6 students give every kind."""
from __future__ import annotations

import pytest

from shared.games.mind_swap.board import Board
from shared.games.mind_swap.strong import SETUP, Plan


def _cycle(bodies: list[int]) -> list[dict]:
    """Pairs where each body holds the next one's mind (the last holds the first's)."""
    return [{"body": b, "mind": bodies[(i + 1) % len(bodies)], "loc": "library"} for i, b in enumerate(bodies)]


VIEW = {"seat": 0, "players": 2, "chars": [5, 7], "negi": "library",
        "pieces": [{"loc": "library"}, {"loc": "garden"}],
        "pairs": _cycle([5, 9]) + _cycle([10, 11, 12, 13]) + _cycle([30, 31, 32, 33, 34, 35]) + _cycle([7, 8]),
        "waiting": []}

CASES = [  # (a, b), swap_kind, swap_value, points
    ((5, 9), ("restores", 1, 1, False), 40, 4.0),  # the bot's own character and one more back home
    ((10, 11), ("restores", 0, 1, False), 10, 1.0),
    ((10, 12), ("setup", 0, 0, False), 3, SETUP),  # splits the 4-cycle into two 2-cycles
    ((7, 8), ("restores", 0, 2, False), 20, 2.0),
    ((30, 33), ("splits", 0, 0, False), 1, 0.05),
    ((10, 30), ("joins", 0, 0, False), -5, -0.3),
    ((10, 99), ("unknown", 0, 0, False), -100, -1.0),
]


@pytest.mark.parametrize("pair, kind, value, points", CASES)
def test_each_kind_of_swap_and_its_worth_to_each_bot(pair: tuple[int, int], kind: tuple, value: int,
                                                    points: float) -> None:
    assert Board(VIEW).swap_kind(*pair) == kind
    assert Board(VIEW).swap_value(*pair) == value
    assert Plan(VIEW).points(*pair) == points


def test_a_setup_that_concerns_the_bots_character_is_worth_double() -> None:
    view = {**VIEW, "chars": [12, 7]}  # the bot plays student 12, in the 4-cycle
    assert Board(view).swap_kind(10, 12) == ("setup", 0, 0, True)
    assert Plan(view).points(10, 12) == SETUP * 2.0 and Board(view).swap_value(10, 12) == 3
