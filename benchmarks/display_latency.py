"""Time from the simulated shoe producing a card to the dealer display having drawn it.

Runs the real server (uvicorn, the card feed thread, the WebSocket push, by default the
SQLite hand log) with the autopilot dealing from ``sim://``, and the real page in headless
Chromium. The page stamps each new card when the first animation frame after its redraw
begins (``performance.timeOrigin + performance.now()`` inside ``requestAnimationFrame``) and
subtracts the time the simulated shoe produced the card (``SourceEvent.at``, pushed with the
state). Both clocks are this computer's wall clock.

    .venv/bin/python benchmarks/display_latency.py [--cards 500] [--pace 0.02] [--no-log]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dealer_display.app import create_app  # noqa: E402
from dealer_display.settings import DisplaySettings  # noqa: E402
from table_controller.games import make_game  # noqa: E402
from table_controller.hand_log import HandLog  # noqa: E402
from table_controller.runtime import TableSession  # noqa: E402

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
FRAME_MS = 1000 / 60


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(
    settings: DisplaySettings, session: TableSession
) -> tuple[uvicorn.Server, threading.Thread]:
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(settings, session), host="127.0.0.1", port=settings.port, log_level="warning"
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    return server, thread


def measure(url: str, cards: int, timeout: float) -> list[list[float]]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
        )
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url)
        page.wait_for_function(
            f"window.tableDisplay && window.tableDisplay.latencies.length >= {cards + 1}",
            timeout=timeout * 1000,
            polling=200,
        )
        stages: list[list[float]] = page.evaluate("window.tableDisplay.stages")
        browser.close()
    return stages[1:]  # the first card may predate the page's connection


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=500, help="cards to measure (at least 500)")
    parser.add_argument("--pace", type=float, default=0.02, help="seconds between autopilot steps")
    parser.add_argument("--no-log", action="store_true", help="run without the SQLite hand log")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        log = (
            None
            if args.no_log
            else HandLog.open(str(Path(tmp) / "hands.db"), key_path=Path(tmp) / "key")
        )
        settings = DisplaySettings(
            cards_url="sim://?seed=7",
            dealer_token="benchmark-token",
            pit_boss_pin="1234",
            port=free_port(),
            autopilot=True,
            pace=args.pace,
        )
        session = TableSession(
            make_game("missouri-city"), log=log, source_url=settings.cards_url, simulated=True
        )
        server, thread = start_server(settings, session)
        try:
            stages = measure(
                f"http://127.0.0.1:{settings.port}/", max(args.cards, 500), timeout=600
            )
        finally:
            server.should_exit = True
            thread.join(timeout=10)
            if log is not None:
                log.close()
    report(stages, args)
    return 0


def report(stages: list[list[float]], args: argparse.Namespace) -> None:
    drawn = [s[2] for s in stages]
    p50, p99 = percentile(drawn, 50), percentile(drawn, 99)
    print(
        f"display latency, simulated shoe -> page drawn ({len(drawn)} cards, pace {args.pace}s, "
        f"hand log {'off' if args.no_log else 'SQLite'}):"
    )
    print(
        f"  p50 {p50:.2f} ms   p99 {p99:.2f} ms   mean {statistics.fmean(drawn):.2f} ms   max {max(drawn):.2f} ms"
    )
    for n, name in enumerate(("server sent it", "page received it")):
        part = [s[n] for s in stages]
        print(
            f"  until the {name}: p50 {percentile(part, 50):.2f} ms   p99 {percentile(part, 99):.2f} ms"
        )
    print(
        f"  one 60 Hz frame is {FRAME_MS:.1f} ms: p99 is {'under' if p99 < FRAME_MS else 'OVER'} one frame"
    )


if __name__ == "__main__":
    raise SystemExit(main())
