"""``table analyse dead-mans-hand --published``: the seed's three tables (hold, hit, payout) and
ours, cell by cell, with the difference, and in words why they differ (from our own figures)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from table_controller.games.blackjack.paytables import PAYTABLES, builtin_paytable
from table_controller.games.blackjack.published import (
    DECKS,
    Cell,
    explain,
    hit_cells,
    hold_cells,
    payout_cells,
)
from table_controller.games.blackjack.side_math import SideBetRules

TABLES: tuple[tuple[str, Callable[..., tuple[Cell, ...]]], ...] = (
    ("House hold %", hold_cells),
    ("Payout %", payout_cells),
)


def _paytables(rules: SideBetRules) -> list[Any]:
    """PT1..PT5 as the switches read them (B15 changes PT4)."""
    pt4 = (
        "2to1"
        if rules.paytable.name == "PT4" and rules.paytable.pay("DMH-S0") == 2
        else "as_printed"
    )
    return [builtin_paytable(name, pt4_s0=pt4) for name in PAYTABLES]


def print_published(rules: SideBetRules) -> None:
    print("The seed's published figures beside ours (published / ours / ours - published, percent)")
    width = 26
    header = f"{'':<8}" + "".join(f"{f'{d} deck' + ('s' if d > 1 else ''):^{width}}" for d in DECKS)
    for title, cells_of in TABLES:
        print(f"\n{title}\n{header}")
        for table in _paytables(rules):
            cells = cells_of(table, rules)
            print(f"{table.name:<8}" + "".join(f"{_cell(c):^{width}}" for c in cells))
    print(f"\nTotal hit %\n{header}")
    print(
        f"{'all':<8}"
        + "".join(f"{_cell(c):^{width}}" for c in hit_cells(_paytables(rules)[0], rules))
    )
    print("\nWhere they differ, and why:")
    for table in _paytables(rules):
        for line in explain(table, rules):
            print(line)
    print("Payout % is 100 - hold % in both: the payout rows differ exactly as the hold rows do.")


def _cell(cell: Cell) -> str:
    return f"{cell.published:.2f} {cell.ours:7.4f} {cell.difference:+.3f}"


def published_dict(rules: SideBetRules) -> dict[str, Any]:
    out: dict[str, Any] = {"decks": list(DECKS)}
    for key, cells_of in (("hold_pct", hold_cells), ("payout_pct", payout_cells)):
        out[key] = {t.name: [_cell_dict(c) for c in cells_of(t, rules)] for t in _paytables(rules)}
    out["hit_pct"] = [_cell_dict(c) for c in hit_cells(_paytables(rules)[0], rules)]
    out["why"] = {t.name: explain(t, rules) for t in _paytables(rules)}
    return out


def _cell_dict(cell: Cell) -> dict[str, float]:
    return {"published": cell.published, "ours": cell.ours, "difference": cell.difference}
