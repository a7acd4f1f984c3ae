"""The calibration server's API and ``table vision calibrate``: bad corners, a picture that
cannot be read and a missing or wrong PIN each get one plain sentence; nothing is written
until a Save with the PIN; the numeric form keeps working."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import cv2
import httpx2
import pytest
from fastapi.testclient import TestClient

from dealer_display.calibration import CalibrationSettings, create_calibration_app
from dealer_display.calibration_server import picture_from_camera, picture_from_image
from hardware_sim.camera import SimCamera
from table_controller.camera_places import camera_places
from table_controller.cli import main
from table_controller.errors import ConfigError
from table_controller.games import make_game
from tests.dealer_display.live import PIT_BOSS_PIN, free_port
from tests.dealer_display.test_server import ROOT
from vision.calibration import calibrate, load_layout

CORNERS = [(205.0, 58.0), (1075.0, 58.0), (1242.0, 684.0), (38.0, 684.0)]
PLACES = camera_places(make_game("missouri-city"))  # the registry's default game
PIN = {"X-Pit-Boss-Pin": PIT_BOSS_PIN}


@pytest.fixture
def frame(tmp_path: Path) -> Path:
    path = tmp_path / "frame.jpg"
    cv2.imwrite(str(path), SimCamera("sim-camera://?seed=2").frame())
    return path


@pytest.fixture
def client(tmp_path: Path, frame: Path) -> TestClient:
    settings = CalibrationSettings(
        out=tmp_path / "layout.json", pit_boss_pin=PIT_BOSS_PIN, places=PLACES
    )
    return TestClient(
        create_calibration_app(settings, picture_from_image(frame)), base_url="http://127.0.0.1"
    )


def spots(client: TestClient, corners: list[tuple[float, float]]) -> tuple[int, object]:
    response = client.post("/api/calibration/spots", json={"corners": corners})
    return response.status_code, response.json()


def test_the_page_and_its_picture_are_served(client: TestClient) -> None:
    assert client.get("/calibrate").headers["content-type"].startswith("text/html")
    info = client.get("/api/calibration").json()
    assert info["image_size"] == [1280, 720] and info["corner_names"] == [
        "far-left",
        "far-right",
        "near-right",
        "near-left",
    ]
    assert info["can_retake"] is False
    picture = client.get("/api/calibration/picture")
    assert picture.headers["content-type"] == "image/jpeg" and picture.content[:2] == b"\xff\xd8"
    assert (
        client.post("/api/calibration/picture")
        .json()["detail"]
        .startswith("the picture is a file, not a camera")
    )


def test_the_spots_are_the_ones_the_camera_uses(client: TestClient) -> None:
    status, body = spots(client, CORNERS)
    assert status == 200
    assert body["spots"] == {
        name: [list(p) for p in poly]
        for name, poly in calibrate(CORNERS, (1280, 720), PLACES).spots.items()
    }


@pytest.mark.parametrize(
    ("corners", "detail"),
    [
        (CORNERS[:3], "a layout has 4 corners, got 3"),
        (
            [CORNERS[0], CORNERS[1], CORNERS[3], CORNERS[2]],
            "the 4 corners must go round the layout (far-left, "
            "far-right, near-right, near-left) and enclose some area",
        ),
        (
            [(100.0, 100.0), (101.0, 100.0), (101.0, 101.0), (100.0, 101.0)],
            "the 4 corners must go round the layout",
        ),
        (
            list(reversed(CORNERS)),
            "the corners go round the wrong way: far-left, far-right, near-right, near-left "
            "run clockwise in the camera's picture",
        ),
        (
            [CORNERS[0], (1400.0, 58.0), *CORNERS[2:]],
            "the far-right corner (1400, 58) is off the 1280x720 picture",
        ),
    ],
)
def test_corners_that_make_no_layout_get_a_plain_reason(
    client: TestClient, corners, detail: str
) -> None:
    status, body = spots(client, corners)
    assert status == 400 and body["detail"].startswith(detail)
    assert (
        client.post("/api/calibration/save", json={"corners": corners}, headers=PIN).status_code
        == 400
    )


def test_saving_needs_the_pin_and_writes_the_layout(client: TestClient, tmp_path: Path) -> None:
    out = tmp_path / "layout.json"
    missing = client.post("/api/calibration/save", json={"corners": CORNERS})
    wrong = client.post(
        "/api/calibration/save", json={"corners": CORNERS}, headers={"X-Pit-Boss-Pin": "9999"}
    )
    assert (missing.status_code, wrong.status_code) == (401, 403)
    assert wrong.json()["detail"] == "the pit-boss PIN is wrong" and not out.exists()
    saved = client.post("/api/calibration/save", json={"corners": CORNERS}, headers=PIN)
    assert saved.status_code == 200 and saved.json()["saved"] == str(out)
    assert load_layout(out) == calibrate(CORNERS, (1280, 720), PLACES)
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".partial")] == []


def test_a_camera_picture_can_be_taken_again() -> None:
    with picture_from_camera("sim-camera://?seed=4") as picture:
        first = picture.jpeg
        picture.retake()
        assert picture.size == (1280, 720) and picture.version == 1 and picture.jpeg != first


def test_a_card_source_that_is_no_camera_is_refused() -> None:
    with (
        pytest.raises(ConfigError, match=r"--camera wants a camera \(camera://0"),
        picture_from_camera("sim://?seed=1"),
    ):
        pass


def test_an_unreadable_picture_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = tmp_path / "notes.jpg"
    text.write_text("not a picture")
    for image in (text, tmp_path / "missing.png"):
        assert (
            main(
                [
                    "vision",
                    "calibrate",
                    "--image",
                    str(image),
                    "--serve",
                    "--out",
                    str(tmp_path / "l.json"),
                ]
            )
            == 2
        )
        err = capsys.readouterr().err
        assert err.strip().endswith(
            f"cannot read image {image}: not a picture file (jpg, png, bmp)"
        )
        assert err.count("\n") == 1
    assert not (tmp_path / "l.json").exists()


@pytest.mark.parametrize(
    ("args", "detail"),
    [
        ([], "give --corners X,Y X,Y X,Y X,Y, or --serve to click them on the camera's picture"),
        (
            ["--serve", "--corners", "1,1", "2,1", "2,2", "1,2"],
            "give --corners X,Y X,Y X,Y X,Y, or --serve",
        ),
        (["--serve"], "--serve needs a picture to mark: --image FRAME or --camera URL"),
        (["--corners", "1,1", "9,1", "9,9", "1,9"], "--corners needs the picture's size"),
    ],
)
def test_calibrate_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], detail: str
) -> None:
    assert main(["vision", "calibrate", *args, "--out", str(tmp_path / "l.json")]) == 2
    assert detail in capsys.readouterr().err


def test_the_numeric_form_takes_the_size_from_a_picture(tmp_path: Path, frame: Path) -> None:
    corners = [f"{x:g},{y:g}" for x, y in CORNERS]
    assert (
        main(
            [
                "vision",
                "calibrate",
                "--corners",
                *corners,
                "--image",
                str(frame),
                "--out",
                str(tmp_path / "a.json"),
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "vision",
                "calibrate",
                "--corners",
                *corners,
                "--size",
                "1280,720",
                "--out",
                str(tmp_path / "b.json"),
            ]
        )
        == 0
    )
    assert (
        load_layout(tmp_path / "a.json")
        == load_layout(tmp_path / "b.json")
        == calibrate(CORNERS, (1280, 720), PLACES)
    )


def test_a_game_with_a_declared_layout_is_calibrated_to_its_places(tmp_path: Path, capsys) -> None:
    corners = [f"{x:g},{y:g}" for x, y in CORNERS]
    out = tmp_path / "bj.json"
    args = [
        "vision",
        "calibrate",
        "--corners",
        *corners,
        "--size",
        "1280,720",
        "--game",
        "blackjack",
        "--seats",
        "5",
        "--out",
        str(out),
    ]
    assert main(args) == 0
    assert "wrote 6 spots" in capsys.readouterr().out  # the dealer and five seats
    places = camera_places(make_game("blackjack", seats=5))
    assert load_layout(out) == calibrate(CORNERS, (1280, 720), places)
    assert sorted(load_layout(out).spots) == ["dealer", "seat1", "seat2", "seat3", "seat4", "seat5"]


def test_the_serving_command_prints_where_to_look_saves_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    port, out = free_port(), tmp_path / "layout.json"
    command = [
        sys.executable,
        "-m",
        "table_controller.cli",
        "vision",
        "calibrate",
        "--camera",
        "sim-camera://?seed=3",
        "--serve",
        "--port",
        str(port),
        "--out",
        str(out),
    ]
    env = {**os.environ, "TABLE_PIT_BOSS_PIN": "2468"}
    proc = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline().strip() for _ in range(3)]
        assert lines[:2] == [
            f"calibration page: http://127.0.0.1:{port}/calibrate",
            "pit-boss PIN (to save): 2468",
        ]
        body = {"corners": CORNERS}
        saved = post_when_up(
            f"http://127.0.0.1:{port}/api/calibration/save", body, {"X-Pit-Boss-Pin": "2468"}
        )
        assert saved.status_code == 200 and load_layout(out) == calibrate(
            CORNERS, (1280, 720), PLACES
        )
        assert proc.stdout.readline().strip() == f"wrote 11 spots to {out}"
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=10) == 0


def post_when_up(url: str, body: object, headers: dict[str, str]) -> httpx2.Response:
    deadline = time.monotonic() + 60
    while True:
        try:
            return httpx2.post(url, json=body, headers=headers, timeout=5)
        except httpx2.TransportError:
            assert time.monotonic() < deadline, f"{url} never answered"
            time.sleep(0.05)
