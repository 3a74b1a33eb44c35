"""Fonts opened from a memory map of their file draw and measure exactly as fonts opened by path."""
from __future__ import annotations

import hashlib

import pygame

from client.text import FONT_FILES, TextEngine, font_path, mapped

TEXTS = ("放課後テーブル Ag", "命运之票 Fate Votes", "".join(chr(c) for c in range(33, 127)))


def _look(font: pygame.font.Font) -> str:
    h = hashlib.sha1()
    for text in TEXTS:
        h.update(pygame.image.tobytes(font.render(text, True, (10, 20, 30)), "RGBA"))
        h.update(repr((font.size(text), font.get_linesize(), font.get_ascent())).encode())
    return h.hexdigest()


def test_a_mapped_font_draws_as_the_font_by_path() -> None:
    pygame.font.init()
    for lang, bold in (("ja", False), ("ja", True), ("zh", False)):
        path = font_path(lang, bold)
        assert not isinstance(mapped(path), str)  # mapped, not the path again
        for px in (13, 23, 40):
            assert _look(pygame.font.Font(mapped(path), px)) == _look(pygame.font.Font(path, px))


def test_the_engine_opens_mapped_fonts_and_a_missing_file_by_path(tmp_path) -> None:
    pygame.font.init()
    engine = TextEngine("en")
    font = engine.font(21.0, True)
    assert _look(font) == _look(pygame.font.Font(font_path("en", True), 21))
    assert mapped(str(tmp_path / "none.otf")) == str(tmp_path / "none.otf")
    assert set(FONT_FILES) == {("jp", False), ("jp", True), ("sc", False), ("sc", True)}
