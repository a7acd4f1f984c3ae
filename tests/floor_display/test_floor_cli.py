"""``table floor`` refuses what it cannot serve in one plain line, before it serves anything."""

from __future__ import annotations

from pathlib import Path

import pytest

from table_controller.cli import main
from table_controller.staff import Staff, save_staff


@pytest.fixture
def staff_file(tmp_path: Path) -> Path:
    path = tmp_path / "staff.json"
    save_staff(path, Staff(()).added("jortiz", "J. Ortiz", "pit_boss", "2468"))
    return path


@pytest.mark.parametrize(
    ("log", "words"),
    [
        (
            "postgresql://floor:secret@127.0.0.1:1/hands",
            "cannot open hand log postgresql://floor:***@127.0.0.1:1/hands",
        ),
        (
            "/srv/hands.db",
            "the floor reads a PostgreSQL hand log (postgresql://...), not /srv/hands.db",
        ),
    ],
)
def test_a_wrong_or_unreachable_log_is_one_line(
    staff_file: Path,
    log: str,
    words: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["floor", "--log", log, "--staff", str(staff_file)]) in (1, 2)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "secret" not in err


def test_a_staff_file_without_a_pit_boss_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "staff.json"
    save_staff(path, Staff(()).added("ann", "Ann", "dealer", "1357"))
    assert main(["floor", "--log", "postgresql://x@127.0.0.1:1/y", "--staff", str(path)]) == 2
    assert "names no pit boss" in capsys.readouterr().err
