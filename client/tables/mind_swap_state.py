"""What the mind_swap table's parts share: the attributes and helpers the mixins read.

At run time :class:`TableState` is an empty base; for the type checker it declares what
:class:`client.tables.mind_swap.MindSwapTable` provides, so each mixin
(:mod:`mind_swap_sidebar`, :mod:`mind_swap_texts`) is checked
against one contract instead of guessing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any


class TableState:
    """The contract between the mind_swap table and its mixins (declarations only)."""

    if TYPE_CHECKING:
        import pygame

        from client.kit.cache import LruCache, SurfaceCache
        from client.kit.presenter import Presenter
        from client.tables.base import TableContext
        from client.tables.mind_swap_draw import Painter
        from client.tables.mind_swap_layout import Layout
        from client.tables.mind_swap_model import Model

        ctx: TableContext
        seat: int | None
        content: Any
        card_actions: dict[str, tuple[str, ...]]
        painter: Painter
        presenter: Presenter
        model: Model
        latest: Model
        newest: Model
        body_pos: dict[int, list[float]]
        mind_pos: dict[int, list[float]]
        negi_pos: list[float] | None
        hand_pos: dict[int, list[float]]
        scroll: dict[str, int]
        flash: dict[str, float]
        clock: float
        layers: SurfaceCache
        wraps: LruCache[list[str]]

        @property
        def legal(self) -> list[dict[str, Any]]: ...

        def layout(self, rect: pygame.Rect | None = None) -> Layout: ...

        def negi_radius(self, lay: Layout) -> int: ...

        def skip_animations(self) -> None: ...

        def name(self, no: Any, short: bool = False) -> str: ...

        def loc_name(self, loc: Any) -> str: ...

        def seat_name(self, seat: Any) -> str: ...

        def _wrapped(self, entry: str, px: int, width: int) -> list[str]: ...
