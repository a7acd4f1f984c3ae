"""End to end: a simulated shoe deals, a simulated camera films the layout and witnesses every
card, the autopilot plays complete Missouri City hands; on any seed no hand is held for the pit
boss and the camera contradicts nothing (issue 6: a false "7D left green.col1" held demo tables).
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dealer_display.app import create_app
from table_controller.games import make_game
from table_controller.runtime import TableSession
from tests.dealer_display.conftest import LOOPBACK_CLIENT
from tests.dealer_display.live import display_settings

HANDS = 3
PACE = 0.1  # seconds between autopilot steps: fast, yet each card lies a few frames


def play(seed: int) -> tuple[TableSession, dict[str, Any]]:
    shoe, camera = f"sim://?seed={seed}", f"sim-camera://?seed={seed}"
    settings = display_settings(
        shoe, camera_url=camera, autopilot=True, autopilot_hands=HANDS, pace=PACE
    )
    session = TableSession(make_game("missouri-city"), source_url=shoe)
    with TestClient(
        create_app(settings, session), client=LOOPBACK_CLIENT, base_url="http://127.0.0.1"
    ) as client:
        # the autopilot deals the next card once the camera has seen the last (as a dealer
        # would), so however slow the machine the camera sees every card; pytest-timeout
        # bounds a hang
        while session.hands_played < HANDS and session.prompts().irregularity is None:
            time.sleep(0.05)
        state = client.get("/api/state").json()
    return session, state


@pytest.mark.parametrize("seed", [1, 3, 8])
def test_three_hands_with_a_camera_witness_and_no_irregularity(seed: int) -> None:
    session, state = play(seed)
    irregularity = session.prompts().irregularity
    assert irregularity is None, irregularity.reason
    assert session.hands_played >= HANDS
    camera = state["camera"]
    assert camera["mismatches"] == 0
    assert camera["confirmed"] >= 10  # the camera saw the cards, it did not just stay quiet
    assert [w for w in session.hardware.warnings if w["type"] == "camera_mismatch"] == []
