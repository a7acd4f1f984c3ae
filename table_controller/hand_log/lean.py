"""The lean hand log: what a record stores, and what a reader gets back by replay.

A record stores what happened; what the screens showed is the rules engine's answer to it:

- an **event** record keeps the event and the effects that are not words: a plain "applied"
  effect (its note, "3H to SEAT 1 first card") is left out, a settlement is the list
  ``[seat, bet, hand, staked, net, rule]`` (:func:`pack_settlement`: what it collected, returned,
  paid and owed follows from its stake and net), with a seventh item ``{"banker": ...,
  "payee": ..., "payer": ...}`` where it names any of them; one whose money does not follow
  stays a dict, without its reason in words; refusals, irregularities and a hand's end stay
  whole;
- a **result** keeps who won, the rule that decided it and whether the round was void (and
  ``settled``: the round's bets were settled, for the hand lists);
- a **header** names only what changed since the table's header before it (``changes``): a
  value replaced, a key gone, a list grown at its end (a shoe's drawn cards), a dict changed.
  A table writes its first header after opening the log in full, and one in :data:`FULL_EVERY`,
  so a reader finds a whole header a few hands back.

The audit's replay compares every stored field with the lean form of what the engine gives now
(:func:`lean_effects`, :func:`lean_result`), so a stored field tampered with is caught as before;
a derived field is the replay's own. :class:`Expander` gives readers (``show``, the report, the
floor) each record as the table saw it: the whole header, every effect with its words, the
whole result. Records written before the lean log are whole already and read as they are.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from table_controller.errors import HandLogError
from table_controller.hand_log.game_of import build_game
from table_controller.hand_log.records import EVENT, HEADER, RESULT, HandRecord, canonical_json

if TYPE_CHECKING:
    from table_controller.contract import Game

CHANGES = "changes"  # a lean header's payload key (a whole header's is "header")
FULL_EVERY = 16  # hands: a whole header at least this often, so readers look back a few hands
# A settlement keeps its money (the reports and the floor sum it without a replay); its
# reason, in words, is the replay's.
SETTLED_DERIVED = frozenset({"reason"})
# What a packed settlement holds, in its order; the rest of its money follows from these.
PACKED = ("seat", "bet", "hand", "staked", "net", "rule")
PARTIES = ("banker", "payee", "payer")  # a seventh item, where a settlement names any
PACK_SETTLEMENTS = True  # False: settlements as dicts, as the log stored them before (tests)
RESULT_KEPT = ("decided_by", "void", "winner")
RESULT_FIELDS = frozenset({*RESULT_KEPT, "explanation", "seats"})  # what a whole result holds


# --- what a record stores --------------------------------------------------------------------
def lean_effects(effects: list[dict[str, Any]], *, pack: bool | None = None) -> list[Any]:
    """The effects an event record stores: no plain "applied" notes, settlements as money
    (packed into lists unless ``pack`` is false: the form the log stored before)."""
    pack = PACK_SETTLEMENTS if pack is None else pack
    kept: list[Any] = []
    for effect in effects:
        kind = effect.get("type")
        if kind == "applied" and set(effect) <= {"type", "note"}:
            continue
        if kind == "settled":
            effect = {k: v for k, v in effect.items() if k not in SETTLED_DERIVED}
            kept.append(pack_settlement(effect) if pack else effect)
            continue
        kept.append(effect)
    return kept


def lean_event(payload: dict[str, Any], *, pack: bool | None = None) -> dict[str, Any]:
    """An event record's payload as stored: the event, and its effects that are not words."""
    if set(payload) != {"event", "effects"} or not isinstance(payload["effects"], list):
        return payload  # not what the table writes: kept as given (and the replay says so)
    effects = lean_effects(payload["effects"], pack=pack)
    return {"event": payload["event"], **({"effects": effects} if effects else {})}


def is_packed(effects: Any) -> bool:
    """Effects stored with packed settlements (lists): the log's form since they were packed."""
    return isinstance(effects, list) and any(isinstance(e, list) for e in effects)


# --- a settlement as a list ------------------------------------------------------------------
def settlement_money(staked: int, net: int) -> dict[str, int]:
    """What a settlement of ``staked`` that moved ``net`` to the seat collected, returned, paid
    and owed, by the rule every settlement keeps (engine.Payment): a win or a push returns the
    stake and pays the net; a loss collects the net, returning what is left of the stake (a
    surrender) or owing what goes beyond it (Vingt-un's double stake, a void taking a win back)."""
    if net >= 0:
        return {"collected": 0, "returned": staked, "paid": net, "owed": 0}
    return {
        "collected": -net,
        "returned": max(staked + net, 0),
        "paid": 0,
        "owed": max(-net - staked, 0),
    }


def unpack_settlement(packed: list[Any]) -> dict[str, Any]:
    """A packed settlement as the dict it stands for (its reason in words is the replay's).

    Raises:
        HandLogError: the list is not a packed settlement.
    """
    parties = packed[len(PACKED)] if len(packed) == len(PACKED) + 1 else {}
    if (
        len(packed) not in (len(PACKED), len(PACKED) + 1)
        or not all(type(packed[i]) is int for i in (3, 4))  # staked, net (not bool, not float)
        or not isinstance(parties, dict)
        or not set(parties) <= set(PARTIES)
    ):
        raise HandLogError(f"a stored settlement cannot be read: {packed!r}")
    seat, bet, hand, staked, net, rule = packed[: len(PACKED)]
    money = settlement_money(staked, net)
    out: dict[str, Any] = {"type": "settled", "seat": seat, "bet": bet, "staked": staked}
    out |= {k: money[k] for k in ("collected", "returned", "paid")}
    out |= {"net": net, "rule": rule}
    if hand is not None:
        out["hand"] = hand
    if money["owed"]:
        out["owed"] = money["owed"]
    return out | parties


def pack_settlement(settled: dict[str, Any]) -> list[Any] | dict[str, Any]:
    """``[seat, bet, hand, staked, net, rule]`` (and who banks, receives or pays, where it says),
    or the dict as it is when the list would not read back to it (money that does not follow
    from stake and net)."""
    staked, net = settled.get("staked"), settled.get("net")
    if type(staked) is not int or type(net) is not int:
        return settled
    packed = [settled.get(key) for key in PACKED]
    parties = {key: settled[key] for key in PARTIES if key in settled}
    if parties:
        packed.append(parties)
    if canonical_json(unpack_settlement(packed)) != canonical_json(settled):
        return settled
    return packed


def unpacked(effects: list[Any]) -> list[Any]:
    """Stored effects with each packed settlement as its dict; a list that is not one is kept
    as an effect of its own type (``table audit verify`` names it), so readers never stumble."""
    out: list[Any] = []
    for effect in effects:
        if isinstance(effect, list):
            try:
                effect = unpack_settlement(effect)
            except HandLogError:
                effect = {"type": "unreadable", "stored": effect}
        out.append(effect)
    return out


def lean_result(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """A result as stored: the winner, the deciding rule, void, and whether bets were settled."""
    if result is None or not RESULT_FIELDS <= set(result):
        return result  # not a result as the engine gives one: kept as given
    lean = {key: result.get(key) for key in RESULT_KEPT}
    if "settlements" in (result.get("details") or {}):
        lean["settled"] = True
    return lean


def is_whole_header(record: HandRecord) -> bool:
    return record.kind == HEADER and record.payload_text.startswith('{"header":')


# --- a header as changes ---------------------------------------------------------------------
def header_changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """``after`` as changes to ``before``: per key ``["=", value]`` (replaced), ``["-"]`` (gone),
    ``["+", items]`` (a list grown at its end) or ``["~", changes]`` (a dict changed)."""
    changes: dict[str, Any] = {}
    for key in sorted(set(before) | set(after)):
        if key not in after:
            changes[key] = ["-"]
            continue
        new = after[key]
        if key in before and canonical_json(before[key]) == canonical_json(new):
            continue
        old = before.get(key)
        if key in before and isinstance(old, dict) and isinstance(new, dict):
            changes[key] = ["~", header_changes(old, new)]
        elif (
            isinstance(old, list)
            and isinstance(new, list)
            and len(new) > len(old)
            and canonical_json(new[: len(old)]) == canonical_json(old)
        ):
            changes[key] = ["+", new[len(old) :]]
        else:
            changes[key] = ["=", new]
    return changes


def apply_changes(before: dict[str, Any], changes: Any) -> dict[str, Any]:
    """The header ``changes`` make of ``before``.

    Raises:
        HandLogError: the changes are not in the form :func:`header_changes` writes.
    """
    if not isinstance(changes, dict):
        raise HandLogError("the header's changes are not an object")
    after = dict(before)
    for key, change in changes.items():
        op = change[0] if isinstance(change, list) and change else None
        if op == "-" and len(change) == 1:
            after.pop(key, None)
        elif op == "=" and len(change) == 2:
            after[key] = change[1]
        elif op == "+" and len(change) == 2 and isinstance(after.get(key), list):
            after[key] = [*after[key], *change[1]]
        elif op == "~" and len(change) == 2 and isinstance(after.get(key), dict):
            after[key] = apply_changes(after[key], change[1])
        else:
            raise HandLogError(f"the header's change of {key!r} cannot be read: {change!r}")
    return after


def header_payload(
    header: dict[str, Any], previous_hand: str | None, before: dict[str, Any] | None
) -> dict[str, Any]:
    """A header record's payload: the changes since ``before`` (the table's header before, in
    this process), or the whole header when there is none or the changes are no smaller."""
    whole = {"header": header, "previous_hand": previous_hand}
    if before is None:
        return whole
    changes = header_changes(before, header)
    if canonical_json(apply_changes(before, changes)) != canonical_json(header):
        return whole  # (a value JSON spells two ways): never a header that reads back otherwise
    if len(canonical_json(changes)) >= len(canonical_json(header)):
        return whole
    return {CHANGES: changes, "previous_hand": previous_hand}


# --- what a reader gets back -----------------------------------------------------------------
class Expander:
    """Folds one table's records, in chain order, into the records as the table saw them.

    ``take`` returns each record with :attr:`HandRecord.derived` set where the stored payload is
    lean: a header's whole header, an event's effects with their words, the whole result. With
    ``replay=False`` only headers are made whole and packed settlements unpacked (the audit
    replays the hands itself; the money needs no replay). A lean
    header whose header before was not taken, or a hand the engine cannot replay, is given as
    stored (``table audit verify`` says why).
    """

    def __init__(self, *, replay: bool = True) -> None:
        self.replay = replay
        self.header: dict[str, Any] | None = None  # the last whole header, made whole
        self.problem = ""  # why the last header could not be made whole
        self._hand = ""
        self._game: Game | None = None
        self._state: Any = None

    def take(self, record: HandRecord) -> HandRecord:
        try:
            if record.kind == HEADER:
                return self._header(record)
            game = self._game
            if record.hand_id and record.hand_id == self._hand and game is not None:
                if record.kind == EVENT:
                    return self._event(game, record)
                if record.kind == RESULT:
                    return self._result(game, record)
        except HandLogError:
            self._game = None
        except Exception:  # the engine refusing a damaged hand: readers get what is stored
            self._game = None
        return self._plain(record)

    @staticmethod
    def _plain(record: HandRecord) -> HandRecord:
        """An event record without its replay: its packed settlements unpacked (arithmetic, no
        rules), so the money reads the same whatever the engine makes of the hand."""
        if record.kind != EVENT:
            return record
        try:
            stored = record.stored
        except HandLogError:
            return record
        effects = stored.get("effects")
        if not isinstance(effects, list) or not is_packed(effects):
            return record
        return _with(record, {**stored, "effects": unpacked(effects)})

    def _header(self, record: HandRecord) -> HandRecord:
        self._hand, self._game, self.problem = record.hand_id, None, ""
        payload = record.payload
        if "header" in payload:
            self.header = dict(payload["header"] or {})
            derived = None
        elif CHANGES in payload and self.header is not None:
            self.header = apply_changes(self.header, payload[CHANGES])
            derived = {"header": self.header, "previous_hand": payload.get("previous_hand")}
        else:
            self.header = None
            self.problem = (
                "its header names only what changed since the table's header before it, "
                "and the log holds no such header"
            )
            return record
        if self.replay:
            self._start(self.header)
        return _with(record, derived)

    def _start(self, header: dict[str, Any]) -> None:
        try:
            game = build_game(header)
            self._state = game.hand_from_header(header)
            self._game = game
        except Exception:
            self._game = None

    def _event(self, game: Game, record: HandRecord) -> HandRecord:
        from table_controller.events import event_from_dict
        from table_controller.serialize import effect_to_dict

        stored = record.stored
        self._state, effects = game.apply(self._state, event_from_dict(stored["event"]))
        whole = [effect_to_dict(e) for e in effects]
        pack = is_packed(stored.get("effects"))
        lean = lean_event({"event": stored["event"], "effects": whole}, pack=pack)
        if canonical_json(stored) != canonical_json(lean):
            return self._plain(record)  # whole already (written before), or not the replay's
        return _with(record, {**stored, "effects": whole})

    def _result(self, game: Game, record: HandRecord) -> HandRecord:
        from table_controller.serialize import result_to_dict

        result = game.result(self._state)
        whole = result_to_dict(result) if result is not None else None
        if whole is None or canonical_json(record.payload) != canonical_json(lean_result(whole)):
            return record
        return _with(record, whole)


def _with(record: HandRecord, derived: dict[str, Any] | None) -> HandRecord:
    if derived is None:
        return record
    return dataclasses.replace(record, derived=canonical_json(derived))


def expand(records: list[HandRecord], *, replay: bool = True) -> list[HandRecord]:
    """Records of one or more tables, each table's in chain order, as the tables saw them."""
    expanders: dict[str, Expander] = {}
    out = []
    for record in records:
        expander = expanders.setdefault(record.table, Expander(replay=replay))
        out.append(expander.take(record))
    return out
