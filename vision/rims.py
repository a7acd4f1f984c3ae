"""How well an outline follows a card's rim: the sharp edge round a card, or the line between two."""

from __future__ import annotations

import numpy as np

RIM_SAMPLES = 24  # points per side where the outline is checked against the picture
RIM_REACH = 3.0  # pixels either side of the outline
RIM_CONTRAST = (
    20  # whiteness levels between the two sides of a card's rim (or across its edge line)
)


def rim_share(whiteness: np.ndarray, quad: np.ndarray) -> float:
    """The share of an outline that runs along a sharp edge in the picture (a card's rim)."""
    centre = quad.mean(axis=0)
    ends = np.roll(quad, -1, axis=0)
    t = (np.arange(RIM_SAMPLES) + 0.5)[:, None] / RIM_SAMPLES
    sides = quad[:, None, :] + (ends - quad)[:, None, :] * t[None]  # (4, RIM_SAMPLES, 2)
    normals = np.stack([ends[:, 1] - quad[:, 1], quad[:, 0] - ends[:, 0]], axis=1).astype(
        np.float32
    )
    normals /= np.float32([[max(float(np.linalg.norm(n)), 1e-6)] for n in normals])
    outward = ((sides.mean(axis=1) - centre) * normals).sum(axis=1) >= 0
    normals[~outward] *= -1
    points_, normals_ = sides.reshape(-1, 2), np.repeat(normals, RIM_SAMPLES, axis=0)
    reach = np.linspace(-RIM_REACH, RIM_REACH, 7)[:, None, None]
    stack = sample(whiteness, (points_[None] + normals_[None] * reach).reshape(-1, 2)).reshape(
        len(reach), -1
    )
    return float(((stack.max(axis=0) - stack.min(axis=0)) > RIM_CONTRAST).mean())


def sample(image: np.ndarray, points: np.ndarray) -> np.ndarray:
    x = np.clip(np.round(points[:, 0]).astype(int), 0, image.shape[1] - 1)
    y = np.clip(np.round(points[:, 1]).astype(int), 0, image.shape[0] - 1)
    return image[y, x].astype(np.float32)
