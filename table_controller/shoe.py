"""What the rules engine knows of the shoe: how many decks, and which cards have left it.

The engine never draws at random; cards arrive from the hardware. The shoe model exists so
the engine can tell a card that can exist here from one that cannot (a second ace of spades
from a one-deck shoe) and can know when the shoe is empty (rule MC-17, switch C10).
It is an immutable value: every change returns a new :class:`Shoe`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from table_controller.cards import Card, parse_card

_BITS = 6  # bits per card count: up to 63 copies (eight decks hold eight)
_MASK = (1 << _BITS) - 1


def _pack(counts: list[int]) -> int:
    return sum(n << (_BITS * i) for i, n in enumerate(counts))


@lru_cache(maxsize=32)
def _fresh(decks: int, jokers: int, stripped: frozenset[int] = frozenset()) -> Shoe:
    """A full shoe is an immutable value, so one per size serves every hand."""
    if not 1 <= decks <= 8:
        raise ValueError(f"a shoe holds one to eight decks (got {decks})")
    counts = [0 if i in stripped else decks for i in range(52)] + [jokers]
    return Shoe(decks=decks, jokers=jokers, left=_pack(counts), stripped=stripped)


@dataclass(slots=True)
class Shoe:
    """A value: never changed once made (not ``frozen`` only because CPython builds frozen
    dataclasses several times slower; see :mod:`table_controller.evolve`).

    ``left`` packs, for each card index (``Card.index``), how many copies are still in the
    shoe, ``_BITS`` bits each: drawing a card is one subtraction on a Python int."""

    decks: int
    jokers: int
    left: int
    drawn: tuple[Card, ...] = ()
    discarded: tuple[Card, ...] = ()
    burned: tuple[Card, ...] = ()
    # card indexes stripped out of every deck (Farmer's 45-card deck: the 8s and three 6s)
    stripped: frozenset[int] = frozenset()

    @classmethod
    def fresh(cls, decks: int = 1, jokers: int = 0, stripped: frozenset[int] = frozenset()) -> Shoe:
        return _fresh(decks, jokers, frozenset(stripped))

    @property
    def size(self) -> int:
        return self.decks * (52 - len(self.stripped)) + self.jokers

    @property
    def remaining(self) -> int:
        return self.size - len(self.drawn)

    def copies_left(self, card: Card) -> int:
        return (self.left >> (_BITS * card.index)) & _MASK

    def can_hold(self, card: Card) -> bool:
        """True when a copy of ``card`` can still come out of this shoe."""
        return (self.left >> (_BITS * card.index)) & _MASK > 0

    def why_impossible(self, card: Card) -> str:
        decks = f"{self.decks} deck" + ("s" if self.decks != 1 else "")
        if card.index >= 53:
            return f"the {card.name} ({card.code}) is a board card: no shoe holds one"
        if not card.is_joker and card.index in self.stripped:
            return (
                f"the {card.name} ({card.code}) cannot come from this shoe: it is stripped out of the "
                f"{52 - len(self.stripped)}-card deck"
            )
        if card.is_joker and self.jokers == 0:
            return f"a joker cannot come from this shoe ({decks}, no jokers)"
        copies = self.jokers if card.is_joker else self.decks
        return (
            f"the {card.name} ({card.code}) cannot come from this shoe: it holds {copies} "
            f"and {copies} already came out ({decks})"
        )

    def draw(self, card: Card) -> Shoe:
        """Record that ``card`` left the shoe. The caller checks :meth:`can_hold` first."""
        left = self.left - (1 << (_BITS * card.index))
        return Shoe(
            self.decks,
            self.jokers,
            left,
            (*self.drawn, card),
            self.discarded,
            self.burned,
            self.stripped,
        )

    def discard(self, *cards: Card) -> Shoe:
        """Cards taken off the layout during a hand (a replaced ace, a pushed hand)."""
        return Shoe(
            self.decks,
            self.jokers,
            self.left,
            self.drawn,
            self.discarded + cards,
            self.burned,
            self.stripped,
        )

    def burn(self, card: Card) -> Shoe:
        """A card drawn but kept out of play (a pit boss accepted an out-of-turn card)."""
        return Shoe(
            self.decks,
            self.jokers,
            self.left,
            self.drawn,
            self.discarded,
            (*self.burned, card),
            self.stripped,
        )

    def reshuffle_discards(self) -> Shoe:
        """Put the discards back into the shoe (switch C10 = reshuffle)."""
        left = self.left
        drawn = list(self.drawn)
        for card in self.discarded:
            left += 1 << (_BITS * card.index)
            drawn.remove(card)
        return Shoe(self.decks, self.jokers, left, tuple(drawn), (), self.burned, self.stripped)


def shoe_header(shoe: Shoe, pile: str = "discarded", burned: bool = True) -> dict[str, list[str]]:
    """The cards out of ``shoe`` by where they went, as a round's log header keeps them (``pile``:
    what a game's header calls its discards; ``burned``: whether the game can burn a card)."""
    header = {"drawn": [c.code for c in shoe.drawn], pile: [c.code for c in shoe.discarded]}
    if burned:
        header["burned"] = [c.code for c in shoe.burned]
    return header


def shoe_from_header(fresh: Shoe, start: dict, pile: str = "discarded") -> Shoe:
    """``fresh`` with the cards a round's log header (:func:`shoe_header`) says had left it."""
    shoe = fresh
    for code in start.get("drawn", []):
        shoe = shoe.draw(parse_card(code))
    shoe = shoe.discard(*(parse_card(c) for c in start.get(pile, [])))
    for code in start.get("burned", []):
        shoe = shoe.burn(parse_card(code))
    return shoe
