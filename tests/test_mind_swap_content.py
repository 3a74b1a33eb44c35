"""mind_swap content: the real data loads; broken copies fail naming the file and the entry."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from assets.loaders.common import ContentError
from assets.loaders.mind_swap import DIRECTORY, load
from shared.games.mind_swap.content import LEVELS, LOCATIONS

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


def test_every_table_follows_the_club_place_rules() -> None:
    """The seed's club → place rules, kept as data in game.toml, hold for every student's table."""
    rules = CONTENT.club_rules
    assert rules is not None and set(rules.kinds) >= {"sports", "sports_garden", "culture", "culture_garden",
                                                     "committee", "library_committee", "go_home", "swimming"}
    for no, st in CONTENT.students.items():
        assert rules.problems(st) == [], (no, rules.problems(st))
        shares = st.shares()
        assert sum(shares.values()) == 36 and shares["classroom"] >= 1  # 教室 is in every table
        for loc, level in rules.required(st.clubs).items():
            assert shares[loc] >= rules.minimum[level], (no, loc, level)
            if level == "very_likely":
                assert shares[loc] == max(shares.values()) and list(shares.values()).count(shares[loc]) == 1
        main = rules.kinds[st.clubs[0]]
        if main.places.get("sports_ground") == "very_likely":  # 運動部: 運動場にいる可能性が非常に高い
            assert max(shares, key=shares.get) == "sports_ground", no
        if any(rules.kinds[c].committee for c in st.clubs):  # ○○委員: their "other" is the staff room
            assert st.room == "staff_room" and st.other == rules.rooms["staff_room"], no
        if st.room is None:
            assert st.other not in rules.rooms.values(), no  # a fixed room only for its clubs
    assert [lv for lv in LEVELS] == sorted(LEVELS, key=rules.minimum.get)


def test_the_issue_cases() -> None:
    """Setsuna (kendo) is most likely at the sports ground; Ako's room is the staff room; the walking
    club has its own room, not the go-home club's dorm; only a later club is softened."""
    st, rules = CONTENT.students, CONTENT.club_rules
    assert st[15].clubs == ("sports",) and max(st[15].shares(), key=st[15].shares().get) == "sports_ground"
    assert st[15].shares()["sports_ground"] >= 15
    assert st[5].room == "staff_room" and st[5].other["ja"] == "職員室"
    assert st[27].room == "staff_room" and st[29].room == "staff_room"
    assert st[25].room == "dorm" and st[6].room == "pool"
    for walker in (20, 22, 23):
        assert st[walker].room is None and st[walker].other != rules.rooms["dorm"]
    # Chao: cooking is her main club, so Chinese martial arts only asks for "possible"
    assert rules.required(st[19].clubs)["sports_ground"] == "possible"
    assert rules.required(st[19].clubs)["other"] == "likely"
    # Ayaka: equestrian (main) and the class-representative committee both bind
    need = rules.required(st[29].clubs)
    assert need["sports_ground"] == "very_likely" and need["garden"] == "likely" and need["other"] == "likely"


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


SETSUNA_WHERE = ('where = ["library", "garden", "other", "sports_ground", "sports_ground", "classroom", '
                 '"sports_ground", "other", "sports_ground", "garden", "sports_ground"]')

BROKEN_CLUB_RULES = [
    # Setsuna's old table (15/36 "other", 8/36 sports ground) breaks the sports-club rule
    ("students.toml", SETSUNA_WHERE,
     ('where = ["library", "classroom", "garden", "other", "sports_ground", "other", "classroom", "other", '
     '"sports_ground", "garden", "other"]'), "student 15", "sports_ground is 8/36, below very_likely"),
    # a committee member's "other" is the staff room (Ako's used to be the infirmary)
    ("students.toml", 'clubs = ["sports", "committee"]\nroom = "staff_room"',
     'clubs = ["sports", "committee"]\nother = { ja = "保健室", zh = "保健室", en = "the infirmary" }',
     "student 5", "room must be 'staff_room'"),
    # the dorm belongs to the go-home club only (the walking club used to get it)
    ("students.toml", 'other = { ja = "さんぽ部の部室", zh = "散步部活动室", en = "the walking club room" }',
     'other = { ja = "寮", zh = "宿舍", en = "the dorm" }', "student 20", "'dorm' room"),
    ("students.toml", 'clubs = ["go_home"]', 'clubs = ["napping"]', "student 25", "clubs must list club kinds"),
    ("game.toml", 'places = { sports_ground = "very_likely" }', 'places = { sports_ground = "certain" }',
     "clubs.sports", "unknown level 'certain'"),
    # a culture club member (Asakura, journalism) may not be likely at the sports ground
    ("students.toml", ('where = ["sports_ground", "garden", "library", "other", "classroom", "other", '
     '"library", "other", "garden", "other", "classroom"]'),
     ('where = ["sports_ground", "garden", "sports_ground", "other", "sports_ground", "other", '
     '"library", "other", "garden", "other", "classroom"]'),
     "student 3", "sports_ground is 9/36 but none of the clubs names it"),
]


@pytest.mark.parametrize(("file", "old", "new", "entry", "words"), BROKEN_CLUB_RULES)
def test_club_rule_breaks_fail_to_load(copy: Path, file: str, old: str, new: str, entry: str, words: str) -> None:
    edit(copy / file, old, new)
    fails(copy, file, entry, words)
