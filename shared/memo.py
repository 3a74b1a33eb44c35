"""What a rules module derives from a state, remembered per state object.

States are values (``shared/spec.py``): a state object never changes after it is made, so what is derived
from it (the public part of its views, a compact legal list, its written-text size) can be kept while the
object lives. The memo holds the state itself, so its ``id`` cannot be reused while the entry exists; a
``check`` value (the seat to act, a card count) must also match. Bounded: the oldest entry is forgotten as a
new one comes (:class:`Recent`).
"""
from __future__ import annotations

from typing import Any, Generic, TypeVar

V = TypeVar("V")


class StateMemo(Generic[V]):
    """``get(state, check)`` → the value ``put`` for this very state object and ``check``, else None."""

    def __init__(self, size: int = 256) -> None:
        self._entries: dict[int, tuple[Any, Any, V]] = {}
        self._recent = Recent(self._entries, size)

    def get(self, state: Any, check: Any = None) -> V | None:
        hit = self._entries.get(id(state))
        if hit is not None and hit[0] is state and hit[1] == check:
            return hit[2]
        return None

    def put(self, state: Any, value: V, check: Any = None) -> V:
        self._recent.keep(id(state), (state, check, value))
        return value


class Recent:
    """Keeps a bounded memo dict: ``keep`` puts an entry and forgets the oldest one, in constant time.

    Forgetting by ``del memo[next(iter(memo))]`` looks cheap but is not: a dict leaves a hole where an
    entry was deleted, and iterating skips the holes from the start, so with entries always added at the
    end and deleted at the front it walks hundreds of holes per call until the dict is next rebuilt. Here
    a ring of the last ``size`` keys says which entry to forget. The memo stays a plain dict (read, and
    an entry replaced, as any dict). A key kept twice is forgotten with its older keeping (a memo miss,
    never a wrong value). Servers in other threads of the same process may keep entries at the same
    moment: a race can at worst leave an entry outside the ring, and the memo is emptied if it ever holds
    twice its size.
    """

    __slots__ = ("_at", "_memo", "_ring")

    def __init__(self, memo: dict[Any, Any], size: int) -> None:
        self._memo = memo
        self._ring: list[Any] = [None] * size  # the keys kept last, the slot to reuse next at _at
        self._at = 0

    def keep(self, key: Any, value: Any) -> None:
        """``memo[key] = value``, forgetting the entry kept ``size`` keepings ago."""
        memo, ring, at = self._memo, self._ring, self._at
        memo.pop(ring[at], None)
        ring[at] = key
        at += 1
        if at == len(ring):
            at = 0
            if len(memo) > 2 * len(ring):
                memo.clear()
        self._at = at
        memo[key] = value
