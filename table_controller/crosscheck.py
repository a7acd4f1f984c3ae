"""A shoe and a camera at once: the camera witnesses where each card the shoe read lies.

The shoe's card is the card event; the engine places it, and its prompts say which cards lie
on which spot (show cards S1-S3, each seat's hand and columns). Each card the camera reports
is checked against that layout, and each card it reports gone too:

- seen where the engine put it: confirmed;
- seen at another spot than the engine put it: a misplaced card;
- seen at a spot the engine gave another card, or not from the shoe at all: a switched card;
- gone from the spot the engine still shows it on, while the hand is live: a moved or
  removed card, unless the engine expects it to leave (an ace being replaced);
- seen at the spot the engine is waiting to fill, before the shoe's read of it arrives:
  held until the shoe's next card, then checked.

While the hand is live and not yet held, a mismatch is a :class:`HardwareIrregularity` with a
plain reason (the pit boss resolves it); otherwise it is a hardware warning. Both are logged.
The rules stay in the engine: this module only compares its prompts with what the camera saw.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from table_controller.engine import Expected, TablePrompts
from table_controller.errors import ConfigError
from table_controller.events import NEW_DECK, HardwareIrregularity

CAMERA_SCHEMES = frozenset({"camera", "sim-camera"})


def split_sources(urls: list[str]) -> tuple[str, str | None]:
    """``--cards`` given once or twice: (the card reader, the camera witnessing it or None).

    Raises:
        ConfigError: more than two sources, or two that are not a shoe and a camera.
    """
    if len(urls) == 1:
        return urls[0], None
    cameras = [u for u in urls if u.split("://", 1)[0] in CAMERA_SCHEMES]
    if len(urls) != 2 or len(cameras) != 1:
        raise ConfigError("--cards takes one card source, or a shoe and a camera "
                          f"(e.g. --cards sim://?seed=42 --cards sim-camera://?seed=3); got {' '.join(urls)}")
    shoe = next(u for u in urls if u not in cameras)
    return shoe, cameras[0]


def layout_cards(prompts: TablePrompts) -> dict[str, tuple[str, ...]]:
    """Which cards the engine has on which layout spot (spot names as in the calibration)."""
    spots = {f"S{n}": (code,) for n, code in enumerate(prompts.show_cards, start=1) if code}
    for seat in prompts.seats:
        in_columns = {code for code in seat.columns if code}
        spots[f"{seat.seat}.hand"] = tuple(c for c in seat.cards if c not in in_columns)
        for k, code in enumerate(seat.columns, start=1):
            if code:
                spots[f"{seat.seat}.col{k}"] = (code,)
    return {spot: cards for spot, cards in spots.items() if cards}


def _dealt_to(layout: dict[str, tuple[str, ...]], code: str) -> str | None:
    return next((spot for spot, cards in layout.items() if code in cards), None)


def sighting_mismatch(prompts: TablePrompts, code: str, spot: str) -> str | None:
    """Why the camera's ``code`` at ``spot`` disagrees with the engine, or None if it agrees."""
    layout = layout_cards(prompts)
    if code in layout.get(spot, ()):
        return None
    dealt_to = _dealt_to(layout, code)
    if dealt_to is not None:
        return f"misplaced card: the camera sees {code} at {spot}, but it was dealt to {dealt_to}"
    here = layout.get(spot, ())
    if here:
        return (f"switched card? the camera sees {code} at {spot}, where the shoe's "
                f"{' '.join(here)} was dealt")
    return f"the camera sees {code} at {spot}, but the shoe read no such card"


def gone_mismatch(prompts: TablePrompts, expected: Expected, code: str, spot: str) -> str | None:
    """Why ``code`` leaving ``spot`` is irregular, or None if the engine expected it to leave."""
    if code not in layout_cards(prompts).get(spot, ()):
        return None  # the engine has moved it already: discarded, pushed, replaced
    deal = expected.deal
    if deal is not None and deal.purpose == "ace_replacement" and deal.spot == spot and code[0] == "A":
        return None  # the ace is being replaced: the dealer discards it first
    return f"{code} left {spot} while the hand is live: count and check the cards on the layout"


def hand_is_live(prompts: TablePrompts, expected: Expected) -> bool:
    """A hand is dealing or in play and not already held for the pit boss."""
    return not expected.hand_over and NEW_DECK not in expected.controls and prompts.irregularity is None


@dataclass
class CameraWitness:
    """Checks a camera's reports against a :class:`~table_controller.runtime.TableSession`.

    Call it on the same thread as the session's other events (the display's loop).
    """

    session: Any  # TableSession: a Protocol would only repeat its three methods
    confirmed: int = 0
    mismatches: int = 0
    _held: list[tuple[str, str, str, float]] = field(default_factory=list)

    def seen(self, code: str, spot: str | None, *, source: str, at: float) -> None:
        if spot is None:
            return  # off every spot: a discard tray, a hand passing over the layout
        expected = self.session.expected()
        if expected.deal is not None and expected.deal.spot == spot and not self._known(code):
            self._held.append((code, spot, source, at))  # the shoe's read may still be on its way
            return
        self._judge(sighting_mismatch(self.session.prompts(), code, spot), source=source, at=at)

    def gone(self, code: str, spot: str | None, *, source: str, at: float) -> None:
        if spot is None:
            return
        self._judge(gone_mismatch(self.session.prompts(), self.session.expected(), code, spot),
                    source=source, at=at)

    def shoe_card_applied(self) -> None:
        """The shoe's card reached the engine: check the sightings that waited for it."""
        held, self._held = self._held, []
        for code, spot, source, at in held:
            self._judge(sighting_mismatch(self.session.prompts(), code, spot), source=source, at=at)

    def to_dict(self) -> dict[str, Any]:
        return {"confirmed": self.confirmed, "mismatches": self.mismatches, "waiting": len(self._held)}

    def _known(self, code: str) -> bool:
        return _dealt_to(layout_cards(self.session.prompts()), code) is not None

    def _judge(self, reason: str | None, *, source: str, at: float) -> None:
        if reason is None:
            self.confirmed += 1
            return
        self.mismatches += 1
        if hand_is_live(self.session.prompts(), self.session.expected()):
            self.session.submit(HardwareIrregularity(reason), source=source, at=at)
        else:
            self.session.hardware_event({"type": "warning", "reason": "camera_mismatch", "detail": reason},
                                        source=source, at=at)
