"""The games' glossaries (assets/content/<game>/glossary.toml): every game has one, the loader checks it."""
from __future__ import annotations

from pathlib import Path

import pytest

import assets.loaders.glossary as G
from assets.loaders.common import ContentError
from client import games

GOOD = '''
[[term]]
id = "room"
name = { ja = "部屋", zh = "房间", en = "room" }
text = { ja = "説明", zh = "说明", en = "What it is." }
'''


def test_every_game_has_a_glossary_in_three_languages() -> None:
    assert set(games.games()) <= set(G.games_with_glossary())
    for game in games.games():
        terms = G.load_glossary(game)
        assert len(terms) >= 6, game
        for term in terms.values():
            for lang in ("ja", "zh", "en"):
                assert term.name_in(lang).strip() and term.text_in(lang).strip()


def _load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> dict[str, G.Term]:
    (tmp_path / "g").mkdir(exist_ok=True)
    (tmp_path / "g" / "glossary.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(G, "CONTENT_DIR", tmp_path)
    G.load_glossary.cache_clear()
    G.load_avoid.cache_clear()
    try:
        G.load_avoid("g")
        return G.load_glossary("g")
    finally:
        G.load_glossary.cache_clear()
        G.load_avoid.cache_clear()


def test_the_loader_reads_a_good_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    terms = _load(tmp_path, monkeypatch, GOOD)
    assert terms["room"].name_in("zh") == "房间" and terms["room"].text_in("en") == "What it is."
    with_words = _load(tmp_path, monkeypatch, GOOD + 'synonyms = { zh = ["屋子"], en = ["chamber"] }\n')
    assert with_words["room"].synonyms == {"zh": ("屋子",), "en": ("chamber",)}


@pytest.mark.parametrize("bad, problem", [
    (GOOD + GOOD, "used twice"),
    (GOOD.replace('zh = "说明", ', ""), "text.zh"),
    (GOOD.replace('"room"', '"Room!"', 1), "id must be"),
    (GOOD.replace("What it is.", "x" * 300), "longer than"),
    (GOOD + 'colour = "red"\n', "unknown fields"),
    ("", "at least one"),
    (GOOD + 'synonyms = { de = ["Zimmer"] }\n', "synonyms must be"),
    (GOOD + 'synonyms = { zh = "屋子" }\n', "synonyms.zh must be a list"),
    (GOOD + '[[avoid]]\nlang = "zh"\ntext = "・"\n', "needs lang"),
])
def test_the_loader_names_what_is_wrong(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bad: str,
                                        problem: str) -> None:
    with pytest.raises(ContentError, match=problem):
        _load(tmp_path, monkeypatch, bad)


def test_every_term_links_to_a_page_of_its_games_rules_book() -> None:
    from assets.loaders import rules_book

    for game in games.games():
        pages = set(rules_book.cached(game).ids())
        for term in G.load_glossary(game).values():
            assert term.page in pages, (game, term.id, term.page)
