"""What Vingt-un's stake should hold when the house banks, exactly (``analysis_exact``): the
banker's edge over a seat in the first round off a full pack, the seat playing the strategy derived
for what it knows, and the standard deviation of a seat's result, both per first stake, put per
unit staked by the units a seat puts down on average (a double, a divided hand's stake). Computed
once per rule set (about 2 s CPU) and kept for the process; the seat count does not change it."""

from __future__ import annotations

import json

from table_controller.contract import BetTheory
from table_controller.games.vingt_un.machine import VingtUnGame
from table_controller.games.vingt_un.switches import Switches

_kept: dict[str, BetTheory] = {}


def theory(game: VingtUnGame) -> dict[str, BetTheory]:
    key = json.dumps(game.switches.to_dict(), sort_keys=True)
    if key not in _kept:
        _kept[key] = stake(game.switches)
    return {"stake": _kept[key]}


def stake(switches: Switches) -> BetTheory:
    from table_controller.games.vingt_un.analysis import house_banker

    _, figure = house_banker(switches)
    return BetTheory(
        figure.banker_edge / figure.staked,
        figure.sd / figure.staked,
        basis=(
            f"exact, the first round off a full pack, the seat's derived strategy: "
            f"{100 * figure.banker_edge:.4f}% of the first stake (sd {figure.sd:.4f}) over "
            f"{figure.staked:.4f} units staked a seat (dividing by the usual approximation; "
            "later rounds of a pack differ a little)"
        ),
    )
