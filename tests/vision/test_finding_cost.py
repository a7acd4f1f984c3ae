"""Finding's work cut where the answer is the same (issue 42): a piece's sides sampled at once, a
blob split given up at its first part that is no card, paper counted by OpenCV."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import vision.detect as detect
import vision.fragments as fragments
from vision.underneath import _on_paper_share


def _rim_picture() -> np.ndarray:
    """A pale card a little turned on dark cloth, blurred and noisy."""
    rng = np.random.default_rng(3)
    picture = np.full((240, 320), 60, np.uint8)
    cv2.fillConvexPoly(picture, np.int32([[92, 58], [232, 66], [226, 196], [86, 188]]), 215)
    picture = cv2.GaussianBlur(picture, (5, 5), 0)
    return np.clip(picture + rng.normal(0, 6, picture.shape), 0, 255).astype(np.uint8)


def _best_line_one_at_a_time(a, b, centre, whiteness):
    """fragments._best_line as it was: every turn and shift sampled and scored on its own."""
    middle, half = (a + b) / 2, (b - a) / 2
    t = ((np.arange(fragments.SAMPLES) + 0.5) / fragments.SAMPLES * 2 - 1)[:, None]
    best, best_score = (middle, half), -1.0
    for turn in fragments.TURNS:
        rotation = np.float32([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
        direction = rotation @ half
        outward = np.float32([direction[1], -direction[0]]) / max(
            float(np.linalg.norm(direction)), 1e-6
        )
        if np.dot(middle - centre, outward) < 0:
            outward = -outward
        for shift in fragments.SHIFTS:
            points = middle + outward * shift + t * direction
            step = fragments._step(whiteness, points, outward)
            score = float(np.clip(step, 0, fragments.CONTRAST_CAP).mean())
            if score > best_score:
                best, best_score = (middle + outward * shift, direction), score
    return best


def test_a_pieces_side_is_moved_onto_the_rim_as_before_sampling_once(monkeypatch) -> None:
    whiteness = _rim_picture()
    card = np.float32([[96, 62], [228, 70], [222, 192], [90, 184]])  # a little off the rim
    centre = card.mean(axis=0)
    calls = []
    sample = fragments.sample
    monkeypatch.setattr(fragments, "sample", lambda *a: calls.append(1) or sample(*a))
    for a, b in zip(card, np.roll(card, -1, axis=0), strict=True):
        expected = _best_line_one_at_a_time(a, b, centre, whiteness)
        calls.clear()
        point, direction = fragments._best_line(a, b, centre, whiteness)
        assert len(calls) == 2  # inside and outside, every turn and shift at once
        assert np.array_equal(point, expected[0]) and np.array_equal(direction, expected[1])
        assert point.dtype == expected[0].dtype


def test_a_blob_split_stops_growing_at_its_first_part_that_is_no_card(monkeypatch) -> None:
    """Two crosses joined by a neck part at the first erosion, and neither grows back into a
    card: each erosion grows one part, not both."""
    blob = np.zeros((200, 300), np.uint8)
    for x in (70, 220):
        cv2.rectangle(blob, (x - 45, 80), (x + 45, 120), 255, -1)
        cv2.rectangle(blob, (x - 20, 30), (x + 20, 170), 255, -1)
    cv2.rectangle(blob, (110, 98), (180, 101), 255, -1)  # the neck
    grown_at: list[int] = []
    grow = detect._grow
    monkeypatch.setattr(
        detect, "_grow", lambda part, b, steps: grown_at.append(steps) or grow(part, b, steps)
    )
    assert detect._split_blob(blob, 300 * 200) == []
    assert grown_at and len(grown_at) == len(set(grown_at))


@pytest.mark.parametrize("level", [1, 2, 255])
def test_the_share_of_a_card_on_paper_counts_any_paper_level(level: int) -> None:
    paper = np.zeros((100, 120), np.uint8)
    paper[:, :60] = level
    quad = np.float32([[30, 10], [90, 10], [90, 70], [30, 70]])
    assert _on_paper_share(paper, quad) == pytest.approx(30 * 61 / (61 * 61), abs=1e-9)
    assert _on_paper_share(paper, quad + 200) == 0.0  # off the paper's picture
