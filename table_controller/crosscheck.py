"""A shoe and a camera at once: the camera witnesses where each card the shoe read lies.

The shoe's card is the card event; the engine places it, and the game says which face-up cards
lie on which of its camera's places (``game.placed_cards``). Each card the camera reports is
checked against that layout, and each card it reports gone too:

- seen where the engine put it: confirmed;
- seen at another spot than the engine put it: a misplaced card;
- seen at a spot the engine gave another card, or not from the shoe at all: a switched card;
- gone from the spot the engine still shows it on, while the hand is live: a moved or
  removed card, unless the engine expects it to leave (an ace being replaced);
- seen at the spot the engine is waiting to fill, before the shoe's read of it arrives:
  held until the shoe's next card, then checked;
- a card the shoe read that the camera has not seen after ``confirm_seconds``, or a held
  sighting the shoe has not read by then: a hardware warning the dealer sees
  (``camera_unconfirmed``, ``camera_unmatched``), once per card.

While the hand is live and not yet held, a mismatch is a :class:`HardwareIrregularity` with a
plain reason (the pit boss resolves it); otherwise it is a hardware warning. Both are logged.
The rules stay in the engine: this module only compares its prompts with what the camera saw.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from table_controller.camera_places import place_of
from table_controller.engine import Expected, TablePrompts, hand_of, layout_cards
from table_controller.errors import ConfigError
from table_controller.events import NEW_DECK, HardwareIrregularity

CAMERA_SCHEMES = frozenset({"camera", "sim-camera"})
CONFIRM_SECONDS = 5.0  # how long the camera has to see a card the shoe read (and vice versa)
LAYOUT_HISTORY_SECONDS = 60.0  # how far back a late frame can be judged


def split_sources(urls: list[str]) -> tuple[str, str | None]:
    """``--cards`` given once or twice: (the card reader, the camera witnessing it or None).

    Raises:
        ConfigError: more than two sources, or two that are not a shoe and a camera.
    """
    if len(urls) == 1:
        return urls[0], None
    cameras = [u for u in urls if u.split("://", 1)[0] in CAMERA_SCHEMES]
    if len(urls) != 2 or len(cameras) != 1:
        raise ConfigError(
            "--cards takes one card source, or a shoe and a camera "
            f"(e.g. --cards sim://?seed=42 --cards sim-camera://?seed=3); got {' '.join(urls)}"
        )
    shoe = next(u for u in urls if u not in cameras)
    return shoe, cameras[0]


def names(camera_spot: str, spot: str) -> bool:
    """Whether the camera's place ``camera_spot`` is where the engine's ``spot`` lies: its
    place, or its hand on a place split among hands (``seat3/h2`` for ``seat3/h2/card2``)."""
    return camera_spot in (place_of(spot), hand_of(spot))


def _dealt_to(layout: dict[str, tuple[str, ...]], code: str) -> str | None:
    return next((spot for spot, cards in layout.items() if code in cards), None)


def sighting_mismatch(layout: dict[str, tuple[str, ...]], code: str, spot: str) -> str | None:
    """Why the camera's ``code`` at ``spot`` disagrees with the engine's ``layout``, or None."""
    if code in layout.get(spot, ()):
        return None
    dealt_to = _dealt_to(layout, code)
    if dealt_to is not None:
        return f"misplaced card: the camera sees {code} at {spot}, but it was dealt to {dealt_to}"
    here = layout.get(spot, ())
    if here:
        return (
            f"switched card? the camera sees {code} at {spot}, where the shoe's "
            f"{' '.join(here)} was dealt"
        )
    return f"the camera sees {code} at {spot}, but the shoe read no such card"


def gone_mismatch(
    layout: dict[str, tuple[str, ...]], expected: Expected, code: str, spot: str
) -> str | None:
    """Why ``code`` leaving ``spot`` is irregular, or None if the engine expected it to leave."""
    if expected.hand_over:
        return None  # the result is in: the dealer collects the cards
    if code not in layout.get(spot, ()):
        return None  # the engine has moved it already: discarded, pushed, replaced
    deal = expected.deal
    if (
        deal is not None
        and deal.purpose == "ace_replacement"
        and names(spot, deal.spot)
        and code[0] == "A"
    ):
        return None  # the ace is being replaced: the dealer discards it first
    return f"{code} left {spot} while the hand is live: count and check the cards on the layout"


def card_gone_matters(
    prompts: TablePrompts,
    expected: Expected,
    event: dict[str, Any],
    layout: dict[str, tuple[str, ...]] | None = None,
) -> bool:
    """Whether a camera's ``card_gone`` report (a card source's event dict) is something the
    dealer must act on: a card the engine still has on the layout left it before the result.
    ``layout``: the cards on the game's places, if the game names its own."""
    code, spot = event.get("card"), event.get("spot")
    if not code or not spot:
        return False  # off every spot, or a card never named: nothing on the layout moved
    layout = layout_cards(prompts) if layout is None else layout
    return gone_mismatch(layout, expected, str(code), str(spot)) is not None


def is_card_gone(event: dict[str, Any]) -> bool:
    return event.get("type") == "warning" and event.get("reason") == "card_gone"


def hand_is_live(prompts: TablePrompts, expected: Expected) -> bool:
    """A hand is dealing or in play and not already held for the pit boss."""
    return (
        not expected.hand_over
        and NEW_DECK not in expected.controls
        and prompts.irregularity is None
    )


@dataclass
class _Pending:
    """A shoe card the camera has not confirmed yet, or a sighting the shoe has not read yet."""

    code: str
    spot: str
    since: float
    source: str = ""
    warned: bool = False


@dataclass
class CameraWitness:
    """Checks a camera's reports against a :class:`~table_controller.runtime.TableSession`.

    Call it on the same thread as the session's other events (the display's loop), and call
    :meth:`check_overdue` every second or so. A sighting is judged against the layout the
    engine had when its frame was filmed (``at``): a frame filmed just before the cards were
    collected shows the last hand's cards, which is no switch.
    """

    session: Any  # TableSession: a Protocol would only repeat its three methods
    source: str = "camera"  # the camera's URL, the source of the warnings it causes
    # the engine's cards by place now; the game's own account (``game.placed_cards``) by default
    layout_now: Any = None
    confirm_seconds: float = CONFIRM_SECONDS
    confirmed: int = 0
    mismatches: int = 0
    _held: list[_Pending] = field(default_factory=list)
    _unconfirmed: dict[str, _Pending] = field(default_factory=dict)
    _layouts: list[tuple[float, dict[str, tuple[str, ...]]]] = field(default_factory=list)

    def layout_changed(self, layout: dict[str, tuple[str, ...]], at: float) -> None:
        """The engine's layout from ``at`` on (keeps a minute of history for late frames)."""
        if self._layouts and self._layouts[-1][1] == layout:
            return
        self._layouts.append((at, layout))
        while len(self._layouts) > 1 and self._layouts[1][0] < at - LAYOUT_HISTORY_SECONDS:
            del self._layouts[0]

    def seen(self, code: str, spot: str | None, *, source: str, at: float) -> None:
        if spot is None:
            return  # off every spot: a discard tray, a hand passing over the layout
        layout = self._layout_at(at)
        expected = self.session.expected()
        if (
            expected.deal is not None
            and names(spot, expected.deal.spot)
            and _dealt_to(layout, code) is None
        ):
            self._held.append(
                _Pending(code, spot, at, source)
            )  # the shoe's read may still be on its way
            return
        if self._judge(sighting_mismatch(layout, code, spot), source=source, at=at):
            pending = self._unconfirmed.get(code)
            if pending is not None and at >= pending.since:  # not a late frame of an earlier deal
                del self._unconfirmed[code]

    def gone(self, code: str, spot: str | None, *, source: str, at: float) -> None:
        if spot is None:
            return
        self._judge(
            gone_mismatch(self._layout_at(at), self.session.expected(), code, spot),
            source=source,
            at=at,
        )

    def shoe_card_applied(self, code: str | None = None, at: float | None = None) -> None:
        """The shoe's card reached the engine: the camera now has ``confirm_seconds`` to see it
        where the engine put it; the sightings that waited for it are checked."""
        layout = self._current()
        spot = None if code is None else _dealt_to(layout, code)
        if code is not None and spot is not None:
            self._unconfirmed[code] = _Pending(
                code, spot, time.time() if at is None else at, self.source
            )
        held, self._held = self._held, []
        for sighting in held:
            if self._judge(
                sighting_mismatch(layout, sighting.code, sighting.spot),
                source=sighting.source,
                at=sighting.since,
            ):
                self._unconfirmed.pop(sighting.code, None)

    def check_overdue(self, now: float) -> None:
        """Warn the dealer (once each) of a shoe card the camera has not seen in time, and of a
        card the camera sees that the shoe has not read in time. Hardware warnings, not
        irregularities: a camera misses a card (glare, a hand over it) far more often than a
        card is switched, and a switch shows as the camera seeing another card."""
        layout = self._current()
        for code, pending in list(self._unconfirmed.items()):
            if layout.get(pending.spot) is None or code not in layout[pending.spot]:
                del self._unconfirmed[
                    code
                ]  # collected, discarded or moved by the engine: nothing to see
            elif not pending.warned and now - pending.since >= self.confirm_seconds:
                pending.warned = True
                self._warn(
                    "camera_unconfirmed",
                    pending,
                    f"the camera has not seen {code} at {pending.spot}: check it lies flat and square",
                )
        for pending in self._held:
            if not pending.warned and now - pending.since >= self.confirm_seconds:
                pending.warned = True
                self._warn(
                    "camera_unmatched",
                    pending,
                    f"the camera sees {pending.code} at {pending.spot}, but the shoe has not read it",
                )

    @property
    def settled(self) -> bool:
        """Every card the shoe read is confirmed (or gone) and every sighting matched."""
        return not self._unconfirmed and not self._held

    def to_dict(self) -> dict[str, Any]:
        return {
            "confirmed": self.confirmed,
            "mismatches": self.mismatches,
            "waiting": len(self._held),
            "unconfirmed": sorted(self._unconfirmed),
        }

    def _layout_at(self, at: float) -> dict[str, tuple[str, ...]]:
        """The engine's layout when a frame filmed at ``at`` was taken (the current one for a
        frame newer than the last change)."""
        if not self._layouts or at >= self._layouts[-1][0]:
            return self._current()
        return next(
            (layout for since, layout in reversed(self._layouts) if since <= at),
            self._layouts[0][1],
        )

    def _current(self) -> dict[str, tuple[str, ...]]:
        if self.layout_now is None:
            return dict(self.session.game.placed_cards(self.session.state))
        return self.layout_now()

    def _judge(self, reason: str | None, *, source: str, at: float) -> bool:
        """Count an agreement (True), or report the mismatch ``reason`` (False)."""
        if reason is None:
            self.confirmed += 1
            return True
        self.mismatches += 1
        if hand_is_live(self.session.prompts(), self.session.expected()):
            self.session.submit(HardwareIrregularity(reason), source=source, at=at)
        else:
            self.session.hardware_event(
                {"type": "warning", "reason": "camera_mismatch", "detail": reason},
                source=source,
                at=at,
            )
        return False

    def _warn(self, kind: str, pending: _Pending, detail: str) -> None:
        event = {"type": kind, "card": pending.code, "spot": pending.spot, "detail": detail}
        self.session.hardware_event(event, source=pending.source, at=time.time())
