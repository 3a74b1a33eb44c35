"""mind_swap's pure pieces: the magic table (all 36 rolls) and the runaway's three-way move."""
from __future__ import annotations

import itertools

from shared.games.mind_swap.rules import magic_outcome, runaway_move, runaway_target


def expected(d1: int, d2: int) -> str:
    if d1 in (1, 2) and d2 in (1, 2):
        return "sneeze"
    if 3 in (d1, d2):
        return "runaway"
    if d1 in (5, 6) and d2 in (5, 6):
        return "great"
    return "success"


def test_all_36_magic_outcomes() -> None:
    table = {(d1, d2): magic_outcome(d1, d2) for d1, d2 in itertools.product(range(1, 7), repeat=2)}
    assert len(table) == 36
    for (d1, d2), outcome in table.items():
        assert outcome == expected(d1, d2), (d1, d2)
    counts = {k: sum(1 for v in table.values() if v == k) for k in ("sneeze", "runaway", "great", "success")}
    # 4 sneezes, 11 rolls with a 3, 4 great (5/6 pairs), the rest success
    assert counts == {"sneeze": 4, "runaway": 11, "great": 4, "success": 17}


def test_spot_checks() -> None:
    assert magic_outcome(1, 2) == "sneeze"
    assert magic_outcome(2, 3) == "runaway"  # not both ≤2, a 3 is showing
    assert magic_outcome(3, 6) == "runaway"
    assert magic_outcome(5, 6) == "great"
    assert magic_outcome(4, 5) == "success"
    assert magic_outcome(1, 6) == "success"


def test_runaway_target_by_d10() -> None:
    for face in range(1, 6):
        assert runaway_target(12, 5, face) == (5, 12)
    for face in range(6, 11):
        assert runaway_target(12, 5, face) == (12, 5)


def test_three_way_move() -> None:
    # bodies 2,3 named; mind 7 drawn sits in body 9 (elsewhere on the map)
    before = {2: 4, 3: 5, 9: 7, 4: 2, 5: 3, 7: 9}
    after = runaway_move(before, 2, 3, 7, d10=1)  # lower (2) receives mind 7
    assert after[2] == 7  # drawn mind goes to the receiver
    assert after[3] == 4  # receiver's old mind goes to the other named
    assert after[9] == 5  # the other's old mind goes where the drawn mind was
    assert {b: m for b, m in after.items() if b not in (2, 3, 9)} == {4: 2, 5: 3, 7: 9}
    assert sorted(after.values()) == sorted(before.values())
    assert before == {2: 4, 3: 5, 9: 7, 4: 2, 5: 3, 7: 9}  # input untouched


def test_three_way_move_higher_receiver() -> None:
    before = {2: 4, 3: 5, 9: 7, 4: 2, 5: 3, 7: 9}
    after = runaway_move(before, 3, 2, 7, d10=10)  # higher (3) receives
    assert (after[3], after[2], after[9]) == (7, 5, 4)


def test_drawn_mind_already_in_a_named_body_is_a_plain_swap() -> None:
    before = {2: 4, 3: 5, 4: 2, 5: 3}
    for drawn in (4, 5):
        for face in (1, 7):
            after = runaway_move(before, 2, 3, drawn, face)
            assert after == {2: 5, 3: 4, 4: 2, 5: 3}, (drawn, face)


def test_no_marker_spell_fails() -> None:
    before = {2: 3, 3: 2}
    assert runaway_move(before, 2, 3, None, 4) == before


def test_drawn_mind_nowhere_changes_nothing() -> None:
    before = {2: 3, 3: 2}
    assert runaway_move(before, 2, 3, 17, 4) == before


def test_runaway_can_restore_three_at_once() -> None:
    # a 3-cycle: bodies 2,3,4 hold minds 3,4,2 — naming 2 and 3, drawing mind 2 (in body 4)
    before = {2: 3, 3: 4, 4: 2}
    after = runaway_move(before, 2, 3, 2, d10=2)  # body 2 receives mind 2
    assert after == {2: 2, 3: 3, 4: 4}
