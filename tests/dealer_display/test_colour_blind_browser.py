"""RED and GREEN for a colour-blind dealer: the page seen through a deuteranopia simulation still
tells the seats apart, by their shapes, wherever the seat's colour carries meaning."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest
from playwright.sync_api import Browser, Locator, Page

from tests.dealer_display.live import LiveTable, live_table
from tests.dealer_display.screen import ARTIFACTS, act_and_wait, open_console

# Machado, Oliveira & Fernandes (2009), deuteranopia at severity 1.0, on linear-ish sRGB
DEUTERANOPIA = (
    "0.367322 0.860646 -0.227968 0 0  0.280085 0.672501 0.047413 0 0  "
    "-0.011820 0.042940 0.968881 0 0  0 0 0 1 0"
)
SIMULATE = f"""() => {{
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("width", "0"); svg.setAttribute("height", "0"); svg.style.position = "absolute";
  svg.innerHTML = '<filter id="deuteranopia" color-interpolation-filters="linearRGB">'
    + '<feColorMatrix type="matrix" values="{DEUTERANOPIA}"/></filter>';
  document.body.append(svg);
  document.documentElement.style.filter = "url(#deuteranopia)";
}}"""


@pytest.fixture
def table(deck_file: Path) -> Iterator[LiveTable]:
    with live_table(f"sim://?deck={deck_file}") as live:
        yield live


def picture(locator: Locator) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(locator.screenshot(), np.uint8), cv2.IMREAD_COLOR)


def mask(image: np.ndarray) -> np.ndarray:
    """The shape's own pixels: those that differ clearly from the felt or panel behind them."""
    background = np.median(np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]]), axis=0)
    return (np.abs(image.astype(int) - background).sum(axis=2) > 60).astype(np.uint8)


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    b = cv2.resize(b, (a.shape[1], a.shape[0]), interpolation=cv2.INTER_NEAREST)
    return float((a & b).sum() / max(1, (a | b).sum()))


def hue_gap(a: np.ndarray, b: np.ndarray) -> float:
    """How far apart the two shapes' mean colours are (0-441 in RGB)."""
    mean_a = a[mask(a) > 0].mean(axis=0)
    mean_b = b[mask(b) > 0].mean(axis=0)
    return float(np.linalg.norm(mean_a - mean_b))


def shapes(page: Page, where: str) -> tuple[np.ndarray, np.ndarray]:
    return (
        picture(page.locator(f'{where}[data-seat="red"] .shape').first),
        picture(page.locator(f'{where}[data-seat="green"] .shape').first),
    )


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080)])
def test_red_and_green_stay_apart_through_deuteranopia(
    browser: Browser, table: LiveTable, width: int, height: int
):
    page = open_console(browser, table, width, height)
    act_and_wait(page, table, lambda: page.keyboard.press("n"))
    seen_before = {where: hue_gap(*shapes(page, where)) for where in (".seat-row", ".seat-panel")}
    page.evaluate(SIMULATE)
    page.wait_for_function(
        "getComputedStyle(document.documentElement).filter.includes('deuteranopia')"
    )
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"deuteranopia-{width}x{height}.png"))
    for where in (".seat-row", ".seat-panel"):
        red, green = shapes(page, where)
        # the colours alone come much closer together for this dealer ...
        assert hue_gap(red, green) < 0.75 * seen_before[where]
        # ... so the shapes carry it: a triangle and a circle, large enough to tell at arm's length
        assert min(red.shape[0], green.shape[0]) >= 24, f"{where}: the shapes are {red.shape[0]} px"
        assert overlap(mask(red), mask(green)) < 0.8, f"{where}: the shapes look alike"
    page.close()
