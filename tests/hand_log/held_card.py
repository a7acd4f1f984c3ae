"""Hands of a game with stated figures, for the hold-against-theory tests: High Card (the
tests' proof game) registered as "held-card" with a main bet the test says holds 5% with a
standard deviation of 1 per unit staked, and no figure for a side bet."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from table_controller import games
from table_controller.contract import BetTheory
from table_controller.hand_log import HandLog
from tests.high_card import RECORD

EDGE, SD = 0.05, 1.0  # the figures the game declares for its main bet


@pytest.fixture
def stated_game() -> Iterator[None]:
    figures = {"main": BetTheory(EDGE, SD, basis="stated by the test")}
    games.register(replace(RECORD, id="held-card", theory=lambda _game: figures))
    yield
    games.unregister("held-card")


def settled(
    seat: str, bet: str, staked: int, collected: int, paid: int, rule: str = "HC-1"
) -> dict[str, Any]:
    """A settled effect as the engine logs it (a paid bet's stake returned with its pay)."""
    returned = staked if paid else 0
    return {
        "type": "settled",
        "seat": seat,
        "bet": bet,
        "staked": staked,
        "collected": collected,
        "returned": returned,
        "paid": paid,
        "net": paid - collected,
        "reason": "",
        "rule": rule,
    }


def write_hand(
    log: HandLog, hand_id: str, at: float, payments: list[dict[str, Any]], **extra: Any
) -> None:
    header = {
        "table": log.table_id,
        "game": "held-card",
        "title": "Held Card",
        "switches": {},
        "seats": ["seat1", "seat2"],
        "shoe": "sim://?seed=1",
        "dealer": "ann",
    }
    log.begin_hand(hand_id, header, at=at)
    effects: list[dict[str, Any]] = list(extra.get("irregular", []))
    log.append(
        hand_id,
        "event",
        {"event": {"type": "control", "control": "paid"}, "effects": [*effects, *payments]},
        source="console:dealer",
        at=at + 1,
    )
    result = {"winner": None, "decided_by": "HC-1", "details": {"settlements": payments}}
    if extra.get("void"):
        result = {**result, "void": True, "decided_by": "VOID"}
    log.append(hand_id, "result", result, source="engine", at=at + 2)
