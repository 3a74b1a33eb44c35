"""school_mystery content loader: the shipped content loads; broken copies fail naming file and entry."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from assets.loaders.common import ContentError
from assets.loaders.school_mystery import GAME_DIR, load
from shared.games.school_mystery.content import rules_data


def test_shipped_content_loads() -> None:
    c = load()
    assert 4 <= len(c.stats) <= 6
    assert {"discover", "resolve", "objection"} <= set(c.moves)
    assert len(c.basic_moves()) >= 8
    assert 5 <= len(c.playbooks) <= 12
    for book in c.playbooks.values():
        starting = [m for m in book.moves if not c.moves[m].advance]  # advance moves: learned in a campaign
        assert 2 <= len(starting) <= 3 and len(book.moves) <= 4 and book.secrets[-1].last
        assert sum(not s.last for s in book.secrets) >= 5 and sum(s.last for s in book.secrets) >= 2
        assert all(s.effects and s.instruction for s in book.secrets)
    assert len(c.conditions) >= 6
    assert len(c.subjects) >= 3
    for s in c.subjects.values():
        assert len(s.locations) == len(s.phenomena) == len(s.characters) == len(s.clues) == 10
    data = rules_data(c)
    assert data["moves"]["discover"]["stats"] == [s.id for s in c.stats]
    assert all(t in c.ui for t in ("band_great", "band_failure", "article_unknown"))


def test_every_action_and_step_has_a_label() -> None:
    from shared.games.school_mystery import rules
    ui = load().ui
    assert [t for t in rules._HANDLERS if f"action_{t}" not in ui] == []
    steps = ("atmosphere", "draw", "pick", "condition", "clear", "secret")
    assert [k for k in steps if f"step_{k}" not in ui] == []
    assert [p for p in rules.SETUP_PHASES + rules.PLAY_PHASES + ("over",) if f"phase_{p}" not in ui] == []


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "school_mystery"
    shutil.copytree(GAME_DIR, target)
    return target


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _fails(directory: Path, file: str, entry_part: str) -> ContentError:
    with pytest.raises(ContentError) as e:
        load(directory)
    assert Path(e.value.file).name == file, e.value
    assert entry_part in e.value.entry, e.value
    return e.value


def test_copy_loads(copy: Path) -> None:
    assert set(load(copy).subjects) == set(load().subjects)


def test_stat_array_missing_a_stat(copy: Path) -> None:
    _edit(copy / "playbooks.toml", "{ observe = 1, know = 0, talk = 2, nerve = 1, body = -1 }",
          "{ observe = 1, know = 0, talk = 2, nerve = 1 }")
    _fails(copy, "playbooks.toml", "ace_reporter")


def test_playbook_without_last_secret(copy: Path) -> None:
    _edit(copy / "playbooks.toml", 'id = "ace_last1"\nlast = true', 'id = "ace_last1"')
    _fails(copy, "playbooks.toml", "ace_reporter")


def test_unknown_effect(copy: Path) -> None:
    _edit(copy / "moves.toml", '{ do = "draw_phenomenon" }', '{ do = "summon_ghost" }')
    err = _fails(copy, "moves.toml", "discover")
    assert "effect" in err.problem


def test_missing_translation(copy: Path) -> None:
    _edit(copy / "stats.toml", 'name = { ja = "観察", zh = "观察", en = "Observe" }',
          'name = { ja = "観察", en = "Observe" }')
    err = _fails(copy, "stats.toml", "observe")
    assert "zh" in err.problem


def test_missing_discover_move(copy: Path) -> None:
    _edit(copy / "moves.toml", 'id = "discover"', 'id = "discover_renamed"')
    _fails(copy, "moves.toml", "moves")


def test_move_with_unknown_stat(copy: Path) -> None:
    _edit(copy / "moves.toml", 'stats = ["talk"]', 'stats = ["charm"]')
    _fails(copy, "moves.toml", "ask_around")


def _t(word: str) -> dict:
    return {"ja": f"{word}（日本語）", "zh": f"{word}（中文）", "en": word}


def subject_data() -> dict:
    """A small valid subject of our own (independent of the shipped subject files)."""
    return {
        "id": "tiny_case", "title": _t("Tiny case"), "difficulty": 1, "day_type": "weekday",
        "start_weekday": "mon", "situation": _t("Something odd"), "questions": [_t("Q1"), _t("Q2"), _t("Q3")],
        "start_location": 1, "public_locations": [1, 3],
        "locations": [{"rank": r, "name": _t(f"Place {r}"), "description": _t("desc"), "atmosphere": _t("atm?")}
                      for r in range(1, 11)],
        "phenomena": [{"rank": r, "options": [_t("a"), _t("b"), _t("c")]} for r in range(1, 11)],
        "characters": [{"rank": r, "name": _t(f"Person {r}"), "description": _t("d"), "hint": _t("h")}
                       for r in range(1, 11)],
        "clues": [{"rank": r, "options": [_t("x"), _t("y"), _t("z")]} for r in range(1, 11)],
    }


def _value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, str)):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k} = {_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)


def to_toml(data: dict) -> str:
    """Enough TOML for a subject: scalars/inline tables at the top, lists of tables as [[name]]."""
    lines = []
    tables = {k: v for k, v in data.items() if isinstance(v, list) and v and isinstance(v[0], dict)
              and k not in ("questions",)}
    for k, v in data.items():
        if k not in tables:
            lines.append(f"{k} = {_value(v)}")
    for k, items in tables.items():
        for item in items:
            lines.append(f"[[{k}]]")
            lines.extend(f"{f} = {_value(x)}" for f, x in item.items())
    return "\n".join(lines) + "\n"


def _write_subject(copy: Path, data: dict) -> None:
    (copy / "subjects" / "tiny_case.toml").write_text(to_toml(data), encoding="utf-8")


def test_own_subject_loads(copy: Path) -> None:
    _write_subject(copy, subject_data())
    s = load(copy).subjects["tiny_case"]
    assert s.public_locations == (1, 3) and s.clues[9].options[2]["en"] == "z"


@pytest.mark.parametrize("change,entry", [
    (lambda d: d.update(locations=d["locations"][:9]), "locations"),
    (lambda d: d["locations"][4].update(rank=11), "locations[4]"),
    (lambda d: d["locations"][4].update(rank=4), "locations"),
    (lambda d: d.update(day_type="someday"), "day_type"),
    (lambda d: d.update(start_weekday="funday"), "start_weekday"),
    (lambda d: d.update(id="other_name"), "id"),
    (lambda d: d["phenomena"][6].update(options=[_t("a"), _t("b")]), "phenomena[rank 7]"),
    (lambda d: d["clues"][2]["options"][1].pop("zh"), "clues[rank 3]"),
    (lambda d: d["characters"][0].pop("hint"), "characters[rank 1]"),
    (lambda d: d.update(public_locations=[3]), "public_locations"),
    (lambda d: d.update(difficulty=9), "difficulty"),
    (lambda d: d.update(questions=[_t("only one")]), "questions"),
    (lambda d: d.update(secret_field=1), "(file)"),
])
def test_broken_subject(copy: Path, change, entry: str) -> None:
    data = subject_data()
    change(data)
    _write_subject(copy, data)
    _fails(copy, "tiny_case.toml", entry)


def test_invalid_toml_names_the_file(copy: Path) -> None:
    (copy / "conditions.toml").write_text("[[conditions]\nid = ", encoding="utf-8")
    _fails(copy, "conditions.toml", "(file)")


def test_no_subjects(copy: Path) -> None:
    shutil.rmtree(copy / "subjects")
    _fails(copy, "subjects", "(directory)")


# --------------------------------------------------------------------------- the second pass's fields

def test_condition_without_hinders(copy: Path) -> None:
    _edit(copy / "conditions.toml", 'hinders = { stats = ["body"] }\n', "")
    _fails(copy, "conditions.toml", "tired")


def test_condition_hindering_an_unknown_move(copy: Path) -> None:
    _edit(copy / "conditions.toml", 'hinders = { stats = ["body"] }', 'hinders = { moves = ["fly"] }')
    err = _fails(copy, "conditions.toml", "tired")
    assert "fly" in err.problem


def test_condition_cannot_hinder_the_resolve(copy: Path) -> None:
    _edit(copy / "conditions.toml", 'hinders = { stats = ["body"] }', 'hinders = { moves = ["resolve"] }')
    _fails(copy, "conditions.toml", "tired")


def test_secret_without_effect(copy: Path) -> None:
    _edit(copy / "playbooks.toml", 'id = "ace_s1"\neffects = [{ do = "gain_condition", condition = "no_confidence" }]',
          'id = "ace_s1"\neffects = []')
    _fails(copy, "playbooks.toml", "ace_s1")


def test_secret_naming_an_unknown_condition(copy: Path) -> None:
    _edit(copy / "playbooks.toml", 'condition = "no_confidence"', 'condition = "cursed"')
    err = _fails(copy, "playbooks.toml", "ace_s1")
    assert "cursed" in err.problem


def test_secret_may_not_unlock_a_secret(copy: Path) -> None:
    _edit(copy / "playbooks.toml", '{ do = "gain_condition", condition = "no_confidence" }', '{ do = "unlock_secret" }')
    _fails(copy, "playbooks.toml", "ace_s1")


def test_secret_without_instruction(copy: Path) -> None:
    text = (copy / "playbooks.toml").read_text(encoding="utf-8")
    start = text.index('id = "ace_s1"')
    line = text.index("instruction = ", start)
    end = text.index("\n", line)
    (copy / "playbooks.toml").write_text(text[:line] + text[end + 1:], encoding="utf-8")
    _fails(copy, "playbooks.toml", "ace_s1")


def test_secret_pool_too_small_to_hide_the_hand(copy: Path) -> None:
    text = (copy / "playbooks.toml").read_text(encoding="utf-8")
    start = text.index('[[playbooks.secrets]]\nid = "ace_s5"')
    end = text.index("[[playbooks.secrets]]", start + 10)
    (copy / "playbooks.toml").write_text(text[:start] + text[end:], encoding="utf-8")
    err = _fails(copy, "playbooks.toml", "ace_reporter")
    assert "pool" in err.problem


def test_tone_talk_needs_guidance_and_prompts(copy: Path) -> None:
    text = (copy / "texts.toml").read_text(encoding="utf-8")
    start = text.index("tone_prompt_3 = ")
    end = text.index("\n", start)
    (copy / "texts.toml").write_text(text[:start] + text[end + 1:], encoding="utf-8")
    _fails(copy, "texts.toml", "tone")
