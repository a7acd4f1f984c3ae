"""Where a round on a lasting shoe starts (blackjack's shoe and carried bets, Vingt-un's stock
and bank, Farmer's farm): its header says so, and the replay checks it.

A table writes a round's header from the round before (the game's ``next_hand`` on the previous
hand's final state, after any event entered between the two); a table process that starts
afresh writes the game's first round (``new_hand``); a hand played back from a log
(``replay://``) writes the recorded round. A header that is none of these, say a carried bet
raised and the round played out again to match, is a round the table never dealt.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from table_controller.contract import Game
from table_controller.engine import HandEnded
from table_controller.events import event_from_dict
from table_controller.hand_log.reader import RecordedHand
from table_controller.hand_log.records import NOTE, HandRecord, canonical_json
from table_controller.hand_log.replay_audit import Replayed, build_game, first_difference

# What rebuilds a game: two hands with the same of these are the same game (runtime, one process)
GAME_KEYS = ("game", "switches", "seats", "first_dealt", "paytable")


def after_hand_events(records: Iterable[HandRecord]) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """Events the table took after a hand's result and before the next hand (logged as notes
    naming the hand they followed), per (table, hand), in chain order. An event logged with its
    refusal moved nothing and is left out: so is a cut card a table refused between rounds before
    blackjack took it there (its note holds the refusal), and its next round starts unshuffled,
    as it was dealt."""
    found: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for record in records:
        if record.kind != NOTE:
            continue
        payload = record.payload
        if not isinstance(payload.get("after_hand"), str) or not isinstance(
            payload.get("event"), dict
        ):
            continue
        effects = payload.get("effects")
        if isinstance(effects, list) and any(
            isinstance(e, dict) and e.get("type") == "refused" for e in effects
        ):
            continue
        found.setdefault((record.table, payload["after_hand"]), []).append(payload["event"])
    return found


def round_start_problem(
    hand: RecordedHand,
    before: RecordedHand | None,
    replayed: Replayed | None,
    afterwards: list[dict[str, Any]],
) -> str:
    """Why ``hand``'s round could not have started as its header says; ``""`` when it could."""
    if urlsplit(str(hand.header.get("shoe") or "")).scheme == "replay":
        return ""  # a recorded round played back: it starts where the recording did
    try:
        game = build_game(hand.header)
    except Exception:
        return ""
    if not game.lasting_shoe:
        return ""  # every hand starts afresh
    fresh = game.round_header(game.new_hand())
    logged = {key: hand.header.get(key) for key in fresh}
    if canonical_json(logged) == canonical_json(fresh):
        return ""  # a table process that started afresh
    if (
        before is None
        or replayed is None
        or replayed.game is None
        or replayed.state is None
        or not _same_game(before, hand)
    ):
        return "the round does not start as a table starts one: " + first_difference(
            logged, fresh, "header"
        )
    carried = game.round_header(_next_round(replayed.game, replayed.state, afterwards))
    if canonical_json(logged) == canonical_json(carried):
        return ""
    return f"the round does not start where hand {before.hand_id} left it: " + first_difference(
        logged, carried, "header"
    )


def _same_game(before: RecordedHand, hand: RecordedHand) -> bool:
    return all(
        canonical_json(before.header.get(k)) == canonical_json(hand.header.get(k))
        for k in GAME_KEYS
    )


def _next_round(game: Game, state: Any, afterwards: list[dict[str, Any]]) -> Any:
    for data in afterwards:  # as the table applied them to the finished hand (runtime._apply)
        new_state, effects = game.apply(state, event_from_dict(data))
        if not any(isinstance(e, HandEnded) for e in effects):
            state = new_state
    return game.next_hand(state)
