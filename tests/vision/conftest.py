"""Shared fixtures: the real photographs in ../shared/data/cards and decks enrolled from them."""

from __future__ import annotations

from pathlib import Path

import pytest

from table_controller.cards import Card
from vision.deck import Deck
from vision.enrol import enrol, read_labels

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
