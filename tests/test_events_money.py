"""Money in the event stream: wagers and staking decisions round-trip through the log's form."""

from __future__ import annotations

import pytest

from table_controller.engine import Payment, Settled
from table_controller.events import Decision, Wager, event_from_dict, event_to_dict
from table_controller.serialize import effect_to_dict


def test_a_wager_and_an_insurance_decision_round_trip() -> None:
    for event in (Wager("seat3", "side", 500), Decision("seat1", "insurance", 1250)):
        assert event_from_dict(event_to_dict(event)) == event


def test_a_decision_without_money_logs_as_before() -> None:
    """The Backhand series' logged hands keep their exact form."""
    assert event_to_dict(Decision("red", "hit")) == {
        "type": "decision",
        "seat": "red",
        "action": "hit",
    }


@pytest.mark.parametrize("amount", [12.5, "1000", True, None])
def test_an_amount_that_is_not_whole_cents_is_refused(amount: object) -> None:
    with pytest.raises(ValueError, match="whole number of cents"):
        event_from_dict({"type": "wager", "seat": "seat1", "bet": "main", "amount": amount})


def test_a_settlement_is_logged_with_every_figure() -> None:
    pay = Payment(
        "seat2",
        "side",
        staked=500,
        collected=0,
        returned=500,
        paid=2000,
        reason="side bet, ace-eight, 4 to 1",
        rule="DMH-3",
    )
    assert pay.net == 2000
    assert effect_to_dict(Settled(pay)) == {
        "type": "settled",
        "seat": "seat2",
        "bet": "side",
        "staked": 500,
        "collected": 0,
        "returned": 500,
        "paid": 2000,
        "net": 2000,
        "reason": "side bet, ace-eight, 4 to 1",
        "rule": "DMH-3",
    }
