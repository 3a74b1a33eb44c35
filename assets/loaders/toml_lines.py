"""Where things are in a TOML file: the line of a table, a key or an array element, for error messages.

``tomllib`` gives values without positions. :func:`index` reads the text once more, line by line, and
keeps a tree of its tables (``[a]``, ``[[a.b]]``) with the line of every key and of every element of a
multi-line array; :func:`locate` walks that tree along a loader's entry path (``subjects[0]
locations[rank 3]``, ``playbooks[1] (id) secrets[4] (id)``, ``outcomes.great``) and a field
(``text.zh``, ``options[1]``) to the most precise line it finds. Good enough for hand-written content:
no multi-line strings with brackets at a line's start, no dotted keys across tables.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-\s\"]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*=\s*(.*)$")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'')
_SCALAR = re.compile(r'^\s*("(?:[^"\\]|\\.)*"|-?\d+)')


@dataclass
class Node:
    """One table of the file (the root, a ``[table]`` or one ``[[array]]`` element)."""

    line: int
    keys: dict[str, int] = field(default_factory=dict)  # key -> line
    values: dict[str, str] = field(default_factory=dict)  # key -> a scalar's literal (ids, ranks)
    elements: dict[str, list[int]] = field(default_factory=dict)  # key -> line of each array element
    tables: dict[str, Node] = field(default_factory=dict)
    arrays: dict[str, list[Node]] = field(default_factory=dict)


def _balance(text: str) -> int:
    """How many brackets and braces ``text`` opens (minus closes), strings and comments left out."""
    bare = _STRING.sub("", text).split("#", 1)[0]
    return bare.count("[") + bare.count("{") - bare.count("]") - bare.count("}")


def _walk(root: Node, parts: list[str], create_line: int) -> Node:
    node = root
    for part in parts:
        if node.arrays.get(part):
            node = node.arrays[part][-1]
        else:
            node = node.tables.setdefault(part, Node(create_line))
    return node


def index(text: str) -> Node:
    """The table tree of a TOML text (lines 1-based)."""
    root = Node(1)
    current = root
    open_key: str | None = None
    depth = 0
    for n, line in enumerate(text.splitlines(), start=1):
        if open_key is not None:  # inside a multi-line array or inline table
            stripped = line.strip()
            if depth == 1 and stripped and stripped[0] in "{\"'0123456789-[":
                current.elements[open_key].append(n)
            depth += _balance(line)
            if depth <= 0:
                open_key, depth = None, 0
            continue
        header = _HEADER.match(line)
        if header and not _KEY.match(line):
            parts = [p.strip().strip('"') for p in header.group(2).split(".")]
            parent = _walk(root, parts[:-1], n)
            if header.group(1) == "[[":
                current = Node(n)
                parent.arrays.setdefault(parts[-1], []).append(current)
            else:
                current = parent.tables.setdefault(parts[-1], Node(n))
                current.line = n
            continue
        key = _KEY.match(line)
        if key:
            name, rest = key.group(1), key.group(2)
            current.keys[name] = n
            scalar = _SCALAR.match(rest)
            if scalar:
                current.values[name] = scalar.group(1).strip('"')
            bal = _balance(rest)
            if rest.lstrip().startswith("["):
                # elements on the key's own line count from there
                current.elements[name] = [n] * max(1, rest.count("{")) if bal <= 0 else []
                if bal > 0:
                    inner = rest.lstrip()[1:].strip()
                    if inner and inner[0] in "{\"'0123456789-":
                        current.elements[name].append(n)
            if bal > 0:
                open_key, depth = name, bal
    return root


_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[(rank#)?(\d+)\])?")


def _step(node: Node, name: str, rank: bool, number: int | None) -> tuple[Node | None, int | None]:
    """The child ``name`` (its element ``number``, or the one whose rank is ``number``) or the line of
    the key / array element when it is a value, not a table."""
    items = node.arrays.get(name)
    if items:
        if number is None:
            return items[0], items[0].line
        if rank:
            for item in items:
                if item.values.get("rank") == str(number):
                    return item, item.line
            return None, items[0].line
        if 0 <= number < len(items):
            return items[number], items[number].line
        return None, items[-1].line
    if name in node.tables:
        return node.tables[name], node.tables[name].line
    if name in node.elements and number is not None:
        lines = node.elements[name]
        if 0 <= number < len(lines):
            return None, lines[number]
    if name in node.keys:
        return None, node.keys[name]
    return None, None


def locate(tree: Node, entry: str, field_path: str = "") -> int | None:
    """The line of ``entry`` (a loader's entry path) and, inside it, of ``field_path`` when found."""
    node: Node | None = tree
    line: int | None = None
    for token in (entry + " " + field_path).replace("[rank ", "[rank#").split():
        if token.startswith("("):
            continue
        for part in token.split("."):
            m = _PART.fullmatch(part)
            if m is None or node is None:
                return line
            number = int(m.group(3)) if m.group(3) is not None else None
            child, child_line = _step(node, m.group(1), bool(m.group(2)), number)
            if child_line is None:
                return line
            line, node = child_line, child
    return line
