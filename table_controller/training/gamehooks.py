"""What a game offers its drills beyond the engine interface, found by convention.

A game may ship ``training.py`` in its own package (``table_controller/games/<game>/training.py``)
with any of: ``cite(game, state, right, entered) -> RuleCite | None`` (the rule a wrong step
breaks), ``spots(game, state) -> [(spot, label)]`` (where a card may go now), ``SIGNALS``
(action -> what a player does at the table), ``payout_cases(game, rng, count)``,
``totals_questions(game, rng, count)`` and ``drill_table(data)`` (a trainer's scenario as a
game, a deck, bets and decisions). Whatever a game leaves out, the drills do without: the
engine's own refusal words, the expected spot, the action's name.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from table_controller.engine import Refused
from table_controller.training.steps import RuleCite, Step


def hooks(game: Any) -> ModuleType | None:
    """The game's ``training`` module, or None."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.training")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.training":
            raise
        return None


def cite(game: Any, state: Any, right: Step, entered: Step) -> RuleCite:
    module = hooks(game)
    found = (
        module.cite(game, state, right, entered)
        if module is not None and hasattr(module, "cite")
        else None
    )
    if found is not None:
        return found
    if right.kind == "payment":
        payment = game.expected(state).payment
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


def _refusal(game: Any, state: Any, entered: Step) -> str | None:
    from table_controller.events import Decision

    _, effects = game.apply(state, Decision(entered.seat or "", entered.action or ""))
    return next((e.reason for e in effects if isinstance(e, Refused)), None)


def spots(game: Any, state: Any, right: Step | None) -> list[tuple[str, str]]:
    """Where the console offers to put the next card: the game's list, else its declared layout,
    and always the spot the engine expects (so the right one is among the choices)."""
    module = hooks(game)
    if module is not None and hasattr(module, "spots"):
        found = list(module.spots(game, state))
    elif hasattr(game, "layout"):
        found = [(s.name, s.label) for s in game.layout(state) if s.kind == "card"]
    else:
        found = []
    deal = game.expected(state).deal
    if deal is not None and all(name != deal.spot for name, _ in found):
        found.append((deal.spot, deal.label))
    return found


def signal_words(game: Any, action: str) -> str:
    module = hooks(game)
    table = getattr(module, "SIGNALS", {}) if module is not None else {}
    return str(table.get(action, action.replace("_", " ")))
