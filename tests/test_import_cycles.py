"""No import cycle among the project's modules.

Every ``import`` counts, at module level or inside a function (a function-level
import only hides a cycle until the function runs); imports under
``if TYPE_CHECKING:`` do not (they never run). The graph is read from the source
with :mod:`ast`, so nothing is imported.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("houkago", "shared", "server", "client", "assets", "tools", "bench")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            out[module_name(path)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported_names(tree: ast.AST, here: str, is_package: bool, known: set[str] | frozenset[str] = frozenset()
                    ) -> list[str]:
    """The modules the imports in ``tree`` load: ``from a import b`` is ``a.b`` when that is a module in
    ``known``, else ``a`` (a name defined in ``a``)."""
    names: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".") if is_package else here.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            for alias in node.names:
                sub = f"{mod}.{alias.name}"
                names.append(sub if sub in known else mod)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return names


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """module -> the project modules it imports (directly)."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        known = set(modules)
        deps = {n for n in _imported_names(tree, name, path.name == "__init__.py", known) if n in modules}
        deps.discard(name)
        graph[name] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def strong(v: str) -> None:
        nonlocal counter
        work = [(v, iter(sorted(graph[v])))]
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return found


def test_the_checker_finds_a_function_level_cycle_and_ignores_type_checking() -> None:
    a = ast.parse("import b\n")
    b = ast.parse("def f():\n    from a import x\n")
    c = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import a\n")
    graph = {"a": set(_imported_names(a, "a", False)) & {"b"},
             "b": set(_imported_names(b, "b", False)) & {"a"},
             "c": set(_imported_names(c, "c", False)) & {"a"}}
    assert graph == {"a": {"b"}, "b": {"a"}, "c": set()}
    assert cycles(graph) == [["a", "b"]]
    rel = ast.parse("from . import sibling\nfrom ..up import thing\n")
    known = {"pkg.sub.sibling", "pkg.up"}
    assert set(_imported_names(rel, "pkg.sub.mod", False, known)) == {"pkg.sub.sibling", "pkg.up"}


def test_no_import_cycle_among_the_project_modules() -> None:
    modules = project_modules()
    assert {"client.app", "server.hub", "shared.engine"} <= set(modules)
    found = cycles(import_graph(modules))
    assert not found, "import cycles (function-level imports count):\n" + "\n".join(" ↔ ".join(c) for c in found)
