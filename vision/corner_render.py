"""Card corners rendered from freely licensed typefaces, as a camera would show them.

The learned index reader (:mod:`vision.learned`) is trained on these and nothing else: a
corner of a virtual card (the reader's window, :data:`vision.learned.WINDOW`), its index in
one of many faces and letter sets (A K Q J; German B D K; Dutch H V B; 10 wide, narrow or as
touching "1O"), the suit below or beside the rank, a face card's frame or a pip cut by the
window, then the camera: an outline found a little off, perspective, turn, a small index
(from ~12 px tall), blur, noise, JPEG, glare, colour casts, uneven light, tinted paper and a
neighbouring card's edge. The label "none" (an index that is not there: a blank corner, the
back of a card, an index lying on its side because the outline was read a quarter turn off)
teaches the reader to say it cannot read a corner.

Fonts are the machine's (Debian: fonts-dejavu, fonts-liberation, fonts-freefont-ttf,
fonts-urw-base35, fonts-texgyre, fonts-noto-core, fonts-crosextra-*, fonts-open-sans,
fonts-lato, fonts-roboto-unhinted; ``scripts/setup --test`` installs them).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

RANK_CLASSES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "none")
SUIT_CLASSES = ("S", "H", "D", "C")
NONE = RANK_CLASSES.index("none")
# What each rank is printed as across the letter sets decks use.
PRINTED = {
    **{r: (r,) for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")},
    "J": ("J", "B"),  # English; German Bube and Dutch Boer
    "Q": ("Q", "D", "V"),  # English; German Dame; Dutch Vrouw
    "K": ("K", "H"),  # English and German Koenig; Dutch Heer
}
SUIT_CHARS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED = frozenset({"H", "D"})

FONT_ROOTS = (Path("/usr/share/fonts"), Path("/usr/share/texmf/fonts/opentype/public/tex-gyre"))
# Faces for the rank: Latin text faces, upright (card makers do not print indices in italics).
RANK_FACE_WORDS = (
    "DejaVu",
    "Liberation",
    "Free",
    "Nimbus",
    "C059",
    "P052",
    "URWBookman",
    "URWGothic",
    "texgyre",
    "NotoSans-",
    "NotoSerif-",
    "NotoSansDisplay",
    "NotoSerifDisplay",
    "NotoSansMono-",
    "Carlito",
    "Caladea",
    "OpenSans",
    "Lato",
    "Roboto",
)
SLANTED_WORDS = ("Italic", "Oblique", "Ita.", "italic", "BdIta", "Z003")
SUIT_FACE_WORDS = (
    "DejaVuSans",
    "DejaVuSerif",
    "FreeS",
    "FreeMono",
    "NotoSansSymbols2",
    "NotoSansMath",
)
GLYPH_PX = 96  # glyphs are rendered this tall, then scaled
STROKE_SHARE = 0.08  # ranks drawn in OpenCV's stroke fonts rather than a TrueType face
FLAT_TOP_SHARE = 0.3  # threes drawn with a flat top and a diagonal (as many decks print them)
CARD_QUEEN_SHARE = 0.3  # queens drawn as card makers print them (card_queen)


@dataclass(frozen=True, slots=True)
class Faces:
    """Font files for ranks and for suits."""

    ranks: tuple[Path, ...]
    suits: tuple[Path, ...]


@lru_cache(maxsize=1)
def installed_faces() -> Faces:
    files = sorted(
        {
            p
            for root in FONT_ROOTS
            if root.is_dir()
            for p in root.rglob("*")
            if p.suffix in (".ttf", ".otf")
        }
    )
    ranks = [
        p
        for p in files
        if any(w in p.name for w in RANK_FACE_WORDS) and not any(w in p.name for w in SLANTED_WORDS)
    ]
    suits = [
        p
        for p in files
        if any(p.name.startswith(w) for w in SUIT_FACE_WORDS)
        and not any(w in p.name for w in SLANTED_WORDS)
    ]
    return Faces(
        tuple(ranks), tuple(p for p in suits if _has_suits(p) and _spade_and_club_in_place(p))
    )


def split_faces(faces: Faces, held_back: float = 0.2) -> tuple[Faces, Faces]:
    """Faces for training and faces held back (every fifth by name), for calibration."""
    step = max(2, round(1 / held_back))
    keep = tuple(p for i, p in enumerate(faces.ranks) if i % step != step - 1)
    back = tuple(p for i, p in enumerate(faces.ranks) if i % step == step - 1)
    return Faces(keep, faces.suits), Faces(back, faces.suits)


def _has_suits(path: Path) -> bool:
    missing = text_ink(path, "\uffff")
    return all(
        (g := text_ink(path, c)) is not None
        and (missing is None or g.shape != missing.shape or (g != missing).any())
        for c in SUIT_CHARS.values()
    )


def _spade_and_club_in_place(path: Path) -> bool:
    """Whether the face's spade is a spade and its club a club (FreeSerif Bold draws each as the
    other, which taught a reader to call spades clubs): a spade widens from its point down past
    a third of its height; a club narrows there, between its top lobe and the other two."""

    def waist(text: str) -> float:
        ink = text_ink(path, text)
        assert ink is not None
        rows = (cv2.resize(ink, (64, 64), interpolation=cv2.INTER_AREA) > 127).sum(axis=1)
        return float(rows[18:28].min() / max(int(rows[6:18].max()), 1))

    return waist(SUIT_CHARS["S"]) > 1.0 > waist(SUIT_CHARS["C"])


@lru_cache(maxsize=4096)
def text_ink(path: Path, text: str) -> np.ndarray | None:
    """The text's ink (uint8, high) cropped to itself, GLYPH_PX tall before cropping."""
    try:
        font = ImageFont.truetype(str(path), GLYPH_PX)
    except OSError:
        return None
    canvas = Image.new("L", (GLYPH_PX * 3, GLYPH_PX * 2), 0)
    ImageDraw.Draw(canvas).text((GLYPH_PX // 4, GLYPH_PX // 4), text, fill=255, font=font)
    ink = np.asarray(canvas)
    ys, xs = np.nonzero(ink > 127)
    if len(ys) == 0 or ys.max() - ys.min() < GLYPH_PX // 8:
        return None
    return ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].copy()


HERSHEY = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
)


def stroke_ink(text: str, rng: np.random.Generator) -> np.ndarray:
    """The text in one of OpenCV's own stroke fonts, at a random weight."""
    canvas = np.zeros((GLYPH_PX * 2, GLYPH_PX * 3), np.uint8)
    font = HERSHEY[rng.integers(len(HERSHEY))]
    cv2.putText(
        canvas,
        text,
        (GLYPH_PX // 4, GLYPH_PX * 3 // 2),
        font,
        3.0,
        255,
        int(rng.integers(3, 10)),
        cv2.LINE_AA,
    )
    ys, xs = np.nonzero(canvas > 127)
    return canvas[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].copy()


def rank_ink(rank: str, rng: np.random.Generator, faces: Faces) -> np.ndarray:
    """The rank as some face prints it (a 10 sometimes narrow, or as two touching glyphs)."""
    text = str(rng.choice(PRINTED[rank]))
    if rng.random() < STROKE_SHARE:
        return _squeezed(
            stroke_ink(text, rng),
            rng.uniform(0.75, 1.1) if text != "10" else rng.uniform(0.5, 1.05),
        )
    for _ in range(8):
        face = faces.ranks[rng.integers(len(faces.ranks))]
        if text == "10" and rng.random() < 0.4:
            ink = _touching_pair(face, rng)
        else:
            ink = text_ink(face, text)
        if ink is not None:
            if text == "3" and rng.random() < FLAT_TOP_SHARE:
                ink = flat_topped(ink, rng)
            elif text == "Q" and rng.random() < CARD_QUEEN_SHARE:
                ink = card_queen(ink.shape[0], rng)
            return _squeezed(
                ink, rng.uniform(0.75, 1.1) if text != "10" else rng.uniform(0.5, 1.05)
            )
    raise RuntimeError(f"no installed face prints {text!r}")


def flat_topped(three: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A face's three with its upper bowl replaced by a flat bar and a diagonal down to the
    middle, in the face's own stroke width (the lower bowl is the face's)."""
    h, w = three.shape
    ink = three > 127
    rows = ink.sum(axis=1)
    stroke = max(
        2, int(np.median(rows[rows > 0]) * 0.5)
    )  # a horizontal cut through a bowl crosses two strokes
    middle = int(h * rng.uniform(0.4, 0.47))
    out = three.copy()
    out[:middle] = 0
    bar = int(max(stroke, 0.08 * h))
    left = int(w * rng.uniform(0.0, 0.15))
    cv2.rectangle(out, (left, 0), (w - 1, bar), 255, -1, cv2.LINE_AA)
    joint = (int(w * rng.uniform(0.3, 0.5)), middle + stroke // 2)
    cv2.line(out, (w - 1 - stroke // 2, bar), joint, 255, stroke, cv2.LINE_AA)
    return out


def card_queen(height: int, rng: np.random.Generator) -> np.ndarray:
    """The queen most card makers print, drawn: a narrow oval, thick at its sides and thin at
    top and foot, crossed at its foot by a long tail that starts inside the bowl and sweeps out
    down to the right (no typeface has it)."""
    h = height
    w = int(h * rng.uniform(0.5, 0.75))
    side = max(2.0, h * rng.uniform(0.08, 0.15))  # the stroke at the oval's sides
    top = side * rng.uniform(0.35, 0.8)  # and at its top and foot
    tail_room = int(h * rng.uniform(0.1, 0.25))
    canvas = np.zeros((h + tail_room, int(w * 1.35) + 2), np.uint8)
    centre = (w / 2, h / 2)
    outer = ((centre[0], centre[1]), (w - 1, h - 1), 0.0)
    inner = ((centre[0], centre[1]), (max(1.0, w - 1 - 2 * side), max(1.0, h - 1 - 2 * top)), 0.0)
    cv2.ellipse(canvas, outer, 255, -1, cv2.LINE_AA)
    cv2.ellipse(canvas, inner, 0, -1, cv2.LINE_AA)
    start = (w * rng.uniform(0.3, 0.55), h * rng.uniform(0.6, 0.8))
    end = (w * rng.uniform(0.95, 1.3), h + tail_room * rng.uniform(0.4, 0.95))
    bend = (w * rng.uniform(0.45, 0.8), h * rng.uniform(0.95, 1.1))
    steps = np.linspace(0.0, 1.0, 16)[:, None]
    curve = (
        (1 - steps) ** 2 * np.float32(start)
        + 2 * (1 - steps) * steps * np.float32(bend)
        + steps**2 * np.float32(end)
    )
    thick = max(2, round(side * rng.uniform(0.6, 1.1)))
    cv2.polylines(canvas, [np.int32(np.round(curve))], False, 255, thick, cv2.LINE_AA)
    ys, xs = np.nonzero(canvas > 127)
    return canvas[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].copy()


def _touching_pair(face: Path, rng: np.random.Generator) -> np.ndarray | None:
    one, zero = text_ink(face, "1"), text_ink(face, str(rng.choice(["0", "O"])))
    if one is None or zero is None:
        return None
    h = max(one.shape[0], zero.shape[0])
    one = cv2.resize(one, (max(1, one.shape[1] * h // one.shape[0]), h))
    zero = cv2.resize(zero, (max(1, zero.shape[1] * h // zero.shape[0]), h))
    gap = int(rng.uniform(-0.08, 0.05) * h)
    width = one.shape[1] + zero.shape[1] + gap
    out = np.zeros((h, max(width, one.shape[1], zero.shape[1])), np.uint8)
    out[:, : one.shape[1]] = one
    start = max(0, one.shape[1] + gap)
    out[:, start : start + zero.shape[1]] = np.maximum(
        out[:, start : start + zero.shape[1]], zero[:, : out.shape[1] - start]
    )
    return out


def _squeezed(ink: np.ndarray, factor: float) -> np.ndarray:
    return cv2.resize(
        ink, (max(2, int(ink.shape[1] * factor)), ink.shape[0]), interpolation=cv2.INTER_AREA
    )


def suit_ink(suit: str, rng: np.random.Generator, faces: Faces) -> np.ndarray:
    """The suit from a symbol face, or drawn."""
    if faces.suits and rng.random() < 0.6:
        ink = text_ink(faces.suits[rng.integers(len(faces.suits))], SUIT_CHARS[suit])
        if ink is not None:
            return _squeezed(ink, rng.uniform(0.85, 1.15))
    return drawn_suit(suit, rng)


def drawn_suit(suit: str, rng: np.random.Generator, size: int = GLYPH_PX) -> np.ndarray:
    """A suit shape drawn from circles and polygons, its proportions varied."""
    s = size
    img = np.zeros((s, s), np.uint8)
    lobe = int(s * rng.uniform(0.22, 0.29))
    if suit == "D":
        waist = rng.uniform(0.3, 0.42)
        bend = rng.uniform(0.0, 0.08)
        pts = [
            (s * 0.5, 0),
            (s * (0.5 + waist) - bend * s, s * 0.5),
            (s * 0.5, s - 1),
            (s * (0.5 - waist) + bend * s, s * 0.5),
        ]
        cv2.fillPoly(img, [np.int32(pts)], 255, cv2.LINE_AA)
    elif suit == "H":
        cv2.circle(img, (int(s * 0.5 - lobe * 0.95), int(s * 0.3)), lobe, 255, -1, cv2.LINE_AA)
        cv2.circle(img, (int(s * 0.5 + lobe * 0.95), int(s * 0.3)), lobe, 255, -1, cv2.LINE_AA)
        left, right = s * 0.5 - 1.9 * lobe, s * 0.5 + 1.9 * lobe
        cv2.fillPoly(
            img,
            [
                np.int32(
                    [(left, s * 0.36), (right, s * 0.36), (s * 0.5, s * rng.uniform(0.85, 0.98))]
                )
            ],
            255,
            cv2.LINE_AA,
        )
    elif suit == "S":
        cv2.circle(img, (int(s * 0.5 - lobe * 0.95), int(s * 0.58)), lobe, 255, -1, cv2.LINE_AA)
        cv2.circle(img, (int(s * 0.5 + lobe * 0.95), int(s * 0.58)), lobe, 255, -1, cv2.LINE_AA)
        left, right = s * 0.5 - 1.9 * lobe, s * 0.5 + 1.9 * lobe
        cv2.fillPoly(
            img,
            [np.int32([(left, s * 0.52), (right, s * 0.52), (s * 0.5, s * 0.02)])],
            255,
            cv2.LINE_AA,
        )
        _stem(img, s, rng)
    else:  # clubs
        r = int(s * rng.uniform(0.17, 0.21))
        for cx, cy in ((0.5, 0.24), (0.5 - 0.21, 0.56), (0.5 + 0.21, 0.56)):
            cv2.circle(img, (int(s * cx), int(s * cy)), r, 255, -1, cv2.LINE_AA)
        cv2.circle(img, (int(s * 0.5), int(s * 0.5)), int(r * 0.7), 255, -1, cv2.LINE_AA)
        _stem(img, s, rng)
    ys, xs = np.nonzero(img > 127)
    return img[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].copy()


def _stem(img: np.ndarray, s: int, rng: np.random.Generator) -> None:
    half = s * rng.uniform(0.1, 0.18)
    top = s * 0.55
    cv2.fillPoly(
        img,
        [
            np.int32(
                [
                    (s * 0.5 - s * 0.03, top),
                    (s * 0.5 + s * 0.03, top),
                    (s * 0.5 + half, s - 1),
                    (s * 0.5 - half, s - 1),
                ]
            )
        ],
        255,
        cv2.LINE_AA,
    )


def jpeg(image: np.ndarray, quality: int) -> np.ndarray:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    return cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else image
