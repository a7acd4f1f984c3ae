"""One seat's high and low slots and how an offered card resolves against them (SD-2, SD-9 to
SD-16): pure functions of the slots, the seat's chips and the SD3 switch."""

from __future__ import annotations

from dataclasses import dataclass, field

from table_controller.cards import Card

HIGH_ACE, LOW_ACE = 14, 1


def face_value(card: Card) -> int:
    """2 to 10, J 11, Q 12, K 13 (SD-2); aces and jokers take their value when placed."""
    return {"J": 11, "Q": 12, "K": 13}.get(card.rank) or int(card.rank)


def is_ace_like(card: Card) -> bool:
    return card.is_ace or card.is_joker


def value_as(card: Card, slot: str) -> int:
    """The value a card takes placed in ``slot``: an ace or a joker is the ace of that end."""
    if is_ace_like(card):
        return HIGH_ACE if slot == "high" else LOW_ACE
    return face_value(card)


@dataclass(frozen=True)
class Placed:
    card: Card
    value: int

    @property
    def words(self) -> str:
        if is_ace_like(self.card):
            return f"A({self.value})"
        return self.card.rank


@dataclass
class SeatHand:
    high: Placed | None = None
    low: Placed | None = None
    chips: int = 2
    out: bool = False
    refusals: int = 0
    middle: Card | None = None
    discarded: list[Card] = field(
        default_factory=list
    )  # refused head-start cards, for the layout's count

    def placed(self) -> list[Placed]:
        return [p for p in (self.high, self.low) if p is not None]

    @property
    def slots_words(self) -> str:
        return f"{self.high.words if self.high else '-'}/{self.low.words if self.low else '-'}"


def matches(card: Card, placed: Placed) -> bool:
    """Same rank; an ace matches a placed ace or a joker placed as an ace. A joker offered is wild
    and matches nothing (it completes a full hand, or becomes the ace of an empty slot)."""
    if card.is_joker:
        return False
    if card.is_ace:
        return is_ace_like(placed.card)
    return card.rank == placed.card.rank


def resolve(hand: SeatHand, card: Card, sd3: str = "push") -> tuple[str, tuple[str, ...]]:
    """The first row of the SD-9 table that applies: (``win`` | ``push`` | ``unusable`` |
    ``choose``, the legal decisions)."""
    chip = ("discard",) if hand.chips > 0 else ()
    if hand.high is not None and hand.low is not None:
        if card.is_joker:
            return "win", ()
        if not card.is_ace and hand.low.value < face_value(card) < hand.high.value:
            return "win", ()
        if any(matches(card, p) for p in hand.placed()):
            return "push", ()
        return "unusable", ()
    if hand.high is None and hand.low is None:
        return "choose", ("place_high", "place_low", *chip)
    one = hand.high or hand.low
    assert one is not None
    if matches(card, one):
        if sd3 == "choose" and card.is_ace:  # SD-16 under SD3 = choose, either way round:
            # the ace takes the empty end: low ace 1 under a high ace 14, or high ace over a low
            return "choose", ("place_low" if hand.low is None else "place_high", "push")
        return "push", ()
    legal = []
    if hand.high is None and value_as(card, "high") > hand.low.value:  # type: ignore[union-attr]
        legal.append("place_high")
    if hand.low is None and value_as(card, "low") < hand.high.value:  # type: ignore[union-attr]
        legal.append("place_low")
    if not legal:
        return "unusable", ()
    return "choose", (*legal, *chip)
