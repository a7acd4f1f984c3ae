"""A dealer's step at the table (a card dealt to a spot, a call to the pit boss, a seat's
decision, a payment) and the rule a wrong step breaks: the words the training drills
(:mod:`table_controller.training`) and the games' training hooks (``TrainingHooks.cite``)
share, below both."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table_controller.money import money


@dataclass(frozen=True, slots=True)
class Step:
    kind: str  # deal | pit_boss | decision | payment
    spot: str | None = None
    seat: str | None = None
    action: str | None = None  # a decision; for a call to the pit boss, the irregularity's kind
    verb: str | None = None  # pay | collect | push
    amount: int | None = None  # cents

    def words(self) -> str:
        """The step as the console would take it: ``deal dealer/hole``, ``pay seat3 $15.00``."""
        if self.kind == "deal":
            return f"deal {self.spot}"
        if self.kind == "pit_boss":
            return "pit (call the pit boss)"
        if self.kind == "decision":
            return f"{self.seat} {self.action}"
        if self.verb == "push":
            return f"push {self.seat}"
        return f"{self.verb} {self.seat} {money(self.amount or 0)}"

    def to_dict(self) -> dict[str, Any]:
        return {
            k: v
            for k, v in (
                ("kind", self.kind),
                ("spot", self.spot),
                ("seat", self.seat),
                ("action", self.action),
                ("verb", self.verb),
                ("amount", self.amount),
            )
            if v is not None
        }


@dataclass(frozen=True, slots=True)
class RuleCite:
    """The rule a wrong step breaks: its id in the rules document and one sentence."""

    rule: str
    words: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.words}" if self.rule else self.words
