"""What the rules engine knows of the shoe: how many decks, and which cards have left it.

The engine never draws at random; cards arrive from the hardware. The shoe model exists so
the engine can tell a card that can exist here from one that cannot (a second ace of spades
from a one-deck shoe) and can know when the shoe is empty (rule MC-17, switch C10).
It is an immutable value: every change returns a new :class:`Shoe`.
"""

from __future__ import annotations

from dataclasses import dataclass

from table_controller.cards import Card, standard_deck

_INDEX: dict[Card, int] = {card: i for i, card in enumerate(standard_deck(jokers=1)[:53])}
_JOKER_INDEX = 52


@dataclass(frozen=True, slots=True)
class Shoe:
    """``left[i]`` is how many copies of card *i* are still in the shoe."""

    decks: int
    jokers: int
    left: tuple[int, ...]
    drawn: tuple[Card, ...] = ()
    discarded: tuple[Card, ...] = ()
    burned: tuple[Card, ...] = ()

    @classmethod
    def fresh(cls, decks: int = 1, jokers: int = 0) -> Shoe:
        if decks < 1:
            raise ValueError(f"a shoe holds at least one deck (got {decks})")
        left = (decks,) * 52 + (jokers,)
        return cls(decks=decks, jokers=jokers, left=left)

    @property
    def size(self) -> int:
        return self.decks * 52 + self.jokers

    @property
    def remaining(self) -> int:
        return self.size - len(self.drawn)

    def can_hold(self, card: Card) -> bool:
        """True when a copy of ``card`` can still come out of this shoe."""
        return self.left[_INDEX[card]] > 0

    def why_impossible(self, card: Card) -> str:
        decks = f"{self.decks} deck" + ("s" if self.decks != 1 else "")
        if card.is_joker and self.jokers == 0:
            return f"a joker cannot come from this shoe ({decks}, no jokers)"
        copies = self.jokers if card.is_joker else self.decks
        return (
            f"the {card.name} ({card.code}) cannot come from this shoe: it holds {copies} "
            f"and {copies} already came out ({decks})"
        )

    def draw(self, card: Card) -> Shoe:
        """Record that ``card`` left the shoe. The caller checks :meth:`can_hold` first."""
        i = _INDEX[card]
        left = self.left[:i] + (self.left[i] - 1,) + self.left[i + 1 :]
        return Shoe(self.decks, self.jokers, left, (*self.drawn, card), self.discarded, self.burned)

    def discard(self, *cards: Card) -> Shoe:
        """Cards taken off the layout during a hand (a replaced ace, a pushed hand)."""
        return Shoe(self.decks, self.jokers, self.left, self.drawn, self.discarded + cards, self.burned)

    def burn(self, card: Card) -> Shoe:
        """A card drawn but kept out of play (a pit boss accepted an out-of-turn card)."""
        return Shoe(self.decks, self.jokers, self.left, self.drawn, self.discarded, (*self.burned, card))

    def reshuffle_discards(self) -> Shoe:
        """Put the discards back into the shoe (switch C10 = reshuffle)."""
        left = list(self.left)
        drawn = list(self.drawn)
        for card in self.discarded:
            left[_INDEX[card]] += 1
            drawn.remove(card)
        return Shoe(self.decks, self.jokers, tuple(left), tuple(drawn), (), self.burned)


def card_index(card: Card) -> int:
    return _JOKER_INDEX if card.is_joker else _INDEX[card]
