"""Red Dog through the CLI: `table scenario` plays the worked example RD-a; `table run --game
red-dog --autopilot --hands N` plays rounds on a six-deck simulated shoe into the hand log, which
verifies (chain and replay), balances per round, and `table audit report` covers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from table_controller.cli import main
from table_controller.hand_log.reader import iter_hands
from table_controller.hand_log.store import open_store

RD_A = {
    "game": "red-dog",
    "seats": {"seat1": {"ante": 1000}, "seat2": {"ante": 2500}, "seat3": {"ante": 500}},
    "deck": ["10S", "5H", "JC", "9D"],
    "decisions": [
        {"seat": "seat1", "action": "raise", "amount": 1000},
        {"seat": "seat2", "action": "raise", "amount": 1000},
        {"seat": "seat3", "action": "call"},
    ],
}


def scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: dict
) -> tuple[int, str, str]:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data))
    code = main(["scenario", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_scenario_plays_example_rd_a(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = scenario(tmp_path, capsys, RD_A)
    assert code == 0
    trace = json.loads(out)
    assert trace["net"] == {"seat1": 2000, "seat2": 3500, "seat3": 500}
    assert [p["seat"] for p in trace["rounds"][0]["settlements"]] == ["seat3", "seat2", "seat1"]


@pytest.mark.parametrize(
    ("change", "code", "words"),
    [
        (
            {"decisions": [{"seat": "seat1", "action": "raise", "amount": 1001}]},
            1,
            "up to the ante, $10.00",
        ),
        ({"decisions": [{"seat": "seat2", "action": "call"}]}, 1, "SEAT 1 decides now"),
        ({"seats": {"seat1": {"ante": 400}}}, 1, "an ante lies from $5.00 to $500.00"),
        ({"seats": {"seat9": {"ante": 1000}}}, 2, "no seat 'seat9'"),
        ({"switches": {"RD1": 9}}, 2, "switch RD1 is one of"),
        ({"switches": {"RD2": "custom"}}, 2, "needs a pay table"),
        ({"deck": ["10S", "5H", "JC", "XX"]}, 2, "not a card code"),
        ({"deck": ["10S", "5H", "JK", "9D"]}, 2, "a joker is not in a Red Dog shoe"),
        ({"colour": "red"}, 2, "unknown scenario keys: colour"),
    ],
)
def test_scenario_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict, code: int, words: str
) -> None:
    got, _out, err = scenario(tmp_path, capsys, {**RD_A, **change})
    assert (
        got == code
        and words in err
        and len(err.strip().splitlines()) == 1
        and "Traceback" not in err
    )


def test_custom_pay_table_from_the_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = {"spreads": {str(n): (6 if n == 5 else 1) for n in range(1, 12)}, "three_of_a_kind": 10}
    code, out, _ = scenario(
        tmp_path, capsys, {**RD_A, "switches": {"RD2": "custom"}, "paytable": table}
    )
    assert code == 0 and json.loads(out)["net"] == {"seat1": 12000, "seat2": 21000, "seat3": 3000}


def test_autopilot_rounds_into_the_log_verify_balance_and_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, key = tmp_path / "rd.db", tmp_path / "rd.key"
    assert (
        main(
            [
                "run",
                "--game",
                "red-dog",
                "--seats",
                "4",
                "--autopilot",
                "--hands",
                "40",
                "--log",
                str(db),
                "--key",
                str(key),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Take antes ($5.00 to $500.00), then DONE" in out and "40 hands played" in out
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0
    assert "every hand replayed" in capsys.readouterr().out
    with open_store(str(db), create=False) as store:
        hands = iter_hands(store)
    assert len(hands) == 40 and hands[0].header["game"] == "red-dog"
    assert (
        hands[0].header["round"]["phase"] == "shuffle"
        and hands[1].header["round"]["phase"] == "antes"
    )
    raised = 0
    for hand in hands:
        events = [r.payload for r in hand.records if r.kind == "event"]
        antes = sum(p["event"]["amount"] for p in events if p["event"]["type"] == "wager")
        raises = sum(
            p["event"].get("amount", 0) for p in events if p["event"].get("action") == "raise"
        )
        settled = [e for p in events for e in p["effects"] if e["type"] == "settled"]
        assert sum(s["staked"] for s in settled) == antes + raises
        assert sum(s["collected"] + s["returned"] for s in settled) == antes + raises
        raised += raises
    assert raised > 0  # the autopilot raises on the wide spreads
    page = tmp_path / "report.html"
    assert main(["audit", "report", str(db), "--out", str(page), "--key", str(key)]) == 0
    html = page.read_text()
    assert "Red Dog (40)" in html and "ante+raise" in html


def test_a_custom_pay_table_from_a_file_is_logged_and_replayed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = tmp_path / "table.json"
    table.write_text(
        json.dumps(
            {"spreads": {str(n): (6 if n == 1 else 1) for n in range(1, 12)}, "three_of_a_kind": 10}
        )
    )
    db, key = tmp_path / "rd.db", tmp_path / "rd.key"
    assert (
        main(
            [
                "run",
                "--game",
                "red-dog",
                "--seats",
                "2",
                "--switch",
                "RD2=custom",
                "--paytable",
                str(table),
                "--autopilot",
                "--hands",
                "20",
                "--log",
                str(db),
                "--key",
                str(key),
                "--quiet",
            ]
        )
        == 0
    )
    assert main(["audit", "verify", str(db), "--key", str(key)]) == 0
    with open_store(str(db), create=False) as store:
        header = iter_hands(store)[0].header
    assert header["paytable"]["spreads"]["1"] == 6 and header["paytable"]["three_of_a_kind"] == 10
    capsys.readouterr()
    assert (
        main(
            [
                "run",
                "--game",
                "red-dog",
                "--switch",
                "RD2=custom",
                "--autopilot",
                "--hands",
                "1",
                "--no-log",
            ]
        )
        == 2
    )
    assert "switch RD2=custom needs a pay table (--paytable FILE)" in capsys.readouterr().err
