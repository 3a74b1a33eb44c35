"""fate_votes content: the real data loads; broken copies fail naming file and entry."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from assets import CONTENT_DIR
from assets.loaders.common import LANGS, ContentError
from assets.loaders.fate_votes import load
from shared.engine import REGISTRY
from shared.games.fate_votes.content import FateVotesContent
from shared.games.fate_votes.rules import PHASES
from shared.games.fate_votes.winning import CARDS, CONDITIONS, REASON_CODES, STORIES

SRC = CONTENT_DIR / "fate_votes"


def test_real_content_loads_completely() -> None:
    content = load()
    assert isinstance(content, FateVotesContent)
    assert [c.id for c in content.characters] == list(CARDS)
    assert [c.priority for c in content.characters] == list(range(1, 8))
    assert set(content.stories) == set(STORIES)
    assert set(content.reasons) == set(REASON_CODES)
    assert set(content.phases) == set(PHASES)
    assert set(content.conditions) == {*CONDITIONS, "none"}
    for ch in content.characters:
        for lang in LANGS:
            assert ch.name[lang] and ch.condition_title[lang] and ch.condition_text[lang]
    assert content.stories["none"].character is None
    assert content.stories["none"].text["zh"].startswith("这次也不行的说")
    assert content.character("rika").name["ja"] == "古手梨花"
    assert REGISTRY["fate_votes"].content() is not None


def broken_copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    target = tmp_path / "fv"
    shutil.copytree(SRC, target)
    text = (target / file).read_text(encoding="utf-8")
    assert old in text
    (target / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


@pytest.mark.parametrize("file, old, new, entry", [
    ("characters.toml", 'id = "rika"', 'id = "hanyu"', "character 'hanyu'"),
    ("characters.toml", 'colour = "#e69f00"', 'colour = "orange"', "character 'rena'"),
    ("characters.toml", "priority = 3", "priority = 9", "character 'satoko'"),
    ("characters.toml", 'shape = "star"', 'shape = "blob"', "character 'mion'"),
    ("characters.toml", 'name = { ja = "前原圭一", zh = "前原圭一", en = "Maebara Keiichi" }',
     'name = { ja = "前原圭一", zh = "前原圭一" }', "character 'keiichi'"),
    ("stories.toml", "[story.shion_satoko]", "[story.shion_other]", "story 'shion_satoko'"),
    ("stories.toml", 'text.zh = "这次也不行的说', 'text.zz = "这次也不行的说', "story 'none'"),
    ("stories.toml", 'character = "keiichi"', 'character = "rika"', "story 'keiichi'"),
    ("texts.toml", '"preempted" = ', '"preempted_typo" = ', "reasons.preempted"),
    ("texts.toml", "final = {", "finale = {", "phases.final"),
])
def test_broken_content_names_file_and_entry(tmp_path: Path, file: str, old: str, new: str, entry: str) -> None:
    with pytest.raises(ContentError) as err:
        load(broken_copy(tmp_path, file, old, new))
    assert err.value.file.endswith(file)
    assert err.value.entry == entry


def test_missing_file_and_bad_toml(tmp_path: Path) -> None:
    target = tmp_path / "fv"
    shutil.copytree(SRC, target)
    (target / "stories.toml").unlink()
    with pytest.raises(ContentError) as err:
        load(target)
    assert err.value.file.endswith("stories.toml")
    (target / "stories.toml").write_text("[story\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load(target)
    assert "TOML" in err.value.problem


def test_reason_templates_are_filled_by_the_result_params() -> None:
    import random
    import string

    from shared.games.fate_votes import explain

    content = load()
    fields = {code: {f for _, f, _, _ in string.Formatter().parse(t["en"]) if f}
              for code, t in content.reasons.items()}
    for code, texts in content.reasons.items():  # every language uses the same placeholders
        for lang in LANGS:
            assert {f for _, f, _, _ in string.Formatter().parse(texts[lang]) if f} == fields[code], (code, lang)
    r = random.Random(11)
    for i in range(2000):
        n = r.randint(4, 9)
        pool = ["rika"] if i % 50 == 0 else list(CARDS)
        res = explain({s: r.choice(pool) for s in range(n)}, {s: r.randint(0, 3) for s in range(n)})
        for row in res["conditions"] + res["seats"]:
            params = row["params"]
            assert fields[row["reason_code"]] <= set(params), row
            if "by" in params:
                assert params["by"] in content.conditions
            for lang in LANGS:
                content.reasons[row["reason_code"]][lang].format(**params)
