"""Lower layers never import the CLI or the display: the display and the terminal runner both
stand on the running table (table_controller/running.py), never on each other."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def offenders(
    package: str, forbidden: tuple[str, ...], *, allowed: tuple[str, ...] = ()
) -> list[str]:
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith(allowed):
            continue
        found += [
            f"{relative}: {name}" for name in imported_modules(path) if name.startswith(forbidden)
        ]
    return found


def test_the_display_never_imports_the_command_line() -> None:
    assert offenders("dealer_display", ("table_controller.commands", "table_controller.cli")) == []


def test_the_table_controller_imports_neither_the_display_nor_its_own_cli_below_the_cli() -> None:
    cli = ("table_controller/commands/", "table_controller/cli.py")
    assert offenders("table_controller", ("dealer_display",), allowed=cli) == []
    assert (
        offenders(
            "table_controller", ("table_controller.commands", "table_controller.cli"), allowed=cli
        )
        == []
    )


def test_drivers_and_simulators_import_neither_the_display_nor_the_cli() -> None:
    forbidden = ("dealer_display", "table_controller.commands", "table_controller.cli")
    assert offenders("drivers", forbidden) == []
    assert offenders("hardware_sim", forbidden) == []
