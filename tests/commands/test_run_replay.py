"""``table run --cards replay://DB?hand=ID``: the recorded hand, under its own game, not logged again."""

from __future__ import annotations

from pathlib import Path

import pytest

from table_controller.cli import main
from table_controller.hand_log.reader import iter_hands
from table_controller.hand_log.store import open_store


def hands_in(db: str) -> list:
    with open_store(db, create=False) as store:
        return iter_hands(store)


def test_a_replay_in_the_terminal_prints_the_recorded_hand_and_logs_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path / "data"))
    db = str(tmp_path / "hands.db")
    assert (
        main(
            [
                "run",
                "--game",
                "buffalo-bayou",
                "--autopilot",
                "--hands",
                "1",
                "--log",
                db,
                "--key",
                str(tmp_path / "key"),
            ]
        )
        == 0
    )
    played = capsys.readouterr().out.splitlines()
    (hand,) = hands_in(db)
    # no --game: the replay plays under the game it was recorded in
    assert (
        main(["run", "--cards", f"replay://{db}?hand={hand.hand_id}&speed=0", "--hands", "1"]) == 0
    )
    replayed = capsys.readouterr().out.splitlines()
    assert replayed[:-1] == played[:-1]  # every instruction and the result line, in order
    assert replayed[-1].startswith("replayed replay://")
    assert [h.hand_id for h in hands_in(db)] == [hand.hand_id]
    assert not (tmp_path / "data").exists() or not any((tmp_path / "data").rglob("*.db"))


def test_hands_without_autopilot_or_replay_is_still_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", "--hands", "1", "--no-log"]) == 2
    assert "--hands goes with --autopilot" in capsys.readouterr().err
