"""Loader of the school_mystery bots' texts: ``assets/content/school_mystery/bot_texts.toml``.

``load(file=None) -> dict[key, dict[lang, tuple[str, ...]]]``. Every key of :data:`KEYS` needs a
non-empty list of non-empty strings in ja, zh and en; names fit a student name (40 characters),
texts the rules' limit (500); only the placeholders of :data:`PLACEHOLDERS` appear; English
texts hold no Japanese or Chinese characters and Chinese texts no kana (a bot at an English
table must never write Japanese). Errors name the file and the entry.
"""
from __future__ import annotations

import re
import string
from functools import lru_cache
from pathlib import Path
from typing import Any

from assets import CONTENT_DIR
from assets.loaders.common import LANGS, ContentError, read_toml

FILE = CONTENT_DIR / "school_mystery" / "bot_texts.toml"
KEYS = ("names", "answer", "atmosphere", "title", "deduction", "objection", "suggest_answer", "suggest_title",
        "suggest_deduction", "location", "invent", "invent_phenomenon", "invent_character", "item")
PLACEHOLDERS = {"deduction": {"clues"}, "suggest_deduction": {"clues"}, "suggest_title": {"title"}}
MAX_NAME = 40
MAX_TEXT = 500
_KANA = re.compile("[\u3040-\u30ff]")
_CJK = re.compile("[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")

BotTexts = dict[str, dict[str, tuple[str, ...]]]


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def _check(file: Path, key: str, lang: str, i: int, text: Any) -> str:
    entry = f"{key}.{lang}[{i}]"
    if not isinstance(text, str) or not text.strip():
        raise ContentError(file, entry, "must be a non-empty string")
    limit = MAX_NAME if key == "names" else MAX_TEXT
    if len(text) > limit:
        raise ContentError(file, entry, f"is longer than {limit} characters")
    try:
        fields = _fields(text)
    except ValueError as exc:
        raise ContentError(file, entry, f"bad placeholder: {exc}") from None
    extra = fields - PLACEHOLDERS.get(key, set())
    if extra:
        raise ContentError(file, entry, f"unknown placeholder(s) {sorted(extra)}")
    if lang == "en" and _CJK.search(text):
        raise ContentError(file, entry, "an English text contains Japanese or Chinese characters")
    if lang == "zh" and _KANA.search(text):
        raise ContentError(file, entry, "a Chinese text contains kana")
    return text


def load(file: str | Path | None = None) -> BotTexts:
    """Read and check the bot texts (all of :data:`KEYS`, in every language)."""
    path = Path(file) if file is not None else FILE
    data = read_toml(path)
    out: BotTexts = {}
    for key in KEYS:
        table = data.get(key)
        if not isinstance(table, dict):
            raise ContentError(path, key, "needs a table with ja, zh and en lists")
        out[key] = {}
        for lang in LANGS:
            items = table.get(lang)
            if not isinstance(items, list) or not items:
                raise ContentError(path, f"{key}.{lang}", "needs a non-empty list of texts")
            out[key][lang] = tuple(_check(path, key, lang, i, t) for i, t in enumerate(items))
    unknown = set(data) - set(KEYS)
    if unknown:
        raise ContentError(path, "(file)", f"unknown table(s) {sorted(unknown)}")
    return out


@lru_cache(maxsize=1)
def cached() -> BotTexts:
    """The installed bot texts, loaded once."""
    return load()
