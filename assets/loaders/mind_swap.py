"""Load and validate mind_swap content: students.toml, cards.toml, game.toml.

Every problem raises :class:`ContentError` naming the file and the entry (a missing
row, an unknown location, an ability pointing at a missing student, a missing language…).
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from assets import CONTENT_DIR
from assets.loaders.common import ContentError, check_int, check_list, check_table, read_toml, table_rows, text3
from shared.games.mind_swap.content import (
    ABILITY_KINDS,
    ACTIONS,
    FIRST_NO,
    LAST_NO,
    LEVELS,
    LOCATIONS,
    ROWS,
    Ability,
    CardType,
    ClubKind,
    ClubRules,
    MindSwapContent,
    Student,
)

DIRECTORY = CONTENT_DIR / "mind_swap"
DECK_SIZE = 40


def load(directory: str | Path | None = None) -> MindSwapContent:
    base = Path(directory) if directory is not None else DIRECTORY
    game_file, students_file, cards_file = base / "game.toml", base / "students.toml", base / "cards.toml"
    game = read_toml(game_file)
    locations = _locations(game_file, game)
    groups = {gid: text3(game_file, f"groups.{gid}", check_table(game_file, f"groups.{gid}", g).get("name"), "name")
              for gid, g in check_table(game_file, "groups", game.get("groups")).items()}
    abilities = _ability_names(game_file, game)
    club_rules = _club_rules(game_file, game)
    students = _students(students_file, read_toml(students_file), groups, club_rules)
    short_file = base / "short_names.toml"
    if short_file.is_file():
        students = _short_names(short_file, read_toml(short_file), students)
    cards = _cards(cards_file, read_toml(cards_file))
    return MindSwapContent(students=students, cards=cards, locations=locations, groups=groups,
                           abilities=abilities, club_rules=club_rules)


def _level(file: Path, entry: str, value: Any) -> str:
    if value not in LEVELS:
        raise ContentError(file, entry, f"unknown level {value!r} (known: {', '.join(LEVELS)})")
    return value


def _club_rules(file: Path, game: dict) -> ClubRules:
    """[club_rules] levels, [rooms.*] names and [clubs.*] kinds: the seed's club → place rules."""
    top = check_table(file, "club_rules", game.get("club_rules"))
    minimum = {lv: check_int(file, "club_rules", top.get(lv), lv, 1, 36) for lv in LEVELS}
    if [minimum[lv] for lv in LEVELS] != sorted(set(minimum.values())):
        raise ContentError(file, "club_rules", "levels must grow: possible < likely < very_likely")
    rooms = {rid: text3(file, f"rooms.{rid}", check_table(file, f"rooms.{rid}", r).get("name"), "name")
             for rid, r in check_table(file, "rooms", game.get("rooms")).items()}
    kinds: dict[str, ClubKind] = {}
    for cid, raw in check_table(file, "clubs", game.get("clubs")).items():
        entry = f"clubs.{cid}"
        kind = check_table(file, entry, raw)
        places = check_table(file, entry, kind.get("places"))
        for loc, level in places.items():
            if loc not in LOCATIONS:
                raise ContentError(file, entry, f"places: unknown location {loc!r}")
            _level(file, entry, level)
        room = kind.get("room")
        if room is not None and room not in rooms:
            raise ContentError(file, entry, f"room {room!r} is not in [rooms] ({', '.join(rooms)})")
        kinds[cid] = ClubKind(places=dict(places), room=room, committee=kind.get("committee", False) is True)
    return ClubRules(minimum=minimum, secondary=_level(file, "club_rules", top.get("secondary")),
                     unnamed_below=_level(file, "club_rules", top.get("unnamed_below")), kinds=kinds, rooms=rooms)


def _locations(file: Path, game: dict) -> dict[str, dict[str, str]]:
    locs = check_table(file, "locations", game.get("locations"))
    for loc in LOCATIONS:
        if loc not in locs:
            raise ContentError(file, f"locations.{loc}", "location is missing")
    for loc in locs:
        if loc not in LOCATIONS:
            raise ContentError(file, f"locations.{loc}", f"unknown location (known: {', '.join(LOCATIONS)})")
    return {loc: text3(file, f"locations.{loc}", check_table(file, f"locations.{loc}", locs[loc]).get("name"), "name")
            for loc in LOCATIONS}


def _ability_names(file: Path, game: dict) -> dict[str, dict[str, str]]:
    table = check_table(file, "abilities", game.get("abilities"))
    out = {}
    for kind in ABILITY_KINDS:
        entry = check_table(file, f"abilities.{kind}", table.get(kind))
        out[kind] = text3(file, f"abilities.{kind}", entry.get("name"), "name")
        text3(file, f"abilities.{kind}", entry.get("text"), "text")
    return out


def _short_names(file: Path, data: dict, students: dict[int, Student]) -> dict[int, Student]:
    """Every student's short display name in ja/zh/en: part of the full name, never the same as another's."""
    rows = check_list(file, "short", data.get("short"), "short")
    out = dict(students)
    seen: dict[tuple[str, str], int] = {}
    for i, row in enumerate(rows):
        entry = f"short[{i}]"
        if not isinstance(row, dict):
            raise ContentError(file, entry, "must be a table")
        no = check_int(file, entry, row.get("no"), "no", FIRST_NO, LAST_NO)
        short = text3(file, entry, {k: v for k, v in row.items() if k != "no"}, "short name")
        for lang, text in short.items():
            if text not in students[no].name[lang]:
                raise ContentError(file, f"student {no}", f"short name {text!r} is not part of {students[no].name[lang]!r}")
            if (lang, text) in seen:
                raise ContentError(file, f"student {no}", f"short name {text!r} is also student {seen[(lang, text)]}'s")
            seen[(lang, text)] = no
        out[no] = replace(students[no], short=short)
    missing = sorted(set(students) - {no for (_, _), no in seen.items()})
    if missing:
        raise ContentError(file, f"student {missing[0]}", "has no short name")
    return out


def _students(file: Path, data: dict, groups: dict, rules: ClubRules) -> dict[int, Student]:
    raw: dict[int, dict] = {}
    for entry, row in table_rows(file, data, "student"):
        no = check_int(file, entry, row.get("no"), "no", FIRST_NO, LAST_NO)
        if no in raw:
            raise ContentError(file, f"student {no}", "appears twice")
        raw[no] = row
    for no in range(FIRST_NO, LAST_NO + 1):
        if no not in raw:
            raise ContentError(file, f"student {no}", "student is missing")
    out: dict[int, Student] = {}
    for no, row in sorted(raw.items()):
        entry = f"student {no}"
        where = row.get("where")
        if not isinstance(where, list):
            raise ContentError(file, entry, "where must list the locations of rows 2–12")
        if len(where) < len(ROWS):
            raise ContentError(file, entry, f"where: row {ROWS[len(where)]} is missing (rows 2–12 needed)")
        if len(where) > len(ROWS):
            raise ContentError(file, entry, "where has more than rows 2–12")
        for r, loc in zip(ROWS, where):
            if loc not in LOCATIONS:
                raise ContentError(file, entry, f"where row {r}: unknown location {loc!r}")
        if "classroom" not in where:
            raise ContentError(file, entry, "where: the classroom must appear in every table")
        gs = row.get("groups", [])
        if not isinstance(gs, list) or any(g not in groups for g in gs):
            raise ContentError(file, entry, f"groups must name groups from game.toml ({', '.join(groups)})")
        abilities = tuple(_ability(file, f"{entry} ability {j}", a, raw, groups)
                          for j, a in enumerate(check_list(file, entry, row.get("abilities", []), "abilities")))
        clubs = row.get("clubs")
        if not isinstance(clubs, list) or not clubs or any(c not in rules.kinds for c in clubs):
            raise ContentError(file, entry, f"clubs must list club kinds from game.toml ({', '.join(rules.kinds)})")
        room, fixed = row.get("room"), rules.room_for(tuple(clubs))
        if room != fixed:
            raise ContentError(file, entry, f"room must be {fixed!r} for these clubs, not {room!r}" if fixed
                               else f"room {room!r}: these clubs have no fixed room (give 'other' instead)")
        if room is not None and "other" in row:
            raise ContentError(file, entry, "give either room or other, not both")
        other = rules.rooms[room] if room is not None else text3(file, entry, row.get("other"), "other")
        taken = next((rid for rid, names in rules.rooms.items() if room is None and names == other), None)
        if taken is not None:
            raise ContentError(file, entry, f"other names the {taken!r} room, which only its clubs use")
        student = Student(no=no, name=text3(file, entry, row.get("name"), "name"),
                          club=text3(file, entry, row.get("club"), "club"), other=other,
                          where=tuple(where), abilities=abilities, groups=tuple(gs), clubs=tuple(clubs), room=room)
        problems = rules.problems(student)
        if problems:
            raise ContentError(file, entry, f"the table breaks its club rules: {'; '.join(problems)}")
        out[no] = student
    for no, st in out.items():
        for j, a in enumerate(st.abilities):
            if a.kind == "companion" and not any(a.group in o.groups for o in out.values()):
                raise ContentError(file, f"student {no} ability {j}", f"no student belongs to group {a.group!r}")
    return out


def _ability(file: Path, entry: str, a: Any, students: dict, groups: dict) -> Ability:
    if not isinstance(a, dict):
        raise ContentError(file, entry, "must be a table")
    kind = a.get("kind")
    if kind not in ABILITY_KINDS:
        raise ContentError(file, entry, f"unknown kind {kind!r} (known: {', '.join(ABILITY_KINDS)})")
    n = check_int(file, entry, a.get("n"), "n", 1, 10)
    if kind == "reporter":
        return Ability("reporter", n)
    if kind == "servant":
        target = a.get("target")
        if target == "negi":
            return Ability("servant", n, negi=True)
        if not isinstance(target, int) or isinstance(target, bool) or target not in students:
            raise ContentError(file, entry, f"servant target {target!r} is not a student (2–31) or \"negi\"")
        return Ability("servant", n, target=target)
    group, to = a.get("group"), a.get("to")
    if group not in groups:
        raise ContentError(file, entry, f"unknown group {group!r}")
    if to not in LOCATIONS or to == "other":
        raise ContentError(file, entry, f"companion 'to' must be a suit location, not {to!r}")
    return Ability("companion", n, group=group, to=to)


def _cards(file: Path, data: dict) -> tuple[CardType, ...]:
    out, seen = [], set()
    for where, row in table_rows(file, data, "card", need_one=True):
        cid = row.get("id")
        entry = f"card {cid}" if isinstance(cid, str) else where
        if not isinstance(cid, str) or not cid:
            raise ContentError(file, entry, "id must be a name")
        if cid in seen:
            raise ContentError(file, entry, "appears twice")
        seen.add(cid)
        actions = row.get("actions")
        if not isinstance(actions, list) or not 1 <= len(actions) <= 2 or len(set(actions)) != len(actions):
            raise ContentError(file, entry, "actions must list one or two different actions")
        for act in actions:
            if act not in ACTIONS:
                raise ContentError(file, entry, f"unknown action {act!r} (known: {', '.join(ACTIONS)})")
        count = check_int(file, entry, row.get("count"), "count", 1, DECK_SIZE)
        out.append(CardType(id=cid, actions=tuple(actions), count=count,
                            name=text3(file, entry, row.get("name"), "name"),
                            text=text3(file, entry, row.get("text"), "text")))
    total = sum(c.count for c in out)
    if total != DECK_SIZE:
        raise ContentError(file, "card", f"the deck holds {total} cards; it must hold {DECK_SIZE}")
    for act in ACTIONS:
        if not any(act in c.actions for c in out):
            raise ContentError(file, "card", f"no card carries the action {act!r}")
    return tuple(out)
