"""What a game offers its drills beyond the engine interface, as its record declares it
(:class:`~table_controller.contract.TrainingHooks`): the rule a wrong step breaks, where a card
may go now, the seats' signals, payout and totals questions, a trainer's scenario read as a game.
Whatever a game leaves out, the drills do without: the engine's own refusal words, the expected
spot, the action's name.
"""

from __future__ import annotations

from typing import Any

from table_controller.contract import Game, TrainingHooks
from table_controller.engine import Refused
from table_controller.games import record
from table_controller.training.steps import RuleCite, Step


def hooks(game: Game) -> TrainingHooks:
    """What the game's record offers its drills."""
    return record(game.game_id).training


def cite(game: Game, state: Any, right: Step, entered: Step) -> RuleCite:
    own = hooks(game).cite
    found = own(game, state, right, entered) if own is not None else None
    if found is not None:
        return found
    payment = game.expected(state).payment if right.kind == "payment" else None
    if payment is not None:
        return RuleCite(payment.rule, payment.reason)
    if right.kind == "decision":
        refused = _refusal(game, state, entered) if entered.kind == "decision" else None
        return RuleCite(
            "", refused or f"{right.seat} signalled {right.action}: enter that decision first"
        )
    if right.kind == "pit_boss":
        return RuleCite(
            "",
            f"this card is irregular ({(right.action or '').replace('_', ' ')}): call the pit boss",
        )
    deal = game.expected(state).deal
    return RuleCite(
        "",
        f"the card goes to {deal.label}" if deal is not None else "the engine expects another step",
    )


def _refusal(game: Game, state: Any, entered: Step) -> str | None:
    from table_controller.events import Decision

    _, effects = game.apply(state, Decision(entered.seat or "", entered.action or ""))
    return next((e.reason for e in effects if isinstance(e, Refused)), None)


def spots(game: Game, state: Any, right: Step | None) -> list[tuple[str, str]]:
    """Where the console offers to put the next card: the game's list, else its declared layout,
    and always the spot the engine expects (so the right one is among the choices)."""
    own = hooks(game).spots
    if own is not None:
        found = list(own(game, state))
    else:
        found = [(s.name, s.label) for s in game.layout(state) if s.kind == "card"]
    deal = game.expected(state).deal
    if deal is not None and all(name != deal.spot for name, _ in found):
        found.append((deal.spot, deal.label))
    return found


def signal_words(game: Game, action: str) -> str:
    return str(hooks(game).signals.get(action, action.replace("_", " ")))
