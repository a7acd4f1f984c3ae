"""Shared fixtures: the real photographs in ../shared/data/cards and decks enrolled from them.

The photographs are read where they lie ($TABLE_CARDS_DIR, else shared/ beside the checkout or
beside its parent folder); nothing of them is copied into the repository.
"""

from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np
import pytest

from table_controller.cards import Card
from vision.compose import compose, cut_faces
from vision.deck import Deck
from vision.enrol import enrol, read_labels
from vision.recogniser import Recogniser
from vision.scoring import Tally, enrolment_folds, is_single, score_frame

REPO = Path(__file__).resolve().parents[2]


def _places() -> list[Path]:
    places = [Path(os.environ["TABLE_CARDS_DIR"])] if os.environ.get("TABLE_CARDS_DIR") else []
    return [
        *places,
        REPO.parent / "shared" / "data" / "cards",
        REPO.parent.parent / "shared" / "data" / "cards",
    ]


def _cards_dir() -> Path:
    return next((p for p in _places() if (p / "labels.csv").is_file()), _places()[0])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """No photographs anywhere (they are kept out of the repository): one plain message before
    any test runs, not a failure for each test that reads them."""
    if not (CARDS_DIR / "labels.csv").is_file():
        raise pytest.UsageError(
            "the camera tests read the shared card photographs (labels.csv and six decks), looked for in "
            f"{', '.join(str(p) for p in _places())}: set TABLE_CARDS_DIR to their folder, or clone beside shared/"
        )


CARDS_DIR = _cards_dir()
LABELS = CARDS_DIR / "labels.csv"
DECKS = ("ee326", "guillex7", "kentdoan", "minemaarten", "phone_notanumber11", "schnapsen_anima")


def labelled() -> dict[Path, list[Card]]:
    return read_labels(LABELS)


def photos_of(deck: str) -> dict[Path, list[Card]]:
    return {p: c for p, c in labelled().items() if p.parent.name == deck}


def labels_csv(photos: dict[Path, list[Card]], out: Path) -> Path:
    """A labels file listing ``photos`` by absolute path."""
    lines = ["file,rank,suit"] + [
        f"{p},{c.rank},{c.suit}" for p, cards in photos.items() for c in cards
    ]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def singles_csv(deck: str, out: Path) -> Path:
    """A labels file listing ``deck``'s single-card photos by absolute path."""
    return labels_csv({p: c for p, c in photos_of(deck).items() if is_single(p)}, out)


def scenes(deck: str) -> dict[Path, list[Card]]:
    return {p: c for p, c in photos_of(deck).items() if not is_single(p)}


@pytest.fixture(scope="session")
def enrolled(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Deck]:
    """Each deck with single-card photos, enrolled from them."""
    folder = tmp_path_factory.mktemp("decks")
    return {
        deck: enrol(singles_csv(deck, folder / f"{deck}.csv"))
        for deck in DECKS
        if deck != "phone_notanumber11"
    }


def read_enrolled(deck: str, folder: Path) -> tuple[Tally, int]:
    """The deck enrolled and read by the benchmark's folds: (tally of the photos read, cards not enrolled)."""
    total, unread = Tally(), 0
    photos = photos_of(deck)
    holds = tuple(sorted({c for cards in photos.values() for c in cards}, key=lambda c: c.code))
    for number, (enrol_from, read) in enumerate(enrolment_folds(photos)):
        design = enrol(labels_csv(enrol_from, folder / f"{deck}-{number}.csv")).holding(holds)
        unread += len(design.unread)
        reader = Recogniser(design)
        for path, cards in read.items():
            total += score_frame((g.card for g in reader.recognise(cv2.imread(str(path)))), cards)
    return total, unread


def read_composed(deck: Deck, photos_of: str, arrangement: str, scenes: int = 6) -> Tally:
    """``scenes`` of four of ``photos_of``'s cards laid ``arrangement`` (vision/compose.py), read."""
    photos = {
        c[0]: cv2.imread(str(p))
        for p, c in labelled().items()
        if p.parent.name == photos_of and is_single(p)
    }
    faces, reader, rng, total = (
        cut_faces(photos),
        Recogniser(deck),
        np.random.default_rng(7),
        Tally(),
    )
    for _ in range(scenes):
        scene = compose(faces, arrangement, 4, rng)
        total += score_frame((g.card for g in reader.recognise(scene.image)), scene.cards)
    return total
