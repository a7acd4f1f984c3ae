"""A shoe and a camera (``table run --cards SHOE --cards CAMERA``): the hardware line says which
of them is down. The shoe is ``table sim-shoe`` on a real pty, stopped as a shoe is unplugged;
the camera is the simulated camera, whose reads fail as an unplugged camera's do, so the
table's real reader thread reports it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from dealer_display.table import device_name
from table_controller.errors import DriverIOError
from tests.dealer_display.live import LiveTable, live_table
from tests.dealer_display.manual_shoe import manual_shoe
from tests.dealer_display.screen import FITS, open_console

LINKS = """() => Object.fromEntries([...document.querySelectorAll("#hardware .link")].map(
  (part) => [part.dataset.device, part.textContent]))"""


def links_become(page: Page, expected: dict[str, str]) -> None:
    """Wait until the hardware line shows each device's state as ``expected``."""
    want = json.dumps(json.dumps(expected, separators=(",", ":")))
    page.wait_for_function(f"JSON.stringify(({LINKS})()) === {want}", timeout=10_000)


def unplug_camera(table: LiveTable) -> None:
    """The camera's next read fails as an unplugged camera's does."""
    camera = table.app.state.table.camera

    def unplugged(timeout: float | None) -> None:
        raise DriverIOError(f"{camera.url}: the camera gave no picture")

    camera._read_event_internal = unplugged


def test_the_hardware_line_names_the_device_that_is_down(
    browser: Browser, tmp_path: Path, deck_file: Path
) -> None:
    shoe_on_a_pty = manual_shoe(tmp_path, deck_file, faults="")
    with shoe_on_a_pty as shoe, live_table(shoe.url, camera_url="sim-camera://?seed=3") as table:
        page = open_console(browser, table, 1280, 800)
        links_become(page, {"shoe": "Shoe connected", "camera": "Camera connected"})
        unplug_camera(table)
        # the camera's disconnect is the camera's (was: "Shoe NOT CONNECTED")
        links_become(page, {"shoe": "Shoe connected", "camera": "Camera NOT CONNECTED"})
        hardware = table.session.snapshot()["hardware"]
        assert hardware["connections"] == {"shoe": True, "camera": False}
        assert "warn" in (page.get_attribute("#hardware", "class") or "")
        shoe.process.terminate()  # the shoe's cable is pulled
        links_become(page, {"shoe": "Shoe NOT CONNECTED", "camera": "Camera NOT CONNECTED"})
        assert page.evaluate(FITS), "the page scrolls"
        page.close()


def test_a_lone_shoe_is_still_called_the_shoe(browser: Browser, deck_file: Path):
    with live_table(f"sim://?deck={deck_file}") as table:
        page = open_console(browser, table, 1280, 800)
        assert page.evaluate(LINKS) == {"shoe": "Shoe connected"}
        page.close()


@pytest.mark.parametrize(
    ("url", "name"),
    [
        ("serial:///dev/ttyUSB0?baud=9600", "shoe"),
        ("sim://?seed=3", "shoe"),
        ("camera://0?layout=L.json", "camera"),
        ("sim-camera://?seed=3", "camera"),
        ("replay://hands.db?hand=H", "replay"),
    ],
)
def test_device_names(url: str, name: str) -> None:
    assert device_name(url) == name
