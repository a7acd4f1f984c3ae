"""Staged scenes for the detector: our own drawn cards on drawn surfaces, each card's outline known.

Nothing here comes from a photograph: faces are the simulated deck's (`hardware_sim/render.py`),
optionally with an index in all four corners, printed in four colours, or with its ranks in a
typeface the index reader never saw (:data:`UNSEEN_TYPEFACES`), and the surfaces (felt, wood, cloth, a keyboard)
are drawn from noise and stripes. Arrangements are the ones a dealer makes: cards apart,
stepped (each card dealt a little down and right of the one before, its index showing, as a
blackjack hand lies),
a fanned hand, one card dropped over another, one card photographed close, a single card
filling the photo, and cards lying face down (patterned backs, nothing to name); seen from
overhead or, with ``slant``, by a camera beside the table. Used by `benchmarks/vision_detect.py`,
`benchmarks/vision.py` and `tests/vision/test_staged.py`; :func:`detection_score` says how many
cards an outline was found for.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from hardware_sim.render import FACE_H, FACE_W, draw_card_face
from table_controller.cards import Card, parse_card
from vision.calibration import LAYOUT_ASPECT, Layout, calibrate
from vision.corner_render import FONT_ROOTS, installed_faces, text_ink

FRAME = (1280, 720)
SURFACES = ("felt", "wood", "cloth", "keyboard")
ARRANGEMENTS = ("apart", "stepped", "fanned", "pair", "close")
# Typefaces the index reader never saw (neither trained nor calibrated on: vision.corner_render
# takes its faces by name, and none of these names), from Debian's font packages that
# scripts/setup installs for the tests: humanist, geometric, rounded, condensed and techno sans,
# old-style, modern and slab-like serifs, a monospace. Each its regular and, where it has one,
# its bold.
UNSEEN_TYPEFACES = (
    "Cantarell-Regular.otf",
    "Cantarell-Bold.otf",
    "Cabin-Regular.otf",
    "Cabin-Bold.otf",
    "Comfortaa-Regular.ttf",
    "Comfortaa-Bold.ttf",
    "Oxygen-Sans.ttf",
    "Oxygen-Sans-Bold.ttf",
    "LeagueSpartan-Regular.otf",
    "LeagueSpartan-Bold.otf",
    "Quicksand-Regular.ttf",
    "Quicksand-Bold.ttf",
    "Jura-Medium.otf",
    "Jura-Bold.otf",
    "YanoneKaffeesatz-Regular.otf",
    "YanoneKaffeesatz-Bold.otf",
    "Gentium-R.ttf",
    "EBGaramond12-Regular.otf",
    "EBGaramond12-Bold.otf",
    "OldStandard-Regular.ttf",
    "OldStandard-Bold.ttf",
    "AccanthisADFStd-Regular.otf",
    "AccanthisADFStd-Bold.otf",
    "STIXGeneral-Regular.otf",
    "STIXGeneral-Bold.otf",
    "LinLibertine_R.otf",
    "LinBiolinum_RB.otf",
    "mononoki-Regular.ttf",
    "mononoki-Bold.ttf",
)
# More such typefaces, kept back: not looked at until the rule that a ten owns both its figures
# (vision.indices._ten_figures) was written after Old Standard's tens among those above, then
# measured once (docs/vision.md, "Typefaces the reader never saw").
KEPT_BACK_TYPEFACES = (
    "PTS55F.ttf",
    "PTS75F.ttf",
    "PTN57F.ttf",
    "PTF55F.ttf",
    "PTF75F.ttf",
    "PTM55F.ttf",  # PT Sans, Narrow, Serif, Mono
    "cmunrm.ttf",
    "cmunbx.ttf",
    "cmunss.ttf",
    "cmunsx.ttf",  # Computer Modern Unicode
    "lmroman10-regular.otf",
    "lmroman10-bold.otf",
    "lmsans10-regular.otf",
    "lmsans10-bold.otf",  # Latin Modern
    "FiraCode-Regular.ttf",
    "FiraCode-Bold.ttf",
    "Hack-Regular.ttf",
    "Hack-Bold.ttf",
    "Inter-Regular.otf",
    "Inter-Bold.otf",
)
_TYPEFACE_ROOTS = (*FONT_ROOTS, Path("/usr/share/texmf/fonts/opentype/public/lm"))


def unseen_typefaces(names: tuple[str, ...] = UNSEEN_TYPEFACES) -> list[Path]:
    """The files of ``names`` (UNSEEN_TYPEFACES or KEPT_BACK_TYPEFACES); an error names those
    missing (scripts/setup --test installs them), and any the reader's training takes after all."""
    found = {
        p.name: p
        for root in _TYPEFACE_ROOTS
        if root.is_dir()
        for p in root.rglob("*")
        if p.name in names
    }
    missing = [name for name in names if name not in found]
    if missing:
        raise FileNotFoundError(
            f"typefaces not installed (scripts/setup --test installs them): {', '.join(missing)}"
        )
    seen = {p.name for p in installed_faces().ranks} & set(found)
    if seen:
        raise ValueError(
            f"the index reader is trained on {', '.join(sorted(seen))}: not an unseen typeface"
        )
    return [found[name] for name in names]


FOUR_COLOURS = {
    "C": (30, 120, 20),
    "D": (190, 80, 20),
}  # a four-colour deck's green clubs and blue diamonds (BGR)
CODES = ("AS", "7H", "KD", "10C", "QS", "3D", "JH", "9S", "5C", "2H", "8D", "4S")


@dataclass(frozen=True, slots=True)
class StagedScene:
    image: np.ndarray
    cards: tuple[Card, ...]
    outlines: tuple[
        np.ndarray, ...
    ]  # each card's corners in the frame, clockwise from its top-left
    overhead: np.ndarray | None = (
        None  # from the frame to the table seen from above, as a calibrated camera knows it (slanted)
    )


def card_face(
    card: Card, four_corners: bool = False, four_colour: bool = False, typeface: Path | None = None
) -> np.ndarray:
    """The simulated deck's face; with ``four_corners`` the index prints in all four corners,
    with ``four_colour`` its clubs print green and its diamonds blue (a poker room's deck), with
    ``typeface`` (a font file) its rank prints in that face."""
    rank = text_ink(typeface, card.rank) if typeface is not None else None
    if typeface is not None and rank is None:
        raise ValueError(f"{typeface.name} does not print {card.rank!r}")
    face = draw_card_face(card, FOUR_COLOURS.get(str(card.suit)) if four_colour else None, rank)
    if four_corners:  # the top-left index again top-right, the bottom-right one bottom-left
        face[0:110, FACE_W - 60 :] = face[0:110, 0:60].copy()
        face[FACE_H - 110 :, 0:60] = face[FACE_H - 110 :, FACE_W - 60 :].copy()
    return face


def surface(kind: str, rng: np.random.Generator, size: tuple[int, int] = FRAME) -> np.ndarray:
    """A drawn table surface ``size`` (width, height), BGR."""
    width, height = size
    if kind == "felt":
        frame = np.empty((height, width, 3), np.uint8)
        frame[:] = (40, 105, 30)
        noise = rng.normal(0, 7, (height, width, 1))
        return np.clip(frame + noise, 0, 255).astype(np.uint8)
    if kind == "wood":
        return _wood(rng, width, height)
    if kind == "cloth":
        return _cloth(rng, width, height)
    if kind == "keyboard":
        return _keyboard(rng, width, height)
    raise ValueError(f"no surface {kind!r}; one of {', '.join(SURFACES)}")


def _wood(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    warp = 12 * np.sin(x / 90 + rng.uniform(0, 6)) + 5 * np.sin(x / 23)
    grain = np.sin((y + warp) / rng.uniform(5, 9)) * 0.5 + 0.5
    board = ((y + warp) // 140) % 2  # planks a little different in tone
    tone = 0.65 + 0.18 * grain + 0.07 * board + rng.normal(0, 0.03, (height, width))
    base = np.float32([70, 130, 185])  # light oak, BGR
    return np.clip(tone[..., None] * base, 0, 255).astype(np.uint8)


def _cloth(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    weave = 0.5 + 0.25 * np.sin(x * 1.6) * np.sin(y * 1.6) + 0.1 * np.sin((x + y) / 37)
    colour = np.float32(rng.choice([(150, 90, 60), (80, 80, 140), (120, 120, 120)]))
    tone = weave + rng.normal(0, 0.05, (height, width))
    return np.clip(tone[..., None] * colour * 1.3, 0, 255).astype(np.uint8)


def _keyboard(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A dark keyboard: grey keycaps with white legends, in rows, on a black body."""
    frame = np.full((height, width, 3), 25, np.uint8)
    key = int(width / 16)
    letters = "QWERTYUIOPASDFGHJKLZXCVBNM1234567890"
    for row, top in enumerate(range(6, height, key + 6)):
        for left in range(6 + (row % 3) * key // 3, width, key + 6):
            cv2.rectangle(frame, (left, top), (left + key, top + key), (62, 60, 58), -1)
            cv2.rectangle(
                frame, (left + 4, top + 4), (left + key - 4, top + key - 6), (78, 76, 74), -1
            )
            letter = letters[int(rng.integers(len(letters)))]
            cv2.putText(
                frame,
                letter,
                (left + key // 4, top + key // 2),
                cv2.FONT_HERSHEY_SIMPLEX,
                key / 70,
                (235, 235, 235),
                2,
                cv2.LINE_AA,
            )
    return frame


def stage(
    cards: list[Card],
    arrangement: str,
    backdrop: str,
    rng: np.random.Generator,
    card_width: float = 150.0,
    four_corners: bool = False,
    slant: float = 1.0,
    four_colour: bool = False,
    typeface: Path | None = None,
) -> StagedScene:
    """``cards`` laid ``arrangement`` on ``backdrop``, lit unevenly, a little blurred and noisy;
    ``slant`` below 1, seen at a slant (:func:`slanted`); faces as :func:`card_face` draws them."""
    frame = surface(backdrop, rng)
    height = card_width * FACE_H / FACE_W
    quads = [slanted(q, slant) for q in _arranged(len(cards), arrangement, card_width, height, rng)]
    for card, quad in zip(cards, quads, strict=True):
        _lay(frame, card_face(card, four_corners, four_colour, typeface), quad)
    return StagedScene(
        _camera(frame, rng),
        tuple(cards),
        tuple(quads),
        None if slant >= 1.0 else np.linalg.inv(table_view(slant)),
    )


def face_down(
    count: int, backdrop: str, rng: np.random.Generator, card_width: float = 150.0
) -> StagedScene:
    """``count`` cards lying apart face down (a hole card, a burn card): outlines to find, no card
    to name."""
    frame = surface(backdrop, rng)
    quads = _arranged(count, "apart", card_width, card_width * FACE_H / FACE_W, rng)
    for quad in quads:
        _lay(frame, card_back(rng), quad)
    return StagedScene(_camera(frame, rng), (), tuple(quads))


def card_back(rng: np.random.Generator) -> np.ndarray:
    """A card's back, FACE_W x FACE_H: one ink on one ground, perhaps inside a plain margin, as
    lines one way or crossed, or a dot, square or diamond repeated on a grid (a brick bond or
    not), each mark a few face pixels across, as a deck's index strokes are."""
    back = np.empty((FACE_H, FACE_W, 3), np.uint8)
    back[:] = rng.uniform(200, 255, 3)  # the card's paper
    margin = int(rng.uniform(0.03, 0.08) * FACE_W) if rng.random() < 0.6 else 0
    h, w = FACE_H - 2 * margin, FACE_W - 2 * margin
    ink = np.zeros((h, w), np.uint8)
    step = rng.uniform(4, 22)
    kind = int(rng.integers(4))
    if kind == 0:  # lines, one way or crossed
        thick = 1 + int(rng.integers(3))
        for way in (1, -1)[: 1 + int(rng.integers(2))]:
            for x in np.arange(-h - w, h + w, step):
                cv2.line(ink, (int(x), 0), (int(x + way * h), h), 255, thick, cv2.LINE_AA)
    else:
        size = max(2.0, step * rng.uniform(0.35, 0.7))
        brick = rng.random() < 0.5
        for row, y in enumerate(np.arange(size, h - size, step)):
            for x in np.arange(size + brick * (row % 2) * step / 2, w - size, step):
                if kind == 1:
                    cv2.circle(ink, (int(x), int(y)), max(1, int(size / 2)), 255, -1, cv2.LINE_AA)
                elif kind == 2:
                    cv2.rectangle(
                        ink,
                        (int(x - size / 2), int(y - size / 2)),
                        (int(x + size / 2), int(y + size / 2)),
                        255,
                        -1,
                    )
                else:
                    diamond = np.int32(
                        [[x, y - size / 2], [x + size / 2, y], [x, y + size / 2], [x - size / 2, y]]
                    )
                    cv2.fillConvexPoly(ink, diamond, 255, cv2.LINE_AA)
    ground, colour = rng.uniform(20, 255, 3), rng.uniform(0, 255, 3)
    alpha = (ink.astype(np.float32) / 255)[..., None]
    back[margin : margin + h, margin : margin + w] = (ground * (1 - alpha) + colour * alpha).astype(
        np.uint8
    )
    return back


def filling(
    card: Card, rng: np.random.Generator, four_corners: bool = False, margin: float = 0.03
) -> StagedScene:
    """One card photographed so close that it fills the photo (``margin`` of background round it,
    or cut by the photo's edges when negative)."""
    width, height = FRAME[1] * (1 - 2 * margin) * FACE_W / FACE_H, FRAME[1] * (1 - 2 * margin)
    frame = surface("wood", rng, (round(width / (1 - 2 * margin)) | 1, FRAME[1]))
    centre = (frame.shape[1] / 2, frame.shape[0] / 2)
    quad = _quad(centre, width, height, float(rng.uniform(-2, 2)))
    _lay(frame, card_face(card, four_corners), quad)
    return StagedScene(_camera(frame, rng), (card,), (quad,))


def _arranged(
    count: int, arrangement: str, width: float, height: float, rng: np.random.Generator
) -> list[np.ndarray]:
    base = float(rng.uniform(-20, 20))
    if arrangement == "apart":
        x0 = FRAME[0] / 2 - (count - 1) * 1.6 * width / 2
        return [
            _quad(
                (x0 + k * 1.6 * width, FRAME[1] / 2 + rng.uniform(-60, 60)),
                width,
                height,
                base + rng.uniform(-10, 10),
            )
            for k in range(count)
        ]
    if arrangement == "stepped":  # each card down and right of the one before, its index showing
        step = np.float32([rng.uniform(0.28, 0.4) * width, rng.uniform(0.18, 0.3) * height])
        start = np.float32(FRAME) / 2 - step * (count - 1) / 2
        return [
            _quad(tuple(start + k * step), width, height, base / 3 + rng.uniform(-4, 4))
            for k in range(count)
        ]
    if arrangement == "fanned":  # turned about a point below the hand, as a hand is held
        pivot = np.float32([FRAME[0] / 2 + rng.uniform(-80, 80), FRAME[1] / 2 + 1.1 * height])
        spread = rng.uniform(9, 14)
        out = []
        for k in range(count):
            turn = base / 2 + (k - (count - 1) / 2) * spread
            angle = np.deg2rad(turn)
            centre = pivot + 1.0 * height * np.float32([np.sin(angle), -np.cos(angle)])
            out.append(_quad(tuple(centre), width, height, turn))
        return out
    if arrangement == "pair":  # one card dropped over another anyhow, the lower one's index showing
        first = _quad(tuple(np.float32(FRAME) / 2), width, height, base)
        shift = np.float32(
            [rng.choice([-1, 1]) * rng.uniform(0.3, 0.6) * width, rng.uniform(0.15, 0.45) * height]
        )
        return [
            first,
            _quad(tuple(np.float32(FRAME) / 2 + shift), width, height, base + rng.uniform(-30, 30)),
        ]
    if arrangement == "close":  # one card photographed close: half the photo's height or more
        size = rng.uniform(2.4, 3.2)
        return [
            _quad(
                tuple(np.float32(FRAME) / 2 + rng.uniform(-60, 60, 2)),
                width * size,
                height * size,
                base + rng.uniform(-60, 60),
            )
        ]
    raise ValueError(f"no arrangement {arrangement!r}; one of {', '.join(ARRANGEMENTS)}")


def slanted(quad: np.ndarray, slant: float) -> np.ndarray:
    """Where ``quad`` (on the table, in frame pixels) lies in the frame of a camera that sees the
    table's depth (the frame's up and down) shortened to ``slant`` of itself, the far side a
    little narrower than the near one: 1 looks straight down, 0.64 is about 50 degrees off it
    (a camera beside the table, a phone held over a desk)."""
    if slant >= 1.0:
        return quad
    return cv2.perspectiveTransform(np.float32(quad).reshape(-1, 1, 2), table_view(slant)).reshape(
        4, 2
    )


def table_view(slant: float) -> np.ndarray:
    """The homography from the table (in frame pixels, seen from straight above) to the frame of
    a camera that sees it at ``slant`` (:func:`slanted`); the identity at 1."""
    if slant >= 1.0:
        return np.eye(3)
    width, height = FRAME
    middle = height / 2
    table = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    narrower = (
        0.5 * (1 - slant) * 0.25 * width
    )  # the far side's inset: the steeper the view, the more
    seen = np.float32(
        [
            [narrower, middle * (1 - slant)],
            [width - narrower, middle * (1 - slant)],
            [width, middle * (1 + slant)],
            [0, middle * (1 + slant)],
        ]
    )
    return cv2.getPerspectiveTransform(table, seen)


def layout_seen(slant: float) -> Layout:
    """The calibration a camera at ``slant`` would get (`table vision calibrate`): the layout a
    rectangle of its shape (LAYOUT_ASPECT) as deep as the frame, in the middle of the staged
    table, seen at the slant. Only its corners count here (:meth:`Layout.overhead`): no places."""
    width, height = FRAME
    across = height * LAYOUT_ASPECT
    flat = (
        np.float32(
            [
                [width - across, 0],
                [width + across, 0],
                [width + across, 2 * height],
                [width - across, 2 * height],
            ]
        )
        / 2
    )
    corners = cv2.perspectiveTransform(flat.reshape(-1, 1, 2), table_view(slant)).reshape(4, 2)
    return calibrate([(float(x), float(y)) for x, y in corners], FRAME, {})  # no game's places


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
    """The face warped onto ``quad`` with rounded corners and the faint darker edge a card shows."""
    source = np.float32([[0, 0], [FACE_W - 1, 0], [FACE_W - 1, FACE_H - 1], [0, FACE_H - 1]])
    matrix = cv2.getPerspectiveTransform(source, quad)
    size = (frame.shape[1], frame.shape[0])
    shape = np.zeros((FACE_H, FACE_W), np.uint8)
    cv2.rectangle(shape, (12, 12), (FACE_W - 13, FACE_H - 13), 255, -1)
    shape = cv2.dilate(shape, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (25, 25)))
    warped = cv2.warpPerspective(face, matrix, size, flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(shape, matrix, size) > 127
    frame[mask] = warped[mask]
    edge = mask & ~cv2.erode(mask.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    frame[edge] = (frame[edge] * 0.7).astype(np.uint8)


def _camera(frame: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    height, width = frame.shape[:2]
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    direction = rng.uniform(0, 2 * np.pi)
    light = 0.85 + 0.15 * (
        (x / width - 0.5) * np.cos(direction) + (y / height - 0.5) * np.sin(direction)
    )
    lit = frame.astype(np.float32) * light[..., None]
    lit = cv2.GaussianBlur(lit, (0, 0), 0.8) + rng.normal(0, 3, lit.shape)
    return np.clip(lit, 0, 255).astype(np.uint8)


COUNTS = {"apart": 5, "stepped": 4, "fanned": 4, "pair": 2, "close": 1}


def hand(count: int, rng: np.random.Generator) -> list[Card]:
    return [parse_card(c) for c in rng.choice(CODES, count, replace=False)]


def detection_score(
    outlines: list[np.ndarray], truth: tuple[np.ndarray, ...], shape: tuple[int, int]
) -> tuple[int, int]:
    """(cards found, false cards): a card is found by an outline that overlaps it by at least
    half (intersection over union, inside the frame), each outline finding at most one card."""
    found, used = 0, set()
    for card in truth:
        best, best_iou = None, 0.5
        for i, outline in enumerate(outlines):
            if i not in used and (iou := _iou(card, outline, shape)) > best_iou:
                best, best_iou = i, iou
        if best is not None:
            used.add(best)
            found += 1
    return found, len(outlines) - len(used)


def _iou(one: np.ndarray, two: np.ndarray, shape: tuple[int, int]) -> float:
    scale = 0.25
    size = (int(shape[0] * scale) + 1, int(shape[1] * scale) + 1)
    a, b = np.zeros(size, np.uint8), np.zeros(size, np.uint8)
    cv2.fillConvexPoly(a, np.int32(np.round(one * scale)), 1)
    cv2.fillConvexPoly(b, np.int32(np.round(two * scale)), 1)
    union = int((a | b).sum())
    return float((a & b).sum()) / union if union else 0.0
