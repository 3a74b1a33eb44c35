"""Every error code the rules and the server can produce has a player sentence in ja, zh and en,
and no code or raw exception text ever comes out of the translation (``Strings.error``)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from client.i18n import LANGS, Strings, load_lang

ROOT = Path(__file__).resolve().parent.parent
CODE = re.compile(r"""["']((?:[a-z]+_)*[a-z]+/[a-z]+(?:_[a-z]+)*)["']""")
# fate_votes' winning checks name their reasons with the same shape; the results panel words them
# (``fate_votes_texts.reason``), they are never errors.
NOT_ERRORS = {ROOT / "shared" / "games" / "fate_votes" / "winning.py"}


def error_codes() -> dict[str, str]:
    """Every ``namespace/name`` literal in shared/ and server/ → the first file it is in."""
    found: dict[str, str] = {}
    for folder in ("shared", "server"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path in NOT_ERRORS:
                continue
            for m in CODE.finditer(path.read_text(encoding="utf-8")):
                found.setdefault(m.group(1), str(path.relative_to(ROOT)))
    return found


def test_the_scan_finds_the_codes() -> None:
    codes = error_codes()
    assert {"action/not_your_turn", "action/illegal_target", "frame/bad_msgpack", "table/unknown",
            "setup/no_content"} <= set(codes)
    assert len(codes) > 50


@pytest.mark.parametrize("lang", LANGS)
def test_every_code_has_a_sentence(lang: str) -> None:
    table = load_lang(lang)
    missing = sorted(f"{c} ({where})" for c, where in error_codes().items() if f"error.{c}" not in table)
    assert not missing, f"{lang}: no player text for {missing}"
    for code in error_codes():
        text = table[f"error.{code}"]
        assert text.strip() and not CODE.search(f'"{text}"') and "/" not in text.replace("1〜2000", ""), (code, text)


@pytest.mark.parametrize("lang", LANGS)
def test_unknown_codes_never_show_the_code_or_the_raw_message(lang: str) -> None:
    s = Strings(lang)
    raw = "KeyError: 'phase' at rules.py:660"
    for code in ("action/some_new_rule", "zzz/never_heard", "", "not a code"):
        text = s.error(code, raw, {"x": 1})
        assert text and raw not in text and (not code or code not in text), (code, text)
    assert s.error("setup/bad_seats", raw, {"min": 3, "max": 7}).count("3") == 1
