"""No import circles inside ``table_controller.games``: the graph of the modules' top-level
imports (``if TYPE_CHECKING:`` blocks included, imports inside functions not) has no cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import table_controller.games

ROOT = Path(table_controller.games.__file__).parent
PACKAGE = "table_controller.games"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


def top_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The imports a module runs when it is imported: its body's, and those of its top-level
    ``if``/``try`` blocks (``if TYPE_CHECKING:`` too), never a function's."""
    found: list[ast.Import | ast.ImportFrom] = []
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, (ast.If, ast.Try)):
            pending += [*node.body, *node.orelse]
            pending += getattr(node, "finalbody", [])
            for handler in getattr(node, "handlers", []):
                pending += handler.body
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of the games' packages -> the modules of the packages it imports."""
    modules = {module_name(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        for node in top_level_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets |= {a.name for a in node.names}
            elif node.module is not None and node.level == 0:
                for alias in node.names:  # ``from package import module`` names the module
                    sub = f"{node.module}.{alias.name}"
                    targets.add(sub if sub in modules else node.module)
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle through each module found on one (depth first)."""
    found: list[list[str]] = []
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            found.append([*path[path.index(node) :], node])
            return
        if node in done:
            return
        for target in sorted(graph[node]):
            visit(target, [*path, node])
        done.add(node)

    for start in sorted(graph):
        visit(start, [])
    return found


def test_the_graph_sees_the_games_imports() -> None:
    graph = import_graph()
    assert (
        "table_controller.games.backhand.prompts"
        in graph["table_controller.games.backhand.machine"]
    )
    assert (
        "table_controller.games.blackjack.flow" in graph["table_controller.games.blackjack.machine"]
    )


def test_a_circle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circles_in_the_games() -> None:
    assert cycles(import_graph()) == []
