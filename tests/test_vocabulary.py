"""One vocabulary per language (issue 30): each game's terms are defined once per language in its glossary
(assets/content/<game>/glossary.toml) and every player-facing text uses them.

A glossary term lists its known synonyms per language (``synonyms``); ``[[avoid]]`` entries list words and
marks that are not terms (e.g. 回合 where fate_votes says 轮, "・" in Chinese). This test extracts them and
fails on any of them anywhere in the game's texts: its content (rules book, tutorial, cards, results
texts, glossary definitions), its UI strings (assets/i18n/<lang>/<game>.toml), its step lines and
summaries, the game records' and campaigns' lines (club.toml), the refusals of the error codes its rules
raise and its rules doc (docs/rules/<game>.md, English); the app's own strings are checked for the
``[[avoid]]`` marks all games share. ``[[allow]]`` phrases (a synonym meaning something else) stay. CJK
words match as substrings, English ones as whole words or their plurals (any case).
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from assets.loaders.glossary import load_allowed, load_avoid, load_glossary

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "assets" / "content"
I18N = ROOT / "assets" / "i18n"
GAMES = {"fate_votes": "fv", "mind_swap": "ms", "school_mystery": "sm"}
LANGS = ("ja", "zh", "en")
APP_FILES = ("tutorial.toml", "rules_book.toml", "lan.toml", "localgames.toml")  # beside <lang>.toml


def _strings(x: object, where: str, lang: str | None, under: str | None = None) -> Iterator[tuple[str, str]]:
    """(where, text) for every string in ``x`` in ``lang`` (``None``: every string, for one-language files)."""
    if isinstance(x, dict):
        for k, v in x.items():
            if k == "synonyms":  # the glossary's own lists of words not to use
                continue
            inner = k if k in LANGS else under
            yield from _strings(v, f"{where}.{k}", lang, inner)
    elif isinstance(x, list):
        for i, v in enumerate(x):
            if not (isinstance(v, dict) and set(v) in ({"lang", "text", "use", "why"}, {"lang", "text", "why"})):
                # (not [[avoid]] / [[allow]] entries)
                yield from _strings(v, f"{where}[{i}]", lang, under)
    elif isinstance(x, str) and (lang is None or under == lang):
        yield where, x


def _toml(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def game_texts(game: str, lang: str) -> list[tuple[str, str]]:
    """Every text of ``game`` a player reads in ``lang``."""
    out: list[tuple[str, str]] = []
    for path in sorted((CONTENT / game).rglob("*.toml")):
        out += _strings(_toml(path), str(path.relative_to(ROOT)), lang)
    folder = I18N / lang
    out += _strings(_toml(folder / f"{game}.toml"), f"i18n/{lang}/{game}.toml", None)
    abbr = GAMES[game]
    for name, section in (("step.toml", "step"), ("summary.toml", "summary")):
        part = _toml(folder / name).get(section, {}).get(abbr, {})
        out += _strings(part, f"i18n/{lang}/{name}[{section}.{abbr}]", None)
    out += _strings(_toml(folder / "club.toml"), f"i18n/{lang}/club.toml", None)  # records and campaigns
    out += refusals(game, lang)
    if lang == "en":  # the docs are English: docs/rules/<game>.md, a paragraph at a time
        doc = ROOT / "docs" / "rules" / f"{game}.md"
        out += [(f"docs/rules/{game}.md", para) for para in doc.read_text(encoding="utf-8").split("\n\n")]
    return out


def refusals(game: str, lang: str) -> list[tuple[str, str]]:
    """The refusal texts (the app's ``[error]`` strings) of every error code the game's rules raise."""
    source = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "shared" / "games" / game).glob("*.py"))
    codes = set(re.findall(r'"([a-z]+/[a-z_]+)"', source))  # codes are namespaced: action/…, game/…
    errors = _toml(I18N / f"{lang}.toml").get("error", {})
    assert codes and codes & set(errors), game
    return [(f"i18n/{lang}.toml[error].{c}", errors[c]) for c in sorted(codes) if c in errors]


def app_texts(lang: str) -> list[tuple[str, str]]:
    """The app's own strings in ``lang`` (not one game's)."""
    out = list(_strings(_toml(I18N / f"{lang}.toml"), f"i18n/{lang}.toml", None))
    for name in APP_FILES:
        out += _strings(_toml(I18N / lang / name), f"i18n/{lang}/{name}", None)
    step = _toml(I18N / lang / "step.toml")
    out += _strings({k: v for k, v in step.get("step", {}).items() if k not in GAMES.values()},
                    f"i18n/{lang}/step.toml[step]", None)
    return out


def _finder(word: str, lang: str) -> re.Pattern[str]:
    if lang == "en":
        return re.compile(rf"(?<![A-Za-z]){re.escape(word)}(?:s|es)?(?![A-Za-z])", re.IGNORECASE)  # plurals too
    return re.compile(re.escape(word))


def _hits(texts: list[tuple[str, str]], word: str, lang: str) -> list[str]:
    find = _finder(word, lang)
    return [f"{where}: …{text[max(0, m.start() - 12):m.end() + 12]}…"
            for where, text in texts for m in [find.search(text)] if m]


def _without_allowed(texts: list[tuple[str, str]], game: str, lang: str) -> list[tuple[str, str]]:
    """``texts`` with the glossary's ``[[allow]]`` phrases (a synonym meaning something else) taken out."""
    allowed = [a.text for a in load_allowed(game) if a.lang == lang]
    out = []
    for where, text in texts:
        for phrase in allowed:
            text = text.replace(phrase, "〓")
        out.append((where, text))
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list(GAMES))
def test_no_text_uses_a_known_synonym_of_a_glossary_term(game: str, lang: str) -> None:
    texts = _without_allowed(game_texts(game, lang), game, lang)
    assert len(texts) > 100, (game, lang)
    found = []
    for term in load_glossary(game).values():
        name = term.name_in(lang)
        for word in term.synonyms.get(lang, ()):
            assert not _finder(word, lang).search(name), f"{game}/{term.id}: {word!r} is in the term's own name"
            found += [f"{term.id}: {word!r} (use {name!r}) in {hit}" for hit in _hits(texts, word, lang)]
    for avoid in load_avoid(game):
        if avoid.lang == lang:
            found += [f"{avoid.text!r} (use {avoid.use!r}: {avoid.why}) in {hit}"
                      for hit in _hits(texts, avoid.text, lang)]
    assert not found, f"{len(found)} synonyms in {game}/{lang}:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("lang", LANGS)
def test_the_apps_own_strings_avoid_the_marks_every_game_avoids(lang: str) -> None:
    """The app's strings serve every game: they avoid what all three games' ``[[avoid]]`` lists share (a word
    one game avoids, like fate_votes' 回合, may be another's: mind_swap's turns are 回合)."""
    texts = app_texts(lang)
    shared = set.intersection(*({a.text for a in load_avoid(game) if a.lang == lang} for game in GAMES))
    assert lang != "zh" or "・" in shared
    found = [f"{word!r} in {hit}" for word in sorted(shared) for hit in _hits(texts, word, lang)]
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("game", list(GAMES))
def test_every_glossary_term_is_used_and_lists_its_synonyms(game: str) -> None:
    """The chosen words are the ones the texts use: a term that lists synonyms has its name in its game's
    texts (beyond the glossary) in that language."""
    terms = load_glossary(game)
    assert any(t.synonyms for t in terms.values()), game
    for lang in LANGS:
        texts = [text for where, text in game_texts(game, lang) if "glossary.toml" not in where]
        for term in terms.values():
            if not term.synonyms.get(lang):
                continue
            name = term.name_in(lang).strip("《》")
            assert any(_finder(name, lang).search(text) for text in texts), (game, lang, term.id, name)


def test_every_allowed_phrase_is_in_use() -> None:
    """An [[allow]] entry names a phrase some text has (a stale allowance would hide nothing, or a new use)."""
    for game in GAMES:
        for a in load_allowed(game):
            assert any(a.text in text for _, text in game_texts(game, a.lang)), (game, a)


def test_the_check_finds_a_planted_synonym() -> None:
    """The scan would see a synonym where one is written (the test above cannot pass vacuously)."""
    texts = game_texts("fate_votes", "zh") + [("planted", "第2回合：选择弃票")]
    strike = load_glossary("fate_votes")["strike"]
    assert any(_hits(texts, w, "zh") for w in strike.synonyms["zh"])
    assert any(_hits(texts, a.text, "zh") for a in load_avoid("fate_votes") if a.lang == "zh")
    assert _hits([("x", "You Abstain.")], "abstain", "en") and not _hits([("x", "abstained")], "abstain", "en")
