"""What blackjack's bets should hold, from the game's own math (``GameRecord.theory``).

The main bet: the combinatorial house edge on the shoe of B1 decks for the total-dependent basic
strategy (``finite_shoe``, ~6 s: computed once per rule set and kept), per initial bet, put per
unit staked by the average stake a round puts down under that strategy's first decisions (a
double two units, a split two hands; the rare re-split and double after a split not counted).
The side bet: the Dead Man's Hand's exact hold for the paytable and decks (``side_math``).
How the bets of one round move together (``BetTheory.together``: seats facing one dealer hand)
is simulated: ``ROUNDS`` seven-seat rounds through the engine, basic strategy, one seeded shoe
after another (``round_theory``; ~7 s, kept with the rest).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from table_controller.cards import Card
from table_controller.contract import BetTheory
from table_controller.games.blackjack.machine import BlackjackGame
from table_controller.games.blackjack.paytables import Paytable
from table_controller.games.blackjack.switches import Switches
from table_controller.round_theory import Settlement, declared

STAKE_OF = {"double": 2.0, "split": 2.0}  # units down after the first decision; else one
ROUNDS, SEATS, SEED = 2_000, 7, 1  # the simulation of how a round's bets move together
_kept: dict[tuple[str, str], BetTheory] = {}  # (bet, rule set) -> its figures, for the process
_together: dict[str, dict[str, BetTheory]] = {}  # rule set -> the figures with their correlations


def theory(game: BlackjackGame) -> dict[str, BetTheory]:
    sw, table = game.switches, game.paytable
    rule_set = json.dumps([sw.to_dict(), table.to_dict()], sort_keys=True)
    alone = {
        "main": _keep("main", rule_set, lambda: main_bet(sw, table)),
        "side": _keep("side", rule_set, lambda: side_bet(sw, table)),
    }
    if rule_set not in _together:
        _together[rule_set] = declared(alone, rounds(sw, table))
    return _together[rule_set]


def _keep(bet: str, rule_set: str, compute: Callable[[], BetTheory]) -> BetTheory:
    if (bet, rule_set) not in _kept:
        _kept[(bet, rule_set)] = compute()
    return _kept[(bet, rule_set)]


def main_bet(switches: Switches, table: Paytable) -> BetTheory:
    from table_controller.games.blackjack.basic_strategy import Rules
    from table_controller.games.blackjack.finite_shoe import analyse, first_deals, shoe_counts

    exact = analyse(Rules.from_switches(switches, table), switches.decks, "td")
    deals = first_deals(shoe_counts(switches.decks))
    staked = sum(p * STAKE_OF.get(exact.chosen[k], 1.0) for k, p in deals.items())
    return BetTheory(
        exact.house_edge_pct / 100 / staked,
        exact.sd / staked,
        basis=(
            f"exact, {switches.decks}-deck shoe, total-dependent basic strategy: "
            f"{exact.house_edge_pct:.4f}% of the initial bet over {staked:.4f} units staked "
            "a round (splits approximate)"
        ),
    )


def side_bet(switches: Switches, table: Paytable) -> BetTheory:
    from table_controller.games.blackjack.side_math import SideBetRules, analyse

    lose_excess = switches.B16 == "lose_excess"
    figures = analyse(SideBetRules(switches.decks, table, switches.peek, lose_excess))
    return BetTheory(
        figures.hold_pct / 100,
        figures.sd,
        basis=f"exact, {table.name}, {switches.decks} decks, aces and eights split to the limits",
        hit=float(figures.hit),
    )


def rounds(switches: Switches, table: Paytable) -> list[list[Settlement]]:
    """``ROUNDS`` rounds of ``SEATS`` seats (a main and a side bet each) through the engine, basic
    strategy: each round's house bets as (bet, stake, the house's win)."""
    import random

    from table_controller.games.blackjack.simulate import _next_event, chooser

    game = BlackjackGame(switches, table, SEATS)
    rng, choose = random.Random(f"blackjack-together:{SEED}"), chooser("basic", switches, table)
    state, cards, out = game.new_hand(), list[Card](), list[list[Settlement]]()
    while len(out) < ROUNDS:
        exp = game.expected(state)
        if exp.hand_over:
            out.append([(p.bet, p.staked, p.collected - p.paid) for p in state.settled])
            state = game.next_hand(state)
            continue
        event, cards = _next_event(game, state, exp, cards, rng, choose)
        state, _ = game.apply(state, event)
    return out
