from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import shared.rng as rng_module
from shared.rng import MAX_BATCH, Rng, dice_at, draws_ahead, shuffle_at


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


def test_dice_at_is_what_an_rng_throws() -> None:
    """``dice_at`` (no object: what rules that keep the state as an int call) throws the faces of
    ``randint(1, sides)`` in turn and returns the state an ``Rng`` would have; a rejected draw (sides
    that do not divide 2^64, a limit lowered to reject often) is redrawn the same way."""
    for seed in range(200):
        for count, sides in ((2, 6), (3, 6), (1, 10), (5, 3), (0, 6), (4, 7)):
            each = Rng.from_seed(seed)
            faces = [each.randint(1, sides) for _ in range(count)]
            assert dice_at(Rng.from_seed(seed).state, count, sides) == (each.state, faces)
    try:
        rng_module._LIMITS[6] = MASK64 // 3  # about two thirds of the draws rejected
        for seed in range(50):
            each = Rng.from_seed(seed)
            faces = [each.randint(1, 6) for _ in range(3)]
            assert dice_at(Rng.from_seed(seed).state, 3) == (each.state, faces)
    finally:
        rng_module._LIMITS.pop(6, None)


def test_shuffle_at_is_what_an_rng_shuffles() -> None:
    """``shuffle_at`` (one draw at a time, no object) makes ``Rng.shuffle``'s permutation (which draws
    ahead in a batch) and leaves its state, for every length; rejected draws too."""
    for seed in range(100):
        for n in range(12):
            mine, ref = list(range(n)), list(range(n))
            rng = Rng.from_seed(seed)
            rng.shuffle(ref)
            assert shuffle_at(Rng.from_seed(seed).state, mine) == rng.state and mine == ref
    try:
        rng_module._LIMITS[5] = MASK64 // 3  # about two thirds of the draws for j = below(5) rejected
        for seed in range(50):
            mine, ref = list(range(7)), list(range(7))
            rng = Rng.from_seed(seed)
            rng.shuffle(ref)
            assert shuffle_at(Rng.from_seed(seed).state, mine) == rng.state and mine == ref
    finally:
        rng_module._LIMITS.pop(5, None)


# --- draws worked out ahead in batches: exactly the numbers of one-at-a-time SplitMix64 ----------------
MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def _splitmix(state: int, n: int) -> tuple[list[int], int]:
    """The reference: SplitMix64 written out plainly, ``n`` draws and the state after them."""
    out = []
    for _ in range(n):
        state = (state + GAMMA) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        out.append(z ^ (z >> 31))
    return out, state


# states next to the 2^64 wrap (the lanes' additions wrap at different n), with every high bit
# pattern the xor-shifts carry between lanes, and ordinary ones
EDGE_STATES = [0, 1, MASK64, MASK64 - GAMMA + 1, MASK64 - 5 * GAMMA % (1 << 64), (1 << 63), (1 << 63) - 1,
               (-GAMMA) & MASK64, (-3 * GAMMA) & MASK64, 0xFFFFFFFF00000000, 0x00000000FFFFFFFF,
               0xAAAAAAAAAAAAAAAA, 0x5555555555555555, 12345]


def test_draws_ahead_equal_the_plain_formula() -> None:
    states = EDGE_STATES + [Rng.from_seed(seed).state for seed in range(60)]
    for state in states:
        for k in (*range(1, 17), 31, 32, 33, 63, MAX_BATCH):
            want, _ = _splitmix(state, k)
            assert draws_ahead(state, k) == want[::-1], (state, k)  # last first


def test_plain_rng_is_the_reference() -> None:
    for state in EDGE_STATES:
        r = Rng(state)
        want, after = _splitmix(state, 70)
        assert [r.next64() for _ in range(70)] == want and r.state == after


def _ops(r: Rng, script: list[tuple[str, int]]) -> list:
    """Run a script of calls on ``r``: what each returned and the visible state after each."""
    out: list = []
    for op, n in script:
        if op == "below":
            out.append(r.below(n))
        elif op == "randint":
            out.append(r.randint(-n, n))
        elif op == "choice":
            out.append(r.choice(list(range(n))))
        elif op == "shuffle":
            xs = list(range(n))
            r.shuffle(xs)
            out.append(xs)
        elif op == "sample":
            out.append(r.sample(range(n + 1), n // 2))
        elif op == "dice":
            out.append(r.dice(n % 7, 6))
        elif op == "below2":
            out.append(r.below2(n))
        elif op == "next64":
            out.append(r.next64())
        out.append(r.state)
    return out


OP = st.tuples(st.sampled_from(["below", "below2", "randint", "choice", "shuffle", "sample", "dice", "next64"]),
               st.integers(1, 150))


@settings(max_examples=150, deadline=None)
@given(state=st.one_of(st.sampled_from(EDGE_STATES), st.integers(0, MASK64)),
       ahead=st.sampled_from([0, 1, 2, 8, 64, 200]), script=st.lists(OP, max_size=40))
def test_batched_generator_draws_what_one_at_a_time_draws(state: int, ahead: int, script: list) -> None:
    """Any mix of calls gives the same results and the same visible ``state`` after each call whether
    draws are made one by one or worked out ahead (a replay's ``ahead``, shuffles' and dice's fetches)."""
    assert _ops(Rng(state, ahead=ahead), script) == _ops(_ReferenceRng(state), script)


class _ReferenceRng(Rng):
    """The generator as it was: every draw one at a time from the plain formula (no buffer at all)."""

    def next64(self) -> int:
        (x,), self._at = _splitmix(self._at, 1)
        return x

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("n must be positive")
        limit = rng_module._LIMITS.get(n, MASK64 - (MASK64 + 1) % n)  # (a test may lower the limits)
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.randint(1, sides) for _ in range(count)]

    def below2(self, n: int) -> tuple[int, int]:
        return self.below(n), self.below(n)

    def shuffle(self, seq) -> None:  # type: ignore[no-untyped-def]
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]


def test_rejected_draws_are_redrawn_in_batches_too(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Rejection sampling: a draw above n's limit is skipped, also when it comes from the buffer: n near
    2^64 rejects about half the draws; for small n (never rejected in practice) the limits are lowered
    so that ``shuffle``'s inline path and ``dice`` reject half their draws too."""
    n = (1 << 63) + 12345
    for state in EDGE_STATES[:8]:
        fast, slow = Rng(state, ahead=8), _ReferenceRng(state)
        assert [fast.below(n) for _ in range(40)] == [slow.below(n) for _ in range(40)]
        assert fast.state == slow.state
    monkeypatch.setattr(rng_module, "_LIMITS", {m: 1 << 63 for m in range(1, 200)})
    script = [("shuffle", 40), ("dice", 5), ("below", 6), ("below2", 6), ("shuffle", 3), ("choice", 30)] * 3
    for state in EDGE_STATES:
        for ahead in (0, 8):
            assert _ops(Rng(state, ahead=ahead), script) == _ops(_ReferenceRng(state), script)


def test_setting_the_state_drops_what_was_drawn_ahead() -> None:
    r = Rng(99, ahead=16)
    r.next64()
    assert r._ahead  # (drawn ahead)
    r.state = 7
    assert [r.next64() for _ in range(3)] == _splitmix(7, 3)[0] and r.state == _splitmix(7, 3)[1]
