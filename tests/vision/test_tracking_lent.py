"""The tracker and the frames a camera lends a card's name to (drivers.camera: a card that reads
as unreadable where a card was read a frame ago): one sure read is not yet a card."""

from __future__ import annotations

from table_controller.cards import parse_card
from vision.recogniser import CardGuess
from vision.tracking import SEEN, SpotTracker

CORNERS = ((0.0, 0.0), (10.0, 0.0), (10.0, 14.0), (0.0, 14.0))


def guess(code: str) -> CardGuess:
    return CardGuess(parse_card(code), 0.99, CORNERS, (5.0, 7.0), parse_card(code))


def reported(frames: list[tuple[str, bool]]) -> list[str]:
    """Card codes reported over ``frames`` of (name, lent): one card lying still."""
    tracker, out = SpotTracker(frames_needed=3), []
    for code, lent in frames:
        out += [
            s.card.code
            for s in tracker.update([guess(code)], {0} if lent else set())
            if s.kind == SEEN
        ]
    return out


def test_one_sure_read_lent_to_the_frames_after_it_is_not_a_card() -> None:
    assert reported([("AS", False), ("AS", True), ("AS", True), ("AS", True)]) == []


def test_a_card_read_twice_counts_the_lent_frames_after_it() -> None:
    assert reported([("AC", False), ("AC", True), ("AC", False), ("AC", True)]) == ["AC"]


def test_a_card_read_in_every_frame_needs_no_lent_frame() -> None:
    assert reported([("AC", False)] * 3) == ["AC"]
