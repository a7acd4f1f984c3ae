"""The Backhand series' autopilot: a plain player for the demo table and the tests (not advice).

Push a 19 or 20 once, play the push otherwise; hit to 14, then call backhand; stand pat when
offered at 14 or more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from table_controller.events import Decision

if TYPE_CHECKING:
    from table_controller.games.backhand.machine import BackhandGame, HandState


def choose(game: BackhandGame, state: HandState) -> Decision | None:
    """A decision for a seat that may decide now, or None to let the dealer deal on."""
    decisions = game.expected(state).decisions
    prompts = {p.seat: p for p in game.prompts(state).seats}
    for seat, actions in decisions.items():
        thv = prompts[seat].total_hand_value or 0
        if "stand_pat" in actions and thv >= 14:
            return Decision(seat, "stand_pat")
        if "push" in actions:
            pushes = next((h.pushes for h in state.seats if h.seat == seat), 0)
            return Decision(seat, "push" if thv >= 19 and pushes < 1 else "play_push")
        if "hit" in actions and "backhand" in actions:
            return Decision(seat, "hit" if thv <= 14 else "backhand")
        if actions == ("hit",):
            return Decision(seat, "hit")
    return None
