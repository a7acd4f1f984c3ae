"""The rule switches of the Backhand series (rules document, section 5).

Each INTERPRETATION in ``shared/rules/backhand-series.md`` is a named switch; the first value
listed is the default. C2 is the table setting ``first_dealt`` and C11 is fixed (a backhand
card making exactly 21 is unsuccessful), so neither is a switch here.
"""

from __future__ import annotations

from dataclasses import dataclass

from table_controller.contract import SwitchSet, switch_list

RULES_VERSION = "backhand-series.md 2026-11 (C1-C12)"

SWITCH_VALUES: dict[str, tuple[str, ...]] = {
    "C1": ("right_to_left", "left_to_right"),  # which card off the deck is S1
    "C3": ("after_both", "immediate"),  # when the Ace Rule is applied
    "C4": ("cap21", "max"),  # dealer aces
    "C5": ("stalemate", "unsuccessful"),  # PT = DT on an ending card
    "C6": ("continues", "loses"),  # a non-ending hit leaving DT >= PT
    "C7": ("whole_turn", "keeps_turn"),  # is a PUSH a whole turn
    "C8": ("at_12", "never", "any"),  # forced hits and the stand-pat window
    "C9": ("closes", "stays_open"),  # opponent's stalemate closes the window
    "C10": ("void", "reshuffle"),  # the deck runs out
    "C12": ("second_dealt", "ace_holder"),  # first to act with an initial ace, no push hand
}

SWITCHES = switch_list(SWITCH_VALUES, "backhand-series.md")

SWITCH_HELP: dict[str, str] = {
    "C1": "order of the show cards off the deck",
    "C3": "when the Ace Rule is applied",
    "C4": "value of dealer aces",
    "C5": "player total equal to dealer total on an ending card",
    "C6": "a non-ending hit that leaves the dealer total at or above the player total",
    "C7": "whether a push is a whole turn",
    "C8": "forced hits and the stand-pat window",
    "C9": "whether the opponent's stalemate closes the stand-pat window",
    "C10": "what happens when the deck runs out",
    "C12": "who acts first when an initial ace is present but no push hand",
}


@dataclass(frozen=True, slots=True)
class Switches(SwitchSet):
    declared = SWITCHES
    game = "Backhand series"

    C1: str = "right_to_left"
    C3: str = "after_both"
    C4: str = "cap21"
    C5: str = "stalemate"
    C6: str = "continues"
    C7: str = "whole_turn"
    C8: str = "at_12"
    C9: str = "closes"
    C10: str = "void"
    C12: str = "second_dealt"
