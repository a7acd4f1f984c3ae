"""From the many candidate quadrilaterals the detector's cues propose, the card faces.

Each cue (several brightness levels, evened brightness, edges) proposes quads, so one card
usually comes several times, two touching cards may come as one joined quad, and a patch of
cloth or a laptop may come as a card-shaped quad. Near-copies are merged, a quad that is two
smaller finds joined is dropped, overlaps keep the largest, and what is left must have a
paper margin: whiter than what lies round it.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

RIM_BETTER = (
    0.15  # a closer look's outline replaces a card's when this much more of it follows a rim
)
JOINED_ALIKE_OUTLINE = (
    1.25  # two outlines this alike in size that hold each other's centre: one card
)
JOINED_ALIKE = 1.5  # cards found as one are about the same size: a card cut in pieces need not be
SMALL_INSIDE = (
    0.02  # three separate finds this large (of a quad's area) inside it: cards on a surface
)
PAPER_CONTRAST = 25  # how much whiter (darkest channel) a card's margin is than round it
AS_WHITE = 0.45  # a card's margin is at least this share of the whitest card margin in the frame,
SHADED_RATIO = 3.0  # or, in shade, this many times as white as the darker part round it


def choose_cards(
    quads: list[np.ndarray],
    whiteness: np.ndarray,
    several: Callable[[np.ndarray], bool] | None = None,
) -> list[np.ndarray]:
    """One quad per card face, largest first.

    ``several`` says whether a quad holding other finds is a hand of cards over each other (a
    fan) rather than one card: such a quad is left out, so the finds inside it stay.
    """
    distinct = _without_copies(sorted(quads, key=lambda q: -cv2.contourArea(q)))
    # Paper first: a printed spot outline around a card is card-shaped but not paper, and
    # must not win the overlap against the card inside it (real layouts print closed boxes).
    levels = [paper_level(whiteness, q) for q in distinct]
    whitest = max((v[0] for v in levels if v is not None), default=0.0)
    # Grey keycaps or a grey laptop are whiter than what lies round them, but a card in the same
    # frame is far whiter still: paper is white, not merely lighter than its surroundings.
    paper = [
        q
        for q, v in zip(distinct, levels, strict=True)
        if v is not None and (v[0] >= AS_WHITE * whitest or v[0] >= SHADED_RATIO * v[1])
    ]
    return _suppress_overlaps(_drop_joined(paper), several)


def with_refined(
    kept: list[np.ndarray], refined: list[np.ndarray], rim: Callable[[np.ndarray], float]
) -> list[np.ndarray]:
    """The cards found at the working size, and what a closer look added.

    A closer look (full resolution where cards touch) may add cards where none was found, part
    one found quad into the two or more cards it holds, or give a card an outline that follows
    its rim better (``rim``: the share of the outline along a sharp edge); it never trades a
    card found for a different card overlapping it.
    """
    out: list[np.ndarray] = []
    for quad in kept:
        area = cv2.contourArea(quad)
        parts = [
            r for r in refined if _holds(quad, r.mean(axis=0)) and cv2.contourArea(r) < 0.75 * area
        ]
        closer = [r for r in refined if _same_card(quad, r) and rim(r) > rim(quad) + RIM_BETTER]
        out.extend(parts if len(parts) >= 2 else closer[:1] or [quad])
    for quad in refined:
        if all(not _holds(k, quad.mean(axis=0)) and not _holds(quad, k.mean(axis=0)) for k in out):
            out.append(quad)
    return sorted(out, key=lambda q: -cv2.contourArea(q))


def _same_card(quad: np.ndarray, other: np.ndarray) -> bool:
    """Two outlines of one card: each holds the other's centre, and they are alike in size."""
    sizes = cv2.contourArea(quad), cv2.contourArea(other)
    alike = max(sizes) < JOINED_ALIKE_OUTLINE * max(min(sizes), 1.0)
    return alike and _holds(quad, other.mean(axis=0)) and _holds(other, quad.mean(axis=0))


def _without_copies(quads: list[np.ndarray]) -> list[np.ndarray]:
    """Drop a quad with nearly the centre and size of an earlier (larger) one."""
    if not quads:
        return []
    centres = np.array([q.mean(axis=0) for q in quads])
    sizes = np.sqrt(np.maximum([cv2.contourArea(q) for q in quads], 1.0))
    apart = np.linalg.norm(centres[:, None] - centres[None, :], axis=2) > 0.04 * sizes[:, None]
    unlike = np.abs(np.log(sizes[:, None] / sizes[None, :])) > 0.04
    differs = apart | unlike
    kept: list[int] = []
    for i in range(len(quads)):
        if all(differs[i, k] for k in kept):
            kept.append(i)
    return [quads[i] for i in kept]


def _drop_joined(quads: list[np.ndarray]) -> list[np.ndarray]:
    """Without quads that are two or more smaller, separate finds joined (touching cards), or a
    pale surface (a laptop in bright light) holding three or more separate finds. Smallest
    first: a find dropped so (a pale table's brighter middle round a spread) is no card, and
    does not hide the finds it holds from a larger quad round it."""
    centres = [q.mean(axis=0) for q in quads]
    areas = [cv2.contourArea(q) for q in quads]
    dropped: set[int] = set()
    for i in sorted(range(len(quads)), key=lambda i: areas[i]):
        quad = quads[i]
        inside = [
            j
            for j in range(len(quads))
            if j not in dropped
            and SMALL_INSIDE * areas[i] < areas[j] < 0.75 * areas[i]
            and _holds(quad, centres[j])
        ]
        apart: list[int] = []
        for j in sorted(inside, key=lambda j: -areas[j]):
            if all(
                not _holds(quads[k], centres[j]) and not _holds(quads[j], centres[k]) for k in apart
            ):
                apart.append(j)
        # Two cards found as one fill it; three or more cards on a pale surface need not.
        large = [areas[j] for j in apart if areas[j] > 0.2 * areas[i]]
        alike = len(large) >= 2 and max(large) < JOINED_ALIKE * min(large)  # cards of one deck
        joined = alike and sum(large) >= 0.6 * areas[i]
        if joined or len(apart) >= 3:
            dropped.add(i)
    return [q for i, q in enumerate(quads) if i not in dropped]


def _holds(quad: np.ndarray, point: np.ndarray) -> bool:
    return cv2.pointPolygonTest(quad, (float(point[0]), float(point[1])), False) >= 0


def _suppress_overlaps(
    quads: list[np.ndarray], several: Callable[[np.ndarray], bool] | None = None
) -> list[np.ndarray]:
    """The largest of quads whose centres lie inside one another; never a hand of several cards."""
    kept: list[np.ndarray] = []
    centres: list[np.ndarray] = []
    ordered = sorted(quads, key=lambda q: -cv2.contourArea(q))
    for quad in ordered:
        centre = quad.mean(axis=0)
        if all(
            not _holds(k, centre) and not _holds(quad, c)
            for k, c in zip(kept, centres, strict=True)
        ):
            if several is not None and several(quad):
                continue
            kept.append(quad)
            centres.append(centre)
    return kept


def looks_like_paper(whiteness: np.ndarray, quad: np.ndarray) -> bool:
    """A card's margin (plain paper on every design) is whiter than the darker part round it."""
    return paper_level(whiteness, quad) is not None


def paper_level(whiteness: np.ndarray, quad: np.ndarray) -> tuple[float, float] | None:
    """The whiteness of the quad's margin and of the darker part round it when the margin looks
    like paper (clearly whiter than round it), else None."""
    reach = _scaled(quad, 1.3)
    x0, y0 = np.maximum(np.floor(reach.min(axis=0)), 0).astype(int)
    x1, y1 = np.ceil(reach.max(axis=0)).astype(int) + 1
    window = whiteness[y0:y1, x0:x1]
    local = quad - np.float32([x0, y0])
    # One drawing for both bands: 2 round the quad (1.05 to 1.25 of it), 1 its margin (0.9 to 0.98).
    bands = np.zeros(window.shape[:2], np.uint8)
    centre = local.mean(axis=0)
    factors = np.array(_BAND_FACTORS, local.dtype)[
        :, None, None
    ]  # in the quad's own precision, as _scaled
    outlines = np.int32(np.round(centre + (local - centre) * factors))
    for outline, value in zip(outlines, (2, 0, 1, 0), strict=True):
        cv2.fillConvexPoly(bands, outline, value)
    margin, around = window[bands == 1], window[bands == 2]
    if not margin.size or not around.size:
        return None
    paper = _quantile(margin, 0.5)
    darker = _quantile(around, 0.25)
    return (paper, darker) if paper - darker > PAPER_CONTRAST else None


_BAND_FACTORS = (1.25, 1.05, 0.98, 0.9)  # round the quad 1.25 to 1.05 of it, its margin 0.98 to 0.9


def _quantile(values: np.ndarray, q: float) -> float:
    """np.quantile's default (linear between the two nearest), without its overhead."""
    at = q * (len(values) - 1)
    lo = int(at)
    hi = min(lo + 1, len(values) - 1)
    low, high = np.partition(values, (lo, hi))[[lo, hi]].astype(np.float64)
    return float(low + (high - low) * (at - lo))


def _scaled(quad: np.ndarray, factor: float) -> np.ndarray:
    centre = quad.mean(axis=0)
    return centre + (quad - centre) * factor
