"""A real ``table run`` dealing seven-seat blackjack into PostgreSQL while the server is stopped,
killed with SIGKILL during the outage, started again (the server still down), and the server
started: every record reaches the server once, in order, and the log verifies with the replay.
Every step waits for what it needs (a hand on the server, records in the spool), never a time."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from table_controller.errors import HandLogError
from table_controller.hand_log.check import check_log
from table_controller.hand_log.reader import iter_hands
from table_controller.hand_log.spool import spool_folder
from table_controller.hand_log.store import open_store
from tests.hand_log.fixtures import fresh_pg_url
from tests.hand_log.pg_outage import OwnServer, own_pg, wait_for

__all__ = ["own_pg"]
ROOT = Path(__file__).resolve().parents[2]
TABLE = "bj-1"


def table_run(url: str, key: Path, hands: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "run",
            "--autopilot",
            "--hands",
            str(hands),
            "--game",
            "blackjack",
            "--seats",
            "7",
            "--log",
            url,
            "--key",
            str(key),
            "--table-id",
            TABLE,
            "--pace",
            "0.01",
            "--quiet",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def on_server(url: str) -> list[tuple[int, str, str]]:
    try:
        with open_store(url, create=False) as store:
            return [(r.seq, r.kind, r.digest) for r in store.records(table=TABLE)]
    except HandLogError:  # the table has not made its log yet
        return []


def in_spool(key: Path) -> list[tuple[int, str]]:
    """The spool's records (seq, hash) as a reader sees them now; [] when there is no spool."""
    files = list(spool_folder(key).glob(f"*.{TABLE}.db")) if spool_folder(key).is_dir() else []
    if not files:
        return []
    try:
        with sqlite3.connect(f"file:{files[0]}?mode=ro", uri=True) as db:
            return [
                (int(s), str(h))
                for s, h in db.execute("SELECT seq, hash FROM hand_records ORDER BY seq")
            ]
    except sqlite3.Error:  # deleted between the glob and the read: forwarded
        return []


def test_a_table_dealing_through_an_outage_and_a_crash_loses_doubles_and_reorders_nothing(
    own_pg: OwnServer,
    key_path: Path,
) -> None:
    url = fresh_pg_url(own_pg.url)
    first = table_run(url, key_path, hands=500)
    try:
        wait_for(
            lambda: any(kind == "result" for _, kind, _ in on_server(url)), "a hand on the server"
        )
        before = on_server(url)
        own_pg.stop()
        wait_for(
            lambda: (in_spool(key_path) or [(0, "")])[-1][0] >= before[-1][0] + 60,
            "records kept in the spool",
        )
        first.send_signal(signal.SIGKILL)  # a crash during the outage
        first.wait(timeout=60)
        kept = in_spool(key_path)
        second = table_run(
            url, key_path, hands=500
        )  # the server still down: it resumes from the spool
        try:
            wait_for(
                lambda: (
                    in_spool(key_path)[-1:] > kept[-1:] and len(in_spool(key_path)) > len(kept) + 40
                ),
                "the restarted table to keep dealing into the spool",
            )
            own_pg.start()
            wait_for(lambda: not in_spool(key_path), "the spool to be forwarded and removed")
            forwarded = on_server(url)[-1][0]
            wait_for(
                lambda: on_server(url)[-1][0] > forwarded + 40,
                "the table to write to the server again",
            )
        finally:
            second.send_signal(signal.SIGINT)
            _, err = second.communicate(timeout=60)
        assert second.returncode == 130, err.decode()
    finally:
        if first.poll() is None:
            first.kill()
    finish = table_run(url, key_path, hands=1)
    _, err = finish.communicate(timeout=120)
    assert finish.returncode == 0, err.decode()

    rows = on_server(url)
    assert [seq for seq, _, _ in rows] == list(range(1, len(rows) + 1))
    digests = {seq: digest for seq, _, digest in rows}
    assert all(digests[seq] == digest for seq, _, digest in before)
    assert all(digests[seq] == digest for seq, digest in kept)  # what the crash left in the spool
    report = check_log(url, key_path)  # chain, signatures, heads and the rules replay of every hand
    assert report.findings == [], [str(f) for f in report.findings]
    with open_store(url, create=False) as store:
        hands = iter_hands(store, table=TABLE)
    assert len(hands) >= 5
    assert all(sum(r.kind == "result" for r in h.records) == 1 for h in hands)
    assert len({h.hand_id for h in hands}) == len(hands)
