"""A Farmer deal driven from a stacked deck and listed decisions, keeping every step for the
tests to check: where each card went and the score after it, each decision, each payment."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from table_controller.cards import parse_card
from table_controller.engine import Refused, Settled
from table_controller.events import DONE, NEW_DECK, PAID, CardArrived, Control, Decision
from table_controller.games import make_game


@dataclass
class Trail:
    cards: list[tuple[str, str, int]] = field(
        default_factory=list
    )  # (spot, card, the seat's score after)
    decisions: list[tuple[str, str]] = field(default_factory=list)
    payments: list[dict[str, Any]] = field(default_factory=list)  # each with the farm after it
    instructions: list[str] = field(default_factory=list)


def deal_from(game: Any, farmer: str, farm: int) -> Any:
    return game.hand_from_header({"deal": {"farm": farm, "farmer": farmer, "phase": "shuffle"}})


def apply(game: Any, state: Any, event: Any) -> tuple[Any, tuple[Any, ...]]:
    new, effects = game.apply(state, event)
    refused = [e for e in effects if isinstance(e, Refused)]
    assert not refused, refused[0].reason
    return new, effects


def play(game: Any, state: Any, deck: str, decisions: list[tuple[str, str]], trail: Trail) -> Any:
    """Shuffle, antes, the deal and the draws, the reveal and every payment, to the deal's end."""
    cards = [parse_card(c) for c in deck.replace("|", " ").split()]
    todo = list(decisions)
    while not game.expected(state).hand_over:
        exp = game.expected(state)
        trail.instructions.append(game.prompts(state).dealer_instruction)
        if exp.payment is not None:
            state, effects = apply(game, state, Control(PAID))
            for e in effects:
                if isinstance(e, Settled):
                    trail.payments.append({**e.payment.to_dict(), "farm": state.farm})
        elif NEW_DECK in exp.controls:
            state, _ = apply(game, state, Control(NEW_DECK))
        elif DONE in exp.controls:
            state, _ = apply(game, state, Control(DONE))
        elif exp.deal is not None:
            seat = exp.deal.seat
            state, _ = apply(game, state, CardArrived(cards.pop(0)))
            if exp.deal.purpose != "select":
                trail.cards.append((exp.deal.spot, state.hands[seat][-1].code, state.score(seat)))
        elif exp.decisions:
            seat, action = todo.pop(0)
            assert seat in exp.decisions, (seat, exp.decisions)
            state, _ = apply(game, state, Decision(seat, action))
            trail.decisions.append((seat, action))
        else:
            raise AssertionError(f"stuck: {game.prompts(state).dealer_instruction}")
    trail.instructions.append(game.prompts(state).dealer_instruction)
    assert not cards, f"cards left over: {cards}"
    assert not todo, f"decisions left over: {todo}"
    return state


def game_of(seats: int, **switches: Any) -> Any:
    return make_game("farmer", seats=seats, switches=switches or None)


def brief(payments: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """(payer, payee, cents, rule, farm after) for each payment."""
    out = []
    for p in payments:
        if p.get("payer"):
            out.append((p["payer"], p["seat"], p["paid"], p["rule"], p["farm"]))
        else:
            out.append((p["seat"], p.get("payee"), p["collected"], p["rule"], p["farm"]))
    return out
