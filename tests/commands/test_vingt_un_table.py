"""Vingt-un on the table: the terminal autopilot on one simulated pack dealt through (the last
card withheld and the pone pile reshuffled into the simulated shoe), every stake, double and
settlement in the hand log, each round balancing and replaying from its own header; the
scenario CLI; the audit report; crash recovery mid-round."""

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
    db, key = tmp_path / "vu.db", tmp_path / "vu.key"
    assert (
        main(
            [
                "run",
                "--game",
                "vingt-un",
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


def logged_events(hand: object) -> list[dict]:
    return [r.payload for r in hand.records if r.kind == "event"]  # type: ignore[attr-defined]


def test_rounds_in_the_terminal_deal_one_pack_through_log_and_balance(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, key = run_rounds(tmp_path, 10)
    out = capsys.readouterr().out
    assert "10 hands played" in out and "hand 10: banker (house)" in out
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0
    assert "every hand replayed" in capsys.readouterr().out
    with open_store(str(db), create=False) as store:
        hands = iter_hands(store)
    assert len(hands) == 10
    controls = [p["event"].get("control") for h in hands for p in logged_events(h)]
    assert (
        controls.count("new_deck") == 1 and controls.count("reshuffle_discards") >= 2
    )  # one pack, dealt through
    withheld = [
        e
        for h in hands
        for p in logged_events(h)
        for e in p["effects"]
        if e.get("note", "").startswith("the last card is withheld")
    ]
    assert len(withheld) == controls.count("reshuffle_discards")
    for hand in hands:
        settled = [e for p in logged_events(hand) for e in p["effects"] if e["type"] == "settled"]
        assert sum(s["staked"] + s.get("owed", 0) for s in settled) == sum(
            s["collected"] + s["returned"] for s in settled
        )
        assert hand.result["details"]["banker_net"] == -sum(s["net"] for s in settled)
        stakes = [
            p["event"]["amount"] for p in logged_events(hand) if p["event"].get("action") == "stake"
        ]
        assert stakes == [1000] * 7
    assert (
        hands[1].header["round"]["phase"] == "seats" and len(hands[1].header["round"]["pile"]) > 0
    )


def test_the_report_covers_vingt_un_with_drop_and_win(tmp_path: Path) -> None:
    db, key = run_rounds(tmp_path, 4)
    out = tmp_path / "report.html"
    assert main(["audit", "report", str(db), "--key", str(key), "--out", str(out)]) == 0
    text = out.read_text()
    with open_store(str(db), create=False) as store:
        settled = [
            e
            for h in iter_hands(store)
            for p in logged_events(h)
            for e in p["effects"]
            if e["type"] == "settled"
        ]
    drop = sum(p["staked"] for p in settled)
    assert (
        "vingt-un" in text
        and "<h2>Money</h2>" in text
        and f"${drop // 100:,}.{drop % 100:02d}" in text
    )


def test_a_round_is_resumed_after_a_crash_where_it_stood(tmp_path: Path) -> None:
    from drivers.registry import open_source
    from table_controller import autopilot
    from table_controller.running import resume_unfinished

    db, key = tmp_path / "vu.db", tmp_path / "vu.key"
    log = HandLog.open(str(db), key_path=key)
    with open_source("sim://?seed=5") as shoe:
        session = TableSession(
            make_game("vingt-un", seats=5), log=log, source_url=shoe.url, simulated=True
        )
        autopilot.drive(session, shoe, hands=3)
        calls = iter(range(25))
        autopilot.drive(session, shoe, hands=None, should_stop=lambda: next(calls, None) is None)
        rest = shoe.cards_left
    crashed = session.prompts().to_dict()
    assert not session.expected().hand_over
    log.close()  # the process dies mid-round
    log = HandLog.open(str(db), key_path=key)
    try:
        again = TableSession(make_game("vingt-un", seats=5), log=log, source_url="sim://?seed=5")
        resume_unfinished(again, log)
        assert again.prompts().to_dict() == crashed
        with open_source("sim://?seed=6") as other:
            other.set_aside(
                list(again.state.shoe.drawn)
            )  # a real shoe still holds the rest of the stock
            assert other.cards_left == again.state.shoe.remaining == rest
            assert autopilot.drive(again, other, hands=2) == 2
    finally:
        log.close()
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0


def test_a_vingt_un_scenario_prints_each_round_and_its_settlements(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "vu.json"
    path.write_text(
        json.dumps(
            {
                "game": "vingt-un",
                "deck": "KC AS 9H AH 5D JD 9D KS".split(),
                "seats": ["seat1", "seat2", "seat3"],
                "stakes": {"seat1": 1000, "seat2": 2500, "seat3": 500},
            }
        )
    )
    assert main(["scenario", str(path)]) == 0
    trace = json.loads(capsys.readouterr().out)
    assert trace["rounds"][0]["house"] == 6000
    assert [(s["seat"], s["net"]) for s in trace["rounds"][0]["settlements"]] == [
        ("seat1", -4000),
        ("seat2", 0),
        ("seat3", -2000),
    ]
    path.write_text(
        json.dumps(
            {
                "game": "vingt-un",
                "deck": "9S 7H 4C 8C".split(),
                "seats": ["seat1"],
                "stakes": {"seat1": 1000},
                "decisions": [{"seat": "seat1", "action": "divide", "amount": 500}],
            }
        )
    )
    assert main(["scenario", str(path)]) == 1
    assert "seat1 divide is not legal now; legal: seat1: draw, stand" in capsys.readouterr().err
    path.write_text(
        json.dumps(
            {
                "game": "vingt-un",
                "deck": ["9S", "7H"],
                "seats": ["seat1"],
                "stakes": {"seat1": 20000},
            }
        )
    )
    assert main(["scenario", str(path)]) == 1
    assert "a stake lies from $5.00 to $100.00 (got $200.00) (V-13)" in capsys.readouterr().err
    path.write_text(json.dumps({"game": "vingt-un", "deck": ["9S"], "seats": ["seat9"]}))
    assert main(["scenario", str(path)]) == 2
    assert "'seats' is a list of seats in, seat1 to seat7" in capsys.readouterr().err


def test_a_vingt_un_table_needs_a_reading_shoe(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "run",
                "--game",
                "vingt-un",
                "--cards",
                "camera://0",
                "--autopilot",
                "--hands",
                "1",
                "--no-log",
            ]
        )
        == 2
    )
    assert (
        "deals cards face down, which a camera cannot read: it needs a reading shoe"
        in capsys.readouterr().err
    )


def test_the_terminal_shows_each_hands_total(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            ["run", "--game", "vingt-un", "--seats", "2", "--autopilot", "--hands", "1", "--no-log"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Deal SEAT 1 its first card face down (seat1/h1/card1)" in out and "PT=" not in out


def test_a_later_round_replays_in_the_terminal_from_its_header(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, _ = run_rounds(tmp_path, 3)
    capsys.readouterr()
    with open_store(str(db), create=False) as store:
        third = iter_hands(store)[2]
    assert (
        main(["run", "--cards", f"replay://{db}?hand={third.hand_id}", "--hands", "1", "--quiet"])
        == 0
    )
    out = capsys.readouterr().out
    assert f"hand 1: {third.result['explanation']}" in out


def test_the_report_leaves_out_bets_a_seat_banked(tmp_path: Path) -> None:
    db, key = run_rounds(tmp_path, 30, "--switch", "V1=pass_left")
    with open_store(str(db), create=False) as store:
        hands = iter_hands(store)
    settled = [
        e for h in hands for p in logged_events(h) for e in p["effects"] if e["type"] == "settled"
    ]
    seat_banked = [p for p in settled if p.get("banker")]
    assert seat_banked and any(
        h.header["round"]["banker"] != "house" for h in hands
    )  # the bank passed to a seat
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0
    out = tmp_path / "report.html"
    assert main(["audit", "report", str(db), "--key", str(key), "--out", str(out)]) == 0
    house = [p for p in settled if not p.get("banker")]
    drop = sum(p["staked"] for p in house)
    assert f"${drop // 100:,}.{drop % 100:02d}" in out.read_text()
