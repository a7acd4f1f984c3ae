"""``table train report``: a trainee's report and the trainer's view from the records, and the
command's refusals as one line (exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from table_controller.cli import main
from table_controller.training.records import TrainingRecords
from table_controller.training.service import Trainer, TrainingSettings
from tests.hand_log.fixtures import log_target, pg_server_url  # noqa: F401  (fixtures)


def _record(db: Path | str, trainee: str, lines: list[str]) -> None:
    clock = iter(range(1_764_000_000, 1_764_000_100))
    with TrainingRecords(str(db)) as records:
        trainer = Trainer(
            TrainingSettings(trainee=trainee, drill="impossible-card"),
            records,
            lambda: float(next(clock)),
        )
        for line in lines:
            trainer.enter(line)


RIGHT = [
    "deal S3",
    "deal S2",
    "deal S1",
    "deal red.hand",
    "deal red.hand",
    "deal green.hand",
    "pit",
]


def test_a_trainees_report_and_the_trainers_view(tmp_path: Path, log_target: str) -> None:
    db = log_target  # a SQLite file, then a PostgreSQL database
    _record(db, "Ana", ["deal S1", *RIGHT])
    _record(db, "Bo", RIGHT)
    out = tmp_path / "ana.html"
    assert main(["train", "report", "--trainee", "Ana", "--log", str(db), "--out", str(out)]) == 0
    html = out.read_text()
    assert (
        "Training report: Ana" in html
        and "<svg" in html
        and "Does not yet meet the standard" in html
    )
    assert "86% right, the standard is 100%" in html and "MC-3" in html
    floor = tmp_path / "floor.html"
    assert (
        main(
            ["train", "report", "--log", str(db), "--out", str(floor), "--procedure-accuracy", "80"]
        )
        == 0
    )
    text = floor.read_text()
    assert (
        "<td>Ana</td>" in text and "<td>Bo</td>" in text and text.count("meets the standard") == 2
    )


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (
            ["train", "report", "--out", "x.html", "--log", "missing.db"],
            "no database at missing.db",
        ),
        (["train", "report", "--log", "{db}"], "needs --out FILE"),
        (
            ["train", "report", "--trainee", "Zed", "--log", "{db}", "--out", "x.html"],
            "no training records for 'Zed'",
        ),
        (["train", "--drill", "payouts"], "needs --trainee NAME"),
        (["train", "--trainee", "Ana", "--drill", "nope"], "--drill is procedure, payouts, totals"),
        (
            ["train", "report", "--payout-accuracy", "120", "--out", "x.html"],
            "--payout-accuracy is a percentage",
        ),
    ],
)
def test_refusals_are_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    words: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "table.db"
    _record(db, "Ana", RIGHT)
    assert main([a.replace("{db}", str(db)) for a in argv]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_table_train_serves_the_training_page(tmp_path: Path) -> None:
    import json
    import subprocess
    import sys
    import time
    import urllib.request

    from tests.dealer_display.live import free_port

    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "train",
            "--trainee",
            "Ana",
            "--game",
            "missouri-city",
            "--drill",
            "totals",
            "--questions",
            "3",
            "--mode",
            "test",
            "--port",
            str(port),
            "--dealer-token",
            "token-for-tests",
            "--log",
            str(tmp_path / "t.db"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = proc.stdout.readline()  # type: ignore[union-attr]
        assert first.startswith(
            f"training page (the trainee's console, keep private): http://127.0.0.1:{port}/train#token=token-for-tests"
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{port}/api/train/state", timeout=5
                ) as response:
                    state = json.load(response)
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, proc.stderr.read()  # type: ignore[union-attr]
                time.sleep(0.1)
        assert (state["trainee"], state["drill"], state["mode"], state["of"]) == (
            "Ana",
            "totals",
            "test",
            3,
        )
    finally:
        proc.terminate()
        proc.wait(timeout=30)
