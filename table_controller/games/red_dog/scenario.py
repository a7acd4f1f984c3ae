"""``table scenario`` for Red Dog: a stacked deck, the seats' antes and raise decisions, as a trace.

Input::

    {"game": "red-dog", "switches": {"RD3": "equal_ante"}, "burn": true,
     "seats": {"seat1": {"ante": 1000}, "seat2": {"ante": 2500}},
     "deck": ["10S", "5H", "JC", "9D"],
     "decisions": [{"seat": "seat1", "action": "raise", "amount": 1000}, {"seat": "seat2", "action": "call"}]}

Rounds are played on one shoe until the deck is used up, each with the same antes. With
``burn`` (the default) the shoe is freshly shuffled and the deck's first card is the burn card;
``"burn": false`` starts at the antes of a shoe already in play. Every payment is confirmed as
the dealer would (control ``paid``), and every ``done`` given.
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
    Wager,
    event_to_dict,
)
from table_controller.games.red_dog.round import Phase

KEYS = {"game", "switches", "seats", "deck", "decisions", "paytable", "burn"}


def run_red_dog_scenario(data: dict[str, Any]) -> dict[str, Any]:
    from table_controller.games import make_game

    unknown = set(data) - KEYS
    if unknown:
        raise ScenarioError(
            f"unknown scenario keys: {', '.join(sorted(map(str, unknown)))} (known: {', '.join(sorted(KEYS))})"
        )
    if not isinstance(data.get("switches", {}), dict):
        raise ScenarioError("'switches' is an object such as {\"RD1\": 6}")
    if not isinstance(data.get("burn", True), bool):
        raise ScenarioError("'burn' is true (the deck starts with the burn card) or false")
    try:
        game = make_game(
            "red-dog", switches=data.get("switches"), seats=7, paytable=data.get("paytable")
        )
    except ConfigError as exc:
        raise ScenarioError(str(exc)) from None
    deck, antes, decisions = _parse(data, game)
    steps: list[dict[str, Any]] = []
    rounds: list[dict[str, Any]] = []
    if data.get("burn", True):
        state = _step(game, game.new_hand(), Control(NEW_DECK, by="scenario"), steps)
    else:
        state = game.hand_from_header({"round": {"phase": "antes"}})
    while deck:
        state = _play_round(game, state, deck, antes, decisions, steps)
        rounds.append(_round_trace(game, state))
        state = game.next_hand(state)
        if deck and state.phase == Phase.SHUFFLE:
            raise RuleViolation(
                f"step {len(steps) + 1}: the cut card came out; the deck's other cards need a new scenario"
            )
    if decisions:
        left = ", ".join(f"{d.seat} {d.action}" for d in decisions)
        raise RuleViolation(f"step {len(steps)}: the rounds ended with decisions left over: {left}")
    net: dict[str, int] = {}
    for played in rounds:
        for seat, entry in played["seats"].items():
            net[seat] = net.get(seat, 0) + entry["net"]
    return {"game": "red-dog", "rounds": rounds, "net": net, "steps": steps}


def _parse(data: dict[str, Any], game: Any) -> tuple[list[Any], list[Wager], list[Decision]]:
    if not isinstance(data.get("deck"), list) or not data["deck"]:
        raise ScenarioError("'deck' is a non-empty list of card codes, top card first")
    try:
        deck = [parse_card(str(code)) for code in data["deck"]]
    except CardCodeError as exc:
        raise ScenarioError(f"deck: {exc}") from None
    seats = data.get("seats")
    if not isinstance(seats, dict) or not seats:
        raise ScenarioError('\'seats\' is an object such as {"seat1": {"ante": 1000}}')
    antes = []
    for seat, bets in seats.items():
        if seat not in game.seats:
            raise ScenarioError(f"no seat {seat!r} (seats: {', '.join(game.seats)})")
        amount = bets.get("ante") if isinstance(bets, dict) and set(bets) == {"ante"} else None
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise ScenarioError(f'seat {seat!r}: the ante is {{"ante": cents}}, a whole number')
        antes.append(Wager(str(seat), "ante", amount))
    decisions = []
    for n, d in enumerate(data.get("decisions") or [], 1):
        if (
            not isinstance(d, dict)
            or not {"seat", "action"} <= set(d)
            or set(d) - {"seat", "action", "amount"}
        ):
            raise ScenarioError(f'decision {n} is {{"seat", "action"[, "amount"]}} (got {d!r})')
        amount = d.get("amount")
        if amount is not None and (isinstance(amount, bool) or not isinstance(amount, int)):
            raise ScenarioError(
                f"decision {n}: the amount is a whole number of cents (got {amount!r})"
            )
        decisions.append(Decision(str(d["seat"]), str(d["action"]), amount))
    if not isinstance(data.get("decisions", []), list):
        raise ScenarioError('\'decisions\' is a list of {"seat", "action"[, "amount"]}')
    return deck, antes, decisions


def _play_round(
    game: Any,
    state: Any,
    deck: list[Any],
    antes: list[Wager],
    decisions: list[Decision],
    steps: list[dict[str, Any]],
) -> Any:
    for _ in range(400):
        exp = game.expected(state)
        if exp.hand_over:
            return state
        if exp.payment is not None:
            event: Event = Control(PAID, by="scenario")
        elif state.phase == Phase.ANTES and len(state.antes) < len(antes):
            event = antes[len(state.antes)]
        elif exp.decisions:
            if not decisions:
                legal = "; ".join(f"{s}: {', '.join(a)}" for s, a in exp.decisions.items())
                raise RuleViolation(f"step {len(steps) + 1}: decisions ran out; legal now: {legal}")
            event = decisions.pop(0)
        elif exp.deal is not None:
            if not deck:
                raise RuleViolation(
                    f"step {len(steps) + 1}: the scenario's deck ran out; {exp.deal.spot} needs a card"
                )
            event = CardArrived(deck.pop(0))
        elif DONE in exp.controls:
            event = Control(DONE, by="scenario")
        else:
            raise RuleViolation(
                f"step {len(steps) + 1}: the round waits for {', '.join(exp.controls) or 'nothing it can get'}"
            )
        state = _step(game, state, event, steps)
    raise RuleViolation("the round did not finish in 400 steps")


def _step(game: Any, state: Any, event: Event, steps: list[dict[str, Any]]) -> Any:
    new, effects = game.apply(state, event)
    held = impossible_card(effects)
    if held is not None:
        raise ScenarioError(
            f"step {len(steps) + 1}: the deck holds a card this shoe cannot give: {held.reason}"
        )
    refused = next((e for e in effects if isinstance(e, Refused)), None)
    if refused is not None:
        raise RuleViolation(f"step {len(steps) + 1}: {refused.reason}", refused.legal)
    if new.irregularity is not None:
        raise RuleViolation(
            f"step {len(steps) + 1}: {new.irregularity.kind}: {new.irregularity.reason}"
        )
    prompts = game.prompts(new)
    step: dict[str, Any] = {"event": event_to_dict(event), "dealer": prompts.dealer_instruction}
    paid = [e.payment.to_dict() for e in effects if isinstance(e, Settled)]
    if paid:
        step["settled"] = paid
    step["table"] = prompts.figures
    step["wagers"] = {p.seat: p.figures["wager"] for p in prompts.seats if p.figures.get("wager")}
    steps.append(step)
    return new


def _round_trace(game: Any, state: Any) -> dict[str, Any]:
    result = game.result(state)
    return {
        "cards": result.details["cards"],
        "kind": state.kind,
        "spread": state.spread,
        "outcome": state.outcome,
        "decided_by": result.decided_by,
        "explanation": result.explanation,
        "seats": {s: {"outcome": r.outcome, **r.details} for s, r in result.seats.items()},
        "settlements": result.details["settlements"],
    }
