"""``table sim-shoe`` and ``table read-cards``, as a technician would run them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hardware_sim.decks import shuffled_deck
from table_controller.cli import main


def card_lines(out: str) -> list[dict]:
    return [e for e in map(json.loads, out.splitlines()) if e["type"] == "card"]


def test_read_cards_from_the_simulator(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["read-cards", "sim://?seed=3", "--count", "3"]) == 0
    cards = card_lines(capsys.readouterr().out)
    assert [c["card"] for c in cards] == [c.code for c in shuffled_deck(3)[:3]]
    assert [c["seq"] for c in cards] == [1, 2, 3]


def test_read_cards_bad_url_is_a_one_line_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["read-cards", "shoe://x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "accepted: serial://" in err


def test_read_cards_gives_up_after_timeout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["read-cards", "serial://?url=loop://", "--count", "1", "--timeout", "0.3"]) == 1
    assert "0 of 1 cards arrived" in capsys.readouterr().err


def test_sim_shoe_deals_a_stacked_deck_to_read_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck, dealt, link = tmp_path / "deck.txt", tmp_path / "dealt.txt", tmp_path / "shoe"
    deck.write_text("AS\n10H\n# the cut\nQC\nJK\n2D\n")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "sim-shoe",
            "--pty",
            str(link),
            "--deck",
            str(deck),
            "--deck-out",
            str(dealt),
            "--baud",
            "115200",
            "--faults",
            "2:dup,4:garbage",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == str(link)
        assert main(["read-cards", f"serial://{link}", "--count", "5", "--timeout", "10"]) == 0
    finally:  # the shoe waits for its shoe-empty report to be acknowledged: stop it
        if process.poll() is None:
            process.terminate()
        process.communicate(timeout=5)
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [c["card"] for c in lines if c["type"] == "card"] == ["AS", "10H", "QC", "JK", "2D"]
    assert {"duplicate", "bad_frame", "hello"} <= {line["type"] for line in lines}
    assert dealt.read_text() == "AS\n10H\nQC\nJK\n2D\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--faults", "3:explode"], "unknown fault 'explode'"),
        (["--deck", "/no/such/deck"], "cannot read deck file"),
        (["--baud", "0"], "--baud must be at least 50"),
        (["--first-seq", "0"], "--first-seq must be 1..65535, not 0"),
        (["--faults", "3:cut=2"], "fault 'cut' takes no value"),
    ],
)
def test_sim_shoe_bad_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["sim-shoe", "--pty", str(tmp_path / "shoe"), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not (tmp_path / "shoe").exists()


def test_sim_shoe_manual_deals_when_told_and_numbers_across_the_wrap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    link = tmp_path / "shoe"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "sim-shoe",
            "--pty",
            str(link),
            "--seed",
            "3",
            "--baud",
            "115200",
            "--manual",
            "--first-seq",
            "65535",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == str(link)
        assert process.stdin is not None
        process.stdin.write("deal\ndraw 2  # the dealer's hand\n")
        process.stdin.flush()
        assert main(["read-cards", f"serial://{link}", "--count", "2", "--timeout", "10"]) == 0
    finally:
        process.terminate()
        _, err = process.communicate(timeout=5)
    cards = card_lines(capsys.readouterr().out)
    assert [c["card"] for c in cards] == [c.code for c in shuffled_deck(3)[:2]]
    assert [c["seq"] for c in cards] == [65535, 1]
    assert "ignored 'deal'; expected 'draw N' or 'shuffle'" in err
