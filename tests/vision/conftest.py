"""Shared fixtures: the real photographs in ../shared/data/cards and decks enrolled from them."""

from __future__ import annotations

from pathlib import Path

import pytest

import cv2
import numpy as np

from table_controller.cards import Card
from vision.compose import compose, cut_faces
from vision.deck import Deck
from vision.enrol import enrol, read_labels
from vision.recogniser import Recogniser
from vision.scoring import Tally, score_frame

REPO = Path(__file__).resolve().parents[2]
CARDS_DIR = REPO.parent / "shared" / "data" / "cards"
LABELS = CARDS_DIR / "labels.csv"
DECKS = ("kentdoan", "ee326")



def labelled() -> dict[Path, list[Card]]:
    return read_labels(LABELS)


def singles_csv(deck: str, out: Path) -> Path:
    """A labels file listing ``deck``'s single-card photos by absolute path."""
    lines = ["file,rank,suit"]
    for path, cards in labelled().items():
        if path.parent.name == deck and _named_after_card(path):
            lines.append(f"{path},{cards[0].rank},{cards[0].suit}")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def scenes(deck: str) -> dict[Path, list[Card]]:
    return {p: c for p, c in labelled().items() if p.parent.name == deck and not _named_after_card(p)}


def _named_after_card(path: Path) -> bool:
    return path.stem.endswith(("clubs", "diamonds", "hearts", "spades"))


@pytest.fixture(scope="session")
def enrolled(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Deck]:
    folder = tmp_path_factory.mktemp("decks")
    return {deck: enrol(singles_csv(deck, folder / f"{deck}.csv")) for deck in DECKS}


def read_composed(deck: Deck, photos_of: str, arrangement: str, scenes: int = 6) -> Tally:
    """``scenes`` of four of ``photos_of``'s cards laid ``arrangement`` (vision/compose.py), read."""
    photos = {c[0]: cv2.imread(str(p)) for p, c in labelled().items() if p.parent.name == photos_of and _named_after_card(p)}
    faces, reader, rng, total = cut_faces(photos), Recogniser(deck), np.random.default_rng(7), Tally()
    for _ in range(scenes):
        scene = compose(faces, arrangement, 4, rng)
        total += score_frame((g.card for g in reader.recognise(scene.image)), scene.cards)
    return total
