"""CJK line breaking for pygame-gui 0.6.14's text boxes (UITextBox, labels that wrap).

pygame-gui breaks lines only after spaces, so a Japanese/Chinese run is one long
"word" that it splits with hyphens (or, with ``allow_split_dashes=False``, anywhere —
even before 。 or 、). :func:`install` makes every text chunk offer the break points
our own :func:`client.text.wrap` uses: after spaces, and between characters where one
side is CJK, except before a no-line-start character (。、」…) or after a
no-line-end one (「『（…). It patches ``TextLineChunkFTFont`` (its ``__init__`` and
``split`` set ``split_points``), so it is tied to the pinned pygame-gui version;
``tests/test_client_gui_cjk.py`` checks it.
"""
from __future__ import annotations

from typing import Any

from client.text import NO_LINE_END, NO_LINE_START, is_cjk

PATCH_FLAG = "_houkago_cjk_wrap"


def cjk_split_points(text: str) -> list[int]:
    """Indices where a line may break (the break goes before ``text[i]``)."""
    points = []
    for i in range(1, len(text)):
        a, b = text[i - 1], text[i]
        if a == " ":
            points.append(i)
        elif b == " ":
            continue
        elif (is_cjk(a) or is_cjk(b)) and b not in NO_LINE_START and a not in NO_LINE_END:
            points.append(i)
    return points


def install() -> bool:
    """Patch pygame-gui's text chunks once; returns False if its internals are not as expected."""
    try:
        from pygame_gui.core.text.text_line_chunk import TextLineChunkFTFont
    except ImportError:
        return False
    if getattr(TextLineChunkFTFont, PATCH_FLAG, False):
        return True
    if not hasattr(TextLineChunkFTFont, "split") or not hasattr(TextLineChunkFTFont, "__init__"):
        return False
    original_init = TextLineChunkFTFont.__init__
    original_split = TextLineChunkFTFont.split

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        original_init(self, *args, **kwargs)
        if hasattr(self, "split_points") and isinstance(getattr(self, "text", None), str):
            self.split_points = cjk_split_points(self.text)

    def split(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = original_split(self, *args, **kwargs)
        if isinstance(getattr(self, "text", None), str):
            self.split_points = cjk_split_points(self.text)
        return result

    TextLineChunkFTFont.__init__ = __init__  # type: ignore[method-assign]  # patching pygame-gui's class (module doc)
    TextLineChunkFTFont.split = split  # type: ignore[method-assign]  # patching pygame-gui's class (module doc)
    setattr(TextLineChunkFTFont, PATCH_FLAG, True)
    return True
