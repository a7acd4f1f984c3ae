"""Pick a card source by URL.

    with open_source("sim://?seed=42&decks=1") as source:
        event = source.read_event(timeout=1.0)

Schemes map to ``(module, class)`` and are imported only when used, so a table without a
camera never imports OpenCV. Each class is built as ``cls(url)``, checks its own options
(``drivers.urls.split_source_url``) and says whether it is ``simulated``. A live table
never falls back to the simulator: an unknown scheme or a source that cannot open is an error.
"""

from __future__ import annotations

import importlib
from urllib.parse import urlsplit

from drivers.base import CardSource
from table_controller.errors import ConfigError, DriverUnavailableError

SOURCES: dict[str, tuple[str, str]] = {
    "serial": ("drivers.shoe_serial", "SerialShoe"),
    "sim": ("hardware_sim.shoe", "SimShoe"),
    "replay": ("drivers.replay", "ReplaySource"),
    "camera": ("drivers.camera", "CameraSource"),
    "sim-camera": ("hardware_sim.camera", "SimCamera"),
}

EXAMPLES: dict[str, str] = {
    "serial": "serial:///dev/ttyUSB0?baud=9600 or serial://?url=loop://",
    "sim": "sim://?seed=42&decks=1 or sim://?deck=stacked.txt",
    "replay": "replay:///var/lib/table/hands.db?hand=HAND_ID",
    "camera": "camera://0, camera:///path/video.mp4 or camera:///path/frames/",
    "sim-camera": "sim-camera://?seed=3",
}


def accepted_schemes() -> str:
    return ", ".join(
        f"{scheme}:// (e.g. {EXAMPLES.get(scheme, scheme + '://')})" for scheme in SOURCES
    )


def source_class(url: str) -> type[CardSource]:
    """The class that handles ``url``'s scheme.

    Raises:
        ConfigError: the scheme is not one of :data:`SOURCES`.
        DriverUnavailableError: its module cannot be imported.
    """
    scheme = urlsplit(url).scheme if "://" in url else ""
    if scheme not in SOURCES:
        raise ConfigError(f"unknown card source {url!r}; accepted: {accepted_schemes()}")
    module_name, class_name = SOURCES[scheme]
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise DriverUnavailableError(f"{scheme}:// cannot be loaded: {exc}") from None
    cls: type[CardSource] = getattr(module, class_name)
    return cls


def open_source(url: str) -> CardSource:
    """Build and open the source for ``url``; close it (or use ``with``) when done.

    Raises:
        ConfigError: unknown scheme or option, or a bad option value.
        DriverUnavailableError: the backend cannot be imported.
        DriverInitError: the device cannot be opened.
    """
    source = source_class(url)(url)
    source.open()
    return source
