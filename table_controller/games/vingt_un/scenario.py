"""``table scenario`` for Vingt-un: a stacked pack, the seats, their stakes and decisions, for
one round or several on the same pack, as a trace (docs/scenarios.md, "Vingt-un").

Input::

    {"game": "vingt-un", "switches": {"V1": "pass_left"},
     "stock": ["JH", ...],            # optional: the stock before the first round, top first;
                                      # every other card is on the pone pile (default: a new pack)
     "deck": ["9S", "KH", ...],       # every card dealt, top first, across the rounds and reshuffles
     "rounds": [{"seats": ["seat1", "seat2"], "stakes": {"seat1": 1000, "seat2": 500},
                 "decisions": [{"seat": "seat1", "action": "draw"},
                               {"seat": "seat1", "action": "divide", "amount": 1000}]}]}

A single round may give ``seats``, ``stakes`` and ``decisions`` at the top level instead of
``rounds``. Every ``done`` and ``paid`` is confirmed as the dealer would; the pone pile is
shuffled when the engine asks, and the deal goes on from ``deck``.
"""

from __future__ import annotations

from typing import Any

from table_controller.cards import Card, parse_card, standard_deck
from table_controller.engine import Refused, Settled, impossible_card
from table_controller.errors import CardCodeError, ConfigError, RuleViolation, ScenarioError
from table_controller.events import (
    NEW_DECK,
    PAID,
    RESHUFFLE,
    CardArrived,
    Control,
    Decision,
    Event,
    event_to_dict,
)
from table_controller.games.vingt_un.flow import DONE, SEATS_IN
from table_controller.games.vingt_un.hands import total
from table_controller.shoe import Shoe

KEYS = {"game", "switches", "stock", "deck", "rounds", "seats", "stakes", "decisions"}
ROUND_KEYS = {"seats", "stakes", "decisions"}


def run_vingt_un_scenario(data: dict[str, Any]) -> dict[str, Any]:
    from table_controller.games import make_game

    unknown = set(data) - KEYS
    if unknown:
        raise ScenarioError(
            f"unknown scenario keys: {', '.join(sorted(map(str, unknown)))} (known: {', '.join(sorted(KEYS))})"
        )
    rounds = _rounds(data)
    deck = _cards(data.get("deck"), "deck")
    table = max(int(s[4:]) for rnd in rounds for s in rnd["seats"])
    if not isinstance(data.get("switches", {}), dict):
        raise ScenarioError('\'switches\' is an object such as {"V1": "pass_left"}')
    try:
        game = make_game("vingt-un", switches=data.get("switches") or {}, seats=table)
    except ConfigError as exc:
        raise ScenarioError(str(exc)) from None
    runner = _Runner(game, deck)
    state = _opening(game, data, runner)
    out = []
    for n, rnd in enumerate(rounds):
        if n:
            state = game.next_hand(state)
        state = runner.play_round(state, rnd)
        out.append(_round_trace(game, state))
    return {"game": "vingt-un", "rounds": out, "steps": runner.steps}


def _rounds(data: dict[str, Any]) -> list[dict[str, Any]]:
    if "rounds" in data:
        if ROUND_KEYS & set(data):
            raise ScenarioError(
                "give 'rounds', or 'seats', 'stakes' and 'decisions' for one round, not both"
            )
        rounds = data["rounds"]
        if not isinstance(rounds, list) or not rounds:
            raise ScenarioError(
                '\'rounds\' is a non-empty list of {"seats", "stakes", "decisions"}'
            )
    else:
        rounds = [{k: data[k] for k in ROUND_KEYS if k in data}]
    return [_round(n, rnd) for n, rnd in enumerate(rounds, 1)]


def _round(n: int, rnd: Any) -> dict[str, Any]:
    where = f"round {n}"
    if not isinstance(rnd, dict) or set(rnd) - ROUND_KEYS:
        raise ScenarioError(f'{where}: a round is {{"seats", "stakes", "decisions"}}')
    seats = rnd.get("seats")
    if (
        not isinstance(seats, list)
        or not seats
        or not all(
            isinstance(s, str) and s[:4] == "seat" and s[4:] in tuple("1234567") for s in seats
        )
    ):
        raise ScenarioError(f"{where}: 'seats' is a list of seats in, seat1 to seat7")
    stakes = rnd.get("stakes", {})
    if not isinstance(stakes, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in stakes.values()
    ):
        raise ScenarioError(f"{where}: 'stakes' maps each seat to its stake in whole cents")
    decisions = rnd.get("decisions", [])
    if not isinstance(decisions, list) or not all(
        isinstance(d, dict)
        and {"seat", "action"} <= set(d)
        and set(d) <= {"seat", "action", "hand", "amount"}
        for d in decisions
    ):
        raise ScenarioError(
            f'{where}: \'decisions\' is a list of {{"seat", "action"[, "hand"][, "amount"]}}'
        )
    return {"seats": list(seats), "stakes": dict(stakes), "decisions": [dict(d) for d in decisions]}


def _cards(codes: Any, key: str) -> list[Card]:
    if not isinstance(codes, list) or not codes:
        raise ScenarioError(f"'{key}' is a non-empty list of card codes, top card first")
    try:
        cards = [parse_card(str(code)) for code in codes]
    except CardCodeError as exc:
        raise ScenarioError(f"{key}: {exc}") from None
    if any(c.is_joker for c in cards):
        raise ScenarioError(f"{key}: a Vingt-un pack holds no jokers")
    return cards


def _opening(game: Any, data: dict[str, Any], runner: _Runner) -> Any:
    """A new pack shuffled (V-11), or the pack as the scenario's ``stock`` finds it."""
    state = game.new_hand()
    if "stock" not in data:
        return runner.step(state, Control(NEW_DECK, by="scenario"))
    stock = _cards(data["stock"], "stock")
    if len(set(stock)) != len(stock):
        raise ScenarioError("stock: a card appears twice in one pack")
    shoe = Shoe.fresh(1)
    for card in standard_deck():
        if card not in stock:
            shoe = shoe.draw(card)
    state = game.hand_from_header(
        {
            "round": {
                "phase": "seats",
                "drawn": [c.code for c in shoe.drawn],
                "pile": [c.code for c in shoe.drawn],
                "seats_in": list(game.seats),
            }
        }
    )
    return state


class _Runner:
    def __init__(self, game: Any, deck: list[Card]) -> None:
        self.game = game
        self.deck = list(deck)
        self.steps: list[dict[str, Any]] = []
        self.round = 0

    def play_round(self, state: Any, rnd: dict[str, Any]) -> Any:
        self.round += 1
        game = self.game
        for seat in game.seats:
            if (seat in rnd["seats"]) != (seat in state.seats_in) and seat != state.banker:
                state = self.step(
                    state, Decision(seat, "sit_in" if seat in rnd["seats"] else "sit_out")
                )
        state = self.step(state, Control(SEATS_IN, by="scenario"))
        stakes, decisions = dict(rnd["stakes"]), list(rnd["decisions"])
        while not game.expected(state).hand_over:
            state = self.step(state, self._next(state, stakes, decisions))
        if decisions:
            left = ", ".join(f"{d['seat']} {d['action']}" for d in decisions)
            raise RuleViolation(
                f"step {len(self.steps)}: round {self.round} ended with decisions left over: {left}"
            )
        return state

    def _next(self, state: Any, stakes: dict[str, int], decisions: list[dict[str, Any]]) -> Event:
        exp = self.game.expected(state)
        if exp.payment is not None:
            return Control(PAID, by="scenario")
        for control in (DONE, RESHUFFLE):
            if control in exp.controls:
                return Control(control, by="scenario")
        if exp.deal is not None:
            if not self.deck:
                raise RuleViolation(
                    f"step {len(self.steps) + 1}: the scenario's deck ran out; {exp.deal.label} needs a card"
                )
            return CardArrived(self.deck.pop(0))
        if not exp.decisions:
            raise RuleViolation(
                f"step {len(self.steps) + 1}: the round waits for {', '.join(exp.controls) or 'nothing it can get'}"
            )
        seat, acts = next(iter(exp.decisions.items()))
        if acts == ("stake",):
            if seat not in stakes:
                raise RuleViolation(
                    f"step {len(self.steps) + 1}: round {self.round} gives no stake for {seat}"
                )
            return Decision(seat, "stake", stakes.pop(seat))
        return self._decision(state, exp.decisions, decisions)

    def _decision(
        self, state: Any, legal: dict[str, tuple[str, ...]], decisions: list[dict[str, Any]]
    ) -> Event:
        at = len(self.steps) + 1
        words = "; ".join(f"{s}: {', '.join(a)}" for s, a in legal.items())
        every = tuple(a for x in legal.values() for a in x)
        if not decisions:
            raise RuleViolation(f"step {at}: decisions ran out; legal now: {words}", every)
        d = decisions.pop(0)
        hand = d.get("hand")
        if hand is not None and state.turn is not None and state.turn != (d["seat"], int(hand) - 1):
            raise RuleViolation(
                f"step {at}: decision {d['seat']} hand {hand} {d['action']}, but "
                f"{state.turn[0]} hand {state.turn[1] + 1} is on turn"
            )
        if d["action"] not in legal.get(d["seat"], ()):
            raise RuleViolation(
                f"step {at}: decision {d['seat']} {d['action']} is not legal now; legal: {words}",
                every,
            )
        return Decision(str(d["seat"]), str(d["action"]), d.get("amount"))

    def step(self, state: Any, event: Event) -> Any:
        game = self.game
        deal = game.expected(state).deal
        new, effects = game.apply(state, event)
        held = impossible_card(effects)
        if held is not None:
            raise ScenarioError(
                f"step {len(self.steps) + 1}: the deck holds a card this shoe "
                f"cannot give: {held.reason}"
            )
        refused = next((e for e in effects if isinstance(e, Refused)), None)
        if refused is not None:
            raise RuleViolation(f"step {len(self.steps) + 1}: {refused.reason}", refused.legal)
        self.steps.append(step_record(game, new, event, deal, effects, self.round))
        return new


def step_record(
    game: Any, state: Any, event: Event, deal: Any, effects: Any, rnd: int
) -> dict[str, Any]:
    """One step of the trace: the event, where a card went, the console's and the public's words,
    every hand's total and stake, the banker's total, the money that moved."""
    step: dict[str, Any] = {"round": rnd, "event": event_to_dict(event)}
    if isinstance(event, CardArrived) and deal is not None:
        step["spot"] = deal.spot
    prompts, shown = game.prompts(state), game.public_prompts(state)
    step["dealer"] = prompts.dealer_instruction
    step["public"] = shown.dealer_instruction
    step["seats"] = {
        p.seat: [
            {"hand": h["hand"], "total": h["total_words"], "stake": h["bet"]}
            for h in p.figures["hands"]
        ]
        for p in prompts.seats
        if p.figures.get("hands")
    }
    step["public_cards"] = {
        p.seat: [h["cards"] for h in p.figures["hands"]]
        for p in shown.seats
        if p.figures.get("hands")
    }
    value, soft = total(state.banker_cards)
    step["banker"] = {
        "total": (f"soft {value}" if soft else str(value)) if state.banker_cards else "",
        "public": list(shown.show_cards),
    }
    step["stock"] = state.shoe.remaining
    step["pile"] = len(state.shoe.discarded)
    paid = [e.payment.to_dict() for e in effects if isinstance(e, Settled)]
    if paid:
        step["settled"] = paid
    return step


def _round_trace(game: Any, state: Any) -> dict[str, Any]:
    result = game.result(state)
    value, soft = total(state.banker_cards)
    return {
        "decided_by": result.decided_by,
        "explanation": result.explanation,
        "banker": {
            "bank": state.banker,
            "cards": [c.code for c in state.banker_cards],
            "total": value,
            "soft": soft,
        },
        "seats": {
            s: {"hands": r.details["hands"], "net": r.details["net"]}
            for s, r in result.seats.items()
        },
        "house": result.details["banker_net"],
        "settlements": result.details["settlements"],
        "bank_after": state.bank_after(),
    }
