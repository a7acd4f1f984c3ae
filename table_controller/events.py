"""Everything that can change a table, as plain frozen values.

The rules engine sees only these payloads; the shell wraps each in a :class:`TableEvent`
with a source and a time, and that envelope is what the hand log keeps. Keeping time and
source out of the engine is what makes a replay give the same prompts byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table_controller.cards import Card, parse_card

# Dealer and pit-boss controls. Pit-boss controls resolve irregularities.
NEW_DECK = "new_deck"  # dealer: a freshly shuffled deck is loaded; the hand may begin
RESHUFFLE = "reshuffle_discards"  # dealer: discards shuffled back in (switch C10 = reshuffle)
VOID_HAND = "void_hand"  # pit boss
ACCEPT_CARD = "accept_card"  # pit boss
PIT_BOSS_CONTROLS = frozenset({VOID_HAND, ACCEPT_CARD})
DEALER_CONTROLS = frozenset({NEW_DECK, RESHUFFLE})


@dataclass(frozen=True, slots=True)
class CardArrived:
    """A card was read (shoe, camera, or typed in). ``spot`` is set only by sources that see it."""

    card: Card
    spot: str | None = None


@dataclass(frozen=True, slots=True)
class Decision:
    """A seat's choice, as the dealer entered it: ``hit``, ``backhand``, ``stand_pat``, ..."""

    seat: str
    action: str


@dataclass(frozen=True, slots=True)
class Control:
    """A dealer or pit-boss control (see the constants above)."""

    control: str
    by: str = "dealer"


@dataclass(frozen=True, slots=True)
class HardwareIrregularity:
    """The shell saw something the dealer must check, e.g. a shoe sequence gap."""

    reason: str


Event = CardArrived | Decision | Control | HardwareIrregularity


def event_to_dict(event: Event) -> dict[str, Any]:
    if isinstance(event, CardArrived):
        out: dict[str, Any] = {"type": "card", "card": event.card.code}
        if event.spot is not None:
            out["spot"] = event.spot
        return out
    if isinstance(event, Decision):
        return {"type": "decision", "seat": event.seat, "action": event.action}
    if isinstance(event, Control):
        return {"type": "control", "control": event.control, "by": event.by}
    return {"type": "hardware_irregularity", "reason": event.reason}


def event_from_dict(data: dict[str, Any]) -> Event:
    kind = data.get("type")
    if kind == "card":
        return CardArrived(parse_card(data["card"]), data.get("spot"))
    if kind == "decision":
        return Decision(str(data["seat"]), str(data["action"]))
    if kind == "control":
        return Control(str(data["control"]), str(data.get("by", "dealer")))
    if kind == "hardware_irregularity":
        return HardwareIrregularity(str(data["reason"]))
    raise ValueError(f"not an event: {data!r}")
