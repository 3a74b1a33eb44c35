"""textfit's C-speed character scans give what the per-character rules give (``is_cjk``, the unit split)."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from client.kit.textfit import (
    NO_LINE_END,
    NO_LINE_START,
    _kinsoku_joined,
    _raw_units_by_character,
    _units,
    has_cjk,
    is_cjk,
)

# the edges of is_cjk's ranges, the kinsoku sets, spaces of every kind and plain Latin
ALPHABET = st.sampled_from(
    list("ab.,()!? \t\r\x0b\u00a0\u3000\u2003-") + sorted(NO_LINE_START)[:12] + sorted(NO_LINE_END)
    + [chr(o) for o in (0x2E7F, 0x2E80, 0x9FFF, 0xA000, 0xF8FF, 0xF900, 0xFAFF, 0xFB00, 0xFEFF, 0xFF00, 0xFFEF,
                        0xFFF0, 0xABFF, 0xAC00, 0xD7AF, 0xD7B0, 0x1FFFF, 0x20000, 0x3FFFF, 0x40000, 0xFE2F,
                        0xFE30, 0xFE4F, 0xFE50)])


def units_by_character(paragraph: str) -> list[str]:
    """The unit split written character by character (what ``_units`` did for every text before its ASCII
    path's regular expression)."""
    return _kinsoku_joined(_raw_units_by_character(paragraph))


@given(st.text(ALPHABET, max_size=40))
def test_has_cjk_is_any_is_cjk(text: str) -> None:
    assert has_cjk(text) == any(is_cjk(ch) for ch in text)


ASCII = st.sampled_from(list("ab.,()!?-x") + [" ", " ", "\t", "\r", "\x0b"])


@given(st.text(ALPHABET, max_size=40) | st.text(ASCII, max_size=40))
def test_units_split_as_character_by_character(text: str) -> None:
    """The ASCII path's regular expression splits as the character-by-character rules do (the mixed alphabet
    mostly draws non-ASCII text, which takes the character path itself: hence the ASCII-only texts too)."""
    assert _units(text) == units_by_character(text)


def test_units_of_mixed_text() -> None:
    assert _units("a \r b\tc") == ["a", " ", "\r ", "b", " ", "c"]  # a word of other white space: spaces join it
    assert _units("「放課後」の Table (ja),  ok。") == ["「放", "課", "後」", "の", " ", "Table", " ", "(ja),", "  ",
                                                      "ok。"]


class _Font:
    """A font stand-in: each character as wide as its code point says (CJK wide, Latin narrow)."""

    def __init__(self, px: int) -> None:
        self.px = px

    def size(self, text: str) -> tuple[int, int]:
        return sum(self.px if is_cjk(ch) else (ord(ch) % 7 + 3) * self.px // 10 for ch in text), self.px

    def get_linesize(self) -> int:
        return self.px + 2


class _Ctx:
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def font(self, size: float, bold: bool = False) -> _Font:
        return _Font(max(1, round(size)))


WORDS = st.sampled_from(["the", "table", "after", "school", "mystery", "votes", "放課後", "テーブル", "を開き、",
                         "命运之票", "の", "（秘密）", "「鍵」", "。", "a", "ok,", "Mind", "Swap", " "])


@given(st.lists(WORDS, min_size=1, max_size=14), st.integers(40, 400), st.sampled_from(["ja", "zh", "en"]))
def test_balance_skipping_identical_trials_gives_the_trial_by_trial_lines(words: list[str], width: int,
                                                                          lang: str) -> None:
    from client.kit.textfit import Fitter, balance

    text = " ".join(words) if lang == "en" else "".join(words)
    fitter = Fitter(_Ctx(lang))
    lines = fitter.wrap(text, 20, width)
    plain = balance(text, lines, lambda w: fitter.wrap(text, 20, w), width, lang)
    fresh = Fitter(_Ctx(lang))  # nothing wrapped yet: the trials are wrapped or skipped
    assert fresh._balance(text, 20, width, False, fresh.wrap(text, 20, width)) == plain
    assert fresh._balance(text, 20, width, False, lines) == plain  # again: from the wrap cache
    assert fitter._balance(text, 20, width, False, lines) == plain  # every trial already in the cache
    for w in (width, width * 9 // 10, width * 3 // 4):  # what the trials left in the cache is the plain wrap
        assert fresh.wrap(text, 20, w) == fitter.wrap(text, 20, w)
