"""Corner index glyphs: counters (holes) are counted the same in any font weight."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.index import CORNER_H, CORNER_W, count_holes, read_index


def drawn(text: str, thickness: int) -> np.ndarray:
    canvas = np.zeros((120, 200), np.uint8)
    cv2.putText(canvas, text, (10, 100), cv2.FONT_HERSHEY_SIMPLEX, 3.0, 255, thickness, cv2.LINE_AA)
    return canvas


@pytest.mark.parametrize(("text", "holes"), [("8", 2), ("3", 0), ("6", 1), ("A", 1), ("K", 0), ("5", 0)])
@pytest.mark.parametrize("thickness", [3, 7])
def test_holes_are_counted_in_light_and_bold_strokes(text: str, holes: int, thickness: int) -> None:
    assert count_holes(drawn(text, thickness)) == holes


def test_specks_of_paper_inside_ink_are_not_holes() -> None:
    blob = np.full((60, 40), 255, np.uint8)
    blob[30, 20] = 0
    assert count_holes(blob) == 0


def test_a_clubs_stem_cut_off_by_blur_stays_part_of_the_suit() -> None:
    patch = np.full((CORNER_H, CORNER_W, 3), 235, np.uint8)
    ink = (20, 20, 20)
    cv2.putText(patch, "A", (14, 50), cv2.FONT_HERSHEY_SIMPLEX, 1.3, ink, 4, cv2.LINE_AA)
    for centre in ((32, 70), (24, 82), (40, 82)):  # the leaves
        cv2.circle(patch, centre, 7, ink, -1)
    patch[92:99, 31:34] = ink  # a thin stem, apart from the leaves
    glyphs = read_index(patch)
    assert glyphs is not None
    assert glyphs.suit_ink.shape[0] >= 35  # leaves and stem, not the leaves alone


def index_patch(ink: tuple[int, int, int]) -> np.ndarray:
    patch = np.full((CORNER_H, CORNER_W, 3), 235, np.uint8)
    cv2.putText(patch, "7", (14, 50), cv2.FONT_HERSHEY_SIMPLEX, 1.3, ink, 5, cv2.LINE_AA)
    cv2.circle(patch, (32, 80), 11, ink, -1)
    return patch


@pytest.mark.parametrize(
    ("light", "gains"),
    [("even", (1.0, 1.0, 1.0)), ("cool", (1.08, 1.0, 0.8)), ("warm", (0.75, 0.92, 1.08)), ("dim", (0.55, 0.55, 0.55))],
)
def test_red_ink_is_told_from_black_under_any_light(light: str, gains: tuple[float, float, float]) -> None:
    """A faded red (pinkish) and a black index, lit dim or colour-cast: the paper sets the white."""
    for ink, red in (((110, 100, 190), True), ((35, 35, 35), False)):
        patch = np.clip(index_patch(ink).astype(np.float32) * np.float32(gains), 0, 255).astype(np.uint8)
        glyphs = read_index(patch)
        assert glyphs is not None
        assert glyphs.red is red, (light, ink)
