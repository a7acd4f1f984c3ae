"""The terminal's seat line is the game's own (``Game.seat_line``): the printer names no figure
of any game, and no game but Backhand prints Backhand's PT/DT/THV. Played through the CLI with
the autopilot for the proof game and two real games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from table_controller import games
from table_controller.cli import main
from tests.high_card import RECORD


@pytest.fixture
def high_card() -> Iterator[None]:
    games.register(RECORD)
    yield
    games.unregister(RECORD.id)


def run(game: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["run", "--game", game, "--hands", "2", "--autopilot"]) == 0
    return capsys.readouterr().out


def test_the_proof_game_says_its_seats_in_its_own_words(
    high_card: None, capsys: pytest.CaptureFixture[str]
) -> None:
    out = run("high-card", capsys)
    assert "SEAT1[" in out and "total=" in out
    assert "PT=" not in out and "THV=" not in out


@pytest.mark.parametrize(
    ("game", "says"),
    [("missouri-city", " PT="), ("red-dog", "[ante $")],
)
def test_a_real_game_says_its_seats_in_its_own_words(
    game: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = run(game, capsys)
    assert says in out
    if game != "missouri-city":
        assert "PT=" not in out and "THV=" not in out
