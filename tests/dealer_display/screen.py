"""Reading the dealer display as a person sees it, and driving it, for the browser tests."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from tests.dealer_display.live import LiveTable

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

READ_SCREEN = """() => {
  const text = (sel, root = document) => (root.querySelector(sel) || {}).textContent || "";
  const seats = {};
  for (const panel of document.querySelectorAll(".seat-panel")) {
    const values = {};
    for (const v of panel.querySelectorAll("[data-field]")) values[v.dataset.field] = v.textContent;
    seats[panel.dataset.seat] = {
      ...values,
      badge: text(".badge", panel),
      outcome: text(".outcome", panel),
      enabled: [...panel.querySelectorAll("button.action:not(:disabled)")].map((b) => b.dataset.action),
    };
  }
  const spots = {};
  for (const cell of document.querySelectorAll("[data-spot]")) {
    spots[cell.dataset.spot] = [...cell.querySelectorAll(".card[data-code]")].map((c) => c.dataset.code);
  }
  const result = document.getElementById("result");
  return {
    instruction: text("#instruction"),
    seats, spots,
    result: result.hidden ? null : {headline: text(".headline", result), explanation: text(".explanation", result), rule: text(".rule", result)},
    refusal: text("#refusal"),
    tally: [...document.querySelectorAll("#tally li")].map((li) => [li.dataset.result, li.querySelector("strong").textContent]),
    simulation: !document.getElementById("sim-banner").hidden,
    version: window.tableDisplay.message ? window.tableDisplay.message.version : -1,
  };
}"""

BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  const out = {};
  for (const cell of document.querySelectorAll("#layout [data-spot]")) out[cell.dataset.spot] = box(cell.querySelector(".card") || cell);
  return out;
}"""

SPILLS = """() => [...document.querySelectorAll('.seat-panel')].filter(
  p => p.scrollHeight > p.clientHeight + 2 || p.scrollWidth > p.clientWidth + 2).length"""
# What overflows the main area (the layout's rows, the seat panels, the result and the tally)
# into the console below it; the document does not scroll then, so FITS alone would not see it.
OVERFLOWS = """() => {
  const main = document.querySelector("main").getBoundingClientRect();
  return [...document.querySelectorAll("#layout .layout-row, .seat-panel, #result, #tally")]
    .filter((el) => el.getBoundingClientRect().bottom > main.bottom + 1)
    .map((el) => el.dataset.seat || el.id || el.className);
}"""
# Lines of the result panel that run past its edge (a narrow panel beside many seats).
RESULT_SPILLS = """() => {
  const result = document.getElementById("result");
  if (!result || result.hidden) return [];
  const edge = result.getBoundingClientRect().right;
  return [...result.querySelectorAll("*")].filter((el) => el.getBoundingClientRect().right > edge + 1 || el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.className || el.tagName);
}"""
# Seat names (on the panels and the layout) and status badges that break onto a second line.
WRAPPED = """() => [...document.querySelectorAll(".seat-name, .seat-tag span, .badge")]
  .filter((el) => el.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(el).fontSize))
  .map((el) => el.textContent)"""
# The layout's cards as drawn (untransformed): the smallest height and its width-to-height ratio.
CARD_SIZE = """() => {
  const cards = [...document.querySelectorAll("#layout .card")];
  const least = cards.reduce((a, c) => (c.offsetHeight < a.offsetHeight ? c : a));
  return {height: least.offsetHeight, ratio: least.offsetWidth / least.offsetHeight};
}"""
# Rows of seats (Vingt-un): seats whose boxes overlap the next one's in their row, and what runs out of its
# seat's box (its tag, its bets' caption, a hand's cards or total), by seat.
SEATS_CROWD = """() => {
  const seats = [...document.querySelectorAll("#layout .rail > .rail-seat")];
  const boxes = seats.map((s) => s.getBoundingClientRect());
  const out = [];
  boxes.forEach((b, i) => { if (i > 0 && seats[i - 1].parentElement === seats[i].parentElement && boxes[i - 1].right > b.left + 1) out.push(`${seats[i - 1].dataset.seat} over ${seats[i].dataset.seat}`); });
  seats.forEach((seat, i) => {
    for (const part of seat.querySelectorAll(".seat-tag, .caption, .card, .rail-total")) {
      const r = part.getBoundingClientRect();
      if (r.left < boxes[i].left - 1 || r.right > boxes[i].right + 1) out.push(`${seat.dataset.seat}: ${part.className} runs out`);
    }
  });
  return out;
}"""
FITS = """() => {
  const doc = document.documentElement;
  const console = document.getElementById("console").getBoundingClientRect();
  return doc.scrollHeight <= innerHeight && doc.scrollWidth <= innerWidth && console.bottom <= innerHeight + 0.5;
}"""


def open_console(browser: Browser, table: LiveTable, width: int, height: int) -> Page:
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(table.console_url)
    page.wait_for_function("window.tableDisplay && window.tableDisplay.messages > 0")
    page.errors = errors  # type: ignore[attr-defined]
    return page


def spoken(page: Page, text: str) -> str:
    """``text`` as the page words it (static/words.js: cards and places in words, never codes or ids)."""
    return str(page.evaluate("async (t) => (await import('/static/words.js')).spoken(t)", text))


def screen(page: Page) -> dict[str, Any]:
    return page.evaluate(READ_SCREEN)


def act_and_wait(page: Page, table: LiveTable, action: Any) -> dict[str, Any]:
    """Do ``action`` (a click or key press), wait until the table changed and the page drew it."""
    before = table.version
    action()
    deadline = time.monotonic() + 60
    while table.version == before:
        assert time.monotonic() < deadline, "the table never saw the action"
        time.sleep(0.005)
    page.wait_for_function(f"window.tableDisplay.message.version >= {table.version}")
    return screen(page)


def seat_numbers(seat: dict[str, Any]) -> dict[str, str]:
    return {
        key: "\u2013" if seat[key] is None else str(seat[key])
        for key in ("player_total", "dealer_total", "total_hand_value")
    }


def shot(page: Page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path))
    return path
