"""Enrol a deck design from labelled photos (the ``labels.csv`` format of shared/data/cards).

Columns used: ``file`` (absolute, or relative to the CSV's folder), ``rank``, ``suit`` and, if
present, ``index_visible`` (rows saying ``no`` are skipped). A photo with n cards has n rows;
a photo may show one card filling the frame. Which outline is which labelled card is decided
by the reader's own chances for each label. Each enrolled card keeps the reader's features of
its index corners (:mod:`vision.adapt`) and its face (:mod:`vision.faces`). A labelled card
whose photo shows no readable index is not enrolled and is named in ``Deck.unread``.
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
from vision.adapt import DeckFeatures
from vision.balance import white_balanced
from vision.deck import Deck
from vision.detect import find_cards
from vision.faces import FaceBook, face_thumbnail
from vision.indices import read_indices
from vision.learned import CornerRead, corner_window, shipped_reader
from vision.reading import DeckIndex, corner_chances
from vision.recogniser import whole_frame

ENROL_READABLE = (
    0.3  # a corner the reader thinks less likely than this to hold an index is not kept
)
MULTI_CARD_FIT = 0.5  # in a photo of several cards, an outline is a label's only at this chance


@dataclass(frozen=True, slots=True)
class _Match:
    """A labelled card found in a photo: its index corners as read, and its upright face."""

    card: Card
    corners: list[CornerRead]
    face: np.ndarray | None  # None: found by its index alone (a spread, a fan), no face to keep


def read_labels(labels_path: Path) -> dict[Path, list[Card]]:
    """Labelled cards per image file; raise ConfigError naming the bad row."""
    try:
        with labels_path.open(newline="", encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
    except OSError as exc:
        raise ConfigError(f"cannot read labels {labels_path}: {exc}") from exc
    except UnicodeDecodeError as exc:  # a photo or other binary file given as the labels
        raise ConfigError(
            f"{labels_path} is not UTF-8 text (byte {exc.start}): labels are a CSV file"
        ) from None
    except csv.Error as exc:  # a NUL byte, a field past the csv module's limit
        raise ConfigError(f"{labels_path} is not a labels CSV: {exc}") from None
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
    matches: list[_Match] = []
    unread: list[str] = []
    everything = read_labels(labels_path)
    for path, labelled in everything.items():
        image = cv2.imread(str(path))
        if image is None:
            raise ConfigError(f"cannot read image {path}")
        image = white_balanced(image)  # as the recogniser sees a frame
        found = _match_outlines(image, labelled)
        missing = list(labelled)
        for match in found:
            missing.remove(match.card)
        if missing:  # cards over one another: their indices alone
            by_index = _match_indices(image, missing)
            for match in by_index:
                missing.remove(match.card)
            found += by_index
        matches.extend(found)
        unread.extend(f"{path.name}: {card.code}" for card in missing)
    if not matches:
        raise ConfigError(
            f"{labels_path}: no card could be enrolled (no photo showed a readable index)"
        )
    # The deck holds every labelled card, read or not: a card whose photo could not be read is
    # still a card of the deck (read by the reader alone), never one to name as another.
    labelled_cards = {c for cards in everything.values() for c in cards}
    cards = tuple(sorted(labelled_cards, key=lambda c: (str(c.suit), c.value, c.rank)))
    features, faces = DeckFeatures(cards), FaceBook()
    for match in matches:
        if match.face is not None:
            faces.add(match.card, match.face)
        for corner in match.corners:
            features.add(match.card, corner.feature)
    return Deck(cards, features, faces, tuple(unread))


def _match_indices(image: np.ndarray, wanted: list[Card]) -> list[_Match]:
    """Labelled cards not found by an outline, found by their index (read as that label at
    MULTI_CARD_FIT or more, each index once)."""
    deck = DeckIndex.of(tuple(sorted(set(wanted), key=lambda c: c.code)))
    found = sorted(
        read_indices(image, shipped_reader(), deck, floor=MULTI_CARD_FIT),
        key=lambda f: -f.reading.confidence,
    )
    left, out = list(wanted), []
    for index in found:
        if index.reading.card in left:
            left.remove(index.reading.card)
            out.append(_Match(index.reading.card, list(index.reads), None))
    return out


def _match_outlines(image: np.ndarray, labelled: list[Card]) -> list[_Match]:
    outlines = [
        o for o in find_cards(image) if not o.partial
    ]  # a card under another shows one index
    if len(labelled) == 1:
        outlines = outlines[:1] or [whole_frame(image)]
    deck = DeckIndex.of(tuple(sorted(set(labelled), key=lambda c: c.code)))
    options = []
    for number, outline in enumerate(outlines):
        reads = shipped_reader().read([corner_window(image, outline.corners, t) for t in range(4)])
        for turn in (0, 1):
            pair = [r for r in (reads[turn], reads[turn + 2]) if r.readable >= ENROL_READABLE]
            if not pair:
                continue
            chances = np.mean([corner_chances(r, deck) * r.readable for r in pair], axis=0)
            for card, fit in zip(deck.cards, chances.tolist(), strict=True):
                options.append((fit, number, card, pair, turn))
    if len(labelled) > 1:  # which outline is which label: only where the reader is fairly sure
        options = [o for o in options if o[0] >= MULTI_CARD_FIT]
    options.sort(key=lambda o: -o[0])
    wanted, used, out = list(labelled), set(), []
    for _, number, card, pair, turn in options:
        if number not in used and card in wanted:
            used.add(number)
            wanted.remove(card)
            out.append(_Match(card, pair, face_thumbnail(image, outlines[number].corners, turn)))
    return out
