"""Seeded randomness that lives inside the game state.

The generator is SplitMix64: its whole state is one unsigned 64-bit int, so it is
stored in the game state as plain data (``state["rng"]``), never sent to clients,
and the same seed plus the same actions always replays the same game on any
platform. Usage inside a rules module::

    rng = Rng(state["rng"])
    face = rng.randint(1, 6)
    state["rng"] = rng.state
"""
from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state (well mixed, 64-bit)."""
    z = (int(seed) * _GOLDEN + 0x632BE59BD9B4E019) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    return z ^ (z >> 31)


def _limit(n: int) -> int:
    """The largest 64-bit draw that keeps ``draw % n`` unbiased (remembered for small ``n``)."""
    limit = MASK64 - (MASK64 + 1) % n
    if n <= 4096:
        _LIMITS[n] = limit
    return limit


_LIMITS: dict[int, int] = {}


class Rng:
    """SplitMix64 with unbiased integer helpers. ``state`` is the plain-int state."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = int(state) & MASK64

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed_state(seed))

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform int in ``[0, n)`` (rejection sampling, no modulo bias)."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("n must be positive")
            limit = _limit(n)
        while True:  # next64, written out (dice and shuffles call this in every action)
            self.state = z = (self.state + _GOLDEN) & MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            x = z ^ (z >> 31)
            if x <= limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform int in ``[lo, hi]`` inclusive, like a die."""
        return lo + self.below(hi - lo + 1)

    def dice(self, count: int, sides: int = 6) -> list[int]:
        """``count`` dice of ``sides`` faces: the draws of ``randint(1, sides)`` ``count`` times, in one loop
        (rules throw dice in many actions)."""
        limit = _LIMITS.get(sides)
        if limit is None:
            if sides <= 0:
                raise ValueError("sides must be positive")
            limit = _limit(sides)
        state, out = self.state, []
        while len(out) < count:
            state = z = (state + _GOLDEN) & MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            x = z ^ (z >> 31)
            if x <= limit:
                out.append(1 + x % sides)
        self.state = state
        return out

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        below = self.below
        for i in range(len(seq) - 1, 0, -1):
            j = below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]
