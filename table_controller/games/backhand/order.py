"""The order of the deal and of play: which card goes where first, and who acts first.

Pure functions of the game's settings (rules B-13, MC-3..MC-5, MC-8; switches C1, C3, C12).
A deal *script* is a tuple of steps the machine runs in turn: ``("hand", i)`` deals seat i's
two initial cards, ``("aces", i)`` applies its Ace Rule, ``("turn", i)`` gives it the turn
(Backhand: each seat plays to the end in turn), ``("first_turn",)`` decides who acts first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from table_controller.engine import DealTo

if TYPE_CHECKING:
    from table_controller.games.backhand.hand import SeatHand
    from table_controller.games.backhand.switches import Switches
    from table_controller.games.backhand.variant import Variant

Step = tuple[Any, ...]


def show_spot(n: int, switches: Switches) -> DealTo:
    """The n-th show card off the deck (0-based) and where it goes (MC-3, C1)."""
    k = 3 - n if switches.C1 == "right_to_left" else n + 1
    return DealTo(f"S{k}", None, "show", f"show card S{k}")


def deal_plan(
    variant: Variant, switches: Switches, deal_order: tuple[int, ...]
) -> tuple[tuple[DealTo, ...], tuple[Step, ...]]:
    """The show cards to deal, and the script of the rest of the deal."""
    queue = tuple(show_spot(n, switches) for n in range(3)) if variant.show_cards else ()
    script: list[Step] = []
    if variant.ace_at_turn:  # B-13: all hands first; each seat's Ace Rule when its turn comes
        script += [("hand", i) for i in deal_order]
        script += [step for i in deal_order for step in (("aces", i), ("turn", i))]
    elif switches.C3 == "immediate":  # the older S2 text: aces replaced right after each hand
        script += [step for i in deal_order for step in (("hand", i), ("aces", i))]
        script.append(("first_turn",))
    else:  # MC-5: both hands, then the Ace Rule, the seat dealt second first
        script += [("hand", i) for i in deal_order]
        script += [("aces", i) for i in reversed(deal_order)]
        script.append(("first_turn",))
    return queue, tuple(script)


def first_to_act(
    seats: tuple[SeatHand, ...], deal_order: tuple[int, ...], *, switches: Switches
) -> int:
    """MC-8 (and C12): the only push hand acts first, else the seat dealt second.
    Single-seat games: the only seat."""
    if len(seats) == 1:
        return 0
    first, second = deal_order
    pushers = [i for i in (first, second) if seats[i].is_push_hand]
    if len(pushers) == 1:
        return pushers[0]
    if not pushers and switches.C12 == "ace_holder":
        holders = [i for i in (first, second) if seats[i].had_initial_ace]
        if len(holders) == 1:
            return holders[0]
    return second
