"""Structural checks for the school_mystery investigation subjects (調査対象) in TOML."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

SUBJECT_DIR = (
    Path(__file__).resolve().parent.parent / "assets" / "content" / "school_mystery" / "subjects"
)
LANGS = ("ja", "zh", "en")
TABLES = ("locations", "phenomena", "characters", "clues")
TABLE_TEXT_FIELDS = {
    "locations": ("name", "description", "atmosphere"),
    "phenomena": (),
    "characters": ("name", "description", "hint"),
    "clues": (),
}
TABLES_WITH_OPTIONS = ("phenomena", "clues")
TOP_KEYS = {
    "id", "title", "difficulty", "day_type", "start_weekday", "situation", "questions",
    "start_location", "public_locations", "truth_hint", *TABLES,
}
DAY_TYPES = {"weekday", "holiday", "vacation"}
WEEKDAYS = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"}
MAX_CHARS = 400
KANA = re.compile(r"[\u3040-\u30ff]")  # hiragana and katakana: Japanese, not Chinese
CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")  # CJK text or full-width punctuation

SUBJECT_FILES = sorted(SUBJECT_DIR.glob("*.toml"))


def _load(path: Path) -> dict[str, Any]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


def _check_text(where: str, value: Any) -> None:
    """A text is a table with exactly ja/zh/en, each a non-empty string of bounded length."""
    assert isinstance(value, dict), f"{where}: must be a {{ja, zh, en}} table"
    assert set(value) == set(LANGS), f"{where}: languages are {sorted(value)}"
    for lang in LANGS:
        text = value[lang]
        assert isinstance(text, str) and text.strip(), f"{where}.{lang}: empty"
        assert len(text) <= MAX_CHARS, f"{where}.{lang}: {len(text)} characters"
        assert text == text.strip(), f"{where}.{lang}: stray whitespace at the ends"
    assert not KANA.search(value["zh"]), f"{where}.zh: contains kana (Japanese left in?)"
    assert not CJK.search(value["en"]), f"{where}.en: contains CJK characters"


def test_there_are_enough_subjects() -> None:
    assert len(SUBJECT_FILES) >= 3
    day_types = {_load(p)["day_type"] for p in SUBJECT_FILES}
    assert day_types - {"weekday"}, "at least one holiday or vacation subject"
    difficulties = {_load(p)["difficulty"] for p in SUBJECT_FILES}
    assert len(difficulties) >= 2, "difficulties should vary"


def test_subject_ids_are_unique() -> None:
    ids = [_load(p)["id"] for p in SUBJECT_FILES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("path", SUBJECT_FILES, ids=lambda p: p.stem)
def test_subject_header(path: Path) -> None:
    data = _load(path)
    assert set(data) == TOP_KEYS, f"unexpected or missing keys: {set(data) ^ TOP_KEYS}"
    assert data["id"] == path.stem
    for key in ("title", "situation", "truth_hint"):
        _check_text(key, data[key])
    assert isinstance(data["difficulty"], int) and not isinstance(data["difficulty"], bool)
    assert 0 <= data["difficulty"] <= 5
    assert data["day_type"] in DAY_TYPES
    assert data["start_weekday"] in WEEKDAYS
    questions = data["questions"]
    assert isinstance(questions, list) and 3 <= len(questions) <= 5
    for i, q in enumerate(questions):
        _check_text(f"questions[{i}]", q)
    ja_questions = [q["ja"] for q in questions]
    assert len(ja_questions) == len(set(ja_questions)), "duplicated question"
    public = data["public_locations"]
    assert isinstance(public, list) and 2 <= len(public) <= 4
    assert all(isinstance(r, int) and 1 <= r <= 10 for r in public)
    assert len(public) == len(set(public))
    assert data["start_location"] in public


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("path", SUBJECT_FILES, ids=lambda p: p.stem)
def test_subject_table(path: Path, table: str) -> None:
    rows = _load(path)[table]
    assert isinstance(rows, list) and len(rows) == 10
    assert sorted(row["rank"] for row in rows) == list(range(1, 11))
    ja_seen: list[str] = []
    for row in rows:
        where = f"{table}[rank {row['rank']}]"
        fields = TABLE_TEXT_FIELDS[table]
        expected = {"rank", *fields} | ({"options"} if table in TABLES_WITH_OPTIONS else set())
        assert set(row) == expected, f"{where}: keys {sorted(row)}"
        for field in fields:
            _check_text(f"{where}.{field}", row[field])
            ja_seen.append(row[field]["ja"])
        if table in TABLES_WITH_OPTIONS:
            options = row["options"]
            assert isinstance(options, list) and len(options) == 3, f"{where}: need 3 options"
            for i, opt in enumerate(options):
                _check_text(f"{where}.options[{i}]", opt)
                ja_seen.append(opt["ja"])
    dupes = {t for t in ja_seen if ja_seen.count(t) > 1}
    assert not dupes, f"{table}: duplicated Japanese text {dupes}"


def test_checker_rejects_a_broken_text() -> None:
    """The text check itself must be able to fail."""
    with pytest.raises(AssertionError):
        _check_text("x", {"ja": "あ", "zh": "", "en": "a"})
    with pytest.raises(AssertionError):
        _check_text("x", {"ja": "あ" * (MAX_CHARS + 1), "zh": "啊", "en": "a"})
    with pytest.raises(AssertionError):
        _check_text("x", {"ja": "あ", "zh": "あ", "en": "a"})
    with pytest.raises(AssertionError):
        _check_text("x", {"ja": "あ", "zh": "啊", "en": "「a」"})


def test_every_calendar_is_covered_by_at_least_two_subjects() -> None:
    assert len(SUBJECT_FILES) >= 8
    day_types = [_load(p)["day_type"] for p in SUBJECT_FILES]
    assert all(day_types.count(d) >= 2 for d in DAY_TYPES), day_types


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("path", SUBJECT_FILES, ids=lambda p: p.stem)
def test_every_subject_plays_to_the_article_at_two_and_six(path: Path, players: int) -> None:
    """A whole session of random legal actions ends with an article, whatever the table size."""
    import random

    from school_mystery_helpers import RULES, SPEC

    from shared.games.school_mystery.article import article_markdown

    r = random.Random(players * 31 + len(path.stem))
    state = SPEC.setup(players, r.randrange(1000), {"subject": path.stem, "max_scenes": 5})
    steps = 0
    while not SPEC.is_over(state):
        movers = [s for s in range(players) if SPEC.legal_actions(state, s)]
        seat = r.choice(movers)
        state, _ = SPEC.apply(state, seat, r.choice(SPEC.legal_actions(state, seat)))
        steps += 1
        assert steps < 5000
    assert all(RULES.leaks(state, v, SPEC.view(state, v)) == [] for v in (None, *range(players)))
    res = SPEC.result(state)
    assert res["subject"] == path.stem and res["resolve"] is not None
    for lang in LANGS:
        assert article_markdown(res, SPEC.content(), lang).startswith("# ")
