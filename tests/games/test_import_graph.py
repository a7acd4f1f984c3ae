"""No import circles inside ``table_controller.games``, counting every top-level import, those
only the type checker reads (``if TYPE_CHECKING:``) included: a module that needs another's
types stands on a module both import (Backhand's ``state``), never on its own caller."""

from __future__ import annotations

from tests.import_graph import Import, cycles, imports

GAMES = "table_controller.games"


def games_imports() -> list[Import]:
    """The games' top-level imports of one another (imports inside a function left out)."""
    return [
        e
        for e in imports()
        if not e.lazy and e.source.startswith(GAMES) and e.target.startswith(GAMES)
    ]


def test_the_graph_sees_the_games_imports_typing_only_ones_too() -> None:
    edges = {(e.source, e.target) for e in games_imports()}
    assert (f"{GAMES}.backhand.machine", f"{GAMES}.backhand.prompts") in edges
    assert (f"{GAMES}.backhand.order", f"{GAMES}.backhand.variant") in edges  # TYPE_CHECKING
    assert (f"{GAMES}.red_dog.machine", f"{GAMES}.rounds") in edges


def test_no_import_circles_in_the_games() -> None:
    assert cycles(games_imports()) == []
