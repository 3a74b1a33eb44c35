"""Fonts and wrapping: kinsoku for CJK, words for Latin, glyph coverage per language."""
from __future__ import annotations

import pygame
import pygame.freetype
import pytest

from client.text import (
    NO_LINE_END,
    NO_LINE_START,
    TextEngine,
    font_path,
    wrap,
    wrap_measured,
)


@pytest.fixture(scope="module")
def engine():
    pygame.init()
    return TextEngine("ja")


def fixed(s: str) -> int:
    """Every character 10 px wide: makes break positions exact."""
    return 10 * len(s)


def test_cjk_breaks_by_character_and_fills_lines():
    lines = wrap_measured("あいうえおかきくけこさしすせそ", fixed, 50)
    assert lines == ["あいうえお", "かきくけこ", "さしすせそ"]


def test_no_line_starts_with_closing_punctuation():
    text = "これは長い文章です。「かぎかっこ」の中身、そして終わり。次の文、ここまで。ええ！？本当…ですか"
    for width in range(30, 200, 10):
        lines = wrap_measured(text, fixed, width)
        assert "".join(lines) == text
        for line in lines[1:]:
            assert line[0] not in NO_LINE_START, (width, lines)
        for line in lines[:-1]:
            assert line[-1] not in NO_LINE_END, (width, lines)


def test_punctuation_at_the_break_moves_with_the_character_before():
    # Width 5 chars: "あいうえお" then "。" must not start line 2 → "え" "お。" go down together... at least
    # the line never starts with 。
    lines = wrap_measured("あいうえお。かきく", fixed, 50)
    assert lines[1][0] != "。"
    assert "".join(lines) == "あいうえお。かきく"


def test_latin_words_are_not_split(engine):
    font = engine.font(20)
    text = "The quick brown fox jumps over the lazy dog near the school gate"
    lines = wrap(text, font, 160)
    assert len(lines) > 2
    assert " ".join(lines).split() == text.split()
    for line in lines:
        assert font.size(line)[0] <= 160


def test_mixed_text_fills_lines_and_keeps_words():
    text = "放課後に fate_votes を遊ぼう。Let us play together"
    lines = wrap_measured(text, fixed, 100)
    joined = "".join(lines)
    for word in ("fate_votes", "Let", "play", "together"):
        assert any(word in line for line in lines), lines
    # The CJK run after a Latin word continues on the same line when there is room.
    assert lines[0].startswith("放課後に fate")  or lines[0].startswith("放課後に")
    assert all(fixed(line) <= 100 for line in lines)
    assert joined.replace(" ", "") == text.replace(" ", "")


def test_latin_punctuation_stays_inside_words():
    for text in ("don’t stop, it’s 3.5 km (about) away!", "e.g. this: (yes) “quoted” words."):
        longest = max(fixed(w) for w in text.split())
        for width in range(longest, 400, 10):
            lines = wrap_measured(text, fixed, width)
            assert " ".join(lines).split() == text.split(), (width, lines)


def test_overlong_word_is_split_by_character():
    lines = wrap_measured("abcdefghijklmnop", fixed, 50)
    assert lines == ["abcde", "fghij", "klmno", "p"]


def test_newlines_are_kept():
    assert wrap_measured("あい\nうえ", fixed, 100) == ["あい", "うえ"]


@pytest.mark.parametrize("lang, sample", [
    ("ja", "放課後テーブル、運命の票。「話し合い」ー…"),
    ("zh", "放学后桌游：这过张胜负戏，命运之票。"),
    ("en", "Houkago Table — Fate Votes"),
])
def test_font_for_language_has_every_glyph(lang, sample):
    pygame.freetype.init()
    face = pygame.freetype.Font(font_path(lang), 24)
    metrics = face.get_metrics(sample)
    missing = [ch for ch, m in zip(sample, metrics) if m is None and not ch.isspace()]
    assert not missing, f"{lang}: tofu for {missing}"


def test_japanese_face_lacks_some_simplified_chinese_so_zh_uses_sc():
    pygame.freetype.init()
    jp = pygame.freetype.Font(font_path("ja"), 24)
    assert any(m is None for m in jp.get_metrics("这过张胜负戏"))
    assert font_path("zh").endswith("NotoSansSC-Regular.otf")
    assert font_path("zh", bold=True).endswith("NotoSansSC-Bold.otf")
    assert font_path("en").endswith("NotoSansJP-Regular.otf")


def test_render_cache_returns_the_same_surface(engine):
    a = engine.render("運命の票", 20, (255, 255, 255))
    b = engine.render("運命の票", 20, (255, 255, 255))
    c = engine.render("運命の票", 20, (255, 255, 254))
    assert a is b and a is not c
    engine.set_lang("zh")
    d = engine.render("運命の票", 20, (255, 255, 255))
    engine.set_lang("ja")
    assert d is not a


def _drawn_words(eng, text: str, rect, size: float = 16, **kw):
    """The words ``blit_wrapped`` rendered, its returned height, and the walk's record of the block."""
    import pygame

    from client.kit.textfit import recording

    surf = pygame.Surface((400, 400))
    calls = []
    orig = eng.render
    eng.render = lambda s, *a, **k: (calls.append(s), orig(s, *a, **k))[1]
    with recording() as rec:
        used = eng.blit_wrapped(surf, text, size, (0, 0, 0), rect, **kw)
    eng.render = orig
    return " ".join(calls).split(), used, rec.records


def test_blit_wrapped_never_cuts_it_shrinks_then_reports_overflow():
    """max_lines is a height budget: the text shrinks to fit it; what cannot fit is drawn in full
    (never "..."), its height returned, and the block recorded as cut for the layout walk."""
    import pygame

    from client.text import TextEngine

    pygame.init()
    eng = TextEngine("en")
    text = "one two three four five six seven eight nine ten eleven twelve"
    words, used, recs = _drawn_words(eng, text, pygame.Rect(0, 0, 150, 200), max_lines=3)
    assert words == text.split() and not recs[0].cut  # shrunk a little: fits three lines of 16 px
    assert used <= 3 * eng.font(16).get_linesize()
    words, used, recs = _drawn_words(eng, text, pygame.Rect(0, 0, 80, 200), max_lines=1)
    assert words == text.split() and "..." not in " ".join(words) and "\u2026" not in " ".join(words)
    assert recs[0].cut and used > eng.font(16).get_linesize()  # the caller grows its box by ``used``


def test_blit_wrapped_uses_the_kit_fitter_for_japanese():
    import pygame

    from client.kit.widgets import fitter_for
    from client.text import TextEngine

    pygame.init()
    eng = TextEngine("ja")
    assert fitter_for(eng) is eng.fitter  # one engine: the scenes' text and the tables' text fit alike
    text = "放課後の部室で、五人の生徒が不思議な噂について話し合っています。"
    words, _, recs = _drawn_words(eng, text, pygame.Rect(0, 0, 120, 60), size=18)
    assert "".join(words) == text and recs[0].kind == "rule"
    assert eng.wrap(text, 18, 120) == eng.fitter.wrap(text, 18, 120)


def test_every_non_ascii_literal_in_the_client_has_a_glyph():
    """Labels written in code (button symbols like ❚❚) must exist in the Noto faces, or they draw as tofu."""
    import ast
    from pathlib import Path

    import pygame.freetype

    from client.text import font_path

    pygame.freetype.init()
    faces = [pygame.freetype.Font(font_path(lang), 24) for lang in ("ja", "zh")]
    root = Path(__file__).resolve().parents[1] / "client"
    missing = set()
    for path in sorted(root.rglob("*.py")):
        if path.name.startswith("school_mystery"):
            continue  # checked by that table's own tests
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                for ch in set(node.value):
                    if ord(ch) > 127 and not ch.isspace() and any(f.get_metrics(ch)[0] is None for f in faces):
                        missing.add((path.name, ch))
    assert not missing, sorted(missing)
