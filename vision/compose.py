"""Scenes composed from single-card photos: cards apart, touching, or fanned over each other.

The shared photographs hold few cards that touch and none that overlap, while a dealer's
layout has both. Each card is cut from its own photo (the outline the detector finds, or the
whole frame), laid on cloth or felt at a random angle and drawn with a darker edge, as a
real card's edge shows against the card under it. Used by `benchmarks/vision.py` and the tests;
the labels are the cards laid, in the order laid (the last lies on top).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from table_controller.cards import Card
from vision.detect import find_cards

FRAME = (1280, 720)
FACE = (400, 560)  # a card cut from its photo, upright
CLOTHS = ((40, 110, 30), (60, 60, 60), (45, 70, 110))  # felt, grey cloth, wood (BGR)
# How far each next card lies from the one before, in card widths: apart, touching, fanned.
STEPS = {"apart": (1.9, 0.2), "touching": (1.0, 0.15), "fanned": (0.42, 0.08)}
FAN_TURN = 12.0  # degrees each fanned card turns from the one before


@dataclass(frozen=True, slots=True)
class ComposedScene:
    image: np.ndarray
    cards: tuple[Card, ...]


def cut_faces(photos: dict[Card, np.ndarray]) -> dict[Card, np.ndarray]:
    """Each card straightened out of its single-card photo (where the detector finds it)."""
    target = np.float32([[0, 0], [FACE[0] - 1, 0], [FACE[0] - 1, FACE[1] - 1], [0, FACE[1] - 1]])
    faces = {}
    for card, photo in photos.items():
        outlines = [o for o in find_cards(photo) if not o.partial]
        if outlines:
            matrix = cv2.getPerspectiveTransform(outlines[0].corners.astype(np.float32), target)
            faces[card] = cv2.warpPerspective(photo, matrix, FACE)
    return faces


def compose(
    faces: dict[Card, np.ndarray],
    arrangement: str,
    count: int,
    rng: np.random.Generator,
    card_width: float = 150.0,
) -> ComposedScene:
    """``count`` cards of ``faces`` laid in a row on a cloth, ``arrangement`` one of STEPS."""
    step_x, step_y = STEPS[arrangement]
    chosen = [list(faces)[i] for i in rng.choice(len(faces), count, replace=False)]
    frame = _cloth(rng)
    width, height = card_width, card_width * FACE[1] / FACE[0]
    row = (count - 1) * step_x * width
    x0 = FRAME[0] / 2 - row / 2 + rng.uniform(-80, 80)
    y0 = FRAME[1] / 2 + rng.uniform(-80, 80)
    base = rng.uniform(-25, 25)
    for k, card in enumerate(chosen):
        turn = (
            base + (k - (count - 1) / 2) * FAN_TURN
            if arrangement == "fanned"
            else base + rng.uniform(-12, 12)
        )
        centre = (x0 + k * step_x * width, y0 + k * step_y * height)
        _lay(frame, faces[card], _quad(centre, width, height, turn))
    return ComposedScene(frame, tuple(chosen))


def _cloth(rng: np.random.Generator) -> np.ndarray:
    frame = np.empty((FRAME[1], FRAME[0], 3), np.uint8)
    frame[:] = CLOTHS[int(rng.integers(len(CLOTHS)))]
    return cv2.add(frame, rng.integers(0, 18, frame.shape, dtype=np.uint8))


def _quad(centre: tuple[float, float], width: float, height: float, degrees: float) -> np.ndarray:
    angle = np.deg2rad(degrees)
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    box = np.array(
        [
            [-width / 2, -height / 2],
            [width / 2, -height / 2],
            [width / 2, height / 2],
            [-width / 2, height / 2],
        ]
    )
    return np.float32(box @ turn.T + np.array(centre))


def _lay(frame: np.ndarray, face: np.ndarray, quad: np.ndarray) -> None:
    source = np.float32([[0, 0], [FACE[0] - 1, 0], [FACE[0] - 1, FACE[1] - 1], [0, FACE[1] - 1]])
    matrix = cv2.getPerspectiveTransform(source, quad)
    size = (frame.shape[1], frame.shape[0])
    warped = cv2.warpPerspective(face, matrix, size, flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.full((FACE[1], FACE[0]), 255, np.uint8), matrix, size) > 127
    frame[mask] = warped[mask]
    edge = mask & ~cv2.erode(mask.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    frame[edge] = (frame[edge] * 0.55).astype(np.uint8)
