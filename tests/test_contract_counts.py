"""Issue 39's counts: the shell knows what a game is, never which games exist. Only the registry
names a game in its code (comments and docstrings aside), and no shell module types a game as
``Any``. The code is read with ``ast``, so comments and docstrings never count."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from table_controller.games import game_ids

ROOT = Path(__file__).resolve().parents[1]
SHELL = ("table_controller", "dealer_display", "drivers", "vision", "hardware_sim", "floor_display")
GAMES = "table_controller/games/"  # the games' own packages; the registry is their __init__.py
REGISTRY = "table_controller/games/__init__.py"
# Modules other pieces of issue 39 are changing; each leaves this list when its piece lands (the
# last, blackjack's math, has moved into its package).
ELSEWHERE: set[str] = set()


def shell_modules() -> Iterator[tuple[str, ast.Module]]:
    """Every shipped module outside the games' own packages (the registry included)."""
    for package in SHELL:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name.startswith(GAMES) and name != REGISTRY:
                continue
            yield name, ast.parse(path.read_text(encoding="utf-8"), name)


def _docstrings(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def game_names(tree: ast.Module, ids: tuple[str, ...]) -> list[str]:
    """The string literals of ``tree``'s code that name a game: its id as a word, as written
    (``red-dog``) or as a Python name (``red_dog``), in any case."""
    forms = {form for game in ids for form in (game, game.replace("-", "_"))}
    word = re.compile(
        "|".join(rf"(?<![a-z0-9]){re.escape(form)}(?![a-z0-9])" for form in sorted(forms))
    )
    docstrings = _docstrings(tree)
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and word.search(node.value.lower())
    ]


def games_typed_any(tree: ast.Module) -> list[int]:
    """The lines where a parameter or a variable named ``game`` is annotated ``Any``."""
    typed = [
        (node.lineno, node.annotation)
        for node in ast.walk(tree)
        if isinstance(node, ast.arg) and node.arg == "game"
    ] + [
        (node.lineno, node.annotation)
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name | ast.Attribute)
        and ast.unparse(node.target).split(".")[-1] == "game"
    ]
    return [
        line
        for line, annotation in typed
        if annotation is not None and ast.unparse(annotation) in ("Any", "typing.Any")
    ]


def test_only_the_registry_names_a_game_in_its_code() -> None:
    ids = game_ids()
    naming = {name: found for name, tree in shell_modules() if (found := game_names(tree, ids))}
    assert set(naming) - ELSEWHERE == {REGISTRY}, {
        k: v for k, v in naming.items() if k not in ELSEWHERE
    }


def test_the_count_sees_a_game_named_in_code_but_not_in_a_docstring_or_comment() -> None:
    tree = ast.parse(
        '"""The red-dog table."""\n'
        "# blackjack\n"
        "def f(game: str = 'Red-Dog') -> str:\n"
        "    '''Missouri-City.'''\n"
        "    return f'{game}: vingt_un' + 'redder-doggy'\n"
    )
    assert game_names(tree, ("red-dog", "blackjack", "missouri-city", "vingt-un")) == [
        "Red-Dog",
        ": vingt_un",
    ]


def test_no_shell_module_types_a_game_as_any() -> None:
    typed_any = {name: lines for name, tree in shell_modules() if (lines := games_typed_any(tree))}
    assert set(typed_any) <= ELSEWHERE, typed_any


def test_the_any_check_sees_a_parameter_and_a_variable() -> None:
    tree = ast.parse(
        "def f(game: Any, other: Any, *, g: Game) -> None:\n"
        "    game: Any = None\n"
        "    self.game: typing.Any = None\n"
    )
    assert games_typed_any(tree) == [1, 2, 3]
