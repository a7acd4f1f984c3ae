"""A real ``table run`` killed with SIGKILL mid-hand, many times: nothing lost or doubled.

Each kill lands at a random moment; the next start must resume the unfinished hand from the
log alone and finish it. At the end the whole log verifies (chain, signatures, heads, and
the rules replay of every hand) and every hand has exactly one result.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from table_controller.hand_log.check import check_log
from table_controller.hand_log.reader import iter_hands
from table_controller.hand_log.store import open_store

ROOT = Path(__file__).resolve().parents[2]
KILLS = 8


def table_run(db: Path, key: Path, hands: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "run",
            "--autopilot",
            "--hands",
            str(hands),
            "--log",
            str(db),
            "--key",
            str(key),
            "--pace",
            "0.01",
            "--quiet",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_sigkill_mid_hand_loses_and_doubles_nothing(tmp_path: Path, key_path: Path) -> None:
    db = tmp_path / "hands.db"
    rng = random.Random(11)
    kills = 0
    for _ in range(KILLS):
        process = table_run(db, key_path, hands=50)
        time.sleep(rng.uniform(0.8, 1.6))  # past start-up, somewhere inside a hand
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            kills += 1
        _, err = process.communicate(timeout=30)
        assert process.returncode in (0, -signal.SIGKILL), err.decode()
    finish = table_run(db, key_path, hands=1)
    _, err = finish.communicate(timeout=60)
    assert finish.returncode == 0, err.decode()
    assert kills == KILLS

    report = check_log(str(db), key_path)
    assert report.findings == []
    with open_store(str(db), create=False) as store:
        hands = iter_hands(store)
    assert all(sum(r.kind == "result" for r in h.records) == 1 for h in hands)
    assert len({h.hand_id for h in hands}) == len(hands)
