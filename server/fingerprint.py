"""The rules/content fingerprint of a game: what a journaled table needs to replay the same way.

A table records the fingerprint it started with. After an upgrade that changes a game's rules or
content, its unfinished tables would replay into another state (or fail), so the server lists them
as needing the old version instead of replaying them. The fingerprint is a SHA-256 over the game's
rules package (bots excepted: they choose moves, they do not judge them), its content loader and its
content files.
"""
from __future__ import annotations

import hashlib
import importlib
from functools import cache
from pathlib import Path

from shared.spec import GameSpec

ROOT = Path(__file__).resolve().parent.parent


def _files(spec: GameSpec) -> list[Path]:
    package = Path(importlib.import_module(spec.rules.__name__.rpartition(".")[0]).__file__ or "").parent
    files = [p for p in package.glob("*.py") if p.name != "bots.py"]
    if spec.content_source:
        loader = importlib.import_module(spec.content_source.partition(":")[0])
        files.append(Path(loader.__file__ or ""))
        content = ROOT / "assets" / "content" / spec.id
        if content.is_dir():
            files += [p for p in content.rglob("*") if p.is_file()]
    return sorted(set(files))


@cache
def _digest(game: str, files: tuple[Path, ...]) -> str:
    h = hashlib.sha256(game.encode())
    for path in files:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:32]


def fingerprint(spec: GameSpec) -> str | None:
    """The game's current rules/content fingerprint (computed once per process); None for rules that are
    not a module (a test's stand-in game), which are then never checked."""
    if not isinstance(getattr(spec.rules, "__name__", None), str):
        return None
    return _digest(spec.id, tuple(_files(spec)))
