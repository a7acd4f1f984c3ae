"""The layer ladder: every module of the shipped packages stands on one rung and imports only
from its own rung or lower ones, lazily (inside a function) or not, for the type checker or
not. The rules engine knows no table, the table no screen, the screens no command line.

From the bottom (a rung lists module prefixes; the longest prefix that matches a module
places it)."""

from __future__ import annotations

from tests.import_graph import imports, module_files

TC = "table_controller"
LADDER: tuple[tuple[str, ...], ...] = (
    # what everything stands on: errors, money, files, a stop request, parallel runs
    (
        f"{TC}.__init__",  # the package itself (its modules stand on their own rungs)
        f"{TC}.errors",
        f"{TC}.money",
        f"{TC}.evolve",
        f"{TC}.jsonfile",
        f"{TC}.private_files",
        f"{TC}.stop_request",
        f"{TC}.hardware_alerts",
        f"{TC}.staff",
        f"{TC}.simulation",
    ),
    (f"{TC}.cards",),
    (f"{TC}.shoe", f"{TC}.events"),
    (f"{TC}.engine",),  # the data a game speaks: what is expected, prompts, effects, results
    (f"{TC}.serialize", f"{TC}.dealer_steps"),
    (
        f"{TC}.contract",
        f"{TC}.round_theory",
    ),  # what a game is (Game, GameRecord); its bets in a round
    (f"{TC}.games",),  # the registry and the games' own packages
    (f"{TC}.scenario",),
    (f"{TC}.hand_log",),
    (f"{TC}.runtime",),  # one table session: the game, its log, its prompts
    (f"{TC}.autopilot",),
    # card sources, real and simulated, and the places on a game's layout a camera looks at
    ("vision", "drivers", "hardware_sim", f"{TC}.camera_places"),
    (f"{TC}.crosscheck", f"{TC}.running", f"{TC}.training"),
    ("dealer_display",),
    ("floor_display",),  # stands on the dealer display's gate and hub
    (f"{TC}.commands", f"{TC}.cli"),
)


def rung(module: str) -> int:
    """The rung of ``module``: that of the longest prefix of it on the ladder (-1: none)."""
    if module == TC:
        module = f"{TC}.__init__"
    best, found = -1, -1
    for height, prefixes in enumerate(LADDER):
        for prefix in prefixes:
            fits = module == prefix or module.startswith(prefix + ".")
            if fits and len(prefix) > best:
                best, found = len(prefix), height
    return found


def test_every_module_stands_on_a_rung() -> None:
    assert [name for name in module_files() if rung(name) < 0] == []
    assert rung("table_controller.games.blackjack.machine") == rung("table_controller.games")
    assert rung("table_controller.engine") < rung("table_controller.contract")


def test_no_module_imports_a_higher_rung() -> None:
    upward = [str(edge) for edge in imports() if rung(edge.target) > rung(edge.source)]
    assert upward == []
