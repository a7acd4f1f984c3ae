"""Deck orders for the simulated shoes: seeded shuffles and stacked-deck files.

A deck file holds card codes, one per line; blank lines and ``#`` comments are ignored. The
same format is written by ``table sim-shoe --deck-out`` and read by ``--deck`` and
``sim://?deck=FILE``, so a dealt order can be replayed exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

from table_controller.cards import Card, parse_card, standard_deck
from table_controller.errors import CardCodeError, ConfigError


def shuffled_deck(
    seed: int, decks: int = 1, jokers: int = 0, stripped: frozenset[Card] = frozenset()
) -> tuple[Card, ...]:
    """``decks`` standard decks, less any ``stripped`` cards, and ``jokers`` jokers, shuffled by
    ``seed``; the same seed gives the same order."""
    cards = [c for c in standard_deck() if c not in stripped] * decks + list(
        standard_deck(jokers=jokers)[52:]
    )
    random.Random(seed).shuffle(cards)
    return tuple(cards)


def read_deck_file(path: str | Path) -> tuple[Card, ...]:
    """Raises ConfigError naming the file and line of anything that is not a card code."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ConfigError(f"cannot read deck file {str(path)!r}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL in the name; a file that is not UTF-8 text
        why = "not UTF-8 text" if isinstance(exc, UnicodeDecodeError) else str(exc)
        raise ConfigError(f"cannot read deck file {str(path)!r}: {why}") from None
    cards: list[Card] = []
    for number, line in enumerate(lines, start=1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            cards.append(parse_card(text))
        except CardCodeError as exc:
            raise ConfigError(f"{path}:{number}: {exc}") from None
    if not cards:
        raise ConfigError(f"deck file {str(path)!r} holds no cards")
    return tuple(cards)


def write_deck_file(path: str | Path, cards: Iterable[Card]) -> None:
    Path(path).write_text("".join(f"{card.code}\n" for card in cards), encoding="utf-8")
