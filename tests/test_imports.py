"""The package is a house of floors: every module sits above all it imports, lazily or for types alike."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import redouble

ROOT = Path(redouble.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Module -> the redouble modules it imports anywhere in its code (``from pkg import sub`` counts as
    importing ``pkg.sub`` alone when ``sub`` is a module)."""
    modules = {_module_name(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules]
                targets.update(subs or [base])
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_one_that_imports_it_back() -> None:
    assert cycles(import_graph()) == []


def test_the_core_never_reaches_up_to_the_edges() -> None:
    core = {"redouble.cards", "redouble.calls", "redouble.deal", "redouble.auction", "redouble.play",
            "redouble.board", "redouble.errors"}
    edges = ("redouble.pbn", "redouble.lin", "redouble.dd", "redouble.bidding", "redouble.cardplay",
             "redouble.robots", "redouble.web", "redouble.cli")
    graph = import_graph()
    assert {(m, t) for m in core for t in graph[m] if t.startswith(edges)} == set()


def test_import_redouble_stays_light() -> None:
    code = "import sys, redouble; print(sorted(m for m in sys.modules if m.split('.')[0] in " \
           "('numpy', 'starlette', 'endplay', 'rich', 'matplotlib')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
