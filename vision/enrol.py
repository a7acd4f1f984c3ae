"""Enrol a deck design from labelled photos (the ``labels.csv`` format of shared/data/cards).

Columns used: ``file`` (absolute, or relative to the CSV's folder), ``rank``, ``suit`` and, if
present, ``index_visible`` (rows saying ``no`` are skipped). A photo with n cards has n rows;
a photo may show one card filling the frame. Which outline is which labelled card is decided
by how well each outline's glyphs match each label's drawn glyphs.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path

import cv2
import numpy as np

from table_controller.cards import Card, parse_card
from table_controller.errors import ConfigError
from vision.deck import Deck
from vision.detect import CardOutline, find_cards
from vision.glyphs import GlyphBook, generic_books
from vision.index import IndexGlyphs, corner_patch, read_index

_Pair = list[IndexGlyphs]


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
    ranks, suits = GlyphBook(), GlyphBook()
    cards: set[Card] = set()
    for path, labelled in read_labels(labels_path).items():
        image = cv2.imread(str(path))
        if image is None:
            raise ConfigError(f"cannot read image {path}")
        for card, pair in _match_outlines(image, labelled, generic_ranks, generic_suits):
            cards.add(card)
            for glyphs in pair:
                ranks.add(card.rank, glyphs.rank_ink, glyphs.rank_aspect)
                suits.add(str(card.suit), glyphs.suit_ink, glyphs.suit_aspect)
    if not cards:
        raise ConfigError(f"{labels_path}: no card could be enrolled")
    ordered = tuple(sorted(cards, key=lambda c: (str(c.suit), c.value, c.rank)))
    return Deck(ordered, ranks, suits)


def _match_outlines(
    image: np.ndarray, labelled: list[Card], ranks: GlyphBook, suits: GlyphBook
) -> list[tuple[Card, _Pair]]:
    outlines = find_cards(image)
    if len(labelled) == 1:
        outlines = outlines[:1] or [_whole_frame(image)]
    options = []
    for outline in outlines:
        pairs = _index_pairs(image, outline)
        for card in set(labelled):
            for pair in pairs:
                options.append((_label_fit(pair, card, ranks, suits), id(outline), card, pair))
    options.sort(key=lambda o: -o[0])
    wanted = list(labelled)
    used: set[int] = set()
    out: list[tuple[Card, _Pair]] = []
    for _, outline_id, card, pair in options:
        if outline_id not in used and card in wanted:
            used.add(outline_id)
            wanted.remove(card)
            out.append((card, pair))
    return out


def _whole_frame(image: np.ndarray) -> CardOutline:
    h, w = image.shape[:2]
    corners = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    return CardOutline(corners if w <= h else np.roll(corners, 1, axis=0))


def _index_pairs(image: np.ndarray, outline: CardOutline) -> list[_Pair]:
    reads = [read_index(corner_patch(image, outline.corners, t)) for t in range(4)]
    pairs = [[g for g in (reads[t], reads[t + 2]) if g is not None] for t in (0, 1)]
    return [p for p in pairs if p]


def _label_fit(pair: _Pair, card: Card, ranks: GlyphBook, suits: GlyphBook) -> float:
    rank_fit = np.mean([ranks.scores(g.rank, g.rank_aspect)[card.rank] for g in pair])
    suit_fit = np.mean([suits.scores(g.suit, g.suit_aspect)[str(card.suit)] for g in pair])
    # The two index corners of one card print the same glyphs; other corners rarely agree.
    agreement = float(pair[0].rank.reshape(-1) @ pair[1].rank.reshape(-1)) if len(pair) == 2 else 0.0
    return float(rank_fit + suit_fit + agreement)
