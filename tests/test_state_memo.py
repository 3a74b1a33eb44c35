"""shared.memo.StateMemo: a value is found only for the very state object (and check) it was put for."""
from shared.memo import StateMemo


def test_found_for_the_same_object_and_check_only():
    memo: StateMemo[int] = StateMemo(size=2)
    state = {"cards": [1]}
    assert memo.put(state, 7, check=1) == 7
    assert memo.get(state, 1) == 7
    assert memo.get(state, 2) is None  # another check (seat to act, card count)
    assert memo.get({"cards": [1]}, 1) is None  # an equal but different state object


def test_bounded():
    memo: StateMemo[int] = StateMemo(size=2)
    states = [{"n": i} for i in range(3)]
    for i, s in enumerate(states):
        memo.put(s, i)
    assert memo.get(states[2]) == 2
    assert memo.get(states[0]) is None  # emptied when full


def test_drop_oldest_forgets_the_first_entry_and_tolerates_an_empty_memo() -> None:
    from shared.memo import drop_oldest

    memo = {3: "a", 1: "b", 2: "c"}
    drop_oldest(memo)
    assert memo == {1: "b", 2: "c"}
    empty: dict = {}
    drop_oldest(empty)  # another thread emptied it first: nothing to drop, no error
    assert empty == {}
