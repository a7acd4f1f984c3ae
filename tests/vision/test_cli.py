"""``table vision enrol|identify|calibrate`` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from table_controller.cli import main
from tests.vision.conftest import CARDS_DIR, singles_csv


@pytest.fixture(scope="module")
def deck_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cli")
    out = folder / "deck.json"
    assert (
        main(
            [
                "vision",
                "enrol",
                "--labels",
                str(singles_csv("ee326", folder / "l.csv")),
                "--out",
                str(out),
            ]
        )
        == 0
    )
    return out


def test_identify_prints_one_json_line_per_image_with_the_file_as_given(deck_file: Path) -> None:
    images = ["ee326/8cards_top.jpg", "ee326/green_many.jpg"]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "vision",
            "identify",
            "--deck",
            str(deck_file),
            *images,
        ],
        cwd=CARDS_DIR,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["file"] for line in lines] == images
    first = lines[0]["cards"]
    assert {"AD", "QS", "9S"} <= {c["card"] for c in first}
    for card in first:
        assert set(card) == {"card", "confidence", "corners", "centre"}
        assert len(card["corners"]) == 4 and len(card["centre"]) == 2
        assert 0.0 <= card["confidence"] <= 1.0


def test_identify_without_a_deck_still_answers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vision", "identify", str(CARDS_DIR / "ee326" / "test2.jpg")]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert len(json.loads(line)["cards"]) == 1


def test_identify_with_the_cameras_layout_reads_a_hand_seen_from_beside_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A blackjack hand 60 degrees off overhead: its cards are found by their indices alone, and
    # only the layout's calibration lays their windows out as the table lies.
    import cv2
    import numpy as np

    from vision.staged import hand, layout_seen, stage

    rng = np.random.default_rng(21)
    scene = stage(hand(4, rng), "stepped", "felt", rng, slant=0.5)
    cv2.imwrite(str(tmp_path / "hand.png"), scene.image)
    cv2.imwrite(str(tmp_path / "smaller.png"), cv2.resize(scene.image, (640, 360)))
    layout_seen(0.5).save(tmp_path / "layout.json")
    assert (
        main(
            [
                "vision",
                "identify",
                "--layout",
                str(tmp_path / "layout.json"),
                str(tmp_path / "hand.png"),
                str(tmp_path / "smaller.png"),
            ]
        )
        == 0
    )
    out, err = capsys.readouterr()
    hand_line, _smaller_line = (json.loads(line) for line in out.splitlines())
    assert {c["card"] for c in hand_line["cards"]} - {None} == {card.code for card in scene.cards}
    assert err.strip() == (
        f"table vision identify: {tmp_path / 'smaller.png'} is 640x360, the layout was "
        "calibrated on 1280x720: read without it"
    )
    assert main(["vision", "identify", str(tmp_path / "hand.png")]) == 0
    square = {c["card"] for c in json.loads(capsys.readouterr().out)["cards"]} - {None}
    assert len(square) <= 1, square  # the same picture without the layout


def test_an_unreadable_image_is_one_error_line_and_the_rest_still_print(
    deck_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "not-an-image.jpg"
    bad.write_text("hello")
    good = str(CARDS_DIR / "ee326" / "test.jpg")
    assert main(["vision", "identify", "--deck", str(deck_file), str(bad), good]) == 2
    out, err = capsys.readouterr()
    assert (
        err.strip()
        == f"table vision identify: error: cannot read image {bad}: not a picture OpenCV can decode"
    )
    assert json.loads(out)["file"] == good


def test_enrol_with_a_bad_labels_file_is_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    labels = tmp_path / "labels.csv"
    labels.write_text("file,rank,suit\nx.jpg,A,X\n")
    assert (
        main(["vision", "enrol", "--labels", str(labels), "--out", str(tmp_path / "d.json")]) == 2
    )
    assert "not a card code" in capsys.readouterr().err
    assert not (tmp_path / "d.json").exists()


def test_calibrate_writes_spots_inside_the_marked_layout(tmp_path: Path) -> None:
    out = tmp_path / "layout.json"
    args = [
        "vision",
        "calibrate",
        "--corners",
        "100,80",
        "1180,90",
        "1230,700",
        "60,690",
        "--size",
        "1280,720",
        "--out",
        str(out),
    ]
    assert main(args) == 0
    spots = json.loads(out.read_text())["spots"]
    assert {"S1", "S2", "S3", "red.hand", "green.hand", "red.col3", "green.col1"} <= set(spots)
    for polygon in spots.values():
        for x, y in polygon:
            assert 60 <= x <= 1230 and 80 <= y <= 700


def test_calibrate_rejects_corners_out_of_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [
        "vision",
        "calibrate",
        "--corners",
        "100,80",
        "1230,700",
        "1180,90",
        "60,690",
        "--size",
        "1280,720",
        "--out",
        str(tmp_path / "l.json"),
    ]
    assert main(args) == 2
    assert "go round the layout" in capsys.readouterr().err
