"""A compact wire form of legal-action lists, and its exact expansion.

A game's rules may offer ``legal_compact(state, seat) -> entries``; the server then sends
those entries to delta connections instead of the whole list, and
:func:`expand` (called by :class:`shared.protocol.SnapshotMemo`) gives back exactly
the original list, in order. An entry is a plain action, or one of::

    {"$product": base, "keys": [[key, [values...]], ...]}
        # base with every combination of the values, the first key varying slowest
    {"$choose": base, "of": [items...], "k": k, "limit": n | None, "key": key}
        # base with key = [list of k items] for each k-combination of ``of``
    {"$choose": base, "of": [items...], "k": k, "limit": n | None, "keys": [key1, ..., keyk]}
        # base with key_i = i-th item of each k-combination

``limit`` keeps an even spread of at most n combinations (:func:`spread_combinations`).
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product
from typing import Any

Action = dict[str, Any]


def spread_combinations(items: Sequence[Any], k: int, limit: int | None = None) -> tuple[tuple[Any, ...], ...]:
    """Every k-combination of ``items`` (in ``itertools.combinations`` order) or, when there are
    more than ``limit``, an even spread of ``limit`` of them: indices ``int(i * total / limit)``."""
    combos = tuple(combinations(items, k))
    if limit is None or len(combos) <= limit:
        return combos
    step = len(combos) / limit
    return tuple(combos[int(i * step)] for i in range(limit))


def expand(entries: list[Any]) -> list[Action]:
    """The full legal-action list a compact one stands for (plain actions pass through)."""
    out: list[Action] = []
    for e in entries:
        if not isinstance(e, dict):
            out.append(e)
        elif "$product" in e:
            base = e["$product"]
            names = [k for k, _ in e["keys"]]
            for values in product(*(vals for _, vals in e["keys"])):
                out.append({**base, **dict(zip(names, values))})
        elif "$choose" in e:
            base = e["$choose"]
            combos = spread_combinations(e["of"], e["k"], e.get("limit"))
            if "keys" in e:
                names = e["keys"]
                out += [{**base, **dict(zip(names, c))} for c in combos]
            else:
                key = e["key"]
                out += [{**base, key: list(c)} for c in combos]
        else:
            out.append(e)
    return out
