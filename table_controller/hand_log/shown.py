"""What the screens showed during a logged hand, derived by replaying it.

An event record holds what happened: the event as the engine received it and its effects
(what was applied or refused, every payment and collection). The prompts the display showed
after it are the rules engine's answer to the events so far, so they are not stored but
derived here by replay, for ``table audit show``, the report and the floor's hand view.
Records written before the lean log carry their prompts, which are given as logged.
"""

from __future__ import annotations

from typing import Any

from table_controller.contract import Game
from table_controller.events import event_from_dict
from table_controller.hand_log.reader import RecordedHand
from table_controller.hand_log.replay_audit import build_game


def shown_prompts(hand: RecordedHand) -> dict[int, dict[str, Any]]:
    """The prompts after each event record of ``hand``, by sequence number: a record's own
    prompts where it has them, else the replay's. A hand that cannot be replayed (a game this
    version does not know, a damaged event) gives the logged ones only; verify says why."""
    shown: dict[int, dict[str, Any]] = {}
    game: Game | None = None
    try:
        built = build_game(hand.header)
        state = built.hand_from_header(hand.header)
        game = built
    except Exception:
        pass
    for record in hand.events:
        payload = record.payload
        if game is not None:
            try:
                state, _effects = game.apply(state, event_from_dict(payload["event"]))
            except Exception:
                game = None
        if "prompts" in payload:
            shown[record.seq] = payload["prompts"]
        elif game is not None:
            shown[record.seq] = game.prompts(state).to_dict()
    return shown
