"""scripts/run-table: the bare command is the autopilot demo, and it stays the demo when only
where it serves or logs changes; --cards picks a table dealt by hand. The real script is run
by bash beside a setup and a `table` that only say what they were given."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "run-table"


def _run(tmp_path: Path, *args: str) -> tuple[list[str], str]:
    (tmp_path / "scripts").mkdir(exist_ok=True)
    shutil.copy(SCRIPT, tmp_path / "scripts" / "run-table")
    setup = tmp_path / "scripts" / "setup"
    setup.write_text("#!/bin/sh\nexit 0\n")
    table = tmp_path / ".venv" / "bin" / "table"
    table.parent.mkdir(parents=True, exist_ok=True)
    table.write_text('#!/bin/sh\nfor a in "$@"; do echo "$a"; done\n')
    for path in (setup, table, tmp_path / "scripts" / "run-table"):
        path.chmod(0o755)
    done = subprocess.run(
        ["bash", str(tmp_path / "scripts" / "run-table"), *args],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    return done.stdout.splitlines(), done.stderr


@pytest.mark.parametrize(
    "args",
    [
        (),
        ("--port", "8720"),
        ("--log", "/tmp/h.db"),
        ("--game", "blackjack", "--port", "8001"),
        ("--hands", "5"),
    ],
)
def test_the_demo_stays_the_autopilot_when_only_the_port_or_the_log_changes(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    given, said = _run(tmp_path, *args)
    assert given == ["run", "--autopilot", *args]
    assert "autopilot demo" in said


@pytest.mark.parametrize(
    "args",
    [
        ("--cards", "serial:///dev/ttyUSB0"),
        ("--cards=sim://?seed=3",),
        ("--autopilot", "--port", "8720"),
        ("--help",),
    ],
)
def test_a_card_source_or_autopilot_given_is_run_as_given(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    given, said = _run(tmp_path, *args)
    assert given == ["run", *args] and said == ""
