"""What a rules module derives from a state, remembered per state object.

States are values (``shared/spec.py``): a state object never changes after it is made, so what is derived
from it (the public part of its views, a compact legal list, its written-text size) can be kept while the
object lives. The memo holds the state itself, so its ``id`` cannot be reused while the entry exists; a
``check`` value (the seat to act, a card count) must also match. Bounded: emptied when full.
"""
from __future__ import annotations

from typing import Any, Generic, TypeVar

V = TypeVar("V")


class StateMemo(Generic[V]):
    """``get(state, check)`` → the value ``put`` for this very state object and ``check``, else None."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._entries: dict[int, tuple[Any, Any, V]] = {}

    def get(self, state: Any, check: Any = None) -> V | None:
        hit = self._entries.get(id(state))
        if hit is not None and hit[0] is state and hit[1] == check:
            return hit[2]
        return None

    def put(self, state: Any, value: V, check: Any = None) -> V:
        if len(self._entries) >= self.size:
            self._entries.clear()
        self._entries[id(state)] = (state, check, value)
        return value


def drop_oldest(memo: dict[Any, Any]) -> None:
    """Forget the oldest entry of a bounded memo dict. Servers in other threads of the same process run the
    same rules and may be dropping the same entry at the same moment: then this one drops nothing."""
    try:
        del memo[next(iter(memo))]
    except (KeyError, RuntimeError, StopIteration):  # gone already / changed under the iterator / empty
        pass
