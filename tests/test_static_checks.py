"""The static checks run with the suite (so CI runs them): mypy on client, server and shared, ruff on the whole
tree (their settings: pyproject.toml), every `type: ignore` names its error code and says why, and colours come
from the theme (client/kit/theme.py), not from RGB literals written elsewhere."""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("client", "server", "shared", "assets", "houkago")


def _run(tool: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *tool], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          check=False)


def test_mypy_finds_no_error(tmp_path: Path) -> None:
    # mypy's own incremental cache (.mypy_cache, git-ignored; the one `mypy` run by hand here uses): files whose
    # source and dependencies are unchanged are not checked again (173 files: 5.5 s CPU cold, 0.2 s unchanged)
    run = _run(["mypy", "--cache-dir", str(ROOT / ".mypy_cache")], tmp_path)
    assert run.returncode == 0, (run.stdout + run.stderr)[-6000:]


def test_ruff_finds_nothing(tmp_path: Path) -> None:
    run = _run(["ruff", "check", "--no-cache", "."], tmp_path)
    assert run.returncode == 0, (run.stdout + run.stderr)[-6000:]


IGNORE = re.compile(r"#\s*type:\s*ignore(\[[^\]]*\])?(.*)$")


def ignores_without_reason(text: str) -> list[int]:
    """Lines (1-based) of `type: ignore` comments without an error code, or without a reason: a comment after
    it on its line, or a comment line just above."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        m = IGNORE.search(line)
        if m is None:
            continue
        reason = m.group(2).strip().lstrip("#").strip()
        above = lines[i - 1].strip() if i else ""
        if not m.group(1) or not (reason or above.startswith("#")):
            out.append(i + 1)
    return out


def test_every_type_ignore_names_its_code_and_says_why() -> None:
    bad = [f"{path.relative_to(ROOT)}:{n}" for top in CHECKED for path in sorted((ROOT / top).rglob("*.py"))
           for n in ignores_without_reason(path.read_text(encoding="utf-8"))]
    assert bad == []


def test_the_type_ignore_check_can_fail() -> None:
    assert ignores_without_reason("x = 1  # type: ignore\ny = 2  # type: ignore[misc]\n") == [1, 2]
    assert ignores_without_reason("# why\ny = 2  # type: ignore[misc]\nz = 3  # type: ignore[misc]  # why\n") == []


@pytest.mark.parametrize("tool", ["mypy", "ruff"])
def test_the_tools_are_configured_in_pyproject(tool: str) -> None:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][tool]
    assert config  # the checks above run with these settings, not a tool's defaults
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert any(dep.startswith(tool) for dep in extra["test"]), f"{tool} is not in the test extra (CI installs it)"


THEME = "client/kit/theme.py"
# RGB literals still written outside the theme (184 in 36 files when this check came; 181 in 32 after the merges of
# that session; 15 in 7 after the next; none now: every colour is named in client/kit/theme.py): a file may only lose
# them (its colours moved to client/kit/theme.py); a file not listed may have none.
RGB_BASELINE: dict[str, int] = {}


def rgb_literals(text: str) -> list[tuple[int, tuple[int, ...]]]:
    """(line, value) of each tuple of three or four int literals in 0..255 (a colour written in place; a mouse
    event's ``buttons=`` state is not one, nor the numbers unpacked into names, ``a, b, c = 1, 2, 3``, nor a set of
    numbers a value is tested against, ``x in (0, 1, 2)``)."""
    tree = ast.parse(text)
    not_colours = {id(k.value) for k in ast.walk(tree) if isinstance(k, ast.keyword) and k.arg == "buttons"}
    not_colours |= {id(k.value) for k in ast.walk(tree)
                    if isinstance(k, ast.Assign) and any(isinstance(t, ast.Tuple) for t in k.targets)}
    not_colours |= {id(right) for k in ast.walk(tree) if isinstance(k, ast.Compare)
                    for op, right in zip(k.ops, k.comparators) if isinstance(op, (ast.In, ast.NotIn))}
    out = []
    for node in ast.walk(tree):
        if id(node) in not_colours:
            continue
        if isinstance(node, ast.Tuple) and len(node.elts) in (3, 4) and all(
                isinstance(e, ast.Constant) and type(e.value) is int and 0 <= e.value <= 255 for e in node.elts):
            out.append((node.lineno, tuple(e.value for e in node.elts)))
    return out


def test_colours_come_from_the_theme() -> None:
    grown = {}
    for top in CHECKED:
        for path in sorted((ROOT / top).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name == THEME:
                continue
            found = rgb_literals(path.read_text(encoding="utf-8"))
            if len(found) > RGB_BASELINE.get(name, 0):
                grown[name] = found
    assert grown == {}, f"RGB literals outside {THEME} (name the colour in the theme and use it): {grown}"


def test_the_colour_scan_can_fail() -> None:
    assert rgb_literals("FILL = (250, 240, 220)\nsurface.fill((0, 0, 0, 128))\n") == [
        (1, (250, 240, 220)), (2, (0, 0, 0, 128))]
    assert rgb_literals("size = (1280, 720)\nrect = (1, 2)\nEvent(MOUSEMOTION, buttons=(1, 0, 0))\n") == []
    assert rgb_literals("A, B, C = 10, 26, 3\nok = x not in (0, 1, 2)\n") == []
    # colours unpacked into names, or a colour tested against a set of colours, are still found
    assert sorted(rgb_literals("A, B = (1, 2, 3), (4, 5, 6)\nok = x in ((0, 0, 0), (1, 1, 1))\n")) == [
        (1, (1, 2, 3)), (1, (4, 5, 6)), (2, (0, 0, 0)), (2, (1, 1, 1))]
