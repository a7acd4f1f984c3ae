"""The learned corner-index reader: a small network that reads rank and suit from a card's corner.

It is trained only on corners the project renders itself (:mod:`vision.corner_camera`, from
freely licensed typefaces; ``scripts/train-index-reader``) and shipped as ONNX weights
(``vision/models/index_reader.onnx``), run with OpenCV's ``dnn`` module: the table needs nothing
beyond OpenCV and numpy to read. For each corner it gives the chance of each rank (and of
"none": no index there), of each suit, and a feature vector that enrolment uses to adapt the
reader to a deck (nearest neighbours, :mod:`vision.adapt`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

# The reader's window on a card, as fractions of its width and height from the index corner.
WINDOW = (0.0, 0.0, 0.28, 0.34)
INPUT_W, INPUT_H = 36, 60
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
N_RANK = len(RANKS) + 1  # the last is "none": no index in this corner
FEATURES = 64  # per network; enrolment keeps the first two networks'
MODEL = Path(__file__).resolve().parent / "models" / "index_reader.onnx"
FALLBACK_MIN_CONFIDENCE = (
    0.999  # without the calibration's figures (vision/models/index_reader.json)
)
MAX_WINDOW_PX = 120  # a window is cut at the frame's own resolution, up to this tall
NONE_SURE = 0.5  # the first network this sure a window holds no index: the others are not asked
# Ink colour (per ink pixel, paper made white: red minus the larger of green and blue).
RED_INK, NEUTRAL_INK = 50.0, 25.0
CLEAR_RED_SHARE = 0.6  # this share of the ink red: the index is red
CLEAR_BLACK_RED_SHARE, CLEAR_BLACK_NEUTRAL_SHARE = 0.02, 0.8  # hardly any red, nearly all neutral
MOST_HUED = 0.5  # more of the dark pixels than this green or blue: the ink's colour is not clear

UNIT_SQUARE = np.float32(
    [[0, 0], [1, 0], [1, 1], [0, 1]]
)  # a card's corners, as shares of its sides


@dataclass(frozen=True, slots=True)
class CornerRead:
    """What the reader makes of one corner."""

    ranks: np.ndarray  # probabilities over RANKS + none
    suits: np.ndarray  # probabilities over SUITS
    feature: np.ndarray  # unit vector
    colour: (
        str | None
    )  # ink_colour of the window ("red", "black" or None), judged where an index may be

    @property
    def readable(self) -> float:
        return float(1.0 - self.ranks[-1])


def corner_window(image: np.ndarray, corners: np.ndarray, turn: int) -> np.ndarray:
    """The reader's window at the first of ``corners`` rolled by ``turn``, upright, INPUT size."""
    rolled = np.asarray(corners, np.float32)[
        [(turn + k) % 4 for k in range(4)]
    ]  # that corner first
    x0, y0, x1, y1 = WINDOW
    to_card = cv2.getPerspectiveTransform(UNIT_SQUARE, rolled)
    window = np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]).reshape(-1, 1, 2)
    quad = cv2.perspectiveTransform(window, to_card).reshape(4, 2)
    tall = float(max(np.linalg.norm(quad[3] - quad[0]), np.linalg.norm(quad[2] - quad[1])))
    h = min(max(round(tall), INPUT_H // 2), MAX_WINDOW_PX)
    w = max(8, round(h * INPUT_W / INPUT_H))
    target = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    matrix = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    patch = cv2.warpPerspective(
        image, matrix, (w, h), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )
    return to_input_size(patch)


def to_input_size(patch: np.ndarray) -> np.ndarray:
    if patch.shape[:2] == (INPUT_H, INPUT_W):
        return patch
    shrink = patch.shape[0] > INPUT_H
    return cv2.resize(
        patch, (INPUT_W, INPUT_H), interpolation=cv2.INTER_AREA if shrink else cv2.INTER_LINEAR
    )


def reader_input(patch: np.ndarray) -> np.ndarray:
    """The network's input: the darkest colour channel (red and black ink alike dark), levelled."""
    return reader_inputs([patch])[0]


def reader_inputs(patches: list[np.ndarray]) -> np.ndarray:
    """reader_input of many windows at once (float32, n x INPUT_H x INPUT_W)."""
    stack = np.stack(patches)
    darkest = np.minimum(np.minimum(stack[..., 0], stack[..., 1]), stack[..., 2]).astype(np.float32)
    flat = darkest.reshape(len(patches), -1)
    k_lo, k_hi = int(0.02 * flat.shape[1]), int(0.98 * flat.shape[1])
    levels = np.partition(flat, (k_lo, k_hi), axis=1)
    lo, hi = levels[:, k_lo][:, None, None], levels[:, k_hi][:, None, None]
    return np.clip((darkest - lo) / np.maximum(hi - lo, 24.0), 0, 1) - 0.5


def ink_colour(patch: np.ndarray) -> str | None:
    """ "red" or "black" when the ink in the middle of the window (where rank and suit lie) is
    clearly that colour once the paper is made white; None when it is not clear (too little
    ink, glare, a red table or picture among the ink, mostly green or blue)."""
    return ink_colours([patch])[0]


def ink_colours(patches: list[np.ndarray]) -> list[str | None]:
    """ink_colour of many windows of one size at once."""
    if not patches:
        return []
    stack = np.stack(patches)
    n, h, w = stack.shape[:3]
    middle = stack[:, int(0.04 * h) : int(0.62 * h), int(0.08 * w) : int(0.72 * w)].reshape(
        n, -1, 3
    )
    blue, green, red = np.moveaxis(middle, 2, 0).astype(
        np.float32
    )  # (each plane whole: a tenth of the time)
    darkest = np.minimum(np.minimum(blue, green), red)
    at = [int(0.03 * darkest.shape[1]), int(0.9 * darkest.shape[1])]
    levels = np.partition(darkest, at, axis=1)
    ink_level, paper_level = levels[:, at[0], None], levels[:, at[1], None]
    ink = darkest < paper_level - 0.5 * (paper_level - ink_level)
    paper = darkest > paper_level - 0.15 * (paper_level - ink_level)
    papers = paper.sum(axis=1)
    # The paper made white: each plane scaled by 255 over its mean on the paper.
    on_paper = np.maximum(papers, 1)[:, None]
    blue, green, red = (
        plane
        * (255.0 / np.maximum(np.where(paper, plane, 0).sum(axis=1, keepdims=True) / on_paper, 1.0))
        for plane in (blue, green, red)
    )
    redness = red - np.maximum(blue, green)
    # Dark pixels of another hue (green or blue: the felt past the card's rim, a card's back, a
    # four-colour deck's clubs and diamonds) are neither red nor black ink: left out, and where
    # they are most of what is dark the colour is not clear.
    hued = ink & (redness < -NEUTRAL_INK)
    plain = ink & ~hued
    inks, hueds, plains = ink.sum(axis=1), hued.sum(axis=1), plain.sum(axis=1)
    reds = (plain & (redness > RED_INK)).sum(axis=1)
    neutrals = (plain & (np.abs(redness) < NEUTRAL_INK)).sum(axis=1)
    colours: list[str | None] = []
    for k in range(n):
        colour = None
        if (
            paper_level[k, 0] - ink_level[k, 0] >= 30
            and inks[k] >= 6
            and papers[k] >= 6
            and hueds[k] <= MOST_HUED * inks[k]
            and plains[k] >= 6
        ):
            red_share, neutral_share = reds[k] / plains[k], neutrals[k] / plains[k]
            if red_share >= CLEAR_RED_SHARE:
                colour = "red"
            elif red_share <= CLEAR_BLACK_RED_SHARE and neutral_share >= CLEAR_BLACK_NEUTRAL_SHARE:
                colour = "black"
        colours.append(colour)
    return colours


def shipped_models() -> tuple[Path, ...]:
    """The shipped networks: MODEL first, then the other members of the ensemble
    (``index_reader_2.onnx``, ...), trained alike from other seeds."""
    return (MODEL, *sorted(MODEL.parent.glob(MODEL.stem + "_*.onnx")))


class IndexReader:
    """Runs the shipped networks (OpenCV dnn, one core is enough) on a batch of corner windows.

    Networks trained alike from different seeds make their confident mistakes on different
    unusual prints (one read a stylised Q as a 10 at 1.0, another did not): their chances are
    averaged, so a card is named surely only where they agree. The features are the first two's.
    """

    def __init__(self, models: Path | tuple[Path, ...] | None = None) -> None:
        paths = (
            shipped_models()
            if models is None
            else (models,)
            if isinstance(models, Path)
            else models
        )
        self._nets = [_load(p) for p in paths]

    def read(self, patches: list[np.ndarray]) -> list[CornerRead]:
        if not patches:
            return []
        batch = reader_inputs(patches)[:, None]
        first = self._forward(self._nets[0], batch)
        ranks, suits = _softmax(first[:, :N_RANK]), _softmax(first[:, N_RANK : N_RANK + len(SUITS)])
        # The others are asked only where the first sees an index at all: where it is more sure
        # than not that there is none, the corner is not read (vision.reading.READABLE) whatever
        # they say, or, were they to disagree, it could only make the card less sure.
        asked = np.nonzero(ranks[:, -1] < NONE_SURE)[0]
        if len(asked) and len(self._nets) > 1:
            outs = [first[asked]] + [self._forward(net, batch[asked]) for net in self._nets[1:]]
            ranks[asked] = np.mean([_softmax(out[:, :N_RANK]) for out in outs], axis=0)
            suits[asked] = np.mean(
                [_softmax(out[:, N_RANK : N_RANK + len(SUITS)]) for out in outs], axis=0
            )
        # Enrolment's features: the first two networks' side by side (each of unit length), the
        # second's zero where it was not asked (a corner not read).
        features = [_unit_rows(first[:, N_RANK + len(SUITS) :])]
        if len(self._nets) > 1:
            features.append(np.zeros_like(features[0]))
            if len(asked):
                features[1][asked] = _unit_rows(outs[1][:, N_RANK + len(SUITS) :])
        features = np.concatenate(features, axis=1) / np.sqrt(len(features))
        # Colour is judged only where the reader sees an index (it costs a little per corner).
        judged = np.nonzero(ranks[:, -1] < 0.7)[0].tolist()
        colours: list[str | None] = [None] * len(patches)
        for i, colour in zip(judged, ink_colours([patches[i] for i in judged]), strict=True):
            colours[i] = colour
        return [
            CornerRead(ranks[i], suits[i], features[i], colours[i]) for i in range(len(patches))
        ]

    @staticmethod
    def _forward(net: cv2.dnn.Net, batch: np.ndarray) -> np.ndarray:
        net.setInput(batch)
        return np.asarray(net.forward(), np.float32).reshape(len(batch), -1)


def _load(path: Path) -> cv2.dnn.Net:
    """A network read for OpenCV's classic engine where OpenCV has two (5.x): on these small
    batches it runs a third faster than the new one, with the same results (to 1e-4 of a logit)."""
    classic = getattr(cv2.dnn, "ENGINE_CLASSIC", None)
    return (
        cv2.dnn.readNetFromONNX(str(path))
        if classic is None
        else cv2.dnn.readNetFromONNX(str(path), engine=classic)
    )


@lru_cache(maxsize=1)
def shipped_reader() -> IndexReader:
    return IndexReader()


@lru_cache(maxsize=1)
def _calibration() -> dict:
    """The calibration's report (scripts/train-index-reader), or {} without a readable one."""
    try:
        data = json.loads(MODEL.with_suffix(".json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def calibrated_thresholds() -> tuple[float, float]:
    """The thresholds (two index corners read, one) at which the reader named no wrong card
    among its held-back rendered corners (scripts/train-index-reader; one corner: 0.999 at most)."""
    try:
        return float(_calibration()["min_confidence"]), float(
            _calibration()["one_corner_min_confidence"]
        )
    except (KeyError, TypeError, ValueError):
        return FALLBACK_MIN_CONFIDENCE, FALLBACK_MIN_CONFIDENCE


def one_window_sure() -> float:
    """The largest confidence at which one window of a held-back rendered corner named a card
    wrongly (one_corner.largest_wrong in the calibration): above it one window is enough for a
    card read at one corner; at or below it its other looks must agree. 1.0 (always look) when
    the calibration does not say."""
    try:
        largest = _calibration()["one_corner"]["largest_wrong"]
        return 0.0 if largest is None else float(largest)
    except (KeyError, TypeError, ValueError):
        return 1.0


def _unit_rows(rows: np.ndarray) -> np.ndarray:
    return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-6)


def _softmax(logits: np.ndarray) -> np.ndarray:
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)
