"""An enrolled deck design: rank and suit glyphs cut from one labelled photo per card.

Stored as JSON (``DECK.json``)::

    {"format": "table-deck/1", "cards": ["AS", ...],
     "ranks": {"A": [{"aspect": 0.71, "png": "<base64 of a 48x64 glyph>"}, ...], ...},
     "suits": {"S": [...], ...},
     "faces": {"AS": ["<base64 of a 40x56 face thumbnail>"], ...}}

``faces`` (whole-face thumbnails, :mod:`vision.faces`) is absent from decks enrolled before it
was kept; such a deck reads by its index alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from table_controller.cards import Card
from table_controller.errors import ConfigError
from vision.faces import FaceBook
from vision.glyphs import GlyphBook
from vision.pngs import from_png_text, to_png_text

DECK_FORMAT = "table-deck/1"


@dataclass
class Deck:
    """The cards a design has (a partial deck may lack some) and its glyphs."""

    cards: tuple[Card, ...]
    ranks: GlyphBook
    suits: GlyphBook
    faces: FaceBook | None = None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "format": DECK_FORMAT,
            "cards": [c.code for c in self.cards],
            "ranks": _book_to_json(self.ranks),
            "suits": _book_to_json(self.suits),
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
    except (OSError, ValueError) as exc:
        raise ConfigError(f"cannot read deck {path}: {exc}") from exc
    if not isinstance(data, dict) or data.get("format") != DECK_FORMAT:
        raise ConfigError(f"{path} is not a deck file (expected format {DECK_FORMAT!r})")
    try:
        cards = tuple(parse_card(code) for code in data["cards"])
        faces = FaceBook.from_json(data["faces"], {c.code: c for c in cards}) if "faces" in data else None
        return Deck(cards, _book_from_json(data["ranks"]), _book_from_json(data["suits"]), faces)
    except (KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"{path} is a damaged deck file: {exc}") from exc


def _book_to_json(book: GlyphBook) -> dict[str, list[dict[str, object]]]:
    out: dict[str, list[dict[str, object]]] = {}
    for label, items in book.samples.items():
        out[label] = [{"aspect": round(a, 4), "png": to_png_text(g)} for g, a in items]
    return out


def _book_from_json(data: dict[str, list[dict[str, object]]]) -> GlyphBook:
    book = GlyphBook()
    for label, items in data.items():
        for item in items:
            book.add(label, from_png_text(str(item["png"])), float(item["aspect"]))  # type: ignore[arg-type]
    return book
