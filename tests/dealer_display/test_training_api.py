"""The training routes behind the display's gate: the dealer token for every entry, plain
refusals for lines that are not steps, a new attempt by name, and the reports."""

from __future__ import annotations

import random
import string
from pathlib import Path

from fastapi.testclient import TestClient

from dealer_display.training_app import create_training_app
from table_controller.training.records import TrainingRecords
from table_controller.training.service import Trainer, TrainingSettings
from tests.dealer_display.conftest import DEALER, LOOPBACK_CLIENT
from tests.dealer_display.live import display_settings


def client_for(trainer: Trainer) -> TestClient:
    app = create_training_app(display_settings("sim://?seed=1"), trainer)
    return TestClient(app, client=LOOPBACK_CLIENT, base_url="http://127.0.0.1")


def test_entries_need_the_dealer_token_and_bad_lines_are_refused_plainly(tmp_path: Path) -> None:
    trainer = Trainer(
        TrainingSettings(trainee="Ana", drill="stand-pat-window"),
        TrainingRecords(str(tmp_path / "t.db")),
    )
    with client_for(trainer) as client:
        assert client.post("/api/train/enter", json={"line": "deal S3"}).status_code == 401
        assert (
            client.post(
                "/api/train/enter",
                json={"line": "deal S3"},
                headers={"X-Dealer-Token": "wrong-token-123"},
            ).status_code
            == 403
        )
        refused = client.post("/api/train/enter", json={"line": "pay seat1 lots"}, headers=DEALER)
        assert refused.status_code == 400 and refused.json()["detail"].startswith(
            "an amount is dollars"
        )
        right = client.post("/api/train/enter", json={"line": "deal S3"}, headers=DEALER).json()
        assert right["answer"]["right"] and right["state"]["summary"]["steps"] == 1
        state = client.get("/api/train/state").json()
        assert state["trainee"] == "Ana" and state["drill_name"] == "scenario:stand-pat-window"
        assert state["card"] == "6H"  # the card in hand, and no more of the deck
        assert "10H" not in str(state) and "right_step" not in str(state)
        assert (
            client.post("/api/train/start", json={"drill": "nope"}, headers=DEALER).status_code
            == 400
        )
        elsewhere = client.post(
            "/api/train/start", json={"drill": str(tmp_path / "t.db")}, headers=DEALER
        )
        assert elsewhere.status_code == 400 and elsewhere.json()["detail"].startswith("no drill")
        fresh = client.post(
            "/api/train/start", json={"drill": "totals", "mode": "test"}, headers=DEALER
        ).json()
        assert fresh["state"]["drill"] == "totals" and fresh["state"]["mode"] == "test"
        assert "Training report: Ana" in client.get("/train/report").text
        assert "<td>" in client.get("/train/trainees").text
    trainer.records.close()  # type: ignore[union-attr]


def test_no_console_line_breaks_the_drill() -> None:
    """Random lines are answered as a right step, a scored error, or a plain refusal."""
    trainer = Trainer(
        TrainingSettings(trainee="Fuzz", drill="dealer-blackjack-insurance"), None, lambda: 0.0
    )
    rng = random.Random(1)
    words = [
        "deal",
        "pit",
        "pay",
        "collect",
        "push",
        "seat1",
        "seat4",
        "dealer/hole",
        "hit",
        "insurance",
        "10",
        "$5.5",
        "-3",
    ]
    with client_for(trainer) as client:
        for _ in range(300):
            if rng.random() < 0.5:
                line = " ".join(rng.choice(words) for _ in range(rng.randint(1, 4)))
            else:
                line = "".join(rng.choice(string.printable) for _ in range(rng.randint(1, 30)))
            response = client.post("/api/train/enter", json={"line": line}, headers=DEALER)
            assert response.status_code in (200, 400, 422), (line, response.text)
            if response.status_code == 400:
                assert "\n" not in response.json()["detail"]
