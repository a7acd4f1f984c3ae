"""What a shoe's hardware report does to the table: a held hand during play, a notice between
hands, and notices taken down by the report that ends them or by the next deck."""

from __future__ import annotations

import pytest

from table_controller.events import NEW_DECK, Control
from table_controller.games import make_game
from table_controller.hardware_alerts import CUT_CARD_NOTICE, GAP_HOLD, HardwareAlert, alert_for
from table_controller.runtime import TableSession

ERROR = {"type": "device_error", "code": "READER", "text": "card reader fault"}


@pytest.mark.parametrize(
    ("report", "live", "held", "notice"),
    [
        ({"type": "sequence_gap"}, False, True, None),
        ({"type": "shoe_jammed"}, True, True, "jam"),
        ({"type": "shoe_jammed"}, False, False, "jam"),
        ({"type": "door_opened"}, True, True, "door"),
        ({"type": "door_opened"}, False, False, "door"),  # loading a deck between hands
        (ERROR, True, True, "device_error"),
        (ERROR, False, False, "device_error"),
        ({"type": "cut_card", "seq": 40}, True, False, "cut_card"),
    ],
)
def test_alert_table(report: dict, live: bool, held: bool, notice: str | None) -> None:
    alert = alert_for(report, hand_live=live)
    assert (alert.hold is not None) == held
    assert (alert.notice[0] if alert.notice else None) == notice


def test_reports_that_end_a_condition_clear_its_notice() -> None:
    assert alert_for({"type": "jam_cleared"}, hand_live=True) == HardwareAlert(clears="jam")
    assert alert_for({"type": "door_closed"}, hand_live=False) == HardwareAlert(clears="door")
    assert alert_for({"type": "heartbeat"}, hand_live=True) == HardwareAlert()
    assert alert_for({"type": "sequence_gap"}, hand_live=True).hold == GAP_HOLD


def test_between_hands_a_jam_is_shown_not_held_and_cleared_by_its_end() -> None:
    session = TableSession(make_game("missouri-city"))
    session.hardware_event({"type": "shoe_jammed"}, source="serial://x")
    assert session.prompts().irregularity is None
    assert session.snapshot()["hardware"]["notices"] == ["The shoe is jammed: clear it"]
    session.hardware_event({"type": "jam_cleared"}, source="serial://x")
    assert session.snapshot()["hardware"]["notices"] == []


def test_device_error_names_code_and_text_and_holds_a_live_hand() -> None:
    session = TableSession(make_game("missouri-city"))
    session.submit(Control(NEW_DECK), source="console:dealer")
    session.hardware_event(ERROR, source="serial://x")
    irregularity = session.prompts().irregularity
    assert irregularity is not None and irregularity.kind == "hardware"
    assert "(READER: card reader fault)" in irregularity.reason
    assert session.snapshot()["hardware"]["notices"] == [
        "The shoe reported an error (READER: card reader fault)"
    ]


def test_the_cut_card_notice_stands_until_a_new_deck_is_loaded() -> None:
    session = TableSession(make_game("missouri-city"))
    session.hardware_event({"type": "cut_card", "seq": 9}, source="serial://x")
    assert session.snapshot()["hardware"]["notices"] == [CUT_CARD_NOTICE]
    session.submit(Control(NEW_DECK), source="console:dealer")
    assert session.snapshot()["hardware"]["notices"] == []


def test_a_camera_layout_of_another_picture_size_stands_as_a_notice_and_holds_nothing() -> None:
    session = TableSession(make_game("missouri-city"))
    why = (
        "the camera's picture is 1600x900, the layout was calibrated on 1280x720: calibrate "
        "again (table vision calibrate)"
    )
    session.hardware_event(
        {"type": "warning", "reason": "layout_size", "why": why}, source="camera://0"
    )
    assert session.prompts().irregularity is None
    assert session.snapshot()["hardware"]["notices"] == ["T" + why[1:]]


def test_a_refused_new_deck_leaves_the_cut_card_notice_up() -> None:
    session = TableSession(make_game("missouri-city"))
    session.submit(Control(NEW_DECK), source="console:dealer")
    session.hardware_event({"type": "cut_card", "seq": 9}, source="serial://x")
    session.submit(Control(NEW_DECK), source="console:dealer")  # mid-hand: refused
    assert session.last_refusal is not None
    assert session.snapshot()["hardware"]["notices"] == [CUT_CARD_NOTICE]
