"""Farmer deals played straight from a shuffle, for ``table analyse farmer``: the same cards in the
same order as the engine deals them (F-8, F-11, F-12, F-23), the same strategy, and the engine's
own settlement (``settle.settle``, F-15 to F-19), without the event machinery around them.

The random numbers are drawn exactly as the engine-driven simulation draws them (one shuffle to
choose a session's first farmer, one per deal), so both give the same nets deal for deal
(tests/games/test_farmer_analysis.py holds them equal); this one is about 30 times faster.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from table_controller.cards import Card
from table_controller.games.farmer.cards import GOAL, SIX_OF_HEARTS, farmer_deck, score
from table_controller.games.farmer.deal import order_from_left
from table_controller.games.farmer.settle import FARM, settle
from table_controller.games.farmer.switches import Switches


@dataclass
class Table:
    sw: Switches
    seats: tuple[str, ...]
    farm: int = 0
    farmer: str = ""


@dataclass(frozen=True)
class DealResult:
    nets: list[int]  # per position, from the farmer's left to the farmer, the ante included
    winner: int | None  # the position that took the farm


def shuffled(rng: random.Random) -> list[Card]:
    cards = list(farmer_deck())
    rng.shuffle(cards)
    return cards


def choose_farmer(table: Table, rng: random.Random) -> None:
    """F-8: a new session: the farm empty, cards dealt face up around the seats until the 6H."""
    cards = shuffled(rng)
    table.farm, table.farmer = 0, table.seats[cards.index(SIX_OF_HEARTS) % len(table.seats)]


def play(table: Table, rng: random.Random, hit_below: int) -> DealResult:
    """One deal from a fresh shuffle (F-9); the table's farm and farmer move on."""
    sw, order = table.sw, order_from_left(table.seats, table.farmer)
    stock = shuffled(rng)
    stock.reverse()  # pop() from the end is the top card
    hands = {s: [stock.pop()] for s in order}  # F-11: one face-down card each
    for seat in order:  # F-12: the required draw, then hits while below hit_below
        if not stock:
            if sw.F6 == "void":
                return DealResult([0] * len(order), None)  # F-25: antes returned, same farmer
            break  # F-23 stay: this seat and those after it keep what they hold
        hand = hands[seat]
        hand.append(stock.pop())
        while stock and score(hand) < hit_below and score(hand) <= GOAL:
            hand.append(stock.pop())
        if not stock and score(hand) < hit_below:
            if sw.F6 == "void":
                return DealResult([0] * len(order), None)
            break
    result = settle(sw, order, hands, table.farmer, table.farm + sw.ante * len(order))
    nets = dict.fromkeys(order, -sw.ante)
    farm = table.farm + sw.ante * len(order)
    for payment in result.payments:
        for party, amount in payment.moves():
            if party in nets:
                nets[party] += amount
            elif party == FARM:
                farm += amount
    table.farm, table.farmer = farm, result.next_farmer
    winner = order.index(result.winner) if result.winner else None
    return DealResult([nets[s] for s in order], winner)
