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
PAID = "paid"  # dealer: the payment or collection the engine asked for (Expected.payment) is made
DONE = (
    "done"  # dealer: the step the prompt named is done (Red Dog: antes taken; Farmer: the reveal)
)
BURN_CARD = (
    "burn_card"  # pit boss: the held card goes to the discard unused (Red Dog RD-15, Farmer)
)
CLOSE_GAME = (
    "close_game"  # pit boss: close a game whose pot carries over, dividing it (Farmer's farm)
)
PIT_BOSS_CONTROLS = frozenset({VOID_HAND, ACCEPT_CARD, BURN_CARD, CLOSE_GAME})
DEALER_CONTROLS = frozenset({NEW_DECK, RESHUFFLE, PAID, DONE})


@dataclass(frozen=True, slots=True)
class CardArrived:
    """A card was read (shoe, camera, or typed in). ``spot`` is set only by sources that see it."""

    card: Card
    spot: str | None = None


@dataclass(frozen=True, slots=True)
class Decision:
    """A seat's choice, as the dealer entered it: ``hit``, ``backhand``, ``stand_pat``, ...

    ``amount`` (integer cents) only for a decision that stakes money, e.g. blackjack's
    ``insurance``; a game refuses an amount where its decision takes none.
    """

    seat: str
    action: str
    amount: int | None = None


@dataclass(frozen=True, slots=True)
class Wager:
    """The dealer entered a seat's stake before the round: ``bet`` is one of the game's declared
    bets (``main``, ``side``, ``ante``, ...), ``amount`` integer cents; 0 takes the bet down.
    The game refuses a wager outside its limits, or once its bets are locked, with the reason."""

    seat: str
    bet: str
    amount: int


@dataclass(frozen=True, slots=True)
class Control:
    """A dealer or pit-boss control (see the constants above)."""

    control: str
    by: str = "dealer"


@dataclass(frozen=True, slots=True)
class HardwareIrregularity:
    """The shell saw something the dealer must check, e.g. a shoe sequence gap."""

    reason: str


Event = CardArrived | Decision | Wager | Control | HardwareIrregularity


def event_to_dict(event: Event) -> dict[str, Any]:
    if isinstance(event, CardArrived):
        out: dict[str, Any] = {"type": "card", "card": event.card.code}
        if event.spot is not None:
            out["spot"] = event.spot
        return out
    if isinstance(event, Decision):
        out = {"type": "decision", "seat": event.seat, "action": event.action}
        if (
            event.amount is not None
        ):  # absent otherwise, so logs of games without money are unchanged
            out["amount"] = event.amount
        return out
    if isinstance(event, Wager):
        return {"type": "wager", "seat": event.seat, "bet": event.bet, "amount": event.amount}
    if isinstance(event, Control):
        return {"type": "control", "control": event.control, "by": event.by}
    return {"type": "hardware_irregularity", "reason": event.reason}


def event_from_dict(data: dict[str, Any]) -> Event:
    kind = data.get("type")
    if kind == "card":
        return CardArrived(parse_card(data["card"]), data.get("spot"))
    if kind == "decision":
        amount = data.get("amount")
        return Decision(
            str(data["seat"]), str(data["action"]), None if amount is None else _cents(amount)
        )
    if kind == "wager":
        return Wager(str(data["seat"]), str(data["bet"]), _cents(data["amount"]))
    if kind == "control":
        return Control(str(data["control"]), str(data.get("by", "dealer")))
    if kind == "hardware_irregularity":
        return HardwareIrregularity(str(data["reason"]))
    raise ValueError(f"not an event: {data!r}")


def _cents(value: Any) -> int:
    """Money is whole cents: an int (not a bool, not a float)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"an amount is a whole number of cents (got {value!r})")
    return value
