"""``table scenario`` for Split Decision: a stacked 54-card deck and the seats' decisions, as a trace.

Input::

    {"game": "split-decision", "seats": 3, "switches": {"SD2": "on"},
     "deck": ["9S", "KD", "JK", "5C", "3H"],
     "decisions": [{"seat": "seat1", "action": "refuse"}, {"seat": "seat1", "action": "keep_high"}]}

The deck is shuffled at the start (``shuffled``), then rounds are played until the game is won or
the deck runs out; every ``done`` is given as the dealer would, and a RESHUFFLE when the stock
runs out (SD-17). The output has one row per card as the rules' example tables print them.
"""

from __future__ import annotations

from typing import Any

from table_controller.cards import parse_card
from table_controller.engine import Refused, impossible_card
from table_controller.errors import CardCodeError, ConfigError, RuleViolation, ScenarioError
from table_controller.events import (
    DONE,
    NEW_DECK,
    RESHUFFLE,
    CardArrived,
    Control,
    Decision,
    Event,
    event_to_dict,
)
from table_controller.games.split_decision.round import Phase

KEYS = {"game", "switches", "seats", "deck", "decisions"}


def run_split_decision_scenario(data: dict[str, Any]) -> dict[str, Any]:
    from table_controller.games import make_game

    unknown = set(data) - KEYS
    if unknown:
        raise ScenarioError(
            f"unknown scenario keys: {', '.join(sorted(map(str, unknown)))} (known: {', '.join(sorted(KEYS))})"
        )
    if not isinstance(data.get("switches", {}), dict):
        raise ScenarioError('\'switches\' is an object such as {"SD2": "on"}')
    try:
        game = make_game(
            "split-decision", switches=data.get("switches"), seats=data.get("seats", 3)
        )
    except ConfigError as exc:
        raise ScenarioError(str(exc)) from None
    deck, decisions = _parse(data)
    steps: list[dict[str, Any]] = []
    rounds: list[dict[str, Any]] = []
    state = _step(game, game.new_hand(), Control(NEW_DECK, by="scenario"), steps, None)
    while True:
        rows: list[dict[str, Any]] = []
        state = _play_round(game, state, deck, decisions, steps, rows)
        result = game.result(state)
        assert result is not None  # _play_round plays a round to its end
        rounds.append(
            {
                "round": state.round_no,
                "first_seat": state.order[0],
                "winner": result.winner,
                "decided_by": result.decided_by,
                "wins": result.details["wins"],
                "void": result.void,
                "explanation": result.explanation,
                "rows": rows,
                "cards_remaining": game.prompts(state).figures["remaining_count"],
            }
        )
        if result.details["game_over"] or not deck:
            break
        state = game.next_hand(state)
        if state.phase == Phase.SHUFFLE:
            raise RuleViolation(
                f"step {len(steps) + 1}: the round was void; a full reshuffle needs a new scenario"
            )
    if decisions:
        left = ", ".join(f"{d.seat} {d.action}" for d in decisions)
        raise RuleViolation(f"step {len(steps)}: the rounds ended with decisions left over: {left}")
    return {
        "game": "split-decision",
        "rounds": rounds,
        "game_winner": result.details["game_winner"],
        "steps": steps,
    }


def _parse(data: dict[str, Any]) -> tuple[list[Any], list[Decision]]:
    if not isinstance(data.get("deck"), list) or not data["deck"]:
        raise ScenarioError(
            "'deck' is a non-empty list of card codes, top card first ('JK' for a joker)"
        )
    try:
        deck = [parse_card(str(code)) for code in data["deck"]]
    except CardCodeError as exc:
        raise ScenarioError(f"deck: {exc}") from None
    if not isinstance(data.get("decisions", []), list):
        raise ScenarioError('\'decisions\' is a list of {"seat", "action"}')
    decisions = []
    for n, d in enumerate(data.get("decisions") or [], 1):
        if not isinstance(d, dict) or set(d) != {"seat", "action"}:
            raise ScenarioError(f'decision {n} is {{"seat", "action"}} (got {d!r})')
        decisions.append(Decision(str(d["seat"]), str(d["action"])))
    return deck, decisions


def _play_round(
    game: Any,
    state: Any,
    deck: list[Any],
    decisions: list[Decision],
    steps: list[dict[str, Any]],
    rows: list[dict[str, Any]],
) -> Any:
    for _ in range(1000):
        exp = game.expected(state)
        if exp.hand_over:
            return state
        if DONE in exp.controls:
            event: Event = Control(DONE, by="scenario")
        elif RESHUFFLE in exp.controls:
            event = Control(RESHUFFLE, by="scenario")
        elif exp.decisions:
            if not decisions:
                legal = "; ".join(f"{s}: {', '.join(a)}" for s, a in exp.decisions.items())
                raise RuleViolation(f"step {len(steps) + 1}: decisions ran out; legal now: {legal}")
            event = decisions.pop(0)
        elif exp.deal is not None:
            if not deck:
                raise RuleViolation(
                    f"step {len(steps) + 1}: the scenario's deck ran out; {exp.deal.label} needs a card"
                )
            event = CardArrived(deck.pop(0))
        else:
            raise RuleViolation(
                f"step {len(steps) + 1}: the round waits for {', '.join(exp.controls) or 'nothing'}"
            )
        state = _step(game, state, event, steps, rows)
    raise RuleViolation("the round did not finish in 1000 steps")


def _step(
    game: Any,
    state: Any,
    event: Event,
    steps: list[dict[str, Any]],
    rows: list[dict[str, Any]] | None,
) -> Any:
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
    if new.irregularity is not None:
        raise RuleViolation(
            f"step {len(steps) + 1}: {new.irregularity.kind}: {new.irregularity.reason}"
        )
    prompts = game.prompts(new)
    steps.append(
        {
            "event": event_to_dict(event),
            "dealer": prompts.dealer_instruction,
            "seats": {
                p.seat: {
                    "slots": p.figures.get("slots_words"),
                    "chips": p.figures.get("chips"),
                    "out": p.figures.get("out"),
                }
                for p in prompts.seats
            },
            "cards_remaining": prompts.figures["remaining_count"],
        }
    )
    if rows is not None:
        _row(new, event, deal, prompts, rows)
    return new


def _row(state: Any, event: Event, deal: Any, prompts: Any, rows: list[dict[str, Any]]) -> None:
    """One row per card: seat, card, legal decisions, the decision or result, slots and chips after."""
    if isinstance(event, CardArrived) and deal is not None:
        legal = next(iter(state.decisions().values()), ()) if state.offer is not None else ()
        rows.append(
            {
                "seat": deal.seat,
                "head_start": deal.purpose == "head_start",
                "card": event.card.code,
                "legal": list(legal),
                "result": None,
            }
        )
        if state.move is not None:
            rows[-1]["result"] = state.move.words
    elif isinstance(event, Decision) and rows and state.move is not None:
        rows[-1]["decision"] = event.action
        rows[-1]["result"] = state.move.words
    elif isinstance(event, Control) and event.control == DONE and rows:
        seat = next(p for p in prompts.seats if p.seat == rows[-1]["seat"])
        rows[-1]["slots"], rows[-1]["chips"] = seat.figures["slots_words"], seat.figures["chips"]
        rows[-1]["out"] = seat.figures["out"]
