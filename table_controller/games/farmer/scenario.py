"""``table scenario`` for Farmer: one deal from a stacked deck, with the seats' decisions, as a trace.

Input::

    {"game": "farmer", "seats": 4, "switches": {"F5": "ante", "ante": 100},
     "farmer": "seat3", "farm": 200,
     "deck": ["9C", "10H", ...], "decisions": [{"seat": "seat4", "action": "stay"}, ...]}

Without ``farmer`` the deal is a session's first: the deck's first cards go to the seats'
select spots until the 6H chooses the farmer (F-8), and the deal's cards follow them. Every
payment is confirmed as the dealer would; the reveal is done as soon as the farmer stays.
"""

from __future__ import annotations

from typing import Any

from table_controller.cards import parse_card
from table_controller.engine import Refused, Settled, impossible_card
from table_controller.errors import CardCodeError, ConfigError, RuleViolation, ScenarioError
from table_controller.events import (
    DONE,
    NEW_DECK,
    PAID,
    CardArrived,
    Control,
    Decision,
    Event,
    event_to_dict,
)
from table_controller.games.farmer.cards import farmer_deck
from table_controller.games.farmer.prompts import seat_net

KEYS = {"game", "seats", "switches", "farmer", "farm", "deck", "decisions"}


def run_farmer_scenario(data: dict[str, Any]) -> dict[str, Any]:
    game, state = _start(data)
    deck, decisions = _parse(data)
    farm_before = state.farm
    steps: list[dict[str, Any]] = []
    while not game.expected(state).hand_over:
        exp = game.expected(state)
        if exp.payment is not None:
            event: Event = Control(PAID, by="scenario")
        elif NEW_DECK in exp.controls:
            event = Control(NEW_DECK, by="scenario")
        elif DONE in exp.controls:
            event = Control(DONE, by="scenario")
        elif exp.decisions:
            event = _decision(exp.decisions, decisions, len(steps))
        elif exp.deal is not None:
            if not deck:
                raise RuleViolation(
                    f"step {len(steps) + 1}: the scenario's deck ran out; {exp.deal.label} needs a card"
                )
            event = CardArrived(deck.pop(0))
        else:
            raise RuleViolation(
                f"step {len(steps) + 1}: the deal waits for {', '.join(exp.controls) or 'nothing it can get'}"
            )
        state = _step(game, state, event, steps)
    if decisions:
        left = ", ".join(f"{d['seat']} {d['action']}" for d in decisions)
        raise RuleViolation(f"step {len(steps)}: the deal ended with decisions left over: {left}")
    if deck:
        raise RuleViolation(
            f"step {len(steps)}: the deal ended with cards left over: {' '.join(c.code for c in deck)}"
        )
    return _trace(game, state, steps, farm_before)


def _start(data: dict[str, Any]) -> tuple[Any, Any]:
    from table_controller.games import make_game

    unknown = set(data) - KEYS
    if unknown:
        raise ScenarioError(
            f"unknown scenario keys: {', '.join(sorted(map(str, unknown)))} (known: {', '.join(sorted(KEYS))})"
        )
    if not isinstance(data.get("switches", {}), dict):
        raise ScenarioError('\'switches\' is an object such as {"F5": "ante", "ante": 100}')
    try:
        game = make_game("farmer", switches=data.get("switches"), seats=data.get("seats"))
    except ConfigError as exc:
        raise ScenarioError(str(exc)) from None
    farmer, farm = data.get("farmer"), data.get("farm", 0)
    if isinstance(farm, bool) or not isinstance(farm, int) or farm < 0:
        raise ScenarioError(
            f"'farm' is the cents on the farm before the antes, 0 or more (got {farm!r})"
        )
    if farmer is None:
        if farm:
            raise ScenarioError(
                "'farm' goes with 'farmer': a session's first deal starts with an empty farm"
            )
        return game, game.new_hand()
    if farmer not in game.seats:
        raise ScenarioError(
            f"'farmer' is one of the seats {', '.join(game.seats)} (got {farmer!r})"
        )
    return game, game.hand_from_header(
        {"deal": {"farm": farm, "farmer": farmer, "phase": "shuffle"}}
    )


def _parse(data: dict[str, Any]) -> tuple[list[Any], list[dict[str, Any]]]:
    if not isinstance(data.get("deck"), list) or not data["deck"]:
        raise ScenarioError("'deck' is a non-empty list of card codes, top card first")
    try:
        deck = [parse_card(str(code)) for code in data["deck"]]
    except CardCodeError as exc:
        raise ScenarioError(f"deck: {exc}") from None
    allowed = set(farmer_deck())
    for n, card in enumerate(deck, 1):
        if card not in allowed:
            raise ScenarioError(
                f"deck card {n}: the {card.name} ({card.code}) is not in Farmer's 45-card deck (F-1)"
            )
    decisions = data.get("decisions", [])
    if not isinstance(decisions, list) or not all(
        isinstance(d, dict) and set(d) == {"seat", "action"} for d in decisions
    ):
        raise ScenarioError('\'decisions\' is a list of {"seat": ..., "action": "hit" or "stay"}')
    return deck, [dict(d) for d in decisions]


def _decision(legal: dict[str, tuple[str, ...]], decisions: list[dict[str, Any]], at: int) -> Event:
    seat = next(iter(legal))
    if not decisions:
        raise RuleViolation(
            f"step {at + 1}: decisions ran out; {seat}: hit or stay", ("hit", "stay")
        )
    d = decisions.pop(0)
    if d["seat"] != seat or d["action"] not in legal[seat]:
        raise RuleViolation(
            f"step {at + 1}: decision {d['seat']} {d['action']} is not legal now; {seat} is on turn: hit or stay",
            legal[seat],
        )
    return Decision(str(d["seat"]), str(d["action"]))


def _step(game: Any, state: Any, event: Event, steps: list[dict[str, Any]]) -> Any:
    deal = game.expected(state).deal
    new, effects = game.apply(state, event)
    held = impossible_card(effects)
    if held is not None:
        raise ScenarioError(
            f"step {len(steps) + 1}: the deck holds a card this shoe cannot give: {held.reason}"
        )
    refused = next((e for e in effects if isinstance(e, Refused)), None)
    if refused is not None:
        raise RuleViolation(f"step {len(steps) + 1}: {refused.reason}", refused.legal)
    step: dict[str, Any] = {"event": event_to_dict(event)}
    if isinstance(event, CardArrived) and deal is not None:
        step["spot"], step["purpose"] = deal.spot, deal.purpose
    step["dealer"] = game.prompts(new).dealer_instruction
    paid = [e.payment.to_dict() for e in effects if isinstance(e, Settled)]
    if paid:
        step["settled"] = paid
    step["farm"] = new.farm
    step["scores"] = {seat: new.score(seat) for seat in game.seats if new.hands.get(seat)}
    steps.append(step)
    return new


def _trace(game: Any, state: Any, steps: list[dict[str, Any]], farm_before: int) -> dict[str, Any]:
    result = game.result(state)
    seats = {
        seat: {
            "cards": [c.code for c in state.hands.get(seat, [])],
            "score": state.score(seat),
            "net": seat_net(state, seat),
        }
        for seat in game.seats
    }
    return {
        "game": "farmer",
        "farmer": state.farmer,
        "next_farmer": state.next_farmer,
        "farm_winner": result.winner,
        "decided_by": result.decided_by,
        "explanation": result.explanation,
        "farm": {"before": farm_before, "after": state.farm},
        "seats": seats,
        "settlements": result.details["settlements"],
        "steps": steps,
    }
