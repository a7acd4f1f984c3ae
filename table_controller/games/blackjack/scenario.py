"""``table scenario`` for blackjack: a stacked deck, the seats' bets and decisions, as a trace.

Input::

    {"game": "blackjack", "switches": {"B1": 6}, "seats": {"seat1": {"bet": 1000, "side_bet": 500}},
     "deck": ["8H", "6D", ...], "decisions": [{"seat": "seat1", "hand": 1, "action": "hit"},
     {"seat": "seat3", "action": "insurance", "amount": 1250}]}

The deck starts after the shuffle's burn: B13 burns only when the scenario sets it, and then the
deck's first cards are burned. Every payment is confirmed as the dealer would.
"""

from __future__ import annotations

from typing import Any

from table_controller.cards import parse_card
from table_controller.engine import Refused, Settled, impossible_card
from table_controller.errors import CardCodeError, ConfigError, RuleViolation, ScenarioError
from table_controller.events import (
    NEW_DECK,
    PAID,
    CardArrived,
    Control,
    Decision,
    Event,
    Wager,
    event_to_dict,
)
from table_controller.games.blackjack.hands import total

KEYS = {"game", "switches", "seats", "deck", "decisions", "paytable"}


def run_blackjack_scenario(data: dict[str, Any]) -> dict[str, Any]:
    from table_controller.games import make_game

    unknown = set(data) - KEYS
    if unknown:
        raise ScenarioError(
            f"unknown scenario keys: {', '.join(sorted(map(str, unknown)))} (known: {', '.join(sorted(KEYS))})"
        )
    switches = dict(data.get("switches") or {})
    if not isinstance(data.get("switches", {}), dict):
        raise ScenarioError("'switches' is an object such as {\"B1\": 6}")
    switches.setdefault("B13", "0")
    try:
        game = make_game("blackjack", switches=switches, seats=7, paytable=data.get("paytable"))
    except ConfigError as exc:
        raise ScenarioError(str(exc)) from None
    deck, wagers, decisions = _parse(data)
    steps: list[dict[str, Any]] = []
    state = game.new_hand()
    state = _step(game, state, Control(NEW_DECK, by="scenario"), steps)
    while (deal := game.expected(state).deal) is not None and deal.purpose == "burn":
        state = _step(game, state, CardArrived(_take(deck, steps, "the burn")), steps)
    for wager in wagers:
        state = _step(game, state, wager, steps)
    while not game.expected(state).hand_over:
        exp = game.expected(state)
        if exp.payment is not None:
            state = _step(game, state, Control(PAID, by="scenario"), steps)
        elif exp.decisions:
            state = _step(
                game, state, _decision(state, exp.decisions, decisions, len(steps)), steps
            )
        elif exp.deal is not None:
            state = _step(game, state, CardArrived(_take(deck, steps, exp.deal.label)), steps)
        else:
            raise RuleViolation(
                f"step {len(steps) + 1}: the round waits for {exp.controls or 'nothing it can get'}"
            )
    if decisions:
        left = ", ".join(f"{d['seat']} {d['action']}" for d in decisions)
        raise RuleViolation(f"step {len(steps)}: the round ended with decisions left over: {left}")
    return _trace(game, state, steps)


def _parse(data: dict[str, Any]) -> tuple[list[Any], list[Wager], list[dict[str, Any]]]:
    if not isinstance(data.get("deck"), list) or not data["deck"]:
        raise ScenarioError("'deck' is a non-empty list of card codes, top card first")
    try:
        deck = [parse_card(str(code)) for code in data["deck"]]
    except CardCodeError as exc:
        raise ScenarioError(f"deck: {exc}") from None
    seats = data.get("seats")
    if not isinstance(seats, dict) or not seats:
        raise ScenarioError(
            '\'seats\' is an object such as {"seat1": {"bet": 1000, "side_bet": 500}}'
        )
    wagers = []
    for seat, bets in seats.items():
        if not isinstance(bets, dict) or set(bets) - {"bet", "side_bet"} or "bet" not in bets:
            raise ScenarioError(f'seat {seat!r}: bets are {{"bet": cents, "side_bet": cents}}')
        for key, bet in (("bet", "main"), ("side_bet", "side")):
            if key in bets:
                amount = bets[key]
                if isinstance(amount, bool) or not isinstance(amount, int):
                    raise ScenarioError(
                        f"seat {seat!r}: {key} is a whole number of cents (got {amount!r})"
                    )
                wagers.append(Wager(str(seat), bet, amount))
    decisions = data.get("decisions", [])
    if not isinstance(decisions, list) or not all(
        isinstance(d, dict)
        and {"seat", "action"} <= set(d)
        and set(d) <= {"seat", "action", "hand", "amount"}
        for d in decisions
    ):
        raise ScenarioError('\'decisions\' is a list of {"seat", "action"[, "hand"][, "amount"]}')
    return deck, wagers, [dict(d) for d in decisions]


def _take(deck: list[Any], steps: list[Any], what: str) -> Any:
    if not deck:
        raise RuleViolation(
            f"step {len(steps) + 1}: the scenario's deck ran out; {what} needs a card"
        )
    return deck.pop(0)


def _decision(
    state: Any, legal: dict[str, tuple[str, ...]], decisions: list[dict[str, Any]], at: int
) -> Event:
    words = "; ".join(f"{s}: {', '.join(a)}" for s, a in legal.items())
    if not decisions:
        raise RuleViolation(
            f"step {at + 1}: decisions ran out; legal now: {words}",
            tuple(a for x in legal.values() for a in x),
        )
    d = decisions.pop(0)
    hand = d.get("hand")
    if hand is not None and state.turn is not None and state.turn != (d["seat"], int(hand) - 1):
        raise RuleViolation(
            f"step {at + 1}: decision {d['seat']} hand {hand} {d['action']}, but "
            f"{state.turn[0]} hand {state.turn[1] + 1} is on turn"
        )
    if d["action"] not in legal.get(d["seat"], ()):
        raise RuleViolation(
            f"step {at + 1}: decision {d['seat']} {d['action']} is not legal now; legal: {words}",
            tuple(a for x in legal.values() for a in x),
        )
    return Decision(str(d["seat"]), str(d["action"]), d.get("amount"))


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
    step: dict[str, Any] = {
        "event": event_to_dict(event),
        "dealer": game.prompts(new).dealer_instruction,
    }
    paid = [e.payment.to_dict() for e in effects if isinstance(e, Settled)]
    if paid:
        step["settled"] = paid
    step["seats"] = {
        p.seat: [{"hand": h["hand"], "total": h["total_words"]} for h in p.figures["hands"]]
        for p in game.prompts(new).seats
        if p.figures.get("hands")
    }
    steps.append(step)
    return new


def _trace(game: Any, state: Any, steps: list[dict[str, Any]]) -> dict[str, Any]:
    result = game.result(state)
    seats = {}
    for seat, r in result.seats.items():
        play = state.plays[seat]
        side = None
        if play.side:
            side = {"outcome": play.side_outcome, "net": play.side_net}
        seats[seat] = {"hands": r.details["hands"], "side_bet": side, "net": r.details["net"]}
    value, soft = total(state.dealer)
    return {
        "game": "blackjack",
        "decided_by": result.decided_by,
        "explanation": result.explanation,
        "dealer": {"cards": [c.code for c in state.dealer], "total": value, "soft": soft},
        "seats": seats,
        "settlements": result.details["settlements"],
        "steps": steps,
    }
