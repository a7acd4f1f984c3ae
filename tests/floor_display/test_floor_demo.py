"""``table floor --demo`` (what scripts/floor-demo runs after setting up): a local server, four
tables of different games dealing into it, the floor serving them to the printed pit boss; a
Ctrl-C stops the tables and the server."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psycopg

from table_controller.commands.floor_demo import demo_games
from tests.dealer_display.live import free_port

ROOT = Path(__file__).resolve().parents[2]


def test_the_floor_demo_deals_four_games_onto_the_floor_and_stops_cleanly() -> None:
    port = free_port()
    demo = subprocess.Popen(
        [sys.executable, "-m", "table_controller.cli", "floor", "--demo", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert demo.stdout is not None
        said = ""
        while not (
            found := re.search(r"dealing into (\S+); sign in as staff id 'demo', PIN (\d+)", said)
        ):
            line = demo.stdout.readline()
            assert line, f"the demo ended: {said}"
            said += line
        url, pin = found.groups()
        opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 120
        while True:  # the page is served once the floor has started
            try:
                opener.open(
                    urllib.request.Request(
                        f"{base}/api/sign-in",
                        data=json.dumps({"staff": "demo", "pin": pin}).encode(),
                        headers={"content-type": "application/json"},
                    ),
                    timeout=10,
                )
                break
            except OSError:
                assert time.monotonic() < deadline and demo.poll() is None, (
                    "the floor did not start"
                )
                time.sleep(0.2)
        while True:
            floor = json.load(opener.open(f"{base}/api/floor", timeout=10))
            games = {t["game"] for t in floor["tables"] if t["game"]}
            if games == set(demo_games()) and len(games) == 4:
                break
            assert time.monotonic() < deadline, f"the floor shows {games}"
            time.sleep(0.2)
    finally:
        demo.send_signal(signal.SIGINT)
        demo.communicate(timeout=120)
    assert demo.returncode in (0, 130)
    try:
        psycopg.connect(url, connect_timeout=5).close()
        raise AssertionError("the demo's server is still running")
    except psycopg.OperationalError:
        pass
