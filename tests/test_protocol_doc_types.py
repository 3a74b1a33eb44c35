"""docs/protocol.md and shared/messages.py say the same: every message type and every field, both ways.

The "Client → server" and "Server → client" tables of the doc are read as a client writer reads them: per
row, the message's ``t`` and its fields column, a comma-separated list of ``name`` items (a ``?`` after the
name or its type: the field may be left out; text in parentheses is commentary; ``[{…}]`` / ``{…}`` after a
field lists the fields of the map inside it). Each type's fields (and their required/optional marks, and the
fields of the maps inside: the lobby's table and seats, the tables list, the games, the clock) must be the
Struct's, and every Struct field must be in the doc. ``ref`` is documented once for every message (Framing).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, get_args, get_origin

import msgspec
import pytest

from shared.messages import CLIENT_TYPES, SERVER_TYPES, _Part, kind

DOC = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"
OPEN, CLOSE = "([{", ")]}"


def _section(text: str, title: str) -> list[str]:
    """The table rows (``|`` lines) of the section with this title."""
    part = text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]
    return [line for line in part.splitlines() if line.startswith("|")]


def _cells(row: str) -> list[str]:
    """A table row's cells (a ``|`` inside backticks is text, not a border)."""
    cells, cell, quoted = [], "", False
    for ch in row.strip()[1:]:
        if ch == "`":
            quoted = not quoted
        if ch == "|" and not quoted:
            cells.append(cell.strip())
            cell = ""
        else:
            cell += ch
    return cells


def _split(text: str) -> list[str]:
    """``text`` cut at its top-level commas (not inside brackets); parenthesised text dropped."""
    items, item, depth, paren = [], "", 0, 0
    for ch in text:
        if ch == "(" and depth == 0:
            paren += 1
            continue
        if paren:
            paren += ch == "("
            paren -= ch == ")"
            continue
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            items.append(item.strip())
            item = ""
        else:
            item += ch
    items.append(item.strip())
    return [i for i in items if i]


Fields = dict[str, tuple[bool, "Fields | None"]]  # name -> (optional, the fields of the map inside, if listed)


def _fields(text: str, where: str) -> Fields:
    out: Fields = {}
    for item in _split(text):
        m = re.match(r"`(\w+)`", item)
        assert m, f"{where}: a field item starts with its `name`: {item!r}"
        rest = item[m.end():]
        inner = None
        nested = re.search(r"[\[{]", rest)
        if nested and "{" in rest:  # a map (or a list of maps) whose fields are listed: its outer braces
            start = rest.index("{")
            depth, end = 0, start
            for end, ch in enumerate(rest[start:], start):
                depth += ch in "[{"
                depth -= ch in "]}"
                if depth == 0:
                    break
            body = rest[start + 1:end]
            if "`" in body:
                inner = _fields(body, f"{where}.{m.group(1)}")
        top = re.sub(r"\[[^\]]*\]|\{.*\}", "", rest)  # a ? inside a listed map is the inner field's
        out[m.group(1)] = ("?" in top, inner)
    return out


def doc_messages(title: str) -> dict[str, Fields]:
    """Per message type of the doc's table under ``title``: its fields (rows of one type merged)."""
    found: dict[str, Fields] = {}
    for row in _section(DOC.read_text(encoding="utf-8"), title)[2:]:  # (the header and its rule)
        cells = _cells(row)
        t = re.match(r"`(\w+)`", cells[0])
        assert t, row
        found.setdefault(t.group(1), {}).update(_fields(cells[1], t.group(1)))
    return found


def _part_of(tp: Any) -> type[_Part] | None:
    """The Part a field holds (itself, in a list, or optional), if any."""
    for arg in (tp, *get_args(tp)):
        if isinstance(arg, type) and issubclass(arg, _Part):
            return arg
        if get_origin(arg) is list:
            inner = _part_of(get_args(arg)[0])
            if inner is not None:
                return inner
    return None


def _compare(fields: Fields, cls: type[msgspec.Struct], where: str, parts: set[type]) -> list[str]:
    problems = []
    struct = {f.encode_name: f for f in msgspec.structs.fields(cls) if f.encode_name != "ref"}
    doc = {name: v for name, v in fields.items() if name != "ref"}
    problems += [f"{where}.{name}: in the doc, not in {cls.__name__}" for name in doc.keys() - struct.keys()]
    problems += [f"{where}.{name}: in {cls.__name__}, not in the doc" for name in struct.keys() - doc.keys()]
    for name in doc.keys() & struct.keys():
        optional, inner = doc[name]
        if optional == struct[name].required:
            problems.append(f"{where}.{name}: the doc says {'optional' if optional else 'required'}, "
                            f"{cls.__name__} {'required' if struct[name].required else 'optional'}")
        part = _part_of(struct[name].type)
        if inner is not None and part is not None:
            parts.add(part)
            problems += _compare(inner, part, f"{where}.{name}", parts)
    return problems


@pytest.mark.parametrize(("title", "types"), [("Client → server", CLIENT_TYPES), ("Server → client", SERVER_TYPES)])
def test_the_doc_tables_and_the_message_structs_agree_both_ways(title: str, types: tuple[type, ...]) -> None:
    doc = doc_messages(title)
    structs = {kind(cls): cls for cls in types}
    assert sorted(doc) == sorted(structs), f"{title}: message types in the doc and in shared/messages.py differ"
    problems: list[str] = []
    parts: set[type] = set()
    for t, cls in structs.items():
        problems += _compare(doc[t], cls, t, parts)
    assert not problems, "\n".join(problems)
    if title == "Server → client":  # every map inside a server message is listed field by field somewhere
        every = {p for cls in types for f in msgspec.structs.fields(cls) if (p := _part_of(f.type))}
        every |= {p for part in set(every) for f in msgspec.structs.fields(part) if (p := _part_of(f.type))}
        assert every <= parts, f"maps never listed field by field in the doc: {every - parts}"


def test_the_reader_sees_what_the_doc_writes() -> None:
    """The parser itself: nested maps, optional marks (after a name or a type), commentary dropped."""
    got = _fields("`a` int (x, `b`), `c`?, `d` str?, `e` [{`f`, `g` {k: v}, `h`?}], `i`: {`j` (nil)}", "x")
    assert got == {"a": (False, None), "c": (True, None), "d": (True, None),
                   "e": (False, {"f": (False, None), "g": (False, None), "h": (True, None)}),
                   "i": (False, {"j": (False, None)})}
    with pytest.raises(AssertionError):
        _fields("`a`, and either `b` or `c`", "x")


def test_the_typed_messages_section_names_every_struct() -> None:
    """The doc's *Typed messages* section names each message type and each map type of shared/messages.py."""
    section = DOC.read_text(encoding="utf-8").split("\n## Typed messages\n", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`(\w+)`", section))
    parts = {p for cls in (*CLIENT_TYPES, *SERVER_TYPES) for f in msgspec.structs.fields(cls)
             if (p := _part_of(f.type))}
    parts |= {p for part in set(parts) for f in msgspec.structs.fields(part) if (p := _part_of(f.type))}
    every = {cls.__name__ for cls in (*CLIENT_TYPES, *SERVER_TYPES, *parts)}
    assert every <= named, f"not named in the Typed messages section: {sorted(every - named)}"
