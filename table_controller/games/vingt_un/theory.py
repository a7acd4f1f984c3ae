"""What Vingt-un's stake should hold when the house banks: simulated through the rules engine
(``analysis``: the autopilot's stated strategy, one pack dealt through), as no exact figure is
derived. Per unit staked: the house's win over the stakes it settled, with the simulation's 95%
interval; kept per rule set and seat count for the process (a few seconds each)."""

from __future__ import annotations

import json
import random
from typing import Any

from table_controller.contract import BetTheory
from table_controller.games.vingt_un.machine import VingtUnGame

ROUNDS = 4_000
SEED = 1
_kept: dict[str, BetTheory] = {}


def theory(game: VingtUnGame) -> dict[str, BetTheory]:
    key = json.dumps([game.switches.to_dict(), len(game.seats)], sort_keys=True)
    if key not in _kept:
        _kept[key] = stake(game, ROUNDS, SEED)
    return {"stake": _kept[key]}


def stake(game: VingtUnGame, rounds: int, seed: int) -> BetTheory:
    """The house's win per unit staked over ``rounds`` simulated rounds (a ratio of sums, its
    interval by the rounds' spread about it); rounds a seat banks are not the house's."""
    from table_controller.games.vingt_un.analysis import next_event

    rng = random.Random(f"vingt-un-theory:{seed}")
    state, done = game.new_hand(), 0
    cards: list[Any] = []
    per_round: list[tuple[int, int, list[tuple[int, int]]]] = []
    while done < rounds:
        exp = game.expected(state)
        if exp.hand_over:
            per_round.append(_house_bets(state))
            done += 1
            state = game.next_hand(state)
            continue
        event, cards = next_event(game, state, exp, cards, rng)
        state, _ = game.apply(state, event)
    return _ratio(per_round, rounds)


def _house_bets(state: Any) -> tuple[int, int, list[tuple[int, int]]]:
    bets = [
        (p.collected - p.paid, p.staked)
        for p in state.settled
        if not (p.banker or p.payee or p.payer)
    ]
    return sum(w for w, _ in bets), sum(s for _, s in bets), bets


def _ratio(per_round: list[tuple[int, int, list[tuple[int, int]]]], rounds: int) -> BetTheory:
    staked = sum(s for _, s, _ in per_round)
    if not staked:
        return BetTheory(None, None, False, basis="no round in the simulation was the house's")
    edge = sum(w for w, _, _ in per_round) / staked
    n = len(per_round)
    spread = sum((w - edge * s) ** 2 for w, s, _ in per_round) / max(1, n - 1)
    half = 1.96 * spread**0.5 * n**0.5 / staked
    bets = [b for _, _, round_bets in per_round for b in round_bets]
    sd = (sum((w - edge * s) ** 2 for w, s in bets) / sum(s * s for _, s in bets)) ** 0.5
    return BetTheory(
        edge,
        sd,
        exact=False,
        interval=half,
        basis=(
            f"simulated, {rounds:,} rounds through the engine (seed {SEED}), the autopilot's "
            "strategy: draw to 16, stand on 17, divide aces and eights; no exact figure derived"
        ),
    )
