"""Small greyscale images kept in JSON files (deck glyphs, face thumbnails) as base64 PNG text."""

from __future__ import annotations

import base64

import cv2
import numpy as np


def to_png_text(image: np.ndarray) -> str:
    ok, encoded = cv2.imencode(".png", image)
    if not ok:
        raise ValueError("cannot encode an image as PNG")
    return base64.b64encode(encoded.tobytes()).decode("ascii")


def from_png_text(text: str) -> np.ndarray:
    """The greyscale image; ValueError when the text is not a base64 PNG."""
    image = cv2.imdecode(np.frombuffer(base64.b64decode(text), np.uint8), cv2.IMREAD_GRAYSCALE)
    if image is None:
        raise ValueError("not a PNG image")
    return image
