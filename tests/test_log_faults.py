"""A record and the state it moves go together: a signed head or a witness line that cannot be
written after a record's commit is a standing notice and a retry, never a reason for the game and
its log to part; an event the log cannot take is not taken, and a card the shoe dealt meanwhile
holds the hand for the pit boss. Real SQLite logs, real files, a real descriptor limit."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

from dealer_display.autopilot_task import run_autopilot
from dealer_display.table import DisplayTable
from drivers.registry import open_source
from table_controller.cards import parse_card
from table_controller.cli import main
from table_controller.events import NEW_DECK, CardArrived, Control
from table_controller.games import make_game
from table_controller.hand_log import HandLog
from table_controller.hand_log.shown import shown_prompts
from table_controller.runtime import TableSession
from tests.games.stacked import deck

ROOT = Path(__file__).resolve().parents[1]
CARDS = [parse_card(c) for c in deck("10 6 5 | 10 2 | 7 5 | 4 4 8 9")]


def _open(tmp_path: Path, witness: Path | None = None) -> tuple[HandLog, TableSession]:
    log = HandLog.open(
        str(tmp_path / "hands.db"),
        key_path=tmp_path / "key",
        table_id="t1",
        witness=None if witness is None else str(witness),
    )
    return log, TableSession(
        make_game("missouri-city", first_dealt="green"), table_id="t1", log=log
    )


def _head_file(tmp_path: Path) -> Path:
    (head,) = (tmp_path / "key.heads").glob("*.t1.json")
    return head


def _verify(tmp_path: Path, *extra: str) -> int:
    return main(
        ["audit", "verify", str(tmp_path / "hands.db"), "--key", str(tmp_path / "key"), *extra]
    )


def _notices(session: TableSession) -> list[str]:
    return session.snapshot()["hardware"]["notices"]


def test_a_head_that_cannot_be_written_moves_the_state_shows_a_notice_and_is_retried(
    tmp_path: Path,
) -> None:
    log, session = _open(tmp_path)
    session.submit(Control(NEW_DECK), source="dealer")
    session.submit(CardArrived(CARDS[0]), source="sim://")
    head = _head_file(tmp_path)
    head.unlink()
    head.mkdir()  # the head's place is taken: every head write fails from here on
    before = session.prompts().to_dict()
    effects = session.submit(CardArrived(CARDS[1]), source="sim://")
    assert session.prompts().to_dict() != before, "the record committed but the state did not move"
    assert not any(type(e).__name__ == "Refused" for e in effects)
    hand = log.read_hand(session.hand_id)  # the logged hand shows what the table shows
    assert shown_prompts(hand)[hand.records[-1].seq] == session.prompts().to_dict()
    assert any(
        "cannot write its signed head" in n and "Is a directory" in n for n in _notices(session)
    )
    session.submit(CardArrived(CARDS[2]), source="sim://")  # the table plays on
    assert log.last_seq == 5

    head.rmdir()  # the fault clears
    session.retry_log()
    assert not any("signed head" in n for n in _notices(session))
    assert json.loads(head.read_text())["seq"] == log.last_seq == 5
    log.close()
    assert _verify(tmp_path) == 0


def test_a_witness_that_went_away_stands_as_a_notice_and_gets_its_lines_when_it_is_back(
    tmp_path: Path,
) -> None:
    share = tmp_path / "share"
    share.mkdir()
    witness = share / "table.witness"
    log, session = _open(tmp_path, witness)
    shutil.rmtree(share)  # the share went away
    _play_hand(session)
    assert session.hands_played == 1 and session.expected().hand_over
    assert any(f"cannot write the witness file {witness}" in n for n in _notices(session))
    _play_hand(session)  # the table deals the next hand all the same
    assert session.hands_played == 2

    share.mkdir()
    session.retry_log()
    assert _notices(session) == []
    assert len(witness.read_text().splitlines()) == 2
    log.close()
    assert _verify(tmp_path, "--witness", str(witness)) == 0


def _play_hand(session: TableSession) -> None:
    from table_controller import autopilot

    source = open_source("sim://?seed=7")
    try:
        session.submit(Control(NEW_DECK), source="dealer")
        while not session.expected().hand_over:
            event = autopilot.next_event(session.game, session.state)
            if event is None:
                source.deal_next()
                while (read := source.read_event(timeout=2.0)) is not None and read.card is None:
                    pass
                assert read is not None
                event = CardArrived(read.card)
            session.submit(event, source="sim://")
    finally:
        source.close()


def test_the_autopilot_deals_on_while_the_witness_cannot_be_written(tmp_path: Path) -> None:
    share = tmp_path / "share"
    witness = share / "table.witness"  # the share is not there
    log = HandLog.open(
        str(tmp_path / "hands.db"), key_path=tmp_path / "key", table_id="t1", witness=str(witness)
    )

    async def play() -> tuple[int, list[str]]:
        source = open_source("sim://?seed=42")
        session = TableSession(
            make_game("missouri-city"), table_id="t1", log=log, source_url=source.url
        )
        table = DisplayTable(session, source)
        table.start()
        try:
            done = await asyncio.wait_for(run_autopilot(table, pace=0.0, hands=3), timeout=120)
            notices = _notices(session)
            share.mkdir()
            deadline = asyncio.get_running_loop().time() + 30
            while session.log_owing and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.05)  # the display's retry writes the lines once it can
            return done, [*notices, "owing" if session.log_owing else "written"]
        finally:
            table.stop()
            source.close()

    done, notices = asyncio.run(play())
    assert done == 3
    assert any("witness file" in n for n in notices[:-1]) and notices[-1] == "written"
    assert len(witness.read_text().splitlines()) == 3
    log.close()
    assert _verify(tmp_path, "--witness", str(witness)) == 0


def test_a_card_the_log_cannot_take_is_not_taken_and_holds_the_hand_once_the_log_is_back(
    tmp_path: Path,
) -> None:
    log, session = _open(tmp_path)
    session.submit(Control(NEW_DECK), source="dealer")
    session.submit(CardArrived(CARDS[0]), source="sim://")
    log.store.execute("PRAGMA busy_timeout = 50")  # the table's own wait, short for the test
    other = sqlite3.connect(tmp_path / "hands.db", isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another process holds the database
    seq, before = log.last_seq, session.prompts().to_dict()
    effects = session.submit(CardArrived(CARDS[1]), source="sim://")
    assert log.last_seq == seq and session.prompts().to_dict() == before  # neither moved
    assert (
        "the hand log cannot be written" in str(effects[0])
        and "was not taken" in session.last_refusal
    )
    assert any(
        "the hand is held for the pit boss once the log is back" in n for n in _notices(session)
    )
    assert session.log_down
    session.retry_log()  # still locked: still waiting
    assert session.prompts().irregularity is None

    other.execute("ROLLBACK")
    other.close()
    session.retry_log()
    irregularity = session.prompts().irregularity
    assert irregularity is not None
    assert irregularity.reason.startswith(
        f"the hand log could not be written, so these were not taken: {CARDS[1].code}; "
    )
    assert not session.log_down and _notices(session) == []
    log.close()
    assert _verify(tmp_path) == 0


SCRIPT = textwrap.dedent("""
    import json, resource, os, sys
    from table_controller.events import NEW_DECK, CardArrived, Control
    from table_controller.games import make_game
    from table_controller.hand_log import HandLog
    from table_controller.runtime import TableSession
    from tests.test_log_faults import CARDS

    folder = sys.argv[1]
    log = HandLog.open(folder + "/hands.db", key_path=folder + "/key", table_id="t1")
    session = TableSession(make_game("missouri-city", first_dealt="green"), table_id="t1", log=log)
    session.submit(Control(NEW_DECK), source="dealer")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    in_use = len(os.listdir("/proc/self/fd"))  # (listdir's own descriptor is closed again)
    resource.setrlimit(resource.RLIMIT_NOFILE, (in_use - 1, hard))  # no descriptor to spare
    moved = []
    for card in CARDS[:3]:
        before = session.prompts().to_dict()
        session.submit(CardArrived(card), source="sim://")
        moved.append(session.prompts().to_dict() != before and log.last_seq == len(moved) + 3)
    notices = session.snapshot()["hardware"]["notices"]
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    session.retry_log()
    print(json.dumps({"moved": moved, "notices": notices, "after": session.snapshot()["hardware"]["notices"],
                      "seq": log.last_seq}))
    log.close()
""")


def test_descriptors_exhausted_the_state_moves_with_each_record_and_the_head_catches_up(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["moved"] == [True, True, True]
    assert any("Too many open files" in n for n in out["notices"])
    assert out["after"] == []
    assert json.loads(_head_file(tmp_path).read_text())["seq"] == out["seq"] == 5
    assert _verify(tmp_path) == 0


def test_a_table_stopped_while_its_head_lagged_opens_again_and_writes_it(tmp_path: Path) -> None:
    log, session = _open(tmp_path)
    session.submit(Control(NEW_DECK), source="dealer")
    head = _head_file(tmp_path)
    blocked = head.with_suffix(f".tmp{os.getpid()}")
    blocked.mkdir()  # the head's new copy cannot be made: the old head stays
    for card in CARDS[:3]:
        session.submit(CardArrived(card), source="sim://")
    log.close()  # still failing: the head lags three records behind
    assert json.loads(head.read_text())["seq"] == 2
    blocked.rmdir()
    log, session = _open(tmp_path)  # the chain links on from the head: not a cut-short log
    assert json.loads(head.read_text())["seq"] == log.last_seq == 5
    log.close()
    assert _verify(tmp_path) == 0


def test_a_key_folder_that_cannot_be_written_is_one_line_at_start(tmp_path: Path) -> None:
    (tmp_path / "key.heads").write_text("not a folder")  # the heads' place is taken
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "run",
            "--autopilot",
            "--hands",
            "1",
            "--log",
            str(tmp_path / "h.db"),
            "--key",
            str(tmp_path / "key"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 1
    assert proc.stderr.splitlines() == [
        f"table run: error: cannot write beside the hand-log key in {tmp_path / 'key.heads'} (File exists): "
        "check that folder or use --key"
    ]
