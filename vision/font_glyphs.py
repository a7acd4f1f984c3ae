"""Rank and suit glyphs rendered from the machine's TrueType fonts, for a deck nobody enrolled.

Card indices are printed in bold or regular, serif or sans, often condensed faces; the fonts
Debian ships (DejaVu, Liberation: packages fonts-dejavu-core, fonts-dejavu-extra,
fonts-liberation) cover those looks far better than OpenCV's stroke fonts. Where none of them is
installed the book is empty and the drawn glyphs (:mod:`vision.glyphs`) stand alone.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

FONT_DIRS = (Path("/usr/share/fonts/truetype"), Path("/usr/share/fonts/TTF"), Path("/usr/local/share/fonts"))
# Faces like those card makers print indices in (file names as the Debian packages install them).
RANK_FACES = (
    "DejaVuSans-Bold", "DejaVuSansCondensed-Bold", "DejaVuSerif-Bold", "DejaVuSerifCondensed-Bold",
    "DejaVuSans", "DejaVuSerif", "DejaVuSerifCondensed",
    "LiberationSans-Bold", "LiberationSansNarrow-Bold", "LiberationSerif-Bold",
    "LiberationSans-Regular", "LiberationSerif-Regular", "LiberationSansNarrow-Regular",
)
SUIT_FACES = ("DejaVuSans", "DejaVuSans-Bold", "DejaVuSerif")
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RENDER_PX = 96


@lru_cache(maxsize=1)
def installed_faces() -> dict[str, Path]:
    """Font files by face name, of the faces wanted that are installed."""
    wanted = set(RANK_FACES) | set(SUIT_FACES)
    found: dict[str, Path] = {}
    for folder in FONT_DIRS:
        if folder.is_dir():
            for path in sorted(folder.rglob("*.ttf")):
                if path.stem in wanted:
                    found.setdefault(path.stem, path)
    return found


def rank_glyphs(rank: str) -> list[np.ndarray]:
    """The rank as each installed face prints it: white ink on black, cropped to its ink."""
    faces = installed_faces()
    return [g for face in RANK_FACES if face in faces for g in [_render(rank, faces[face])] if g is not None]


def suit_glyphs(suit: str) -> list[np.ndarray]:
    faces = installed_faces()
    symbol = SUIT_SYMBOLS[suit]
    return [g for face in SUIT_FACES if face in faces for g in [_render(symbol, faces[face])] if g is not None]


def _render(text: str, font_path: Path) -> np.ndarray | None:
    font = ImageFont.truetype(str(font_path), RENDER_PX)
    canvas = Image.new("L", (RENDER_PX * 3, RENDER_PX * 2), 0)
    ImageDraw.Draw(canvas).text((RENDER_PX // 4, RENDER_PX // 4), text, fill=255, font=font)
    ink = np.asarray(canvas)
    ys, xs = np.nonzero(ink > 127)
    if len(ys) == 0:
        return None
    return ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].copy()
