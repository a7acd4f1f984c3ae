"""The simulated table's own deck design, enrolled as a casino enrols each design it uses.

Each card (the face drawn by :func:`hardware_sim.render.draw_card_face`) is photographed by
the table's own camera, mounted as intended, under even light, lying square on a far spot and
on a near one (so its glyphs are learnt at the sizes the camera sees them); the photos are
cropped to the card and enrolled with :func:`vision.enrol.enrol`, the same path
``table vision enrol`` takes. That takes a few seconds, so the result is kept:

- in memory, for every simulated camera this process opens;
- on disk, in ``$TABLE_CACHE_DIR`` (default ``~/.cache/table``) as ``sim-deck-<digest>.json``.

The digest covers the drawn faces and the source of the vision modules that read and store
glyphs, so a change to the drawing or to enrolment enrols again instead of loading a stale
deck. A cache that cannot be written (a read-only home) only costs the time to enrol.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import tempfile
from pathlib import Path

import cv2
import numpy as np

from hardware_sim.render import Placement, card_in_frame, photograph, straight_corners
from table_controller.cards import Card, standard_deck
from table_controller.errors import ConfigError
from vision.calibration import HAND_SLOT_PITCH, Rect
from vision.deck import Deck, load_deck

LOG = logging.getLogger(__name__)
PHOTO_MARGIN = 24  # felt round the card in its cropped enrolment photo, frame pixels
# Where the enrolment lays the cards out: the cloth the simulated deck was first enrolled on
# (the Backhand series' layout: three far spots, two hands and six columns nearer), kept as
# it was so the enrolled design does not change with any game's layout.
ENROLMENT_SPOTS: dict[str, Rect] = {
    "far1": (0.29, 0.05, 0.41, 0.31),
    "far2": (0.44, 0.05, 0.56, 0.31),
    "far3": (0.59, 0.05, 0.71, 0.31),
    "left.hand": (0.03, 0.36, 0.31, 0.62),
    "left.near1": (0.03, 0.68, 0.15, 0.94),
    "left.near2": (0.18, 0.68, 0.30, 0.94),
    "left.near3": (0.33, 0.68, 0.45, 0.94),
    "right.hand": (0.69, 0.36, 0.97, 0.62),
    "right.near1": (0.55, 0.68, 0.67, 0.94),
    "right.near2": (0.70, 0.68, 0.82, 0.94),
    "right.near3": (0.85, 0.68, 0.97, 0.94),
}
# Each pass photographs every card once: (spots each card moves on, degrees it is turned).
_PASSES = ((0, 0.0), (5, 4.0), (8, -4.0))
# Whatever decides how glyphs are cut and stored: a change here invalidates the cached deck.
_ENROLMENT_MODULES = (
    "deck",
    "enrol",
    "faces",
    "learned",
    "reading",
    "adapt",
    "detect",
    "selection",
)


@functools.cache
def sim_deck() -> Deck:
    """The enrolled design of the simulated camera's cards (from the cache when it is fresh)."""
    path = cache_dir() / f"sim-deck-{_digest()}.json"
    if path.is_file():
        try:
            return load_deck(path)
        except ConfigError as exc:  # damaged (a crash mid-write on another system): enrol again
            LOG.warning("enrolling the simulated deck again: %s", exc)
    deck = enrol_photos(enrolment_photos())
    _save_quietly(deck, path)
    return deck


def enrolment_photos() -> list[tuple[Card, np.ndarray]]:
    """Two photos per card: the layout is filled one card per spot, and photographed; then
    again with every card moved ``_SECOND_PASS_SHIFT`` spots on (a far spot becomes a near one)."""
    cards, spots = standard_deck(), list(ENROLMENT_SPOTS)
    corners = straight_corners()
    photos = []
    for shift, angle in _PASSES:
        for first in range(0, len(cards), len(spots)):
            batch = cards[first : first + len(spots)]
            placements = [
                _square_on(card, spots[(n + shift) % len(spots)], angle)
                for n, card in enumerate(batch)
            ]
            frame = photograph(placements, corners, ENROLMENT_SPOTS)
            photos.extend((p.card, _crop(frame, card_in_frame(p, corners))) for p in placements)
    return photos


def _square_on(card: Card, spot: str, angle: float) -> Placement:
    left, top, right, bottom = ENROLMENT_SPOTS[spot]
    across = right - left > 2 * HAND_SLOT_PITCH - 0.05
    x = left + HAND_SLOT_PITCH / 2 if across else (left + right) / 2
    return Placement(card, (x, (top + bottom) / 2), angle)


def _crop(frame: np.ndarray, card: np.ndarray) -> np.ndarray:
    x0, y0 = np.maximum(card.min(axis=0) - PHOTO_MARGIN, 0).astype(int)
    x1, y1 = (card.max(axis=0) + PHOTO_MARGIN).astype(int)
    return frame[y0:y1, x0:x1]


def enrol_photos(photos: list[tuple[Card, np.ndarray]]) -> Deck:
    """Enrol labelled single-card photos through a labels file, as ``table vision enrol`` does."""
    from vision.enrol import enrol

    with tempfile.TemporaryDirectory(prefix="sim-deck-") as folder:
        rows = ["file,rank,suit"]
        for n, (card, photo) in enumerate(photos):
            name = f"{n:03d}-{card.code}.png"
            cv2.imwrite(str(Path(folder) / name), photo)
            rows.append(f"{name},{card.rank},{card.suit}")
        labels = Path(folder) / "labels.csv"
        labels.write_text("\n".join(rows) + "\n", encoding="utf-8")
        return enrol(labels)


def cache_dir() -> Path:
    return Path(os.environ.get("TABLE_CACHE_DIR") or Path.home() / ".cache" / "table")


def _digest() -> str:
    """Changes when the drawing, the photographs or the way glyphs are cut and kept change."""
    digest = hashlib.sha256()
    here = Path(__file__).resolve()
    weights = sorted((here.parents[1] / "vision" / "models").glob("index_reader*.onnx"))
    for path in (
        here,
        here.with_name("render.py"),
        here.parents[1] / "vision" / "calibration.py",
        *weights,
    ):
        digest.update(path.read_bytes())
    for module in _ENROLMENT_MODULES:
        digest.update((here.parents[1] / "vision" / f"{module}.py").read_bytes())
    return digest.hexdigest()[:16]


def _save_quietly(deck: Deck, path: Path) -> None:
    """Write the deck atomically (two processes enrolling at once both end with a whole file)."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        deck.save(temporary)
        os.replace(temporary, path)
    except OSError as exc:
        LOG.warning("cannot keep the enrolled simulated deck in %s: %s", path.parent, exc)
        temporary.unlink(missing_ok=True)
