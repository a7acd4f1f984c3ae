"""Blackjack on the table: the terminal autopilot on a six-deck simulated shoe, every wager and
settlement in the hand log, each round balancing, replay and crash recovery from the log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from table_controller.cli import main
from table_controller.games import make_game
from table_controller.hand_log import HandLog
from table_controller.hand_log.reader import iter_hands
from table_controller.hand_log.store import open_store
from table_controller.runtime import TableSession


def run_rounds(tmp_path: Path, hands: int, *extra: str) -> tuple[Path, Path]:
    db, key = tmp_path / "bj.db", tmp_path / "bj.key"
    assert (
        main(
            [
                "run",
                "--game",
                "blackjack",
                "--seats",
                "7",
                "--autopilot",
                "--hands",
                str(hands),
                "--log",
                str(db),
                "--key",
                str(key),
                "--quiet",
                *extra,
            ]
        )
        == 0
    )
    return db, key


def test_rounds_in_the_terminal_log_every_bet_and_settlement_and_balance(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, key = run_rounds(tmp_path, 15)
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0
    assert "every hand replayed" in capsys.readouterr().out
    with open_store(str(db), create=False) as store:
        hands = iter_hands(store)
    assert len(hands) == 15
    for hand in hands:
        events = [r.payload for r in hand.records if r.kind == "event"]
        wagers = [p["event"] for p in events if p["event"]["type"] == "wager"]
        settled = [e for p in events for e in p["effects"] if e["type"] == "settled"]
        staked = sum(s["staked"] for s in settled)
        assert staked == sum(s["collected"] + s["returned"] for s in settled)
        assert (
            staked >= sum(w["amount"] for w in wagers) or not wagers
        )  # doubles, splits, insurance add
        assert hand.result["details"]["settlements"] == [
            {k: v for k, v in s.items() if k != "type"} for s in settled
        ]
    first = hands[0]
    assert (
        first.header["round"]["phase"] == "shuffle"
        and hands[1].header["round"]["phase"] == "betting"
    )
    assert hands[1].header["round"]["bets"]["seat7"] == [
        1000,
        500,
    ]  # the bets carried to the next round


def test_a_round_is_resumed_after_a_crash_where_it_stood(tmp_path: Path) -> None:
    """Two rounds, then the table dies in the middle of the third: a new table process rebuilds
    that round from the log alone (its header carries the shoe and the bets) and plays it out."""
    from drivers.registry import open_source
    from table_controller import autopilot
    from table_controller.running import resume_unfinished

    db, key = tmp_path / "bj.db", tmp_path / "bj.key"
    game = make_game("blackjack", seats=7)
    log = HandLog.open(str(db), key_path=key)
    with open_source("sim://?seed=5&decks=6") as shoe:
        session = TableSession(game, log=log, source_url=shoe.url, simulated=True)
        autopilot.drive(session, shoe, hands=2)
        calls = iter(range(40))
        autopilot.drive(session, shoe, hands=None, should_stop=lambda: next(calls, None) is None)
    crashed = session.prompts().to_dict()
    assert not session.expected().hand_over
    log.close()  # the process dies: no result for the third round
    log = HandLog.open(str(db), key_path=key)
    try:
        again = TableSession(
            make_game("blackjack", seats=7), log=log, source_url="sim://?seed=5&decks=6"
        )
        resume_unfinished(again, log)
        assert again.prompts().to_dict() == crashed
        with open_source("sim://?seed=6&decks=6") as other:
            other.set_aside(
                [c for p in again.state.plays.values() for h in p.hands for c in h.cards]
                + again.state.dealer
            )
            assert autopilot.drive(again, other, hands=1) == 1
    finally:
        log.close()
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0


def test_a_blackjack_scenario_prints_hands_side_bets_and_settlements(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bj.json"
    path.write_text(
        json.dumps(
            {
                "game": "blackjack",
                "seats": {"seat1": {"bet": 1000, "side_bet": 500}},
                "deck": ["8H", "6D", "9C", "10S", "7C"],
                "decisions": [{"seat": "seat1", "hand": 1, "action": "stand"}],
            }
        )
    )
    assert main(["scenario", str(path)]) == 0
    trace = json.loads(capsys.readouterr().out)
    assert trace["seats"]["seat1"]["net"] == 2000 and trace["dealer"]["total"] == 23
    assert [s["rule"] for s in trace["settlements"]] == ["DMH-2", "BJ-13"]
    path.write_text(
        json.dumps(
            {
                "game": "blackjack",
                "seats": {"seat1": {"bet": 1000}},
                "deck": ["8H", "6D", "9C", "10S", "7C"],
                "decisions": [{"seat": "seat1", "action": "split"}],
            }
        )
    )
    assert main(["scenario", str(path)]) == 1
    assert (
        "seat1 split is not legal now; legal: seat1: hit, stand, double" in capsys.readouterr().err
    )


def test_a_bet_outside_the_limits_is_refused_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bj.json"
    path.write_text(
        json.dumps(
            {
                "game": "blackjack",
                "seats": {"seat1": {"bet": 1000, "side_bet": 1500}},
                "deck": ["8H"],
            }
        )
    )
    assert main(["scenario", str(path)]) == 1
    assert "may not exceed the seat's main bet $10.00 (BJ-1)" in capsys.readouterr().err


def test_the_report_gives_drop_win_and_hold_and_the_side_bet_hit_rate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, key = run_rounds(tmp_path, 8)
    out = tmp_path / "report.html"
    assert main(["audit", "report", str(db), "--key", str(key), "--out", str(out)]) == 0
    text = out.read_text()
    with open_store(str(db), create=False) as store:
        hands = iter_hands(store)
    settled = [
        e
        for h in hands
        for r in h.records
        if r.kind == "event"
        for e in r.payload["effects"]
        if e["type"] == "settled"
    ]
    drop = sum(p["staked"] for p in settled)
    win = sum(p["collected"] - p["paid"] for p in settled)
    assert "<h2>Money</h2>" in text and f"${drop // 100:,}.{drop % 100:02d}" in text
    assert f"{100 * win / drop:.2f}%" in text
    assert "28.44% (exact)" in text  # the side bet's hit, 1150/4043, rules section 9


def test_an_autopilot_that_runs_out_of_cards_says_why(tmp_path) -> None:
    """A seeded simulated shoe of one deck under a six-deck game runs dry in the third hand: the
    terminal says so and how to give it the game's decks, not just "2 hands played"."""
    import os
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "table_controller.cli", "run", "--game", "blackjack", "--autopilot",
         "--hands", "3", "--cards", "sim://?seed=7", "--pace", "0", "--quiet", "--no-log"],
        capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "TABLE_DATA_DIR": str(tmp_path)},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "stopped after 2 of 3 hands: The shoe is empty" in proc.stdout
    assert "add &decks=6" in proc.stdout
