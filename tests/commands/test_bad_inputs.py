"""Inputs that ended in "internal error (a bug, please report it)", exit 70 (issue 38): each is
one plain line with its reason now, exit 1 (a failure) or 2 (bad usage, an invalid input file)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from table_controller.cli import main
from table_controller.hand_log import HandLog
from tests.hand_log.fixtures import _data_dir, key_path, log_target, pg_server_url
from tests.hand_log.raw import raw_sql
from tests.hand_log.sample import write_hands

__all__ = ["_data_dir", "key_path", "log_target", "pg_server_url"]


def one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str]:
    capsys.readouterr()
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own refusals
        code = int(stop.code or 0)
    err = capsys.readouterr().err.strip()
    assert "internal error" not in err and len(err.splitlines()) == 1, err
    return code, err


@pytest.mark.parametrize("action", ["verify", "show", "hands", "export", "report", "checkpoint"])
def test_a_log_whose_seq_holds_text(
    tmp_path: Path, key_path: Path, action: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "hands.db")
    with HandLog.open(db, key_path=key_path) as log:
        write_hands(log, 2)
    raw_sql(
        db, "UPDATE hand_records SET seq = 'abc' WHERE seq = 1"
    )  # a header: every action reads it
    extra = {
        "verify": ["--key", str(key_path)],
        "show": ["h0000"],
        "hands": [],
        "export": ["--format", "csv"],
        "report": ["--out", str(tmp_path / "r.html"), "--key", str(key_path)],
        "checkpoint": ["--out", str(tmp_path / "w")],
    }[action]
    code, err = one_line(capsys, ["audit", action, db, *extra])
    assert code == 1 and err.endswith(
        "holds seq 'abc' where a number belongs: the database was altered outside the log"
    ), err


def test_verify_on_a_symlink_loop(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.db").symlink_to(tmp_path / "b.db")
    (tmp_path / "b.db").symlink_to(tmp_path / "a.db")
    code, err = one_line(capsys, ["audit", "verify", str(tmp_path / "a.db")])
    assert code == 1 and err.endswith("a loop of symbolic links")


def test_a_report_to_a_file_that_cannot_be_written(
    tmp_path: Path, key_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "hands.db")
    assert (
        main(["run", "--autopilot", "--hands", "1", "--log", db, "--key", str(key_path), "--quiet"])
        == 0
    )
    code, err = one_line(
        capsys, ["audit", "report", db, "--key", str(key_path), "--out", "/proc/version"]
    )
    assert code == 2 and err.startswith("table audit: error: cannot write /proc/version: ")


@pytest.mark.parametrize("option", ["--deck", "--layout"])
def test_vision_identify_given_json_100000_deep(
    tmp_path: Path, option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import cv2
    import numpy as np

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    picture = tmp_path / "x.png"
    cv2.imwrite(str(picture), np.zeros((40, 40, 3), np.uint8))
    code, err = one_line(capsys, ["vision", "identify", option, str(deep), str(picture)])
    assert code == 2 and err.endswith("its JSON nests too deep")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (bytes(range(256)) * 8, "is not UTF-8 text"),
        (b"file,rank,suit\na.png," + b"A" * 200_000 + b",S\n", "field larger than field limit"),
    ],
)
def test_vision_enrol_given_labels_that_are_not_a_csv(
    tmp_path: Path, content: bytes, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    labels = tmp_path / "labels.csv"
    labels.write_bytes(content)
    code, err = one_line(
        capsys, ["vision", "enrol", "--labels", str(labels), "--out", str(tmp_path / "d.json")]
    )
    assert code == 2 and reason in err


def test_staff_add_into_a_folder_that_does_not_exist(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1234\n"))
    target = tmp_path / "nowhere" / "staff.json"
    code, err = one_line(
        capsys, ["staff", "add", str(target), "bob", "--name", "Bob", "--role", "dealer"]
    )
    assert (
        code == 2
        and err
        == f"table staff: error: cannot write the staff file {target}: No such file or directory"
    )


@pytest.mark.parametrize("action", ["show", "export", "report"])
def test_a_record_of_another_shape_than_the_table_writes(
    tmp_path: Path, key_path: Path, action: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "hands.db")
    assert (
        main(
            [
                "run",
                "--game",
                "blackjack",
                "--autopilot",
                "--hands",
                "1",
                "--log",
                db,
                "--key",
                str(key_path),
                "--quiet",
            ]
        )
        == 0
    )
    seq, hand = raw_sql(
        db, "SELECT seq, hand_id FROM hand_records WHERE kind = 'event' ORDER BY seq LIMIT 1"
    )[0]
    raw_sql(
        db,
        "UPDATE hand_records SET payload = ? WHERE seq = ?",
        ('{"effects":5,"event":"x","prompts":5}', seq),
    )
    extra = {
        "show": [hand],
        "export": ["--format", "sheet"],
        "report": ["--out", str(tmp_path / "r.html"), "--key", str(key_path)],
    }[action]
    code, err = one_line(capsys, ["audit", action, db, *extra])
    assert code == 1 and "holds a record not shaped as a table writes it" in err
