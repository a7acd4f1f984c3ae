"""The rules audit: replay every logged hand through the rules engine and compare.

For each hand, the game is rebuilt from the header (game, switches, first-dealt seat,
seats), and the header's figures the game declares itself (decks, paytable) must be the
game's. Each logged event is applied in order: the effects (every payment and collection)
the engine gives now must equal, byte for byte in canonical JSON, the effects logged with that
event, and the record may hold nothing else. The prompts (what the screens showed) are not
stored since the lean log (they are derived by replay, ``hand_log.shown``); a record from
before it holds them, and they must equal the replay's too. The logged result must equal the
replay's result. So a record passes only as the engine itself would write it: a payment
re-written and re-signed with the key is still caught. A difference names the hand, the
record's seq and the first field that differs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table_controller.contract import Game
from table_controller.errors import HandLogError, TableError
from table_controller.events import event_from_dict
from table_controller.hand_log.game_of import build_game
from table_controller.hand_log.lean import is_packed, lean_event, lean_result
from table_controller.hand_log.reader import RecordedHand
from table_controller.hand_log.records import EVENT, RESULT, canonical_json
from table_controller.hand_log.verify import Finding


def first_difference(recorded: Any, replayed: Any, path: str = "") -> str:
    """Where two JSON values first differ, in words."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        for key in sorted(set(recorded) | set(replayed)):
            if recorded.get(key, _MISSING) != replayed.get(key, _MISSING):
                return first_difference(recorded.get(key), replayed.get(key), f"{path}.{key}")
    if isinstance(recorded, list) and isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(recorded, replayed, strict=False)):
            if a != b:
                return first_difference(a, b, f"{path}[{i}]")
        if len(recorded) != len(replayed):  # one holds more: name the first item the other lacks
            i = min(len(recorded), len(replayed))
            extra = recorded[i] if len(recorded) > i else replayed[i]
            who = "the log" if len(recorded) > i else "the replay"
            return (
                f"{path.lstrip('.') or 'value'}: logged {len(recorded)} items, replay gives "
                f"{len(replayed)}; {who} has [{i}] {extra!r}"
            )
    return f"{path.lstrip('.') or 'value'}: logged {recorded!r}, replay gives {replayed!r}"


_MISSING = object()


@dataclass
class Replayed:
    """A hand's replay: its findings and, when it replayed to the end, the game and its state
    after the last event (where the next round on a lasting shoe starts from)."""

    findings: list[Finding]
    game: Game | None = None
    state: Any = None


def replay_hand(hand: RecordedHand) -> list[Finding]:
    """Every difference between the logged hand and its replay; empty when they agree."""
    return replay(hand).findings


def replay(hand: RecordedHand) -> Replayed:
    def found(seq: int | None, problem: str) -> Replayed:
        return Replayed([Finding(hand.table, hand.hand_id, seq, problem)])

    if "header" not in hand.header_record.payload:  # lean, and the header before it is not here
        return found(
            hand.header_record.seq,
            "its header names only what changed since the table's header before it, and the "
            "log holds no such header",
        )
    try:
        game = build_game(hand.header)
    except (TableError, KeyError, TypeError, ValueError) as exc:
        return found(hand.header_record.seq, f"the game cannot be rebuilt from the header: {exc}")
    problem = _compare_header(game, hand.header)
    if problem:
        return found(hand.header_record.seq, problem)
    try:
        state = game.hand_from_header(hand.header)
    except Exception as exc:  # a header the game cannot start a round from (a forged phase)
        return found(hand.header_record.seq, f"the round cannot start from the header: {exc}")
    for record in hand.records:
        try:
            if record.kind == EVENT:
                state, problem = _replay_event(game, state, record.stored)
            elif record.kind == RESULT:
                problem = _compare_result(game, state, record.stored)
            else:
                continue
        except HandLogError as exc:
            problem = str(exc)
        except Exception as exc:
            problem = f"the rules engine failed on replay: {type(exc).__name__}: {exc}"
        if problem:
            return found(record.seq, problem)
    return Replayed([], game, state)


# What the engine declares about itself that a header carries and the report reads.
DECLARED = ("decks", "paytable")
# An event record as the table writes it (runtime.TableSession.submit): nothing more.
EVENT_FIELDS = frozenset({"event", "prompts", "effects"})


def _compare_header(game: Game, header: dict[str, Any]) -> str:
    declared = game.describe()
    for key in DECLARED:
        if key not in header or key not in declared:
            continue
        if canonical_json(header[key]) != canonical_json(declared[key]):
            return "the header differs from the game it names: " + first_difference(
                {key: header[key]}, {key: declared[key]}
            )
    return ""


def _replay_event(game: Game, state: Any, payload: dict[str, Any]) -> tuple[Any, str]:
    try:
        event = event_from_dict(payload["event"])
    except (KeyError, ValueError, TypeError) as exc:
        return state, f"the logged event cannot be read: {exc}"
    extra = sorted(set(payload) - EVENT_FIELDS)
    if extra:
        return state, f"the event record holds fields the table never writes: {', '.join(extra)}"
    state, effects = game.apply(state, event)
    from table_controller.serialize import effect_to_dict

    whole = [effect_to_dict(e) for e in effects]
    if "prompts" in payload or _whole_effects(payload.get("effects")):
        replayed = whole  # a record written before the lean log: every effect whole
    else:  # a lean record: what it stores must be what the table stores of the replay's
        pack = is_packed(payload.get("effects"))  # settlements as lists, or dicts as before
        lean = lean_event({"event": payload["event"], "effects": whole}, pack=pack)
        replayed = lean.get("effects", [])
        if "effects" not in payload and not replayed:
            replayed = None  # (a lean record of plain "applied" effects stores none)
    compared: list[tuple[str, Any, Any]] = [("effects", replayed, payload.get("effects"))]
    if "prompts" in payload:  # a record from before the lean log: what the screens showed, too
        compared.append(("prompts", game.prompts(state).to_dict(), payload["prompts"]))
    for name, replayed, logged in compared:
        if canonical_json(replayed) != canonical_json(logged):
            where = first_difference(logged, replayed, name)
            return state, f"{name} differ from the replay: {where}"
    return state, ""


def _whole_effects(effects: Any) -> bool:
    """Effects stored whole (before the lean log): an applied note, a settlement's reason."""
    return isinstance(effects, list) and any(
        isinstance(e, dict)
        and (e.get("type") == "applied" or ("reason" in e and e.get("type") == "settled"))
        for e in effects
    )


def _compare_result(game: Game, state: Any, logged: dict[str, Any]) -> str:
    from table_controller.serialize import result_to_dict

    result = game.result(state)
    replayed = result_to_dict(result) if result is not None else None
    if canonical_json(replayed) != canonical_json(logged):
        replayed = lean_result(replayed)  # a lean record: who won, by which rule, void, settled
    if canonical_json(replayed) != canonical_json(logged):
        return "result differs from the replay: " + first_difference(logged, replayed)
    return ""
