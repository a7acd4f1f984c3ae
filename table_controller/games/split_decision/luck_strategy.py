"""The autopilot's Luck of the Draw: the dealer lays a board shuffled by a seed taken from the
session so far (the same state, the same board) and keys its cards in; the player picks the first
four free positions, takes the widest high and low, and wagers $10.00 every hand. A demo, and as
deterministic as the rest of the autopilot."""

from __future__ import annotations

import random
import zlib
from typing import Any

from table_controller.cards import parse_card
from table_controller.events import PAID, CardArrived, Control, Decision, Event
from table_controller.games.split_decision import luck_round as ld
from table_controller.games.split_decision.luck_round import Phase

WAGER = 1000
BOARD = ("AS", "AH", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "DV")


def board_for(r: Any) -> list[str]:
    before = r.shoe.drawn[:-1] if r.draw is not None else r.shoe.drawn  # the deck as the hand began
    seed = zlib.crc32(f"{r.hand_no}:{' '.join(c.code for c in before)}".encode())
    cards = list(BOARD)
    random.Random(seed).shuffle(cards)
    return cards


def next_event(game: Any, r: Any) -> Event | None:
    if r.irregularity is not None:
        return None
    exp = game.expected(r)
    if exp.payment is not None:
        return Control(PAID, by="autopilot")
    if ld.BOARD_LAID in exp.controls:
        return Control(ld.BOARD_LAID, by="autopilot")
    if exp.deal is not None and exp.deal.spot.startswith("board/"):
        pos = int(exp.deal.spot.split("/")[1])
        return CardArrived(parse_card(board_for(r)[pos - 1]), exp.deal.spot)
    acts = exp.decisions.get(ld.SEAT, ())
    if not acts or acts == ("stop",):
        return None
    if r.phase == Phase.WAGER:
        return Decision(ld.SEAT, "wager", WAGER)
    if r.phase == Phase.PICK:
        return Decision(ld.SEAT, acts[0])
    role = r.phase
    positions = [int(a.split("_")[1]) for a in acts]
    best = max if role == "high" else min
    return Decision(ld.SEAT, f"{role}_{best(positions, key=lambda p: r.role_value(p, role))}")
