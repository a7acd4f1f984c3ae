"""The project's import graph, read with ``ast`` (nothing is imported): which module of the
shipped packages imports which, and whether only inside a function (a lazy import) or only
for the type checker (``if TYPE_CHECKING:``)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = (
    "table_controller",
    "drivers",
    "vision",
    "hardware_sim",
    "dealer_display",
    "floor_display",
)


@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the project module it imports
    line: int
    lazy: bool  # inside a function: runs when the function is first called
    typing_only: bool  # under ``if TYPE_CHECKING:``: never runs

    def __str__(self) -> str:
        how = " (typing only)" if self.typing_only else " (lazy)" if self.lazy else ""
        return f"{self.source}:{self.line} imports {self.target}{how}"


def module_files() -> dict[str, Path]:
    """Every module of the shipped packages by dotted name (a package by its ``__init__``)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports() -> list[Import]:
    """Every import of one project module by another."""
    files = module_files()
    found: list[Import] = []
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += _Reader(name, package, set(files)).read(tree)
    return found


class _Reader(ast.NodeVisitor):
    def __init__(self, module: str, package: str, known: set[str]) -> None:
        self.module, self.package, self.known = module, package, known
        self.found: list[Import] = []
        self.lazy = self.typing_only = False

    def read(self, tree: ast.AST) -> list[Import]:
        self.visit(tree)
        return self.found

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        was, self.lazy = self.lazy, True
        self.generic_visit(node)
        self.lazy = was

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815

    def visit_If(self, node: ast.If) -> None:
        if "TYPE_CHECKING" not in ast.unparse(node.test):
            self.generic_visit(node)
            return
        was, self.typing_only = self.typing_only, True
        for child in node.body:
            self.visit(child)
        self.typing_only = was
        for child in node.orelse:
            self.visit(child)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(self._project_module(alias.name), node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            parts = self.package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
        for alias in node.names:  # ``from package import submodule`` imports the submodule
            sub = f"{base}.{alias.name}"
            self._add(sub if sub in self.known else self._project_module(base), node.lineno)

    def _project_module(self, name: str) -> str | None:
        while name and name not in self.known:
            name = name.rpartition(".")[0]
        return name or None

    def _add(self, target: str | None, line: int) -> None:
        found = Import(self.module, target or "", line, self.lazy, self.typing_only)
        if target is not None and target != self.module and found not in self.found:
            self.found.append(found)


def cycles(edges: list[Import]) -> list[list[str]]:
    """The import circles among ``edges``: each strongly connected set of two or more modules."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        graph.setdefault(edge.source, set()).add(edge.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found
