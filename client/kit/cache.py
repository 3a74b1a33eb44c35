"""One surface cache for the client: LRU by item count, emptied when the language or size changes.

Every rendered thing that is expensive (text lines, card faces, badges, panels, opaque
layers) goes through a :class:`SurfaceCache` with a key that holds all its inputs.
:meth:`SurfaceCache.context` is called with the current language and window size each
frame; a change empties the cache (old sizes and old scripts are of no further use).
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")

DEFAULT_LIMIT = 2000


class LruCache(Generic[V]):
    """A bounded mapping that forgets the least recently used item first."""

    def __init__(self, limit: int = DEFAULT_LIMIT) -> None:
        self.limit = max(1, int(limit))
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self._context: tuple[Any, ...] | None = None
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The cached value for ``key``, made (and remembered) on a miss."""
        item = self._items.get(key)
        if item is not None:
            self._items.move_to_end(key)
            self.hits += 1
            return item
        self.misses += 1
        item = make()
        self._items[key] = item
        if len(self._items) > self.limit:
            self._items.popitem(last=False)
        return item

    def peek(self, key: Hashable) -> V | None:
        return self._items.get(key)

    def put(self, key: Hashable, value: V) -> V:
        self._items[key] = value
        self._items.move_to_end(key)
        if len(self._items) > self.limit:
            self._items.popitem(last=False)
        return value

    def drop(self, predicate: Callable[[Hashable], bool]) -> None:
        """Forget every key for which ``predicate(key)`` is true."""
        for k in [k for k in self._items if predicate(k)]:
            del self._items[k]

    def clear(self) -> None:
        self._items.clear()

    def context(self, *parts: Any) -> bool:
        """Declare the rendering context (language, window size…); a change empties the cache.

        Returns True when the cache was emptied.
        """
        if parts != self._context:
            changed = self._context is not None
            self._context = parts
            if changed:
                self._items.clear()
            return changed
        return False


class SurfaceCache(LruCache[Any]):
    """The LRU cache of rendered surfaces (values are ``pygame.Surface``)."""
