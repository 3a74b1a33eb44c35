"""The seam between the scenes and the network stays: scenes and table views speak to the server only
through the session's typed commands and take typed messages from their subscriptions.

Scanned: ``client/scenes``, ``client/tables`` and ``client/tutorial``. None of them builds a raw protocol map
(``{"t": …}``), touches the session's private parts (``session._…``) or a socket, or reaches into the
match's private parts (``match._…``); none sends a message through ``session.send`` (a typed command says
what it does), and no scene is handed every message (``on_message`` only for the kinds it ``listens`` to).
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("client/scenes", "client/tables", "client/tutorial")
FORBIDDEN = {
    "a raw protocol map": re.compile(r"""\{\s*["']t["']\s*:"""),
    "the session's private parts": re.compile(r"\bsession\._\w"),
    "a socket": re.compile(r"^\s*(?:import socket|from socket import)|\bsocket\.socket\(|\._sock\b", re.M),
    "the match's private parts": re.compile(r"\bmatch\._[a-z]\w*"),
    "a raw send on the session": re.compile(r"\bsession\.send\("),
    "the session's inbox": re.compile(r"\bsession\.(?:poll|inbox|wait_for)\b"),
}


def offences(text: str) -> list[str]:
    """What in ``text`` crosses the seam, one line per offence (``what: the line``)."""
    out = []
    for what, pattern in FORBIDDEN.items():
        for hit in pattern.finditer(text):
            line = text[:hit.start()].count("\n") + 1
            out.append(f"{what} (line {line}): {text.splitlines()[line - 1].strip()}")
    return out


def test_the_scan_finds_each_kind_of_offence() -> None:
    """The patterns are not blind: each catches what it is for (and a clean line passes)."""
    samples = ['app.session.send({"t": "list"})', "self.app.session._every = None", "import socket",
               "self.match._refs += 1", "app.session.send(m.ListTables())", "for msg in app.session.poll():"]
    for sample in samples:
        assert offences(sample), sample
    assert offences("self.app.session.list_tables(every=3.0)") == []
    assert offences("seat = self.match.humans[0]") == []


def test_scenes_and_table_views_keep_to_the_session_seam() -> None:
    found = []
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            found += [f"{path.relative_to(ROOT)}: {o}" for o in offences(path.read_text(encoding="utf-8"))]
    assert found == [], "\n".join(found)


def test_a_scene_with_on_message_says_which_kinds_it_listens_to() -> None:
    """A scene's ``on_message`` gets only the kinds in its ``listens`` (client.scenes.base.Scene.listen)."""
    from client.scenes.registry import SCENES

    checked = 0
    for name, scene_class in SCENES.items():
        if "on_message" in vars(scene_class):
            checked += 1
            assert scene_class.listens, f"{name}: on_message without listens"
    assert checked >= 6  # lobby, join, connecting, display, table, seats, the overlays
