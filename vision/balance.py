"""A frame's colour cast taken out before cards are looked for.

Card faces are found as the whitest things on the table: bright in their darkest colour channel
(:mod:`vision.detect`). Under a tinted light (a cool white-balance, a warm lamp, a green cast
from fluorescent tubes) the paper's darkest channel drops while the table's may rise, and cards
merge with a pale table. The whitest pixels of a frame are card paper or glare, both white in
truth, so each channel is scaled until they are grey (the "white patch" method), as a camera's
own white balance would do. Whitest pixels far from grey are no paper (an empty felt or a wooden
table): the frame is left as it is, and so is one whose cast is too slight to matter.
"""

from __future__ import annotations

import cv2
import numpy as np

SAMPLE_STEP = 8  # every 8th pixel each way: 14,400 of a 1280x720 frame
WHITEST_SHARE = 0.01  # the whitest pixels (by their darkest channel) taken as paper
LEAST_CAST = 1.05  # whitest pixels grey within this (one channel over another) are left as they are
MOST_CAST = 1.6  # whitest pixels with one channel this many times another are not paper
LEAST_PAPER = 110  # nor whitest pixels darker than this in their darkest channel (glare on felt; as vision.indices)


def white_gains(image: np.ndarray) -> np.ndarray | None:
    """The gain per channel (B, G, R) that makes the frame's whitest pixels grey, or None when
    the frame is to be left as it is."""
    height, width = image.shape[:2]
    sample = cv2.resize(
        image,
        (max(width // SAMPLE_STEP, 1), max(height // SAMPLE_STEP, 1)),
        interpolation=cv2.INTER_NEAREST,
    )
    blue, green, red = cv2.split(sample)
    darkest = cv2.min(cv2.min(blue, green), red)
    counts = np.cumsum(cv2.calcHist([darkest], [0], None, [256], [0, 256]).ravel())
    level = int(np.searchsorted(counts, (1 - WHITEST_SHARE) * counts[-1], side="right"))
    if level < LEAST_PAPER:
        return None
    means = np.float64(cv2.mean(sample, mask=cv2.compare(darkest, min(level, 255), cv2.CMP_GE))[:3])
    cast = float(means.max() / max(float(means.min()), 1.0))
    if cast < LEAST_CAST or cast > MOST_CAST:
        return None
    return means.max() / means


def white_balanced(image: np.ndarray) -> np.ndarray:
    """``image`` with its whitest pixels made grey (the brightest channel kept, the others
    raised), or ``image`` itself when it has no cast to take out."""
    gains = white_gains(image)
    if gains is None:
        return image
    # Each channel times its gain, rounded down (-0.499) and saturated: 0.5 ms a 1280x720 frame,
    # where a table lookup per channel took 2-6.
    return cv2.transform(
        image, np.hstack([np.diag(gains), np.full((3, 1), -0.499)]).astype(np.float32)
    )
