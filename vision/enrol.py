"""Enrol a deck design from labelled photos (the ``labels.csv`` format of shared/data/cards).

Columns used: ``file`` (absolute, or relative to the CSV's folder), ``rank``, ``suit`` and, if
present, ``index_visible`` (rows saying ``no`` are skipped). A photo with n cards has n rows;
a photo may show one card filling the frame. Which outline is which labelled card is decided
by how well each outline's glyphs match each label's drawn glyphs.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from table_controller.cards import Card, parse_card
from table_controller.errors import ConfigError
from vision.deck import Deck
from vision.detect import CardOutline, find_cards
from vision.faces import FaceBook, face_thumbnail
from vision.glyphs import GlyphBook, generic_books
from vision.index import IndexGlyphs, corner_patch, read_index

_Pair = list[IndexGlyphs]


@dataclass(frozen=True, slots=True)
class _Match:
    """A labelled card found in a photo: its index corners' glyphs and its upright face."""

    card: Card
    pair: _Pair
    face: np.ndarray


def read_labels(labels_path: Path) -> dict[Path, list[Card]]:
    """Labelled cards per image file; raise ConfigError naming the bad row."""
    try:
        with labels_path.open(newline="", encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
    except OSError as exc:
        raise ConfigError(f"cannot read labels {labels_path}: {exc}") from exc
    by_file: dict[Path, list[Card]] = defaultdict(list)
    for line, row in enumerate(rows, start=2):
        if not {"file", "rank", "suit"} <= set(row):
            raise ConfigError(f"{labels_path}: needs columns file, rank, suit")
        if (row.get("index_visible") or "yes").strip().lower() == "no":
            continue
        try:
            card = parse_card(f"{row['rank'].strip()}{row['suit'].strip()}")
        except ValueError as exc:
            raise ConfigError(f"{labels_path}:{line}: {exc}") from exc
        path = Path(row["file"])
        by_file[path if path.is_absolute() else labels_path.parent / path].append(card)
    return dict(by_file)


def enrol(labels_path: Path) -> Deck:
    """Learn a deck from every labelled photo listed in ``labels_path``."""
    generic_ranks, generic_suits = generic_books()
    ranks, suits, faces = GlyphBook(), GlyphBook(), FaceBook()
    cards: set[Card] = set()
    for path, labelled in read_labels(labels_path).items():
        image = cv2.imread(str(path))
        if image is None:
            raise ConfigError(f"cannot read image {path}")
        for match in _match_outlines(image, labelled, generic_ranks, generic_suits):
            card = match.card
            cards.add(card)
            faces.add(card, match.face)
            for glyphs in match.pair:
                ranks.add(card.rank, glyphs.rank_ink, glyphs.rank_aspect)
                suits.add(str(card.suit), glyphs.suit_ink, glyphs.suit_aspect)
    if not cards:
        raise ConfigError(f"{labels_path}: no card could be enrolled")
    ordered = tuple(sorted(cards, key=lambda c: (str(c.suit), c.value, c.rank)))
    return Deck(ordered, ranks, suits, faces)


def _match_outlines(
    image: np.ndarray, labelled: list[Card], ranks: GlyphBook, suits: GlyphBook
) -> list[_Match]:
    outlines = [o for o in find_cards(image) if not o.partial]  # a card under another shows one index
    if len(labelled) == 1:
        outlines = outlines[:1] or [_whole_frame(image)]
    options = []
    for number, outline in enumerate(outlines):
        for turn, pair in _index_pairs(image, outline):
            for card in set(labelled):
                options.append((_label_fit(pair, card, ranks, suits), number, card, pair, turn))
    options.sort(key=lambda o: -o[0])
    wanted = list(labelled)
    used: set[int] = set()
    out: list[_Match] = []
    for _, number, card, pair, turn in options:
        if number not in used and card in wanted:
            used.add(number)
            wanted.remove(card)
            out.append(_Match(card, pair, face_thumbnail(image, outlines[number].corners, turn)))
    return out


def _whole_frame(image: np.ndarray) -> CardOutline:
    h, w = image.shape[:2]
    corners = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    return CardOutline(corners if w <= h else np.roll(corners, 1, axis=0))


def _index_pairs(image: np.ndarray, outline: CardOutline) -> list[tuple[int, _Pair]]:
    """Per reading of the outline (upright, quarter turn): its two index corners' glyphs."""
    reads = [read_index(corner_patch(image, outline.corners, t)) for t in range(4)]
    pairs = [(t, [g for g in (reads[t], reads[t + 2]) if g is not None]) for t in (0, 1)]
    return [(t, p) for t, p in pairs if p]


def _label_fit(pair: _Pair, card: Card, ranks: GlyphBook, suits: GlyphBook) -> float:
    rank_fit = np.mean([ranks.scores(g.rank, g.rank_aspect)[card.rank] for g in pair])
    suit_fit = np.mean([suits.scores(g.suit, g.suit_aspect)[str(card.suit)] for g in pair])
    # The two index corners of one card print the same glyphs; other corners rarely agree.
    agreement = float(pair[0].rank.reshape(-1) @ pair[1].rank.reshape(-1)) if len(pair) == 2 else 0.0
    return float(rank_fit + suit_fit + agreement)
