"""The rules package is pure: no pygame, asyncio, sockets, threads or files."""
from __future__ import annotations

import ast
from pathlib import Path

SHARED = Path(__file__).resolve().parent.parent / "shared"
FORBIDDEN_MODULES = {
    "pygame", "pygame_gui", "asyncio", "socket", "socketserver", "selectors", "ssl", "threading",
    "multiprocessing", "subprocess", "sqlite3", "os", "io", "pathlib", "shutil", "tempfile", "glob",
    "zeroconf", "time", "tomllib", "json", "urllib", "http", "client", "server", "assets", "random",
}
FORBIDDEN_CALLS = {"open", "input", "print", "exec", "eval", "__import__"}


def _modules() -> list[Path]:
    return sorted(SHARED.rglob("*.py"))


def test_shared_has_modules() -> None:
    assert any(p.name == "engine.py" for p in _modules())


def problems_in(source: str, name: str) -> list[str]:
    """Forbidden imports and calls in one module's source."""
    problems = []
    for node in ast.walk(ast.parse(source, filename=name)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for imported in names:
            if imported.split(".")[0] in FORBIDDEN_MODULES:
                problems.append(f"{name}:{node.lineno} imports {imported}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
            problems.append(f"{name}:{node.lineno} calls {node.func.id}()")
    return problems


def test_shared_imports_are_pure() -> None:
    problems = []
    for path in _modules():
        problems += problems_in(path.read_text(encoding="utf-8"), str(path.relative_to(SHARED.parent)))
    assert problems == []


def test_the_check_catches_each_kind_of_violation() -> None:
    found = problems_in("import pygame\nfrom asyncio import sleep\nimport os.path\nopen('x')\nx = 1\n", "m.py")
    assert found == ["m.py:1 imports pygame", "m.py:2 imports asyncio", "m.py:3 imports os.path",
                     "m.py:4 calls open()"]
    assert problems_in("from shared.rng import Rng\nimport itertools\n", "ok.py") == []
