"""A photo re-taken synthetically: turned, nearer or farther, blurred, lit otherwise, colour-cast.

Another deck's photos differ from the enrolled ones in just these ways; the recogniser should
read a variant about as well as the original (`benchmarks/vision.py --only variants`, `tests/vision`).
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

Variant = Callable[[np.ndarray], np.ndarray]


def rotated(degrees: float) -> Variant:
    """Turned about the centre; the canvas grows so nothing is cut off, the border repeated."""

    def apply(image: np.ndarray) -> np.ndarray:
        height, width = image.shape[:2]
        matrix = cv2.getRotationMatrix2D((width / 2, height / 2), degrees, 1.0)
        cos, sin = abs(matrix[0, 0]), abs(matrix[0, 1])
        new_w, new_h = round(width * cos + height * sin), round(width * sin + height * cos)
        matrix[0, 2] += (new_w - width) / 2
        matrix[1, 2] += (new_h - height) / 2
        return cv2.warpAffine(
            image, matrix, (new_w, new_h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        )

    return apply


def keystone(share: float) -> Variant:
    """Seen from a phone held tilted: the far (top) edge drawn ``share`` of the width shorter at
    each end, the near edge as it was (a perspective); the border repeated."""

    def apply(image: np.ndarray) -> np.ndarray:
        height, width = image.shape[:2]
        square = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
        tilted = np.float32(
            [[width * share, 0], [width * (1 - share), 0], [width, height], [0, height]]
        )
        return cv2.warpPerspective(
            image,
            cv2.getPerspectiveTransform(square, tilted),
            (width, height),
            borderMode=cv2.BORDER_REPLICATE,
        )

    return apply


def scaled(factor: float) -> Variant:
    def apply(image: np.ndarray) -> np.ndarray:
        interpolation = cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR
        return cv2.resize(image, None, fx=factor, fy=factor, interpolation=interpolation)

    return apply


def blurred(sigma: float) -> Variant:
    """Out of focus by ``sigma`` pixels of the photo's 1000-pixel long side."""

    def apply(image: np.ndarray) -> np.ndarray:
        pixels = sigma * max(image.shape[:2]) / 1000
        return cv2.GaussianBlur(image, (0, 0), pixels)

    return apply


def lit(gamma: float = 1.0, gain: float = 1.0) -> Variant:
    """Exposure: out = 255 * gain * (in / 255) ** gamma, clipped."""
    table = np.clip(255 * gain * (np.arange(256) / 255.0) ** gamma, 0, 255).astype(np.uint8)

    def apply(image: np.ndarray) -> np.ndarray:
        return cv2.LUT(image, table)

    return apply


def cast(blue: float, green: float, red: float) -> Variant:
    """A coloured light: each channel scaled (warm light: red up, blue down)."""
    gains = np.float32([blue, green, red])

    def apply(image: np.ndarray) -> np.ndarray:
        return np.clip(image.astype(np.float32) * gains, 0, 255).astype(np.uint8)

    return apply


def saved_as_jpeg(quality: int) -> Variant:
    """Saved again as a JPEG of this quality (a camera's or a phone's coarse compression)."""

    def apply(image: np.ndarray) -> np.ndarray:
        return cv2.imdecode(
            cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1], cv2.IMREAD_COLOR
        )

    return apply


VARIANTS: dict[str, Variant] = {
    "turned 90": rotated(90),
    "turned 180": rotated(180),
    "turned 17": rotated(17),
    "turned -38": rotated(-38),
    "keystone 0.15": keystone(0.15),
    "scaled 0.6": scaled(0.6),
    "scaled 1.5": scaled(1.5),
    "blur 1.0": blurred(1.0),
    "dark (gamma 1.6)": lit(gamma=1.6),
    "bright (gamma 0.6)": lit(gamma=0.6),
    "dim (x0.6)": lit(gain=0.6),
    "warm cast": cast(0.75, 0.92, 1.08),
    "cool cast": cast(1.08, 1.0, 0.8),
    "strong cool cast": cast(1.15, 1.0, 0.8),
    "green cast": cast(0.9, 1.1, 0.85),
    "jpeg 40": saved_as_jpeg(40),
}
