"""A game's glossary: its own terms (room, control check, 《moves》…) with a short definition, in ja, zh and en.

``assets/content/<game>/glossary.toml`` holds ``[[term]]`` entries: ``id`` (a stable name the
step help and panels refer to), ``name`` and ``text`` (``{ja, zh, en}``). :func:`load_glossary`
validates it (unique ids, all three languages, definitions short enough for a tooltip). A term's
optional ``page`` names the rules book page that explains it (a click on the term opens it there). A term's
optional ``synonyms`` (``{ja, zh, en}`` lists) are the other words for it that no text of the game may use
(one vocabulary per language: tests/test_vocabulary.py); ``[[avoid]]`` entries (``lang``, ``text``, ``use``,
``why``) name words and marks, not glossary terms, that no text in that language uses (:func:`load_avoid`);
``[[allow]]`` entries (``lang``, ``text``, ``why``) name phrases where such a word means something else and
stays (a drama club's 剧本 is a play's script, not a playbook: :func:`load_allowed`).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

from assets import CONTENT_DIR
from assets.loaders.common import ContentError, read_toml, table_rows, text3

MAX_TEXT = 260  # characters: a tooltip, not a rules page
ID = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class Term:
    """One glossary entry."""

    id: str
    name: dict[str, str]
    text: dict[str, str]
    page: str = ""  # the rules book page that explains the term ("" = none)
    synonyms: dict[str, tuple[str, ...]] = field(default_factory=dict)  # lang -> other words no text uses

    def name_in(self, lang: str) -> str:
        return self.name.get(lang) or self.name["en"]

    def text_in(self, lang: str) -> str:
        return self.text.get(lang) or self.text["en"]


def games_with_glossary() -> list[str]:
    """The content folders that hold a glossary."""
    return sorted(p.parent.name for p in CONTENT_DIR.glob("*/glossary.toml"))


@functools.cache
def load_glossary(game_id: str) -> dict[str, Term]:
    """The game's glossary by term id (empty when the game has none); :class:`ContentError` when bad."""
    path = CONTENT_DIR / game_id / "glossary.toml"
    if not path.is_file():
        return {}
    data = read_toml(path)
    out: dict[str, Term] = {}
    for where, entry in table_rows(path, data, "term", need_one=True):
        tid = entry.get("id")
        if not isinstance(tid, str) or not ID.match(tid):
            raise ContentError(path, where, "id must be lower-case letters, digits and _")
        if tid in out:
            raise ContentError(path, tid, "id is used twice")
        unknown = set(entry) - {"id", "name", "text", "page", "synonyms"}
        if unknown:
            raise ContentError(path, tid, f"unknown fields {sorted(unknown)}")
        name = text3(path, tid, entry.get("name"), "name")
        text = text3(path, tid, entry.get("text"), "text")
        for lang, s in text.items():
            if len(s) > MAX_TEXT:
                raise ContentError(path, tid, f"text.{lang} is longer than {MAX_TEXT} characters")
        page = entry.get("page", "")
        if not isinstance(page, str) or (page and not ID.match(page)):
            raise ContentError(path, tid, "page must be a rules book page id")
        out[tid] = Term(tid, name, text, page, _synonyms(path, tid, entry.get("synonyms", {})))
    return out


def _synonyms(path: Path, where: str, raw: object) -> dict[str, tuple[str, ...]]:
    """``{lang: [word, …]}`` checked: known languages, non-empty strings."""
    if not isinstance(raw, dict) or set(raw) - {"ja", "zh", "en"}:
        raise ContentError(path, where, "synonyms must be a table of ja/zh/en lists")
    out: dict[str, tuple[str, ...]] = {}
    for lang, words in raw.items():
        if not isinstance(words, list) or not all(isinstance(w, str) and w.strip() for w in words):
            raise ContentError(path, where, f"synonyms.{lang} must be a list of words")
        out[lang] = tuple(words)
    return out


@dataclass(frozen=True)
class Avoid:
    """A word or mark no text in ``lang`` uses, and what is used instead."""

    lang: str
    text: str
    use: str
    why: str


@dataclass(frozen=True)
class Allowed:
    """A phrase in ``lang`` where a listed synonym means something else (``why``) and may stay."""

    lang: str
    text: str
    why: str


def _marked_phrases(game_id: str, table: str, keys: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The glossary's ``[[table]]`` entries (none when the game has no glossary), each exactly ``keys``: ``lang``
    first (ja, zh or en), then non-empty strings; the values in the order of ``keys``."""
    path = CONTENT_DIR / game_id / "glossary.toml"
    if not path.is_file():
        return []
    out = []
    for i, entry in enumerate(read_toml(path).get(table, [])):
        if not isinstance(entry, dict) or set(entry) != set(keys) or entry["lang"] not in ("ja", "zh", "en") \
                or not all(isinstance(entry[k], str) and entry[k] for k in keys[1:]):
            raise ContentError(path, f"{table} #{i + 1}",
                               f"needs lang (ja/zh/en), {', '.join(keys[1:-1])} and {keys[-1]}")
        out.append(tuple(entry[k] for k in keys))
    return out


@functools.cache
def load_avoid(game_id: str) -> tuple[Avoid, ...]:
    """The glossary's ``[[avoid]]`` entries (empty when none)."""
    return tuple(Avoid(*row) for row in _marked_phrases(game_id, "avoid", ("lang", "text", "use", "why")))


@functools.cache
def load_allowed(game_id: str) -> tuple[Allowed, ...]:
    """The glossary's ``[[allow]]`` entries (empty when none)."""
    return tuple(Allowed(*row) for row in _marked_phrases(game_id, "allow", ("lang", "text", "why")))
