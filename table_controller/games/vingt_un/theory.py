"""What Vingt-un's stake should hold when the house banks, exactly (``analysis_exact``): the
banker's edge over a seat in the first round off a full pack, the seat playing the strategy derived
for what it knows, and the standard deviation of a seat's result, both per first stake, put per
unit staked by the units a seat puts down on average (a double, a divided hand's stake). Computed
once per rule set (about 2 s CPU) and kept for the process; the seat count does not change it.
How the seats of one round move together (they face one banker hand: ``BetTheory.together``) is
simulated: ``ROUNDS`` seven-seat rounds through the engine, the autopilot's play, the rounds the
house banks (``round_theory``; a few seconds, kept with the rest)."""

from __future__ import annotations

import json
from typing import Any

from table_controller.contract import BetTheory
from table_controller.games.vingt_un.machine import VingtUnGame
from table_controller.games.vingt_un.switches import Switches
from table_controller.round_theory import Settlement, declared

ROUNDS, SEATS, SEED = 2_000, 7, 1  # the simulation of how a round's stakes move together
_kept: dict[str, BetTheory] = {}


def theory(game: VingtUnGame) -> dict[str, BetTheory]:
    key = json.dumps(game.switches.to_dict(), sort_keys=True)
    if key not in _kept:
        _kept[key] = declared({"stake": stake(game.switches)}, rounds(game.switches))["stake"]
    return {"stake": _kept[key]}


def rounds(switches: Switches) -> list[list[Settlement]]:
    """``ROUNDS`` rounds the house banks, ``SEATS`` seats: each round's house bets."""
    import random

    from table_controller.games.vingt_un.analysis import next_event

    game = VingtUnGame(switches, SEATS)
    rng, state, cards = random.Random(f"vingt-un-together:{SEED}"), game.new_hand(), list[Any]()
    out: list[list[Settlement]] = []
    while len(out) < ROUNDS:
        exp = game.expected(state)
        if exp.hand_over:
            house = [p for p in state.settled if not (p.banker or p.payee or p.payer)]
            if house:
                out.append([(p.bet, p.staked, p.collected - p.paid) for p in house])
            state = game.next_hand(state)
            continue
        event, cards = next_event(game, state, exp, cards, rng)
        state, _ = game.apply(state, event)
    return out


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
