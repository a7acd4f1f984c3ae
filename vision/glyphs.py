"""Suit symbols drawn with OpenCV: the simulated table's own deck prints these."""

from __future__ import annotations

import cv2
import numpy as np

RED_SUITS = frozenset({"H", "D"})


def draw_suit(suit: str, size: int, squash: float = 1.0) -> np.ndarray:
    """A filled suit symbol, white on black, about ``size`` pixels tall."""
    canvas = np.zeros((size, size), np.uint8)
    s = size / 100.0
    if suit == "D":
        pts = np.array([[50, 2], [88, 50], [50, 98], [12, 50]], np.float32)
        cv2.fillPoly(canvas, [np.int32(pts * s)], 255, cv2.LINE_AA)
    elif suit in ("H", "S"):
        _heart(canvas, s)
        if suit == "S":
            canvas = np.flipud(canvas).copy()
            stem = np.array([[50, 60], [64, 98], [36, 98]], np.float32)
            cv2.fillPoly(canvas, [np.int32(stem * s)], 255, cv2.LINE_AA)
    else:
        for cx, cy in ((50, 28), (27, 58), (73, 58)):
            cv2.circle(canvas, (int(cx * s), int(cy * s)), int(20 * s), 255, -1, cv2.LINE_AA)
        stem = np.array([[50, 50], [62, 98], [38, 98]], np.float32)
        cv2.fillPoly(canvas, [np.int32(stem * s)], 255, cv2.LINE_AA)
    if squash != 1.0:
        canvas = cv2.resize(canvas, (max(1, int(size * squash)), size))
    return canvas


def _heart(canvas: np.ndarray, s: float) -> None:
    for cx in (30, 70):
        cv2.circle(canvas, (int(cx * s), int(30 * s)), int(22 * s), 255, -1, cv2.LINE_AA)
    body = np.array([[9, 38], [91, 38], [50, 92]], np.float32)
    cv2.fillPoly(canvas, [np.int32(body * s)], 255, cv2.LINE_AA)
