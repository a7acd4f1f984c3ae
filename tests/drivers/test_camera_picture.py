"""``CameraSource.grab_frame``: the picture a technician marks the layout's corners on."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from drivers.camera import CameraSource
from drivers.registry import open_source
from table_controller.errors import DriverIOError


def test_a_folder_camera_gives_its_frames_in_order_then_says_it_has_none(tmp_path: Path) -> None:
    for n, shade in enumerate((40, 200)):
        cv2.imwrite(str(tmp_path / f"{n}.png"), np.full((90, 160, 3), shade, np.uint8))
    with open_source(f"camera://{tmp_path}") as camera:
        assert isinstance(camera, CameraSource)
        assert [int(camera.grab_frame().mean()) for _ in range(2)] == [40, 200]
        with pytest.raises(DriverIOError, match="the camera gave no picture"):
            camera.grab_frame()


def test_the_simulated_camera_gives_a_frame_of_its_layout() -> None:
    with open_source("sim-camera://?seed=1") as camera:
        assert isinstance(camera, CameraSource)
        assert camera.grab_frame().shape == (720, 1280, 3)
