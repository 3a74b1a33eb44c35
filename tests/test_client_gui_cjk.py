"""The pygame-gui 0.6.14 override: UITextBox wraps CJK by character with kinsoku, no hyphens."""
from __future__ import annotations

import pygame
import pygame_gui

from client import gui_cjk
from client.text import NO_LINE_END, NO_LINE_START


def rows_of(box) -> list[str]:
    return ["".join(getattr(it, "text", "") for it in row.items) for row in box.text_box_layout.layout_rows]


def test_pinned_pygame_gui_version():
    from importlib.metadata import version

    assert version("pygame_gui") == "0.6.14"  # the override relies on this version's internals


def test_split_points_follow_kinsoku():
    text = "あい。「うえ」お abc def"
    points = gui_cjk.cjk_split_points(text)
    for i in points:
        assert text[i] not in NO_LINE_START and text[i - 1] not in NO_LINE_END
    assert text.index("。") not in points  # never before 。
    assert text.index("「") + 1 not in points  # never right after 「
    assert text.index("a") in points and text.index("d") in points  # after spaces
    assert text.index("b") not in points  # inside a Latin word


def test_text_box_wraps_japanese_without_dashes_or_bad_line_starts():
    assert gui_cjk.install()
    pygame.init()
    pygame.display.set_mode((800, 600))
    from client.gui import Gui

    gui = Gui((800, 600), "ja", 20)
    text = "これは長い文章です。「かぎかっこ」の中身、そして終わり。Fate Votes を遊ぼう、ここまで。ええ！？本当ですか"
    for width in (160, 200, 260):
        box = pygame_gui.elements.UITextBox(text, pygame.Rect(0, 0, width, 500), manager=gui.manager)
        gui.manager.update(0.01)
        rows = [r for r in rows_of(box) if r]
        assert len(rows) > 2
        assert "".join(rows).replace(" ", "") == text.replace(" ", "")  # nothing added: no hyphens
        for row in rows[1:]:
            assert row[0] not in NO_LINE_START, rows
        for row in rows[:-1]:
            assert row.rstrip()[-1] not in NO_LINE_END, rows
        assert any("Fate Votes" in r for r in rows)  # Latin words stay whole
        box.kill()
