"""The scenario runner: one game from a stacked deck, with the players' decisions, as a trace.

Input (JSON)::

    {"game": "missouri-city", "first_dealt": "green", "switches": {"C4": "cap21"},
     "deck": ["10S", "6H", ...],                 # top card first
     "decisions": [{"seat": "red", "action": "hit"}, ...]}

Decisions list only the choices players make, in order; forced hits are dealt without one.
A decision is applied as soon as it is legal (so a ``stand_pat`` listed straight after the
window-opening hit is applied before the opponent plays); otherwise the next card is dealt.
See docs/scenarios.md for the output.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table_controller.cards import parse_card
from table_controller.contract import Game
from table_controller.engine import Refused
from table_controller.errors import CardCodeError, ConfigError, RuleViolation, ScenarioError
from table_controller.events import NEW_DECK, CardArrived, Control, Decision, Event, event_to_dict
from table_controller.games import make_game
from table_controller.shoe import Shoe

_KEYS = {"game", "first_dealt", "switches", "deck", "decisions", "seats"}


@dataclass(frozen=True)
class Scenario:
    game_id: str
    first_dealt: str | None
    switches: dict[str, str]
    seats: int | None
    deck: tuple[Any, ...]
    decisions: tuple[Decision, ...]


def parse_scenario(data: Any) -> Scenario:
    """Validate a decoded scenario; anything wrong raises :class:`ScenarioError` with the reason."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    unknown = set(data) - _KEYS
    if unknown:
        raise ScenarioError(
            f"unknown scenario keys: {', '.join(sorted(unknown))} (known: {', '.join(sorted(_KEYS))})"
        )
    for key in ("game", "deck"):
        if key not in data:
            raise ScenarioError(f"a scenario needs {key!r}")
    if not isinstance(data["deck"], list) or not data["deck"]:
        raise ScenarioError("'deck' is a non-empty list of card codes, top card first")
    try:
        deck = tuple(parse_card(code) for code in data["deck"])
    except CardCodeError as exc:
        raise ScenarioError(f"deck: {exc}") from None
    decisions = []
    for n, item in enumerate(data.get("decisions", []), 1):
        if not isinstance(item, dict) or set(item) != {"seat", "action"}:
            raise ScenarioError(
                f"decision {n} must be {{'seat': ..., 'action': ...}} (got {item!r})"
            )
        decisions.append(Decision(str(item["seat"]), str(item["action"])))
    switches = data.get("switches", {})
    if not isinstance(switches, dict):
        raise ScenarioError('\'switches\' is an object such as {"C4": "max"}')
    return Scenario(
        str(data["game"]),
        data.get("first_dealt"),
        switches,
        data.get("seats"),
        deck,
        tuple(decisions),
    )


def run_scenario(data: Any) -> dict[str, Any]:
    """Play the scenario. Raises ScenarioError (invalid input) or RuleViolation (illegal play)."""
    if isinstance(data, dict) and isinstance(data.get("game"), str):
        from table_controller.games import records

        own = records().get(data["game"])
        if own is not None and own.scenario is not None:  # a game with a scenario shape of its own
            return own.scenario(data)
    scenario = parse_scenario(data)
    try:
        game = make_game(
            scenario.game_id,
            switches=scenario.switches,
            first_dealt=scenario.first_dealt,
            seats=scenario.seats,
        )
    except ConfigError as exc:
        raise ScenarioError(str(exc)) from None
    _check_deck(scenario, game)
    steps: list[dict[str, Any]] = []
    state = game.new_hand()
    state = _step(game, state, Control(NEW_DECK), steps)
    cards = list(scenario.deck)
    decisions = list(scenario.decisions)
    while not game.expected(state).hand_over:
        exp = game.expected(state)
        if decisions and decisions[0].action in exp.decisions.get(decisions[0].seat, ()):
            state = _step(game, state, decisions.pop(0), steps)
        elif exp.deal is not None:
            if not cards:
                raise RuleViolation(
                    f"step {len(steps) + 1}: the scenario's deck ran out; {exp.deal.label} needs a card"
                )
            state = _step(game, state, CardArrived(cards.pop(0)), steps)
        elif decisions:
            d = decisions[0]
            legal = _legal_words(exp.decisions)
            raise RuleViolation(
                f"step {len(steps) + 1}: decision {d.seat} {d.action} is not legal now; legal: {legal}",
                tuple(a for acts in exp.decisions.values() for a in acts),
            )
        else:
            raise RuleViolation(
                f"step {len(steps) + 1}: decisions ran out; legal now: {_legal_words(exp.decisions)}"
            )
    if decisions:
        left = ", ".join(f"{d.seat} {d.action}" for d in decisions)
        raise RuleViolation(f"step {len(steps)}: the game ended with decisions left over: {left}")
    return _trace(game, state, steps)


def _check_deck(scenario: Scenario, game: Game) -> None:
    shoe = Shoe.fresh(game.shoe.decks)
    for n, card in enumerate(scenario.deck, 1):
        if not shoe.can_hold(card):
            raise ScenarioError(f"deck card {n}: {shoe.why_impossible(card)}")
        shoe = shoe.draw(card)


def _step(game: Game, state: Any, event: Event, steps: list[dict[str, Any]]) -> Any:
    deal = game.expected(state).deal
    state, effects = game.apply(state, event)
    for effect in effects:
        if isinstance(effect, Refused):  # cannot happen for events chosen from expected()
            raise RuleViolation(f"step {len(steps) + 1}: {effect.reason}", effect.legal)
    prompts = game.prompts(state)
    step: dict[str, Any] = {"event": event_to_dict(event)}
    if isinstance(event, CardArrived) and deal is not None:
        step["spot"] = deal.spot
        step["purpose"] = deal.purpose
    steps.append(
        {
            **step,
            "dealer": prompts.dealer_instruction,
            "seats": {
                p.seat: {
                    "player_total": p.player_total,
                    "dealer_total": p.dealer_total,
                    "total_hand_value": p.total_hand_value,
                    "status": p.status,
                }
                for p in prompts.seats
            },
        }
    )
    return state


def _legal_words(decisions: dict[str, tuple[str, ...]]) -> str:
    if not decisions:
        return "none"
    return "; ".join(f"{seat}: {', '.join(actions)}" for seat, actions in decisions.items())


def _trace(game: Game, state: Any, steps: list[dict[str, Any]]) -> dict[str, Any]:
    result = game.result(state)
    assert result is not None, "the trace is taken once the hand is over"
    seats: dict[str, Any] = {}
    for seat, r in result.seats.items():
        entry = {
            "outcome": r.outcome,
            "method": r.method,
            "player_total": r.player_total,
            "dealer_total": r.dealer_total,
            "total_hand_value": r.total_hand_value,
        }
        if not game.head_to_head:  # seats playing one another: the hand says what decided it
            entry["decided_by"] = r.decided_by
        seats[seat] = entry
    return {
        "winner": result.winner,
        "decided_by": result.decided_by,
        "explanation": result.explanation,
        "seats": seats,
        "steps": steps,
    }
