"""Images from outside (a file a person names, a camera's frame), checked before anything reads
cards in them: a picture too small to hold a card, one too large to decode, or one that is not a
picture is refused with a reason, never passed on to crash the recogniser."""

from __future__ import annotations

from pathlib import Path

import numpy as np

MIN_SIDE = 32  # pixels: below this no card index can be read
MAX_PIXELS = 100_000_000  # a 10k x 10k frame; OpenCV itself refuses beyond 2**30


class ImageError(ValueError):
    """The image cannot be used; the message says why in plain words."""


def check_frame(frame: object, what: str = "the frame") -> np.ndarray:
    """``frame`` if it is a BGR (or grey) picture of a usable size."""
    if not isinstance(frame, np.ndarray) or frame.ndim not in (2, 3) or frame.dtype != np.uint8:
        raise ImageError(f"{what} is not an 8-bit picture")
    height, width = frame.shape[:2]
    if min(height, width) < MIN_SIDE:
        raise ImageError(
            f"{what} is {width}x{height} pixels: too small to show a card (at least {MIN_SIDE})"
        )
    if height * width > MAX_PIXELS:
        raise ImageError(
            f"{what} is {width}x{height} pixels: too large (at most {MAX_PIXELS // 1_000_000} megapixels)"
        )
    if frame.ndim == 2:
        frame = np.dstack([frame] * 3)
    return frame


def read_image(path: str | Path) -> np.ndarray:
    """The picture in file ``path``, checked."""
    import cv2

    name = str(path)
    if not Path(name).is_file():
        raise ImageError(f"no such image file {name}")
    try:
        data = np.fromfile(name, dtype=np.uint8)
        image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    except OSError as exc:
        raise ImageError(f"cannot read image {name}: {exc.strerror or exc}") from None
    except (ValueError, cv2.error):
        raise ImageError(
            f"cannot read image {name}: too large or damaged for OpenCV to decode"
        ) from None
    if image is None:
        raise ImageError(f"cannot read image {name}: not a picture OpenCV can decode")
    return check_frame(image, f"image {name}")
