"""``table scenario`` for Luck of the Draw: a stacked 54-card deck and, per hand, the board as laid,
the picks, the high and low and the wager, as a trace.

Input::

    {"game": "luck-of-the-draw", "deck": ["4C", "2H", "JK"],
     "hands": [{"board": ["KS", "AS", ...15 codes, board/1 first], "picks": [2, 5, 9, 13],
                "high": 2, "low": 5, "wager": 5000},
               {"stop": true}]}

The session starts with a fresh shuffle; each hand lays its board (``board_laid``), picks, turns
up the four, chooses, wagers, draws the deck's next card, turns up the other eleven (LD-5), and is
settled (``paid``). ``{"stop": true}`` ends the session before a hand.
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
    event_to_dict,
)
from table_controller.games.split_decision import luck_round as ld
from table_controller.games.split_decision.luck_round import Phase

KEYS = {"game", "deck", "hands"}
HAND_KEYS = {"board", "picks", "high", "low", "wager"}


def run_luck_scenario(data: dict[str, Any]) -> dict[str, Any]:
    from table_controller.games import make_game

    unknown = set(data) - KEYS
    if unknown:
        raise ScenarioError(
            f"unknown scenario keys: {', '.join(sorted(map(str, unknown)))} (known: {', '.join(sorted(KEYS))})"
        )
    try:
        game = make_game("luck-of-the-draw")
        deck = [parse_card(str(c)) for c in _list(data, "deck", "card codes, top card first")]
    except (ConfigError, CardCodeError) as exc:
        raise ScenarioError(str(exc)) from None
    hands = [
        _hand(n, h)
        for n, h in enumerate(_list(data, "hands", 'hands such as {"board": [...], ...}'), 1)
    ]
    steps: list[dict[str, Any]] = []
    played: list[dict[str, Any]] = []
    state = _step(game, game.new_hand(), Control(NEW_DECK, by="scenario"), steps)
    for n, hand in enumerate(hands, 1):
        if n > 1:
            state = game.next_hand(state)
        if hand.get("stop"):
            state = _step(game, state, Decision(ld.SEAT, "stop"), steps)
            break
        state = _play(game, state, hand, deck, steps)
        played.append(_hand_trace(game, state))
    return {
        "game": "luck-of-the-draw",
        "hands": played,
        "net": sum(h["net"] for h in played),
        "steps": steps,
    }


def _list(data: dict[str, Any], key: str, what: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list) or not value:
        raise ScenarioError(f"{key!r} is a non-empty list of {what}")
    return value


def _hand(n: int, hand: Any) -> dict[str, Any]:
    if hand == {"stop": True}:
        return hand
    if not isinstance(hand, dict) or set(hand) != HAND_KEYS:
        raise ScenarioError(
            f'hand {n} is {{"board", "picks", "high", "low", "wager"}} or {{"stop": true}}'
        )
    board = hand["board"]
    if not isinstance(board, list) or len(board) != 15:
        raise ScenarioError(f"hand {n}: 'board' is the 15 board cards as laid, board/1 first")
    try:
        cards = [parse_card(str(c)) for c in board]
    except CardCodeError as exc:
        raise ScenarioError(f"hand {n}: board: {exc}") from None
    numbers = (
        [*hand["picks"], hand["high"], hand["low"], hand["wager"]]
        if isinstance(hand["picks"], list)
        else [None]
    )
    if len(hand["picks"]) != 4 or any(
        isinstance(x, bool) or not isinstance(x, int) for x in numbers
    ):
        raise ScenarioError(
            f"hand {n}: 'picks' is four positions; 'high', 'low' positions; 'wager' cents"
        )
    return {**hand, "board": cards}


def _play(
    game: Any, state: Any, hand: dict[str, Any], deck: list[Any], steps: list[dict[str, Any]]
) -> Any:
    state = _step(game, state, Control(ld.BOARD_LAID, by="scenario"), steps)
    for pos in hand["picks"]:
        state = _step(game, state, Decision(ld.SEAT, f"pick_{pos}"), steps)
    while game.expected(state).deal is not None and state.phase == Phase.REVEAL:
        spot = game.expected(state).deal.spot
        state = _step(
            game, state, CardArrived(hand["board"][int(spot.split("/")[1]) - 1], spot), steps
        )
    state = _step(game, state, Decision(ld.SEAT, f"high_{hand['high']}"), steps)
    state = _step(game, state, Decision(ld.SEAT, f"low_{hand['low']}"), steps)
    state = _step(game, state, Decision(ld.SEAT, "wager", hand["wager"]), steps)
    if not deck:
        raise RuleViolation(
            f"step {len(steps) + 1}: the scenario's deck ran out; the bonus card needs a card"
        )
    state = _step(game, state, CardArrived(deck.pop(0), "ld/draw"), steps)
    while (deal := game.expected(state).deal) is not None:
        state = _step(
            game,
            state,
            CardArrived(hand["board"][int(deal.spot.split("/")[1]) - 1], deal.spot),
            steps,
        )
    while game.expected(state).payment is not None:
        state = _step(game, state, Control(PAID, by="scenario"), steps)
    return state


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
    step: dict[str, Any] = {
        "event": event_to_dict(event),
        "dealer": prompts.dealer_instruction,
        "table": prompts.figures,
    }
    settled = [e.payment.to_dict() for e in effects if isinstance(e, Settled)]
    if settled:
        step["settled"] = settled
    steps.append(step)
    return new


def _hand_trace(game: Any, state: Any) -> dict[str, Any]:
    result = game.result(state)
    revealed = [state.board[p].code for p in state.picks]
    return {
        "hand": state.hand_no,
        "picks": list(state.picks),
        "revealed": revealed,
        "high": {"position": state.high, "value": state.role_value(state.high, "high")},
        "low": {"position": state.low, "value": state.role_value(state.low, "low")},
        "wager": state.wager,
        "draw": state.draw.code,
        "devil": state.devil_revealed(),
        "outcome": state.outcome,
        "net": result.seats[ld.SEAT].details["net"],
        "settlements": result.details["settlements"],
    }
