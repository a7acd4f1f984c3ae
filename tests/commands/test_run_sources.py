"""``table run --cards URL --cards URL``: a shoe and a camera that checks it."""

from __future__ import annotations

import httpx2
import pytest

from table_controller.cli import main
from tests.dealer_display.live import free_port
from tests.dealer_display.test_server import start_table, stop, wait_for


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            ["--cards", "sim://", "--cards", "sim://?seed=2"],
            "one card source, or a shoe and a camera",
        ),
        (
            ["--cards", "sim://", "--cards", "sim-camera://", "--autopilot", "--hands", "1"],
            "a shoe and a camera together run on the dealer display: add --port",
        ),
    ],
)
def test_wrong_card_sources_are_one_line_errors(
    options: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", "--no-log", *options]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_table_run_serves_a_shoe_with_a_camera_witnessing_it() -> None:
    port = free_port()
    proc, lines = start_table(
        "--cards", "sim://?seed=3", "--cards", "sim-camera://?seed=3", "--port", str(port)
    )
    try:
        token = lines[1].split("#token=")[1]
        url = f"http://127.0.0.1:{port}"
        wait_for(f"{url}/api/state", lambda b: True)
        httpx2.post(
            f"{url}/api/control", json={"control": "new_deck"}, headers={"X-Dealer-Token": token}
        )
        for _ in range(3):
            assert (
                httpx2.post(f"{url}/api/deal", headers={"X-Dealer-Token": token}).status_code == 200
            )
        body = wait_for(f"{url}/api/state", lambda b: b["camera"]["confirmed"] >= 3, timeout=20)
        assert (
            body["camera"]["source"] == "sim-camera://?seed=3" and body["camera"]["mismatches"] == 0
        )
        assert body["state"]["hardware"]["source"] == "sim://?seed=3"
    finally:
        assert stop(proc) == 0
