"""textfit's C-speed character scans give what the per-character rules give (``is_cjk``, the unit split)."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from client.kit.textfit import NO_LINE_END, NO_LINE_START, _units, has_cjk, is_cjk

# the edges of is_cjk's ranges, the kinsoku sets, spaces of every kind and plain Latin
ALPHABET = st.sampled_from(
    list("ab.,()!? \t\r\x0b\u00a0\u3000\u2003-") + sorted(NO_LINE_START)[:12] + sorted(NO_LINE_END)
    + [chr(o) for o in (0x2E7F, 0x2E80, 0x9FFF, 0xA000, 0xF8FF, 0xF900, 0xFAFF, 0xFB00, 0xFEFF, 0xFF00, 0xFFEF,
                        0xFFF0, 0xABFF, 0xAC00, 0xD7AF, 0xD7B0, 0x1FFFF, 0x20000, 0x3FFFF, 0x40000, 0xFE2F,
                        0xFE30, 0xFE4F, 0xFE50)])


def units_by_character(paragraph: str) -> list[str]:
    """The unit split written character by character (what ``_units`` did before its regular expression)."""
    raw: list[str] = []
    word = ""
    for ch in paragraph:
        if ch in (" ", "\t"):
            if word:
                raw.append(word)
                word = ""
            if raw and raw[-1].isspace():
                raw[-1] += " "
            else:
                raw.append(" ")
        elif is_cjk(ch):
            if word:
                raw.append(word)
                word = ""
            raw.append(ch)
        else:
            word += ch
    if word:
        raw.append(word)
    units: list[str] = []
    carry = ""
    for u in raw:
        if u.isspace():
            if carry:
                units.append(carry)
                carry = ""
            units.append(u)
            continue
        if len(u) == 1 and u in NO_LINE_END:
            carry += u
            continue
        if carry:
            u = carry + u
            carry = ""
        if u[0] in NO_LINE_START and units and not units[-1].isspace():
            units[-1] += u
        else:
            units.append(u)
    if carry:
        if units and not units[-1].isspace():
            units[-1] += carry
        else:
            units.append(carry)
    return units


@given(st.text(ALPHABET, max_size=40))
def test_has_cjk_is_any_is_cjk(text: str) -> None:
    assert has_cjk(text) == any(is_cjk(ch) for ch in text)


@given(st.text(ALPHABET, max_size=40))
def test_units_split_as_character_by_character(text: str) -> None:
    assert _units(text) == units_by_character(text)


def test_units_of_mixed_text() -> None:
    assert _units("a \r b\tc") == ["a", " ", "\r ", "b", " ", "c"]  # a word of other white space: spaces join it
    assert _units("「放課後」の Table (ja),  ok。") == ["「放", "課", "後」", "の", " ", "Table", " ", "(ja),", "  ",
                                                      "ok。"]
