"""How well an outline follows a card's rim: the sharp edge round a card, or the line between two."""

from __future__ import annotations

import numpy as np

RIM_SAMPLES = 24  # points per side where the outline is checked against the picture
RIM_REACH = 3.0  # pixels either side of the outline
RIM_CONTRAST = 20  # whiteness levels between the two sides of a card's rim (or across its edge line)


def rim_share(whiteness: np.ndarray, quad: np.ndarray) -> float:
    """The share of an outline that runs along a sharp edge in the picture (a card's rim)."""
    centre = quad.mean(axis=0)
    points, normals = [], []
    for a, b in zip(quad, np.roll(quad, -1, axis=0), strict=True):
        t = (np.arange(RIM_SAMPLES) + 0.5)[:, None] / RIM_SAMPLES
        side = a + (b - a) * t
        normal = np.array([b[1] - a[1], a[0] - b[0]], np.float32)
        normal /= max(float(np.linalg.norm(normal)), 1e-6)
        if np.dot(side.mean(axis=0) - centre, normal) < 0:
            normal = -normal
        points.append(side)
        normals.append(np.repeat(normal[None], RIM_SAMPLES, axis=0))
    points_, normals_ = np.vstack(points), np.vstack(normals)
    reach = np.linspace(-RIM_REACH, RIM_REACH, 7)[:, None, None]
    stack = sample(whiteness, (points_[None] + normals_[None] * reach).reshape(-1, 2)).reshape(len(reach), -1)
    return float(((stack.max(axis=0) - stack.min(axis=0)) > RIM_CONTRAST).mean())


def sample(image: np.ndarray, points: np.ndarray) -> np.ndarray:
    x = np.clip(np.round(points[:, 0]).astype(int), 0, image.shape[1] - 1)
    y = np.clip(np.round(points[:, 1]).astype(int), 0, image.shape[0] - 1)
    return image[y, x].astype(np.float32)
