"""Score recogniser output against labels that name the cards in a photo but not where they lie.

A named card is *right* when the photo holds such a card (each label used once), *invented*
when it does not (a misread, or a card where there is none). Cards reported unreadable count
as neither; labelled cards not named are *missed*.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

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
    return Tally(
        sum(want.values()), sum((want & got).values()), sum((got - want).values()), unreadable
    )


# How the shared photographs are split per deck (benchmarks/vision.py, tests/vision): a deck is
# enrolled from its single-card photos and read on the rest; a deck without single-card photos
# is enrolled from every other photo and read on the others, then the other way round.
SINGLE_SUFFIXES = ("clubs", "diamonds", "hearts", "spades")


def is_single(path: Path) -> bool:
    return path.stem.startswith("single_") or path.stem.endswith(SINGLE_SUFFIXES)


def enrolment_folds(
    photos: dict[Path, list[Card]],
) -> list[tuple[dict[Path, list[Card]], dict[Path, list[Card]]]]:
    """(photos to enrol from, photos to read) pairs for one deck's labelled photos."""
    singles = {p: c for p, c in photos.items() if is_single(p)}
    if singles:
        return [(singles, {p: c for p, c in photos.items() if p not in singles})]
    ordered = sorted(photos)
    halves = [{p: photos[p] for p in ordered[k::2]} for k in (0, 1)]
    return [(halves[0], halves[1]), (halves[1], halves[0])]
