from __future__ import annotations

from collections import Counter

from shared.rng import Rng


def test_same_seed_same_sequence() -> None:
    a, b = Rng.from_seed(7), Rng.from_seed(7)
    assert [a.randint(1, 6) for _ in range(100)] == [b.randint(1, 6) for _ in range(100)]
    assert Rng.from_seed(8).next64() != Rng.from_seed(7).next64()


def test_dice_are_roughly_uniform() -> None:
    r = Rng.from_seed(1)
    counts = Counter(r.randint(1, 6) for _ in range(60000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9000 < c < 11000 for c in counts.values())


def test_state_is_plain_int_and_resumable() -> None:
    r = Rng.from_seed(3)
    r.next64()
    s = r.state
    assert isinstance(s, int) and 0 <= s < 2**64
    assert Rng(s).next64() == r.next64()


def test_shuffle_is_a_permutation() -> None:
    r = Rng.from_seed(5)
    xs = list(range(30))
    r.shuffle(xs)
    assert sorted(xs) == list(range(30)) and xs != list(range(30))


def test_dice_are_the_draws_of_randint_in_turn() -> None:
    """``Rng.dice`` is ``randint(1, sides)`` thrown ``count`` times: the same faces, the same state after."""
    for seed in range(200):
        for count, sides in ((2, 6), (3, 6), (1, 10), (5, 3), (0, 6)):
            one, each = Rng.from_seed(seed), Rng.from_seed(seed)
            assert one.dice(count, sides) == [each.randint(1, sides) for _ in range(count)]
            assert one.state == each.state
