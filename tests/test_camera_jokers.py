"""The simulated camera draws jokers (Split Decision deals two): a joker's face is a star in each
index corner and a jester's star in the middle, read as no card of the 52 (an unreadable card,
which the dealer is asked to straighten), never named as another card."""

from __future__ import annotations

from drivers.base import CARD
from hardware_sim.camera import SimCamera
from table_controller.cards import parse_card


def test_a_joker_is_unreadable_never_another_card() -> None:
    with SimCamera("sim-camera://?seed=25&frames=2") as camera:
        camera.deal(parse_card("JK"), "S1")
        camera.deal(parse_card("5C"), "green.col1")
        camera.deal(parse_card("JK"), "green.col3")
        for _ in range(4):
            camera.process_frame()
        events = list(camera._pending)
    assert {(e.card.code, e.spot) for e in events if e.kind == CARD} == {("5C", "green.col1")}
    assert {e.spot for e in events if e.kind == "unreadable_card"} == {"S1", "green.col3"}
