"""How the three Backhand-series games differ (:class:`Variant`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Variant:
    game_id: str
    title: str
    seats: tuple[str, ...]
    show_cards: bool
    stand_pat: bool
    alternate: bool  # MC-9: the two seats take turns
    ace_at_turn: bool  # B-13: each seat's Ace Rule when its turn comes
    decks: int
