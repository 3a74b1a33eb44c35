"""Seeded randomness that lives inside the game state.

The generator is SplitMix64: its whole state is one unsigned 64-bit int, so it is
stored in the game state as plain data (``state["rng"]``), never sent to clients,
and the same seed plus the same actions always replays the same game on any
platform. Usage inside a rules module::

    rng = Rng(state["rng"])
    face = rng.randint(1, 6)
    state["rng"] = rng.state

SplitMix64 is counter-based: the n-th draw after state ``s`` is ``mix((s + n·γ) mod 2^64)``, a pure
function of ``s`` and ``n``. So draws can be computed ahead, many at once: :func:`draws_ahead` works
out ``k`` of them with a dozen operations on one big int holding ``k`` lanes 128 bits apart (instead
of a dozen per draw). An ``Rng`` keeps such draws in a private buffer (``Rng(state, ahead=k)``: about
``k`` draws are expected, worked out in batches of up to MAX_BATCH, then — beyond the estimate — in small
batches growing from AFTER_ESTIMATE; shuffles and dice fetch what they know they need); its ``state`` is
always what drawing one at a time would have left, so the numbers never change. (A batch costs about as
much as 8 draws plus 1 per draw, a draw one at a time about 4.5: a batch's unused draws are a loss.)
"""
from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
LANE_BITS = 128  # a lane of a batch: a 64-bit value and room for its 64×64-bit product
MAX_BATCH = 64  # the most draws worked out in one batch (larger requests take several)
AFTER_ESTIMATE = 8  # the first batch once the draws an Rng was told to expect are used up (then 16, 32…)
_MIN_BATCH = 3  # fewer draws than this are cheaper one at a time


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state (well mixed, 64-bit)."""
    z = (int(seed) * _GOLDEN + 0x632BE59BD9B4E019) & MASK64
    z = ((z ^ (z >> 30)) * _MIX1) & MASK64
    return z ^ (z >> 31)


def _limit(n: int) -> int:
    """The largest 64-bit draw that keeps ``draw % n`` unbiased (remembered for small ``n``)."""
    limit = MASK64 - (MASK64 + 1) % n
    if n <= 4096:
        _LIMITS[n] = limit
    return limit


_LIMITS: dict[int, int] = {}


def _batch_constants(k: int) -> tuple[int, int, int, int]:
    """(ones, steps, mask, bytes) for ``k`` lanes: lane i (bits 128·i…) holds draw k − i."""
    ones = steps = mask = 0
    for i in range(k):
        ones |= 1 << (LANE_BITS * i)
        steps |= ((k - i) * _GOLDEN & MASK64) << (LANE_BITS * i)
        mask |= MASK64 << (LANE_BITS * i)
    _BATCH[k] = out = (ones, steps, mask, k * LANE_BITS // 8)
    return out


_BATCH: dict[int, tuple[int, int, int, int]] = {}  # bounded: one entry per k ≤ MAX_BATCH


def draws_ahead(state: int, k: int) -> list[int]:
    """The next ``k`` draws (1 ≤ k ≤ MAX_BATCH) of a generator in ``state``, LAST FIRST (so that
    ``list.pop()`` takes them in order), computed in all lanes of one big int at once. The masks
    after every xor-shift keep each lane's bits from reaching the next lane's product."""
    ones, steps, mask, nbytes = _BATCH.get(k) or _batch_constants(k)
    z = (state * ones + steps) & mask  # lane by lane: (state + n·γ) mod 2^64
    z = (((z ^ (z >> 30)) & mask) * _MIX1) & mask
    z = (((z ^ (z >> 27)) & mask) * _MIX2) & mask
    z ^= z >> 31  # (the shifted-in bits of the next lane land above bit 64: not read)
    return memoryview(z.to_bytes(nbytes, "little")).cast("Q")[::2].tolist()


def dice_at(state: int, count: int, sides: int = 6) -> tuple[int, list[int]]:
    """``count`` dice of ``sides`` faces thrown by a generator in ``state``, drawing one at a time: the
    generator's next state and the dice (what ``Rng(state)`` leaves and ``.dice(count, sides)`` gives,
    without making the object: rules that keep the state as an int throw dice in many actions)."""
    limit = _LIMITS.get(sides)
    if limit is None:
        if sides <= 0:
            raise ValueError("sides must be positive")
        limit = _limit(sides)
    state = int(state) & MASK64
    out: list[int] = []
    while len(out) < count:  # next64, written out
        state = z = (state + _GOLDEN) & MASK64
        z = ((z ^ (z >> 30)) * _MIX1) & MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & MASK64
        x = z ^ (z >> 31)
        if x <= limit:
            out.append(1 + x % sides)
    return state, out


def shuffle_at(state: int, seq: MutableSequence[T]) -> int:
    """Fisher–Yates of ``seq`` in place by a generator in ``state``, drawing one at a time: the
    generator's next state (what ``Rng(state)`` leaves after ``.shuffle(seq)``, which shuffles alike,
    without the object and the batch: rules shuffle short lists in an action). Every step of
    :func:`shuffle_tail_at`."""
    return shuffle_tail_at(state, seq, len(seq))


def shuffle_tail_at(state: int, seq: MutableSequence[T], k: int) -> int:
    """The last ``k`` steps of :func:`shuffle_at` only: ``seq[-k:]`` become ``k`` draws without repeats from
    the whole list (the rest stays in some order). It draws ``k`` numbers whatever the list's length, so a
    longer list changes what is drawn, not how far the generator goes."""
    state = int(state) & MASK64
    limits = _LIMITS
    n = len(seq)
    for i in range(n - 1, max(0, n - 1 - k), -1):
        m = i + 1
        limit = limits.get(m) or _limit(m)
        while True:  # next64 until a draw is not rejected (below, written out)
            state = z = (state + _GOLDEN) & MASK64
            z = ((z ^ (z >> 30)) * _MIX1) & MASK64
            z = ((z ^ (z >> 27)) * _MIX2) & MASK64
            x = z ^ (z >> 31)
            if x <= limit:
                break
        j = x % m
        seq[i], seq[j] = seq[j], seq[i]
    return state


class Rng:
    """SplitMix64 with unbiased integer helpers. ``state`` is the plain-int state (what is stored in a
    game state): the state after the draws taken so far, whatever is buffered ahead."""

    __slots__ = ("_ahead", "_at", "_grow")

    def __init__(self, state: int, ahead: int = 0) -> None:
        """``ahead`` > 0: work draws out in batches, about ``ahead`` draws being expected (many actions in
        a row: a replay); 0: one at a time."""
        self._at = int(state) & MASK64  # the state after the last buffered draw
        self._ahead: list[int] | tuple[()] = ()  # buffered draws, the next one last
        self._grow = ahead  # > 0: the draws still expected; < 0: minus the next batch's size; 0: no batches

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed_state(seed))

    @property
    def state(self) -> int:
        return (self._at - len(self._ahead) * _GOLDEN) & MASK64

    @state.setter
    def state(self, value: int) -> None:
        self._at = int(value) & MASK64
        self._ahead = ()

    def _fetch(self, k: int) -> None:
        """Buffer ``k`` more draws (after the ones already buffered)."""
        at, ahead = self._at, self._ahead
        while k > 0:
            n = min(k, MAX_BATCH)
            new = draws_ahead(at, n)
            new.extend(ahead)  # (the later draws go first: the next draw is last)
            ahead = new
            at = (at + n * _GOLDEN) & MASK64
            k -= n
        self._at, self._ahead = at, ahead

    def _reserve(self, k: int) -> None:
        """Make sure at least ``k`` draws are buffered when that is cheaper than drawing one by one."""
        need = k - len(self._ahead)
        if need >= _MIN_BATCH:
            self._fetch(need)

    def _refill(self) -> int:
        """The next draw, the buffer being empty in batch mode: fill it (the draws still expected, up to
        MAX_BATCH; beyond the estimate AFTER_ESTIMATE, then twice as many each time)."""
        grow = self._grow
        if grow > 0:
            k = min(grow, MAX_BATCH)
            self._grow = grow - k or -AFTER_ESTIMATE
        else:
            k = -grow
            self._grow = -min(2 * k, MAX_BATCH)
        self._ahead = ahead = draws_ahead(self._at, k)
        self._at = (self._at + k * _GOLDEN) & MASK64
        return ahead.pop()

    def next64(self) -> int:
        if self._ahead:
            return self._ahead.pop()
        if self._grow:
            return self._refill()
        self._at = z = (self._at + _GOLDEN) & MASK64
        z = ((z ^ (z >> 30)) * _MIX1) & MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform int in ``[0, n)`` (rejection sampling, no modulo bias)."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("n must be positive")
            limit = _limit(n)
        ahead = self._ahead
        while True:  # next64, written out (dice and shuffles call this in every action)
            if ahead:
                x = ahead.pop()
            elif self._grow:
                x = self._refill()
                ahead = self._ahead
            else:
                self._at = z = (self._at + _GOLDEN) & MASK64
                z = ((z ^ (z >> 30)) * _MIX1) & MASK64
                z = ((z ^ (z >> 27)) * _MIX2) & MASK64
                x = z ^ (z >> 31)
            if x <= limit:
                return x % n

    def below2(self, n: int) -> tuple[int, int]:
        """``(below(n), below(n))`` in one call (a pair of dice): the two buffered draws read at once
        when there are two and neither is rejected, else two calls of ``below``."""
        ahead = self._ahead
        limit = _LIMITS.get(n)
        if limit is not None and len(ahead) > 1 and ahead[-1] <= limit and ahead[-2] <= limit:
            return ahead.pop() % n, ahead.pop() % n
        return self.below(n), self.below(n)

    def randint(self, lo: int, hi: int) -> int:
        """Uniform int in ``[lo, hi]`` inclusive, like a die."""
        return lo + self.below(hi - lo + 1)

    def dice(self, count: int, sides: int = 6) -> list[int]:
        """``count`` dice of ``sides`` faces: the draws of ``randint(1, sides)`` ``count`` times, in one loop
        (rules throw dice in many actions)."""
        if self._ahead or self._grow:  # drawing ahead: the draws come through below
            if sides <= 0:
                raise ValueError("sides must be positive")
            below = self.below
            return [1 + below(sides) for _ in range(count)]
        self._at, out = dice_at(self._at, count, sides)
        return out

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates in place: ``j = below(i + 1)`` for i from the end, the draws fetched together
        and read here (a rejected draw, about never, goes on through ``below``)."""
        n = len(seq)
        self._reserve(n - 1)
        ahead = self._ahead
        limits = _LIMITS
        for i in range(n - 1, 0, -1):
            m = i + 1
            x = ahead.pop() if ahead else self.next64()
            if x <= (limits.get(m) or _limit(m)):
                j = x % m
            else:
                j = self.below(m)
            seq[i], seq[j] = seq[j], seq[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]
