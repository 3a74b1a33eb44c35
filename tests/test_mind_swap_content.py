"""mind_swap content: the real data loads; broken copies fail naming the file and the entry."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from assets.loaders.common import ContentError
from assets.loaders.mind_swap import DIRECTORY, load
from shared.games.mind_swap.content import LOCATIONS

CONTENT = load()


def test_real_content() -> None:
    assert sorted(CONTENT.students) == list(range(2, 32))
    assert sum(c.count for c in CONTENT.cards) == 40
    for st in CONTENT.students.values():
        assert len(st.where) == 11 and "classroom" in st.where
        assert all(w in LOCATIONS for w in st.where)
        for lang in ("ja", "zh", "en"):
            assert st.name[lang] and st.club[lang] and st.other[lang]
    assert any(len(c.actions) == 2 for c in CONTENT.cards)


def test_required_abilities() -> None:
    st = CONTENT.students
    assert [a.kind for a in st[3].abilities] == ["reporter"]
    assert any(a.kind == "servant" and a.target == 26 for a in st[10].abilities)
    assert any(a.kind == "servant" and a.target == 13 for a in st[15].abilities)
    for walker in (20, 22, 23):
        assert any(a.kind == "companion" and a.group == "walking" for a in st[walker].abilities)
        assert "walking" in st[walker].groups
    for cheer in (7, 11, 17):
        assert any(a.kind == "companion" and a.group == "cheer" for a in st[cheer].abilities)


def test_club_tendencies() -> None:
    """Spot-check the tables against the club tendencies of the draft."""
    st = CONTENT.students
    p = {t: min(t - 1, 13 - t) for t in range(2, 13)}  # 2d6 weights

    def weight(no: int, loc: str) -> int:
        return sum(p[t] for t in range(2, 13) if st[no].where[t - 2] == loc)
    assert weight(2, "sports_ground") > 18  # basketball: very likely at the sports ground
    assert weight(27, "library") > 18  # library committee
    assert weight(25, "other") >= 12  # go-home club: the dorm
    assert weight(12, "garden") > 6 and weight(12, "sports_ground") > 10  # martial arts
    assert weight(14, "garden") > 6  # manga club


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "mind_swap"
    shutil.copytree(DIRECTORY, target)
    return target


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def fails(directory: Path, file: str, entry: str, words: str) -> None:
    with pytest.raises(ContentError) as e:
        load(directory)
    assert e.value.file.endswith(file), e.value
    assert e.value.entry == entry, e.value
    assert words in e.value.problem, e.value


def test_copy_loads(copy: Path) -> None:
    assert load(copy) == CONTENT


def test_missing_row(copy: Path) -> None:
    edit(copy / "students.toml", 'where = ["library", "classroom", "garden", "sports_ground", "sports_ground", '
         '"sports_ground", "classroom", "sports_ground", "classroom", "sports_ground", "garden"]',
         'where = ["library", "classroom", "garden", "sports_ground", "sports_ground", '
         '"sports_ground", "classroom", "sports_ground", "classroom", "sports_ground"]')
    fails(copy, "students.toml", "student 2", "row 12 is missing")


def test_unknown_location(copy: Path) -> None:
    text = (copy / "students.toml").read_text(encoding="utf-8")
    block = text.index("no = 5")
    where = text.index('"library"', block)
    (copy / "students.toml").write_text(text[:where] + '"rooftop"' + text[where + len('"library"'):],
                                        encoding="utf-8")
    fails(copy, "students.toml", "student 5", "unknown location 'rooftop'")


def test_ability_pointing_at_a_missing_student(copy: Path) -> None:
    edit(copy / "students.toml", 'target = 13', 'target = 1')
    fails(copy, "students.toml", "student 15 ability 0", "not a student")


def test_missing_language(copy: Path) -> None:
    edit(copy / "students.toml", ', zh = "朝仓和美"', '')
    fails(copy, "students.toml", "student 3", "name.zh is missing")


def test_missing_language_in_cards(copy: Path) -> None:
    edit(copy / "cards.toml", ', en = "Move Negi anywhere." }', ' }')
    fails(copy, "cards.toml", "card move_negi", "text.en is missing")


def test_missing_student(copy: Path) -> None:
    text = (copy / "students.toml").read_text(encoding="utf-8")
    start = text.index("[[student]]\nno = 17")
    end = text.index("[[student]]", start + 5)
    (copy / "students.toml").write_text(text[:start] + text[end:], encoding="utf-8")
    fails(copy, "students.toml", "student 17", "missing")


def test_unknown_group_and_kind(copy: Path) -> None:
    edit(copy / "students.toml", 'group = "walking"', 'group = "knitting"')
    fails(copy, "students.toml", "student 20 ability 0", "unknown group")


def test_unknown_ability_kind(copy: Path) -> None:
    edit(copy / "students.toml", 'kind = "reporter"', 'kind = "spy"')
    fails(copy, "students.toml", "student 3 ability 0", "unknown kind")


def test_deck_must_hold_40(copy: Path) -> None:
    edit(copy / "cards.toml", "count = 8", "count = 9")
    fails(copy, "cards.toml", "card", "41 cards")


def test_unknown_card_action(copy: Path) -> None:
    edit(copy / "cards.toml", 'actions = ["bath"]', 'actions = ["nap"]')
    fails(copy, "cards.toml", "card bath", "unknown action 'nap'")


def test_missing_location_name(copy: Path) -> None:
    text = (copy / "game.toml").read_text(encoding="utf-8")
    text = re.sub(r"\[locations\.garden\]\nname = .*\nsuit = .*\n", "", text)
    (copy / "game.toml").write_text(text, encoding="utf-8")
    fails(copy, "game.toml", "locations.garden", "missing")


def test_missing_file(copy: Path) -> None:
    (copy / "cards.toml").unlink()
    fails(copy, "cards.toml", "(file)", "missing")
