"""Calibrating the layout by clicking its corners (issue 6), in a real headless Chromium against
the real calibration server: the picture is a frame the simulated camera filmed, the four
corners are clicked where the renderer put them, the spots are drawn over the picture, Save
writes LAYOUT.json, and a camera reading that frame with the saved layout puts each card on
the spot it was dealt to."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import pytest
from playwright.sync_api import Browser, Page

from dealer_display.calibration import CalibrationSettings, create_calibration_app
from dealer_display.calibration_server import picture_from_image
from drivers.registry import open_source
from hardware_sim.camera import SimCamera
from hardware_sim.sim_deck import sim_deck
from table_controller.camera_places import camera_places
from table_controller.games import make_game
from tests.dealer_display.live import PIT_BOSS_PIN, free_port
from tests.dealer_display.screen import ARTIFACTS
from vision.calibration import calibrate, load_layout

PLACES = camera_places(make_game("missouri-city"))

DEALT = {
    "S1": ("AC",),
    "S3": ("QD",),
    "red.hand": ("9H", "4H"),
    "green.col2": ("KC",),
    "red.col3": ("7S",),
}
CLOSE_PIXELS = 3.0


@dataclass
class Served:
    url: str
    out: Path
    corners: np.ndarray  # where the renderer put the layout's corners
    frame_path: Path


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """A frame the simulated camera filmed of a dealt layout, served for calibration."""
    import uvicorn

    camera = SimCamera("sim-camera://?seed=5")
    camera.follow(DEALT)
    frame_path = tmp_path / "frames" / "0.png"
    frame_path.parent.mkdir()
    for n in range(2):  # a card counts once it lies still: the picture and the frame after it
        cv2.imwrite(str(frame_path.with_name(f"{n}.png")), camera.frame())
    settings = CalibrationSettings(
        out=tmp_path / "layout.json", pit_boss_pin=PIT_BOSS_PIN, places=PLACES, port=free_port()
    )
    app = create_calibration_app(settings, picture_from_image(frame_path))
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=settings.port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, name="calibration-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), (
            "the calibration server did not start"
        )
        time.sleep(0.02)
    try:
        yield Served(
            f"http://127.0.0.1:{settings.port}/calibrate",
            settings.out,
            camera.corners.copy(),
            frame_path,
        )
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def open_page(browser: Browser, url: str) -> Page:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(url)
    page.wait_for_function("() => window.calibration.ready === true")
    return page


def click_corner(page: Page, point: tuple[float, float]) -> None:
    """Click where picture pixel ``point`` is shown (the picture is scaled to fit the page)."""
    box = page.locator("#overlay").bounding_box()
    assert box is not None
    width, height = page.evaluate("() => window.calibration.info.image_size")
    page.mouse.click(
        box["x"] + point[0] * box["width"] / width, box["y"] + point[1] * box["height"] / height
    )


def next_corner(page: Page) -> str:
    return page.text_content("#next") or ""


def save_with_pin(page: Page, pin: str) -> None:
    page.click("#btn-save")
    page.fill("#pin-input", pin)
    page.click("#pin-ok")


def test_clicking_the_corners_saves_the_layout_the_camera_reads_with(
    browser: Browser, served: Served, tmp_path: Path
) -> None:
    page = open_page(browser, served.url)
    assert next_corner(page) == "Click the layout's FAR-LEFT corner (1 of 4)"
    assert page.is_disabled("#btn-save")
    said = []
    for corner in served.corners:
        click_corner(page, (float(corner[0]), float(corner[1])))
        said.append(next_corner(page))
    assert said[:3] == [
        "Click the layout's FAR-RIGHT corner (2 of 4)",
        "Click the layout's NEAR-RIGHT corner (3 of 4)",
        "Click the layout's NEAR-LEFT corner (4 of 4)",
    ]
    page.wait_for_function("() => window.calibration.answer !== null")
    drawn = page.eval_on_selector_all(
        "#overlay polygon.spot", "els => els.map(e => e.dataset.spot)"
    )
    assert sorted(drawn) == sorted(PLACES)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "calibrate-marked.png"))
    save_with_pin(page, PIT_BOSS_PIN)
    page.wait_for_function("() => window.calibration.saved !== null")
    assert (page.text_content("#message") or "").startswith(f"Saved 11 spots to {served.out}")
    page.close()

    saved, truth = (
        load_layout(served.out),
        calibrate([tuple(c) for c in served.corners], (1280, 720), PLACES),
    )
    assert saved.image_size == (1280, 720)
    for spot, polygon in truth.spots.items():
        assert np.abs(np.array(saved.spots[spot]) - np.array(polygon)).max() <= CLOSE_PIXELS, spot
    assert read_spots(served.frame_path.parent, served.out, tmp_path) == {
        code: spot for spot, codes in DEALT.items() for code in codes
    }


def read_spots(frames: Path, layout: Path, tmp_path: Path) -> dict[str, str]:
    """What a camera reading ``frames`` with ``layout`` reports: card -> spot."""
    deck = tmp_path / "deck.json"
    sim_deck().save(deck)
    seen: dict[str, str] = {}
    # One frame, no second look, at the reader's calibrated threshold.
    with open_source(f"camera://{frames}?layout={layout}&deck={deck}&frames=1") as camera:
        while (event := camera.read_event(timeout=5)) is not None and event.kind != "status":
            if event.kind == "card":
                seen[event.card.code] = event.spot
    return seen


def test_a_crossed_quadrilateral_is_refused_and_a_corner_can_be_redone(
    browser: Browser, served: Served
) -> None:
    page = open_page(browser, served.url)
    far_left, far_right, near_right, near_left = ((float(x), float(y)) for x, y in served.corners)
    for point in (
        far_left,
        far_right,
        near_left,
        near_right,
    ):  # the near corners swapped: a bow tie
        click_corner(page, point)
    page.wait_for_selector("#message.bad")
    assert "must go round the layout" in (page.text_content("#message") or "")
    assert page.is_disabled("#btn-save") and page.locator("#overlay polygon.spot").count() == 0
    page.keyboard.press(
        "Backspace"
    )  # the last corner marked (near-left, clicked at near-right) again
    assert next_corner(page) == "Click the layout's NEAR-LEFT corner (4 of 4)"
    page.click('#corners button[data-corner="near-right"]')  # and near-right, clicked at near-left
    assert next_corner(page) == "Click the layout's NEAR-RIGHT corner (3 of 4)"
    click_corner(page, near_right)
    click_corner(page, near_left)
    page.wait_for_function("() => window.calibration.answer !== null")
    assert page.locator("#overlay polygon.spot").count() == len(PLACES)
    save_with_pin(page, "0000")
    page.wait_for_selector("#message.bad")
    assert page.text_content("#message") == "Not saved: the pit-boss PIN is wrong"
    assert not served.out.exists()
    page.close()
