"""`table scenario`: the JSON trace, and exit codes 0 / 1 (illegal play) / 2 (invalid file)."""

import json
import subprocess
import sys

import pytest

from table_controller.cli import main

EXAMPLE_1 = {
    "game": "missouri-city",
    "first_dealt": "green",
    "switches": {"C4": "cap21"},
    "deck": ["10S", "6H", "5D", "10H", "2C", "7S", "5C", "4H", "4D", "8S", "9C"],
    "decisions": [
        {"seat": "red", "action": "hit"},
        {"seat": "green", "action": "hit"},
        {"seat": "red", "action": "backhand"},
        {"seat": "green", "action": "backhand"},
    ],
}


def run(tmp_path, scenario, capsys):
    path = tmp_path / "s.json"
    path.write_text(scenario if isinstance(scenario, str) else json.dumps(scenario))
    code = main(["scenario", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_example_trace(tmp_path, capsys):
    code, out, err = run(tmp_path, EXAMPLE_1, capsys)
    assert code == 0, err
    trace = json.loads(out)
    assert trace["winner"] == "red" and trace["decided_by"] == "W-4"
    assert trace["seats"]["green"]["total_hand_value"] == 25


def test_stdin_through_the_console_command():
    proc = subprocess.run(
        [sys.executable, "-m", "table_controller.cli", "scenario", "-"],
        input=json.dumps(EXAMPLE_1),
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["winner"] == "red"


def test_illegal_decision_exits_1_naming_step_decision_and_legal_ones(tmp_path, capsys):
    bad = dict(EXAMPLE_1, decisions=[{"seat": "red", "action": "push"}])
    code, _out, err = run(tmp_path, bad, capsys)
    assert code == 1
    assert (
        "decision red push is not legal now" in err
        and "red: hit, backhand" in err
        and "step 9" in err
    )
    assert "Traceback" not in err


def test_decisions_left_over_exit_1(tmp_path, capsys):
    extra = dict(EXAMPLE_1, decisions=[*EXAMPLE_1["decisions"], {"seat": "red", "action": "hit"}])
    code, _, err = run(tmp_path, extra, capsys)
    assert code == 1 and "left over: red hit" in err


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        ("{not json", "is not JSON"),
        (dict(EXAMPLE_1, deck=["10S", "ZZ"]), "not a card code: 'ZZ'"),
        (dict(EXAMPLE_1, deck=["10S", "10S"]), "cannot come from this shoe"),
        (
            dict(EXAMPLE_1, switches={"C4": "sometimes"}),
            "switch C4 is one of cap21, max (got 'sometimes')",
        ),
        (dict(EXAMPLE_1, switches={"C99": "x"}), "unknown Backhand series switch 'C99'"),
        (dict(EXAMPLE_1, game="poker"), "unknown game 'poker'"),
        (dict(EXAMPLE_1, colour="blue"), "unknown scenario keys: colour"),
        (dict(EXAMPLE_1, first_dealt="blue"), "first_dealt must be one of red, green"),
    ],
)
def test_invalid_scenarios_exit_2(tmp_path, capsys, scenario, message):
    code, _, err = run(tmp_path, scenario, capsys)
    assert code == 2
    assert message in err and "Traceback" not in err


IMPOSSIBLE_CARD = [  # every game's scenario whose deck asks for a card its shoe cannot hold
    {
        "game": "blackjack",
        "switches": {"B1": "1"},
        "seats": {"seat1": {"bet": 1000}},
        "deck": ["AS", "AS", "10C", "7D", "9H"],
        "decisions": [],
    },
    {
        "game": "red-dog",
        "switches": {"RD1": 1},
        "burn": False,
        "seats": {"seat1": {"ante": 1000}},
        "deck": ["5H", "5H", "9D"],
        "decisions": [],
    },
    {
        "game": "split-decision",
        "seats": 2,
        "deck": ["JK", "JK", "JK", "5C"],  # a third joker
        "decisions": [
            {"seat": "seat1", "action": "keep_high"},
            {"seat": "seat2", "action": "keep_high"},
        ],
    },
    {
        "game": "vingt-un",
        "deck": ["10C", "10C", "6S", "8C", "9D", "QH"],
        "rounds": [
            {
                "seats": ["seat1", "seat2", "seat3"],
                "stakes": {"seat1": 1000, "seat2": 1000, "seat3": 1000},
                "decisions": [],
            }
        ],
    },
    {
        "game": "farmer",
        "seats": 2,
        "farmer": "seat2",
        "deck": ["10S", "10S", "AC", "3H"],
        "decisions": [],
    },
]


@pytest.mark.parametrize("scenario", IMPOSSIBLE_CARD, ids=[s["game"] for s in IMPOSSIBLE_CARD])
def test_a_card_the_shoe_cannot_hold_is_an_invalid_file_exit_2(tmp_path, capsys, scenario):
    code, _, err = run(tmp_path, scenario, capsys)
    assert code == 2 and "the deck holds a card this shoe cannot give" in err
    assert "Traceback" not in err


def test_help_and_bad_usage(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    assert "scenario" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        main(["no-such-command"])
    assert exc.value.code == 2
