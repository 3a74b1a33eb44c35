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
    assert memo.get(states[0]) is None  # the oldest forgotten
    assert memo.get(states[1]) == 1  # (not the whole memo: no state-freeing stall of its size at once)


def test_recent_forgets_the_oldest_entry_as_it_keeps_a_new_one() -> None:
    from shared.memo import Recent

    memo: dict = {}
    recent = Recent(memo, 3)
    for key in range(5):
        recent.keep(key, str(key))
    assert memo == {2: "2", 3: "3", 4: "4"}  # the last three kept
    recent.keep(4, "again")  # kept twice: forgotten with its older keeping (a miss, never a wrong value)
    recent.keep(5, "5")
    recent.keep(6, "6")
    assert memo == {5: "5", 6: "6"}
    assert memo.get(4) is None
    for key in range(7, 100):
        recent.keep(key, key)
        assert len(memo) <= 3
    assert memo == {97: 97, 98: 98, 99: 99}


def test_recent_is_emptied_if_entries_escaped_its_ring() -> None:
    from shared.memo import Recent

    memo: dict = {}
    recent = Recent(memo, 2)
    for key in range(10):
        memo[key] = key  # entries put outside the ring (as a race between threads could leave them)
    recent.keep(10, 10)
    recent.keep(11, 11)  # a turn of the ring: more than twice the size held, so emptied, then 11 kept
    assert memo == {11: 11}
