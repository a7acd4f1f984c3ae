"""What a card source's hardware report means for the dealer: a standing notice, or a held hand.

A pure table, used by :meth:`table_controller.runtime.TableSession.hardware_event`:

- a sequence gap always holds the hand for the pit boss (a card may have been missed);
- a jam, an opened shoe door or a device error during a hand holds it too, as a real table
  stops and calls the pit boss: cards may have been misread, taken or added. Between hands
  (the door opens to load a deck) they are only shown;
- the cut card is not an irregularity: the dealer is told to finish this hand and shuffle
  before the next, until a new deck is loaded;
- an empty shoe while the table still wants a card (a one-deck shoe short of a card that went
  into a voided round) stands as a notice that says what to do, until a new deck is loaded;
- a camera whose pictures are not the size its layout was calibrated on is shown (calibrate
  again): its cards are still read, their spots may be wrong.

Notices are keyed, so the report that ends a condition (the jam cleared, the door closed, a
new deck) takes its notice down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

GAP_HOLD = "a card may have been missed (shoe sequence gap): count the cards on the layout"
CHECK = "the pit boss checks the shoe and the cards on the layout"
CUT_CARD_NOTICE = "Cut card reached: finish this hand, then shuffle before the next hand"
SHOE_EMPTY = "The shoe is empty: no card to deal"
SHOE_EMPTY_IN_HAND = f"{SHOE_EMPTY}. Call the pit boss to void the hand, then load a new deck"
# Notices that stand until a new deck is loaded (the shuffle the cut card called for).
CLEARED_BY_NEW_DECK = ("cut_card", "device_error", "shoe_empty")


@dataclass(frozen=True, slots=True)
class HardwareAlert:
    hold: str | None = None  # hold the hand for the pit boss, for this reason
    notice: tuple[str, str] | None = None  # (key, words): shown until cleared
    clears: str | None = None  # the key of the notice this report takes down


def _device_error(report: dict[str, Any]) -> str:
    return f"the shoe reported an error ({report.get('code', '?')}: {report.get('text', '')})"


def alert_for(report: dict[str, Any], *, hand_live: bool) -> HardwareAlert:
    """The alert for one hardware report (a ``SourceEvent.to_dict()``); ``hand_live`` is true
    while a hand is being dealt or played (not over, not waiting for a new deck)."""
    kind = report.get("type")
    if kind == "sequence_gap":
        return HardwareAlert(hold=GAP_HOLD)
    if kind == "cut_card":
        return HardwareAlert(notice=("cut_card", CUT_CARD_NOTICE))
    if kind == "shoe_empty":
        words = SHOE_EMPTY_IN_HAND if hand_live else f"{SHOE_EMPTY}: load a new deck"
        return HardwareAlert(notice=("shoe_empty", words))
    if kind == "shoe_jammed":
        hold = f"the shoe jammed during the hand: clear the jam; {CHECK}"
        return HardwareAlert(hold if hand_live else None, ("jam", "The shoe is jammed: clear it"))
    if kind == "jam_cleared":
        return HardwareAlert(clears="jam")
    if kind == "door_opened":
        hold = f"the shoe's door was opened during the hand: {CHECK}"
        return HardwareAlert(hold if hand_live else None, ("door", "The shoe's door is open"))
    if kind == "door_closed":
        return HardwareAlert(clears="door")
    if (
        kind == "warning" and report.get("reason") == "layout_size"
    ):  # the camera's layout no longer fits its pictures
        why = str(
            report.get("why", "the camera's layout does not fit its pictures: calibrate again")
        )
        return HardwareAlert(notice=("layout_size", why[0].upper() + why[1:]))
    if kind == "device_error":
        words = _device_error(report)
        hold = f"{words} during the hand: {CHECK}"
        notice = ("device_error", words[0].upper() + words[1:])
        return HardwareAlert(hold if hand_live else None, notice)
    return HardwareAlert()
