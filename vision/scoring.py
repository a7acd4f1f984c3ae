"""Score recogniser output against labels that name the cards in a photo but not where they lie.

A named card is *right* when the photo holds such a card (each label used once), *invented*
when it does not (a misread, or a card where there is none). Cards reported unreadable count
as neither; labelled cards not named are *missed*.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from table_controller.cards import Card


@dataclass(frozen=True, slots=True)
class Tally:
    labelled: int = 0
    right: int = 0
    invented: int = 0
    unreadable: int = 0  # faces reported but not named (cards, or paper that is no card)

    @property
    def missed(self) -> int:
        return self.labelled - self.right

    @property
    def accuracy(self) -> float:
        return self.right / self.labelled if self.labelled else 1.0

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.labelled + other.labelled,
            self.right + other.right,
            self.invented + other.invented,
            self.unreadable + other.unreadable,
        )


def score_frame(named: Iterable[Card | None], labelled: Iterable[Card]) -> Tally:
    named = list(named)
    want = Counter(c.code for c in labelled)
    got = Counter(c.code for c in named if c is not None)
    unreadable = sum(c is None for c in named)
    return Tally(sum(want.values()), sum((want & got).values()), sum((got - want).values()), unreadable)
