"""What the mind_swap texts read from the table: the attributes :class:`TextsMixin` expects.

At run time :class:`TableState` is an empty base; for the type checker it declares what
:class:`client.tables.mind_swap.MindSwapTable` provides, so :mod:`mind_swap_texts` is
checked against one contract instead of guessing. (The sidebar, map, controls, intents and
zoom are parts the table holds, each with a typed reference to it.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any


class TableState:
    """The contract between the mind_swap table and its texts mixin (declarations only)."""

    if TYPE_CHECKING:
        from client.tables.base import TableContext
        from client.tables.mind_swap_model import Model

        ctx: TableContext
        seat: int | None
        content: Any
        card_actions: dict[str, tuple[str, ...]]
        model: Model
        latest: Model
