"""Load and validate the fate_votes content (characters, if-stories, texts)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from assets import CONTENT_DIR
from assets.loaders.common import ContentError, read_toml, table_rows, text3
from shared.games.fate_votes.content import SHAPES, Character, FateVotesContent, Story
from shared.games.fate_votes.rules import PHASES
from shared.games.fate_votes.winning import CARDS, CONDITIONS, REASON_CODES, STORIES

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def _characters(path: Path) -> tuple[Character, ...]:
    data = read_toml(path)
    found: dict[str, Character] = {}
    for entry, row in table_rows(path, data, "character"):
        if not isinstance(row.get("id"), str):
            raise ContentError(path, entry, "needs a string id")
        cid = row["id"]
        entry = f"character {cid!r}"
        if cid not in CARDS:
            raise ContentError(path, entry, f"unknown character id (expected one of {list(CARDS)})")
        if cid in found:
            raise ContentError(path, entry, "defined twice")
        if row.get("priority") != CARDS.index(cid) + 1:
            raise ContentError(path, entry, f"priority must be {CARDS.index(cid) + 1}")
        if not isinstance(row.get("colour"), str) or not _HEX.match(row["colour"]):
            raise ContentError(path, entry, "colour must be '#rrggbb'")
        if not isinstance(row.get("symbol"), str) or not row["symbol"].strip():
            raise ContentError(path, entry, "symbol is missing")
        if row.get("shape") not in SHAPES:
            raise ContentError(path, entry, f"shape must be one of {list(SHAPES)}")
        found[cid] = Character(
            id=cid, priority=row["priority"], colour=row["colour"], symbol=row["symbol"], shape=row["shape"],
            name=text3(path, entry, row.get("name"), "name"),
            condition_title=text3(path, entry, row.get("condition_title"), "condition_title"),
            condition_text=text3(path, entry, row.get("condition_text"), "condition_text"))
    missing = [c for c in CARDS if c not in found]
    if missing:
        raise ContentError(path, f"character {missing[0]!r}", "is missing")
    return tuple(found[c] for c in CARDS)


def _stories(path: Path) -> dict[str, Story]:
    table = read_toml(path).get("story")
    if not isinstance(table, dict):
        raise ContentError(path, "story", "expected [story.<id>] tables")
    out: dict[str, Story] = {}
    for sid in STORIES:
        entry = f"story {sid!r}"
        row = table.get(sid)
        if not isinstance(row, dict):
            raise ContentError(path, entry, "is missing")
        character = row.get("character")
        if sid == "none":
            if character is not None:
                raise ContentError(path, entry, "the no-winner story has no character")
        elif character not in CARDS or not sid.startswith(character):
            raise ContentError(path, entry, f"character must be the story's own character, not {character!r}")
        out[sid] = Story(id=sid, character=character, title=text3(path, entry, row.get("title"), "title"),
                         text=text3(path, entry, row.get("text"), "text"))
    extra = sorted(set(table) - set(STORIES))
    if extra:
        raise ContentError(path, f"story {extra[0]!r}", "is not a known story id")
    return out


def _keyed(path: Path, data: dict[str, Any], section: str, keys: tuple[str, ...]) -> dict[str, dict[str, str]]:
    table = data.get(section)
    if not isinstance(table, dict):
        raise ContentError(path, section, f"expected a [{section}] table")
    out = {}
    for key in keys:
        if key not in table:
            raise ContentError(path, f"{section}.{key}", "is missing")
        out[key] = text3(path, f"{section}.{key}", table[key])
    extra = sorted(set(table) - set(keys))
    if extra:
        raise ContentError(path, f"{section}.{extra[0]}", "is not a known key")
    return out


def load(directory: str | Path | None = None) -> FateVotesContent:
    """Read ``characters.toml``, ``stories.toml`` and ``texts.toml``; raise ContentError on any fault."""
    base = Path(directory) if directory is not None else CONTENT_DIR / "fate_votes"
    texts_path = base / "texts.toml"
    texts = read_toml(texts_path)
    return FateVotesContent(
        characters=_characters(base / "characters.toml"),
        stories=_stories(base / "stories.toml"),
        phases=_keyed(texts_path, texts, "phases", PHASES),
        conditions=_keyed(texts_path, texts, "conditions", (*CONDITIONS, "none")),
        reasons=_keyed(texts_path, texts, "reasons", REASON_CODES),
    )
