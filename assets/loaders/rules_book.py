"""Load and validate a game's rules book (``assets/content/<game>/rules_book.toml``).

A rules book is written for players: short pages (title, paragraphs, an example) with
illustrations drawn by the game's own painters (``art``: a card, a die roll, the map…) and
the game steps each page explains (``steps``: a table's "?" opens the page of its step).
The loader checks every page has ja, zh and en, ids are unique, every illustration names a
known kind and a thing that exists in the game's content, and every step of the game is
explained by some page.
"""
from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assets import CONTENT_DIR
from assets.loaders.common import (
    ContentError,
    check_list,
    check_table,
    read_toml,
    text3,
)
from assets.loaders.rules_book_steps import STEPS, installed  # noqa: F401 - the book's steps, found without it

GAMES = ("fate_votes", "mind_swap", "school_mystery")

SM_SUITS = ("hearts", "diamonds", "spades", "clubs")
FV_CARDS = ("oyashiro", "rena", "satoko", "mion", "shion", "keiichi", "rika")


@dataclass(frozen=True)
class Art:
    """One illustration: a ``kind`` drawn by the client's rules-book painter with ``params``."""

    kind: str
    params: tuple[tuple[str, Any], ...] = ()
    caption: Mapping[str, str] | None = None  # a short line under the picture (ja, zh, en)

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.params).get(key, default)


@dataclass(frozen=True)
class Page:
    """One page: texts are ``{ja, zh, en}`` tables."""

    id: str
    title: Mapping[str, str]
    paragraphs: tuple[Mapping[str, str], ...]
    example: Mapping[str, str] | None
    art: tuple[Art, ...]
    steps: tuple[str, ...]


@dataclass(frozen=True)
class RulesBook:
    game: str
    pages: tuple[Page, ...]

    def ids(self) -> list[str]:
        return [p.id for p in self.pages]

    def index(self, page_id: str | None) -> int:
        """The position of ``page_id`` (0 when unknown or None)."""
        for i, p in enumerate(self.pages):
            if p.id == page_id:
                return i
        return 0

    def page_for(self, steps: Iterable[str]) -> str:
        """The page that explains the first of ``steps`` (most specific first) a page covers; else the first page."""
        for step in steps:
            for p in self.pages:
                if step in p.steps:
                    return p.id
        return self.pages[0].id


# --- illustration checks (each returns the params it accepts) -------------------------------------
def _dice(file: Path, entry: str, raw: dict) -> dict:
    sides = check_list(file, entry, raw.get("sides"), "sides")
    faces = check_list(file, entry, raw.get("faces"), "faces")
    if not 1 <= len(sides) <= 3 or len(sides) != len(faces):
        raise ContentError(file, entry, "dice need 1 to 3 sides and as many faces")
    for s, f in zip(sides, faces):
        if s not in (6, 10) or not isinstance(f, int) or isinstance(f, bool) or not 1 <= f <= s:
            raise ContentError(file, entry, f"a die must be a d6 or d10 showing 1..sides (got d{s} = {f!r})")
    dropped = raw.get("dropped")
    if dropped is not None and (not isinstance(dropped, int) or not 0 <= dropped < len(faces)):
        raise ContentError(file, entry, "dropped must be the index of one of the dice")
    return {"sides": tuple(sides), "faces": tuple(faces), "dropped": dropped}


def _fv_card(file: Path, entry: str, raw: dict) -> dict:
    if raw.get("card") not in FV_CARDS:
        raise ContentError(file, entry, f"card must be one of {list(FV_CARDS)}")
    return {"card": raw["card"]}


def _ms_content() -> Any:
    from assets.loaders import mind_swap

    return _cached_load("mind_swap", mind_swap.load)


def _ms_student(file: Path, entry: str, raw: dict) -> dict:
    no = raw.get("no")
    if no not in _ms_content().students:
        raise ContentError(file, entry, f"student {no!r} is not in the mind_swap content")
    return {"no": no, "mind": bool(raw.get("mind", False))}


def _ms_pair(file: Path, entry: str, raw: dict) -> dict:
    body, mind = raw.get("body"), raw.get("mind")
    students = _ms_content().students
    if body not in students or mind not in students:
        raise ContentError(file, entry, "body and mind must be students of the mind_swap content")
    return {"body": body, "mind": mind}


def _ms_action(file: Path, entry: str, raw: dict) -> dict:
    ids = [c.id for c in _ms_content().cards]
    if raw.get("card") not in ids:
        raise ContentError(file, entry, f"card must be one of {ids}")
    return {"card": raw["card"]}


def _ms_map(file: Path, entry: str, raw: dict) -> dict:
    return {}


def _sm_card(file: Path, entry: str, raw: dict) -> dict:
    from assets.loaders import school_mystery

    subjects = _cached_load("school_mystery", school_mystery.load).subjects
    if raw.get("subject") not in subjects:
        raise ContentError(file, entry, f"subject must be one of {sorted(subjects)}")
    if raw.get("suit") not in SM_SUITS:
        raise ContentError(file, entry, f"suit must be one of {list(SM_SUITS)}")
    rank = raw.get("rank")
    if not isinstance(rank, int) or isinstance(rank, bool) or not 1 <= rank <= 10:
        raise ContentError(file, entry, "rank must be 1..10")
    option = raw.get("option", 0)
    if option not in (0, 1, 2):
        raise ContentError(file, entry, "option must be 0, 1 or 2")
    return {"subject": raw["subject"], "suit": raw["suit"], "rank": rank, "option": option}


ART_KINDS = {"dice": _dice, "fv_card": _fv_card, "ms_student": _ms_student, "ms_pair": _ms_pair,
             "ms_action": _ms_action, "ms_map": _ms_map, "sm_card": _sm_card}

_LOADED: dict[str, Any] = {}


def _cached_load(game: str, load: Any) -> Any:
    if game not in _LOADED:
        _LOADED[game] = load()
    return _LOADED[game]


def _art(file: Path, entry: str, raw: Any) -> Art:
    raw = check_table(file, entry, raw)
    kind = raw.get("kind")
    if kind not in ART_KINDS:
        raise ContentError(file, entry, f"art kind must be one of {sorted(ART_KINDS)}")
    params = ART_KINDS[kind](file, entry, raw)
    caption = raw.get("caption")
    return Art(kind, tuple(sorted(params.items())),
               None if caption is None else text3(file, entry, caption, "caption"))


def _page(file: Path, game: str, i: int, raw: Any) -> Page:
    raw = check_table(file, f"page[{i}]", raw)
    pid = raw.get("id")
    if not isinstance(pid, str) or not pid.strip():
        raise ContentError(file, f"page[{i}]", "needs a string id")
    entry = f"page {pid!r}"
    paragraphs = check_list(file, entry, raw.get("paragraphs"), "paragraphs")
    if not paragraphs:
        raise ContentError(file, entry, "needs at least one paragraph")
    steps = check_list(file, entry, raw.get("steps", []), "steps")
    for s in steps:
        if s not in STEPS[game]:
            raise ContentError(file, entry, f"unknown step {s!r} (steps of {game}: {list(STEPS[game])})")
    example = raw.get("example")
    return Page(
        id=pid, title=text3(file, entry, raw.get("title"), "title"),
        paragraphs=tuple(text3(file, entry, p, f"paragraphs[{j}]") for j, p in enumerate(paragraphs)),
        example=None if example is None else text3(file, entry, example, "example"),
        art=tuple(_art(file, f"{entry} art[{j}]", a) for j, a in enumerate(check_list(file, entry,
                                                                                       raw.get("art", []), "art"))),
        steps=tuple(steps))


def load(game: str, directory: str | Path | None = None) -> RulesBook:
    """Read and check ``<directory or assets/content/<game>>/rules_book.toml``."""
    if game not in STEPS:
        raise ContentError(f"{game}/rules_book.toml", "(file)", f"unknown game (expected one of {list(STEPS)})")
    file = Path(directory) / "rules_book.toml" if directory else CONTENT_DIR / game / "rules_book.toml"
    data = read_toml(file)
    if data.get("game") != game:
        raise ContentError(file, "game", f"must be {game!r}")
    rows = check_list(file, "page", data.get("page"), "page")
    if not rows:
        raise ContentError(file, "page", "a rules book needs pages")
    pages = tuple(_page(file, game, i, row) for i, row in enumerate(rows))
    seen: set[str] = set()
    for p in pages:
        if p.id in seen:
            raise ContentError(file, f"page {p.id!r}", "defined twice")
        seen.add(p.id)
    covered = {s for p in pages for s in p.steps}
    missing = [s for s in STEPS[game] if s not in covered]
    if missing:
        raise ContentError(file, "steps", f"no page explains the step(s) {missing}")
    return RulesBook(game, pages)


@functools.cache
def cached(game: str) -> RulesBook:
    """The installed rules book of ``game`` (loaded once)."""
    return load(game)
