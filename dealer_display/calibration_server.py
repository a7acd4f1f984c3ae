"""Serving the calibration page: the picture from a file or a camera, the address, the PIN.
Called by ``table vision calibrate --serve``."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import cv2

from dealer_display.calibration import (
    CORNER_NAMES,
    CalibrationSettings,
    Picture,
    create_calibration_app,
)
from dealer_display.server import TableServer, page_address, run_until_stopped
from table_controller.errors import ConfigError

CAMERA_EXAMPLES = "camera://0, camera:///path/video.mp4, sim-camera://?seed=3"


def picture_from_image(path: Path) -> Picture:
    """A still picture of the layout.

    Raises:
        ConfigError: the file is missing or is not a picture OpenCV can read.
    """
    frame = cv2.imread(str(path)) if path.is_file() else None
    if frame is None:
        raise ConfigError(f"cannot read image {path}: not a picture file (jpg, png, bmp)")
    return Picture(lambda: frame, retakable=False)


@contextlib.contextmanager
def picture_from_camera(url: str) -> Iterator[Picture]:
    """Pictures from the camera at ``url``, open while the page is served.

    Raises:
        ConfigError: ``url`` is not a camera; DriverError: it cannot be opened or gives no picture.
    """
    from drivers.camera import CameraSource
    from drivers.registry import open_source

    source = open_source(url)
    try:
        if not isinstance(source, CameraSource):
            raise ConfigError(f"--camera wants a camera ({CAMERA_EXAMPLES}); got {url}")
        yield Picture(source.grab_frame, retakable=True)
    finally:
        source.close()


def serve_calibration(settings: CalibrationSettings, picture: Picture) -> int:
    """Serve the page until Ctrl-C; each Save prints where it wrote the layout."""
    server = TableServer(create_calibration_app(settings, picture), settings.host, settings.port)
    address = page_address(settings)
    print(f"calibration page: {address}calibrate", flush=True)
    print(f"pit-boss PIN (to save): {settings.pit_boss_pin}", flush=True)
    corners = ", ".join(CORNER_NAMES)
    print(f"click the layout's corners: {corners}; Save writes {settings.out}", flush=True)
    run_until_stopped(server)
    return 0
