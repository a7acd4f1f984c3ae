"""An enrolled deck design: where its cards' corners lie in the reader's feature space.

Stored as JSON (``DECK.json``)::

    {"format": "table-deck/2", "reader": "<digest of the reader's weights>",
     "cards": ["AS", ...],
     "features": {"AS": [[64 numbers], ...], ...},
     "faces": {"AS": ["<base64 of a 40x56 face thumbnail>"], ...},
     "unread": ["photo.jpg: 7S", ...]}

Features belong to the reader that made them: a deck enrolled with other weights (or an older
``table-deck/1`` deck of glyphs) is refused with a plain sentence asking to enrol it again.
``unread`` names the labelled cards whose photo could not be read (not enrolled).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from table_controller.cards import Card
from table_controller.errors import ConfigError
from vision.adapt import DeckFeatures
from vision.faces import FaceBook
from vision.learned import shipped_models

DECK_FORMAT = "table-deck/2"


@lru_cache(maxsize=1)
def reader_digest() -> str:
    """Of every shipped network's weights (enrolment keeps more than one's features)."""
    digest = hashlib.sha256()
    for model in shipped_models():
        digest.update(model.read_bytes())
    return digest.hexdigest()[:16]


@dataclass
class Deck:
    """The cards a design has (a partial deck may lack some), their corners' features and faces."""

    cards: tuple[Card, ...]
    features: DeckFeatures
    faces: FaceBook | None = None
    unread: tuple[str, ...] = ()

    def holding(self, cards: tuple[Card, ...]) -> Deck:
        """The same design said to hold ``cards`` (those enrolled keep their features)."""
        features = DeckFeatures(cards)
        for card, vectors in self.features.vectors.items():
            for vector in vectors:
                features.add(card, vector)
        return Deck(cards, features, self.faces, self.unread)

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "format": DECK_FORMAT,
            "reader": reader_digest(),
            "cards": [c.code for c in self.cards],
            "features": self.features.to_json(),
            "unread": list(self.unread),
        }
        if self.faces is not None:
            data["faces"] = self.faces.to_json()
        return data

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_json()) + "\n", encoding="utf-8")


def load_deck(path: Path) -> Deck:
    """Read a DECK.json; raise ConfigError naming the file when it is not one."""
    from table_controller.cards import parse_card

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except RecursionError:  # JSON nested thousands deep
        raise ConfigError(f"cannot read deck {path}: its JSON nests too deep") from None
    except (OSError, ValueError) as exc:
        raise ConfigError(f"cannot read deck {path}: {exc}") from exc
    if isinstance(data, dict) and data.get("format") == "table-deck/1":
        raise ConfigError(
            f"{path} was enrolled by an older recogniser: enrol the deck again (table vision enrol)"
        )
    if not isinstance(data, dict) or data.get("format") != DECK_FORMAT:
        raise ConfigError(f"{path} is not a deck file (expected format {DECK_FORMAT!r})")
    if data.get("reader") != reader_digest():
        raise ConfigError(
            f"{path} was enrolled with another index reader: enrol the deck again (table vision enrol)"
        )
    try:
        cards = tuple(parse_card(code) for code in data["cards"])
        faces = (
            FaceBook.from_json(data["faces"], {c.code: c for c in cards})
            if "faces" in data
            else None
        )
        features = DeckFeatures.from_json(cards, data["features"])
        return Deck(cards, features, faces, tuple(str(u) for u in data.get("unread", [])))
    except (KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"{path} is a damaged deck file: {exc}") from exc
