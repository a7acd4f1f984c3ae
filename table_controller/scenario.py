"""The scenario runner: one game from a stacked deck, with the players' decisions, as a trace.

Input (JSON)::

    {"game": "missouri-city", "first_dealt": "green", "switches": {"C4": "cap21"},
     "deck": ["10S", "6H", ...],                 # top card first
     "decisions": [{"seat": "red", "action": "hit"}, ...]}

Decisions list only the choices players make, in order; forced hits are dealt without one.
A decision is applied as soon as it is legal (so a ``stand_pat`` listed straight after the
window-opening hit is applied before the opponent plays); otherwise the next card is dealt.

A game with money adds ``"bets": [{"seat": "seat1", "bet": "main", "amount": 1000}, ...]``
(placed after the new deck, in order, each a ``Wager`` the game may refuse) and the dealer's
``"controls": ["done", ...]`` (each applied, like a decision, as soon as the game expects it);
every payment the game asks for is confirmed (``paid``) as the dealer would.
See docs/scenarios.md for the output.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table_controller.cards import parse_card
from table_controller.contract import Game, ShoeSpec
from table_controller.engine import Effect, Expected, Refused, Settled
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
from table_controller.games import make_game
from table_controller.shoe import Shoe

_KEYS = {"game", "first_dealt", "switches", "deck", "decisions", "seats", "bets", "controls"}


@dataclass(frozen=True)
class Scenario:
    game_id: str
    first_dealt: str | None
    switches: dict[str, str]
    seats: int | None
    deck: tuple[Any, ...]
    decisions: tuple[Decision, ...]
    bets: tuple[Wager, ...] = ()
    controls: tuple[str, ...] = ()


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
        _bets(data.get("bets", [])),
        _controls(data.get("controls", [])),
    )


def _bets(items: Any) -> tuple[Wager, ...]:
    shape = "{'seat': ..., 'bet': ..., 'amount': cents}"
    if not isinstance(items, list):
        raise ScenarioError(f"'bets' is a list of {shape}")
    bets = []
    for n, item in enumerate(items, 1):
        amount = item.get("amount") if isinstance(item, dict) else None
        if (
            not isinstance(item, dict)
            or set(item) != {"seat", "bet", "amount"}
            or isinstance(amount, bool)
            or not isinstance(amount, int)
        ):
            raise ScenarioError(f"bet {n} must be {shape} (got {item!r})")
        bets.append(Wager(str(item["seat"]), str(item["bet"]), amount))
    return tuple(bets)


def _controls(items: Any) -> tuple[str, ...]:
    if not isinstance(items, list) or not all(isinstance(c, str) for c in items):
        raise ScenarioError("'controls' is a list of the dealer's controls, e.g. [\"done\"]")
    return tuple(items)


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
    settled: list[dict[str, Any]] = []
    state = game.new_hand()
    opening: tuple[Event, ...] = (Control(NEW_DECK), *scenario.bets)
    for event in opening:
        state = _step(game, state, event, steps, settled)
    left = _Left(list(scenario.deck), list(scenario.decisions), list(scenario.controls))
    while not (exp := game.expected(state)).hand_over:
        state = _step(game, state, left.next_event(exp, len(steps) + 1), steps, settled)
    left.check_used(len(steps))
    trace = _trace(game, state, steps)
    if scenario.bets:
        trace["settlements"] = settled
        for seat, entry in trace["seats"].items():
            entry["net"] = sum(p["net"] for p in settled if p["seat"] == seat)
    return trace


@dataclass
class _Left:
    """What the scenario has still to give: cards, decisions, the dealer's controls."""

    cards: list[Any]
    decisions: list[Decision]
    controls: list[str]

    def next_event(self, exp: Expected, step: int) -> Event:
        """The event the game expects next from what is left, or a RuleViolation that says why
        none fits: a listed decision or control when it is legal, a payment confirmed, a card."""
        decisions, controls = self.decisions, self.controls
        if decisions and decisions[0].action in exp.decisions.get(decisions[0].seat, ()):
            return decisions.pop(0)
        if controls and controls[0] in exp.controls:
            return Control(controls.pop(0), by="scenario")
        if exp.payment is not None and PAID in exp.controls:  # as the dealer confirms it
            return Control(PAID, by="scenario")
        if exp.deal is not None:
            if not self.cards:
                raise RuleViolation(
                    f"step {step}: the scenario's deck ran out; {exp.deal.label} needs a card"
                )
            return CardArrived(self.cards.pop(0))
        legal = _legal_words(exp.decisions)
        if decisions:
            d = decisions[0]
            raise RuleViolation(
                f"step {step}: decision {d.seat} {d.action} is not legal now; legal: {legal}",
                tuple(a for acts in exp.decisions.values() for a in acts),
            )
        if controls:
            raise RuleViolation(
                f"step {step}: control {controls[0]} is not expected now; "
                f"expected: {', '.join(exp.controls) or 'none'}",
                exp.controls,
            )
        if exp.controls:
            legal += f"; the dealer's controls: {', '.join(exp.controls)}"
        raise RuleViolation(f"step {step}: decisions ran out; legal now: {legal}")

    def check_used(self, step: int) -> None:
        left = [f"{d.seat} {d.action}" for d in self.decisions]
        left += [f"control {c}" for c in self.controls]
        if left:
            raise RuleViolation(
                f"step {step}: the game ended with decisions left over: {', '.join(left)}"
            )


def _fresh_shoe(spec: ShoeSpec) -> Shoe:
    """The full shoe a game deals from, as its declaration says."""
    stripped = frozenset(parse_card(code).index for code in spec.stripped)
    return Shoe.fresh(spec.decks, spec.jokers, stripped)


def _check_deck(scenario: Scenario, game: Game) -> None:
    shoe = _fresh_shoe(game.shoe)
    for n, card in enumerate(scenario.deck, 1):
        if not shoe.can_hold(card):
            raise ScenarioError(f"deck card {n}: {shoe.why_impossible(card)}")
        shoe = shoe.draw(card)


def _step(
    game: Game,
    state: Any,
    event: Event,
    steps: list[dict[str, Any]],
    settled: list[dict[str, Any]],
) -> Any:
    """Apply ``event``, add its step to ``steps`` and what it settled to ``settled``; a refused
    event (a bet the game does not take; nothing chosen from ``expected()``) is a RuleViolation."""
    deal = game.expected(state).deal
    state, effects = game.apply(state, event)
    for effect in effects:
        if isinstance(effect, Refused):
            raise RuleViolation(f"step {len(steps) + 1}: {effect.reason}", effect.legal)
    settled += _settled(effects)
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


def _settled(effects: tuple[Effect, ...]) -> list[dict[str, Any]]:
    return [e.payment.to_dict() for e in effects if isinstance(e, Settled)]


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
