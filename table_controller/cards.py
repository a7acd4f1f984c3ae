"""Playing cards as the table names them: short codes such as ``AS``, ``10H`` (or ``TH``), ``QC``, ``JK``.

A :class:`Card` is a frozen value. Codes are case-insensitive on input and always print in
the canonical upper-case form (``10H``, never ``TH``), so a hand log written today reads the
same tomorrow.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from table_controller.errors import CardCodeError

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKER = "JK"
DEVIL = "DV"  # Luck of the Draw's Devil board card (red-dog.md LD-2): never in a deck or a shoe
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
_RANK_ALIASES = {"T": "10"}


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. ``suit`` is ``None`` only for a joker (``rank == "JK"``)."""

    rank: str
    suit: str | None
    index: int = field(init=False, repr=False, compare=False, hash=False)
    """0-51 in :func:`standard_deck` order, 52 for a joker (for fast counting in a shoe)."""
    code: str = field(init=False, repr=False, compare=False, hash=False)
    """The canonical short code: ``AS``, ``10H``, ``JK``."""

    def __post_init__(self) -> None:
        if self.rank in (JOKER, DEVIL):
            if self.suit is not None:
                raise CardCodeError(
                    f"a {'joker' if self.rank == JOKER else 'Devil card'} has no suit (got {self.suit!r})"
                )
            object.__setattr__(
                self, "index", 52 if self.rank == JOKER else 53
            )  # 53: no shoe holds one
            object.__setattr__(self, "code", self.rank)
        elif self.rank not in RANKS or self.suit not in SUITS:
            raise CardCodeError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")
        else:
            object.__setattr__(self, "index", SUITS.index(self.suit) * 13 + RANKS.index(self.rank))
            object.__setattr__(self, "code", f"{self.rank}{self.suit}")

    @property
    def is_ace(self) -> bool:
        return self.rank == "A"

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def value(self) -> int:
        """Blackjack-family point value with aces low: A=1, 2-10 face value, J/Q/K=10."""
        return _VALUES[self.rank]

    @property
    def name(self) -> str:
        if self.is_joker:
            return "joker"
        if self.rank == DEVIL:
            return "Devil card"
        rank = RANK_NAMES.get(self.rank, self.rank)
        return f"{rank} of {SUIT_NAMES[self.suit or '']}"

    def __str__(self) -> str:
        return self.code


_VALUES = {r: (1 if r == "A" else 10 if r in ("J", "Q", "K") else int(r)) for r in RANKS}
_VALUES[JOKER] = _VALUES[DEVIL] = 0


def parse_card(code: str) -> Card:
    """Parse a card code; raise :class:`CardCodeError` naming the code when it is not one."""
    if not isinstance(code, str):
        raise CardCodeError(f"not a card code: {code!r}")
    text = code.strip().upper()
    cached = _BY_CODE.get(text)
    if cached is not None:
        return cached
    if text in (JOKER, DEVIL):
        return Card(text, None)
    rank, suit = text[:-1], text[-1:]
    rank = _RANK_ALIASES.get(rank, rank)
    if rank not in RANKS or suit not in SUITS:
        raise CardCodeError(
            f"not a card code: {code!r} (use a rank A,2-10,J,Q,K or T and a suit S,H,D,C, e.g. 'AS', "
            "'10H', 'QC'; 'JK' for a joker, 'DV' for the Devil board card)"
        )
    return _BY_CODE[rank + suit]


def standard_deck(jokers: int = 0) -> tuple[Card, ...]:
    """One deck in a fixed order (spades, hearts, diamonds, clubs; A to K), plus jokers."""
    cards = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
    return cards + (Card(JOKER, None),) * jokers


_BY_CODE: dict[str, Card] = {c.code: c for c in standard_deck()}
_BY_CODE[JOKER] = Card(JOKER, None)
