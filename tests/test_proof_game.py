"""The proof that the shell knows what a game is, never which games exist: High Card
(tests/high_card.py), a game no file of the shell names, registered from here alone, plays end to
end: ``table scenario`` with bets, the autopilot in the terminal into a hand log that ``table
audit verify`` replays and ``table audit report`` balances, and a procedure drill scored step by
step. A table started as a separate process finds it through a real entry point
(``table_controller.games``) that the test writes on that process's path."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from table_controller import games
from table_controller.cli import main
from table_controller.money import money
from table_controller.training.drill_file import parse_drill
from table_controller.training.procedure import ProcedureDrill
from table_controller.training.records import TrainingRecords
from table_controller.training.service import Trainer, TrainingSettings
from tests.high_card import RECORD
from tests.import_graph import PACKAGES

ROOT = Path(__file__).resolve().parents[1]
BETS = [
    {"seat": "seat1", "bet": "main", "amount": 1000},
    {"seat": "seat2", "bet": "main", "amount": 500},
    {"seat": "seat3", "bet": "main", "amount": 2500},
]
# seat1's KS beats the dealer's 9C, seat2's 5H loses to it, seat3's 9D ties it
SCENARIO = {
    "game": "high-card",
    "bets": BETS,
    "controls": ["done"],
    "deck": ["KS", "5H", "9D", "9C"],
}
MONEY = ("staked", "collected", "returned", "paid", "net")  # the sheet's columns, in dollars


def cents(dollars: str) -> int:
    return int(Decimal(dollars) * 100)


@pytest.fixture
def high_card() -> Iterator[None]:
    games.register(RECORD)
    yield
    games.unregister(RECORD.id)


@pytest.fixture(scope="module")
def elsewhere(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a table started as a separate process: High Card installed as a
    package would install it, by an entry point, and a data folder of its own."""
    folder = tmp_path_factory.mktemp("installed")
    info = folder / "high_card_test-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: high-card-test\nVersion: 0\n")
    (info / "entry_points.txt").write_text(
        "[table_controller.games]\nhigh-card = tests.high_card:RECORDS\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABLE_")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(folder)])
    env["TABLE_DATA_DIR"] = str(folder / "data")
    return env


def table(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """``table ARGS`` in a process of its own; it must end by itself (no pace, no display)."""
    return subprocess.run(
        [sys.executable, "-m", "table_controller.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_no_file_of_the_shell_names_the_game() -> None:
    named = [
        str(path.relative_to(ROOT))
        for package in PACKAGES
        for path in (ROOT / package).rglob("*")
        if path.is_file()
        and path.suffix in (".py", ".js", ".html", ".css", ".json", ".md")
        and re.search(r"high[-_ ]card", path.read_text(encoding="utf-8"), re.IGNORECASE)
    ]
    assert named == []


def test_the_registry_of_another_process_finds_the_game_by_its_entry_point(
    elsewhere: dict[str, str],
) -> None:
    code = "from table_controller.games import record; print(record('high-card').title)"
    found = subprocess.run(
        [sys.executable, "-c", code], env=elsewhere, capture_output=True, text=True, timeout=120
    )
    assert found.stdout.strip() == "High Card", found.stderr


def test_table_scenario_plays_it_with_bets(elsewhere: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / "high-card.json"
    path.write_text(json.dumps(SCENARIO))
    done = table(elsewhere, "scenario", str(path))
    assert done.returncode == 0, done.stderr
    trace = json.loads(done.stdout)
    assert {seat: s["outcome"] for seat, s in trace["seats"].items()} == {
        "seat1": "win",
        "seat2": "lose",
        "seat3": "push",
    }
    assert {seat: s["net"] for seat, s in trace["seats"].items()} == {
        "seat1": 1000,
        "seat2": -500,
        "seat3": 0,
    }
    assert [(p["seat"], p["rule"]) for p in trace["settlements"]] == [
        ("seat1", "HC-2"),
        ("seat2", "HC-2"),
        ("seat3", "HC-3"),
    ]
    spots = [s.get("spot") for s in trace["steps"] if s["event"]["type"] == "card"]
    assert spots == ["seat1/card", "seat2/card", "seat3/card", "dealer/card"]
    assert trace["steps"][-1]["dealer"] == "Hand over"


@pytest.mark.usefixtures("high_card")
@pytest.mark.parametrize(
    ("change", "code", "words"),
    [
        ({"bets": [{"seat": "seat1", "bet": "main", "amount": 50}]}, 1, "a bet is $1.00"),
        ({"bets": [{"seat": "seat1", "bet": "side", "amount": 500}]}, 1, "a seat's main bet"),
        ({"controls": []}, 1, "the dealer's controls: done"),
        ({"controls": ["done", "done"]}, 1, "left over: control done"),
        ({"bets": [], "controls": ["done"]}, 1, "control done is not expected now"),
        ({"bets": [{"seat": "seat1", "amount": 500}]}, 2, "bet 1 must be"),
        ({"bets": [{"seat": "seat1", "bet": "main", "amount": True}]}, 2, "bet 1 must be"),
        ({"controls": "done"}, 2, "'controls' is a list"),
        ({"deck": ["KS", "KS", "9D", "9C"]}, 2, "deck card 2"),
        ({"seats": 9}, 2, "High Card seats 1 to 7"),
    ],
)
def test_a_bad_scenario_is_one_line_and_an_exit_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict, code: int, words: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**SCENARIO, **change}))
    assert main(["scenario", str(path)]) == code
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


@pytest.fixture(scope="module")
def hand_log(
    elsewhere: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, str]:
    """Five High Card hands the autopilot played in the terminal, in a SQLite hand log and its
    key."""
    folder = tmp_path_factory.mktemp("log")
    db, key = str(folder / "hands.db"), str(folder / "hands.key")
    played = table(
        elsewhere, "run", "--game", "high-card", "--autopilot", "--hands", "5", "--log", db,
        "--key", key,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert "Deal the dealer's card face up" in played.stdout
    assert "5 hands played" in played.stdout
    return db, key


def test_the_autopilots_log_verifies_and_balances(
    elsewhere: dict[str, str], hand_log: tuple[str, str], tmp_path: Path
) -> None:
    db, key = hand_log
    verified = table(elsewhere, "audit", "verify", db, "--key", key)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "5 hands" in verified.stdout and "every hand replayed" in verified.stdout
    sheet = table(elsewhere, "audit", "export", db, "--format", "sheet")
    assert sheet.returncode == 0, sheet.stderr
    rows = [
        {k: cents(v) if k in MONEY else v for k, v in row.items()}
        for row in csv.DictReader(io.StringIO(sheet.stdout))
    ]
    assert len(rows) == 5 * 3 and {row["game"] for row in rows} == {"High Card"}
    for row in rows:  # every $10.00 stake settled once: collected or returned, and paid on a win
        assert row["staked"] == 1000 == row["collected"] + row["returned"]
        assert row["net"] == row["paid"] - row["collected"]
    drop = sum(row["staked"] for row in rows)
    win = sum(row["collected"] - row["paid"] for row in rows)
    page = tmp_path / "report.html"
    reported = table(elsewhere, "audit", "report", db, "--key", key, "--out", str(page))
    assert reported.returncode == 0, reported.stderr
    text = re.sub(r"<[^>]+>", " ", page.read_text())
    assert "High Card (5)" in text
    assert f"High Card (not named) {money(drop)} {money(win)}" in " ".join(text.split())


@pytest.mark.usefixtures("high_card")
def test_a_procedure_drill_of_five_hands_is_scored_and_kept_step_by_step(tmp_path: Path) -> None:
    clock = iter(range(1_700_000_000, 1_700_001_000))
    with TrainingRecords(str(tmp_path / "table.db")) as records:
        trainer = Trainer(
            TrainingSettings(trainee="Ana", game="high-card", seats=2, hands=5, seed=3),
            records,
            lambda: float(next(clock)),
        )
        drill = trainer.drill
        wrong = trainer.enter("deal dealer/card")  # a seat's card comes first
        assert not wrong["right"] and wrong["show"].startswith("deal seat1/card")
        for _ in range(100):
            if drill.finished:
                break
            assert trainer.enter(drill.dealing.right_step.words())["right"]
        assert drill.hands_done == 5
        attempt = records.attempts("Ana")[0]
        steps = records.steps(attempt["attempt_id"])
    assert attempt["game"] == "high-card" and attempt["kind"] == "procedure"
    assert (attempt["steps"], attempt["errors"]) == (5 * (3 + 2), 1)  # three cards, two payments
    assert len(steps) == 25 and [s["first_try"] for s in steps][:2] == [0, 1]


@pytest.mark.usefixtures("high_card")
def test_a_drill_file_in_the_scenario_shape_scores_a_wrong_card_and_a_wrong_payment() -> None:
    file = parse_drill({"title": "Settle in seat order", **SCENARIO}, "high-card-drill")
    drill = ProcedureDrill(file.dealing(), started_at=100.0, title=file.title)
    wrong = drill.enter("deal dealer/card", 101.0)  # SEAT 1's card comes first
    assert not wrong.right and wrong.show == "deal seat1/card"
    assert drill.dealing.game.placed_cards(drill.dealing.state) == {}  # not applied
    for n, spot in enumerate(("seat1/card", "seat2/card", "seat3/card", "dealer/card")):
        assert drill.enter(f"deal {spot}", 102.0 + n).right
    short = drill.enter("pay seat1 5", 110.0)
    assert not short.right and short.show == "pay seat1 $10.00"
    assert str(short.cite) == "HC-2: higher card, even money"  # the engine's words: no hooks
    for n, line in enumerate(("pay seat1 10", "collect seat2 5", "push seat3")):
        assert drill.enter(line, 111.0 + n).right
    assert drill.finished
    assert drill.summary().errors == 2 and drill.summary().steps == 7


def test_a_logged_hand_is_shown_and_replayed_in_the_terminal(
    elsewhere: dict[str, str], hand_log: tuple[str, str]
) -> None:
    db, _key = hand_log
    listed = table(elsewhere, "audit", "hands", db)
    assert listed.returncode == 0, listed.stderr
    first = listed.stdout.splitlines()[1].split()[3]
    shown = table(elsewhere, "audit", "show", db, first)
    assert "game high-card" in shown.stdout and "SEAT 1 main bet $10.00" in shown.stdout
    replayed = table(
        elsewhere, "run", "--cards", f"replay://{db}?hand={first}&speed=0", "--hands", "1"
    )
    assert replayed.returncode == 0, replayed.stderr
    assert "hand 1: each seat against the dealer's card" in replayed.stdout
