"""Vingt-un: the banker's edge over a seat, simulated through the rules engine.

Rounds are dealt through the real engine (vingt-un.md: the house banker's fixed rules V3 and V4,
naturals, ties, dividing, the bank passing under V1) from one shuffled pack dealt through, the
used cards shuffled into a new stock when the engine asks. Every seat plays the autopilot's
stated strategy (stake $10.00, divide aces and eights, draw to 16, stand on 17; a seat banker
stands on 17 and never doubles): the seats' and the banker's doubling strategies are not
derived, and no exact figure is computed (see docs/game-math.md). The banker's edge is minus a
seat's mean net per unit of its first stake, with a 95% interval; a round (the seats share the
banker's hand) is the unit of the interval. Under V1 = house the banker is the house; otherwise
rounds banked by a seat are tallied apart, the banking seat left out.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from table_controller.cards import standard_deck
from table_controller.engine import Refused
from table_controller.errors import ConfigError
from table_controller.events import NEW_DECK, PAID, RESHUFFLE, CardArrived, Control, Decision
from table_controller.games.blackjack.simulate import Mean
from table_controller.games.vingt_un.strategy import STAKE

HOUSE = "house"


def _rounds(text: str) -> int:
    if not text.isascii() or not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1 (got {text!r})")
    return int(text)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rounds", type=_rounds, default=20_000, help="rounds to deal (default 20000)"
    )
    parser.add_argument(
        "--seats",
        type=int,
        default=5,
        choices=range(1, 8),
        metavar="1..7",
        help="seats in play (default 5)",
    )
    parser.add_argument(
        "--switch",
        action="append",
        default=[],
        metavar="ID=VALUE",
        help="a Vingt-un rule switch (V1-V5), e.g. V1=pass_left (repeatable)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the shuffles' seed (default 1)")
    parser.add_argument("--json", action="store_true", help="one JSON object on standard output")


def run(args: argparse.Namespace) -> int:
    from table_controller.games import make_game, parse_switches

    game = make_game("vingt-un", seats=args.seats, switches=parse_switches(args.switch))
    start = time.process_time()
    tallies = simulate(game, args.rounds, args.seed)
    report = figures(game, tallies, args, time.process_time() - start)
    print(json.dumps(report, indent=2) if args.json else words(report))
    return 0


def simulate(game: Any, rounds: int, seed: int) -> dict[str, Mean]:
    """The seats' mean net per first stake, per round, by who banked it."""
    rng = random.Random(f"vingt-un:{seed}")
    tallies: dict[str, Mean] = {}
    state, done = game.new_hand(), 0
    cards: list[Any] = []
    while done < rounds:
        exp = game.expected(state)
        if exp.hand_over:
            record(state, tallies)
            done += 1
            state = game.next_hand(state)
            continue
        event, cards = next_event(game, state, exp, cards, rng)
        state, effects = game.apply(state, event)
        if effects and isinstance(
            effects[0], Refused
        ):  # e.g. a seat's bank: the autopilot cannot play it yet
            raise ConfigError(
                f"the simulation stopped after {done} rounds: the engine refused the autopilot's "
                f"{event!r}: {effects[0].reason}"
            )
    return tallies


def next_event(
    game: Any, state: Any, exp: Any, cards: list[Any], rng: random.Random
) -> tuple[Any, list[Any]]:
    if exp.payment is not None:
        return Control(PAID, by="simulation"), cards
    if NEW_DECK in exp.controls and exp.deal is None:
        cards = list(standard_deck())
        rng.shuffle(cards)
        return Control(NEW_DECK, by="simulation"), cards
    if RESHUFFLE in exp.controls:
        cards = list(state.shoe.discarded)
        rng.shuffle(cards)
        return Control(RESHUFFLE, by="simulation"), cards
    for (
        seat,
        acts,
    ) in exp.decisions.items():  # a seat's bank: every other seat sits in (the autopilot does not)
        if acts == ("sit_in",) and seat not in state.seats_in:
            return Decision(seat, "sit_in"), cards
    event = game.strategy(state)
    if event is not None:
        return event, cards
    return CardArrived(cards.pop()), cards


def record(state: Any, tallies: dict[str, Mean]) -> None:
    nets: dict[str, int] = {}
    for payment in state.settled:
        for party, amount in payment.moves():
            nets[party] = nets.get(party, 0) + amount
    seats = [s for s in state.seats_in if s != state.banker]
    if not seats:
        return
    banker = HOUSE if state.banker == HOUSE else "seat"
    tallies.setdefault(banker, Mean()).add(sum(nets.get(s, 0) for s in seats) / STAKE / len(seats))
    for s in seats:  # one seat's result: its standard deviation per first stake
        tallies.setdefault(f"{banker} seat", Mean()).add(nets.get(s, 0) / STAKE)


def figures(
    game: Any, tallies: dict[str, Mean], args: argparse.Namespace, cpu: float
) -> dict[str, Any]:
    rows = {
        who: {
            "rounds": m.n,
            "banker_edge_pct": -100 * m.mean,
            "banker_edge_pct_ci95": 100 * m.half_width,
            "sd_per_stake": _sd(tallies[f"{who} seat"]),
        }
        for who, m in sorted(tallies.items())
        if not who.endswith(" seat")
    }
    return {
        "game": "vingt-un",
        "seats": len(game.seats),
        "rounds": args.rounds,
        "seed": args.seed,
        "switches": game.switches.to_dict(),
        "method": "simulated through the rules engine (not exact)",
        "strategy": "the autopilot's: stake $10.00, divide aces and eights, draw to 16, stand on 17; a seat "
        "banker stands on 17 and never doubles (not derived)",
        "banker": rows,
        "cpu_seconds": round(cpu, 2),
    }


def _sd(m: Mean) -> float:
    """The standard deviation of one seat's result per first stake (sample)."""
    return max(0.0, (m.squares - m.total**2 / m.n) / max(1, m.n - 1)) ** 0.5 if m.n else 0.0


def words(report: dict[str, Any]) -> str:
    lines = [
        f"Vingt-un, {report['seats']} seats, {report['rounds']:,} rounds (seed {report['seed']}), "
        f"{report['method']}; {report['cpu_seconds']} s CPU",
        f"Strategy: {report['strategy']}.",
    ]
    for who, row in report["banker"].items():
        lines.append(
            f"  banker {'the house' if who == HOUSE else 'a seat'}: edge over a seat "
            f"{row['banker_edge_pct']:+.3f}% \u00b1 {row['banker_edge_pct_ci95']:.3f} (95%) of the first "
            f"stake, {row['rounds']:,} rounds; a seat's sd {row['sd_per_stake']:.3f} stakes"
        )
    return "\n".join(lines)
