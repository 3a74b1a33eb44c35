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


def test_shared_imports_are_pure() -> None:
    problems = []
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in FORBIDDEN_MODULES:
                    problems.append(f"{path.relative_to(SHARED.parent)}:{node.lineno} imports {name}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
                problems.append(f"{path.relative_to(SHARED.parent)}:{node.lineno} calls {node.func.id}()")
    assert problems == []


def test_forbidden_list_catches_a_violation(tmp_path: Path) -> None:
    tree = ast.parse("import pygame\nfrom asyncio import sleep\nopen('x')\n")
    found = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom, ast.Call))]
    assert len(found) == 3
