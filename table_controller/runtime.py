"""The imperative shell around a pure game: one table's session.

:class:`TableSession` takes events from anywhere (card sources, the dealer's console, the
autopilot), applies them to the game, writes each to the hand log *before* anyone sees its
effect, and then tells its listeners (the display, the terminal printer). It is not thread
safe by itself: callers serialise :meth:`submit` (the display does it on its event loop).
"""

from __future__ import annotations

import contextlib
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from table_controller.contract import Game
from table_controller.engine import Effect, Expected, HandEnded, Refused, TablePrompts
from table_controller.errors import HandLogError
from table_controller.events import (
    NEW_DECK,
    CardArrived,
    Control,
    Event,
    HardwareIrregularity,
    Wager,
    event_from_dict,
    event_to_dict,
)
from table_controller.hardware_alerts import CLEARED_BY_NEW_DECK, HardwareAlert, alert_for
from table_controller.serialize import effect_to_dict, result_to_dict

Listener = Callable[["TableSession"], None]
# a source saying it is there, or that a condition has ended: no alert
ROUTINE_KINDS = frozenset({"hello", "heartbeat", "status", "jam_cleared", "door_closed"})
LOG_NOTICE = (
    "hand_log"  # the standing notice of records kept at the table while the log's server is away
)
# A hand's result is final once logged and counted: the engine would end it again (a void
# entered after the result), the runtime refuses, as the log holds one result per hand.
RESULT_STANDS = (
    "the hand is over and its result is logged; it stands: NEW DECK starts the next hand"
)
# The dealer's notices while the log cannot be written (keys of HardwareStatus.notices)
LOG_FAULT, LOG_DOWN, RESULT_DUE = "hand_log:", "hand_log_down", "hand_log_result"
LOG_DOWN_HOLD = "the hand log could not be written, so these were not taken"
LOG_DOWN_CHECK = "count the cards on the layout; the pit boss checks the hand"


class HandLogLike(Protocol):
    faults: dict[str, str]  # what committed records still owe (a head, a witness line), in words

    def begin_hand(self, hand_id: str, header: dict[str, Any]) -> None: ...

    def append(
        self, hand_id: str, kind: str, payload: dict[str, Any], *, source: str, at: float
    ) -> int: ...

    def retry(self) -> dict[str, str]: ...  # write what committed records still owe; faults left

    def spool_notice(self) -> str | None: ...  # while a log's server is away: what the table keeps

    def watch_spool(self, watcher: Callable[[], None]) -> None: ...


@dataclass
class HardwareStatus:
    source: str = ""
    simulated: bool = False
    connected: bool = False
    last_heartbeat: float | None = None
    warnings: list[dict[str, Any]] = field(default_factory=list)
    counters: Counter[str] = field(default_factory=Counter)
    alerts: Counter[str] = field(default_factory=Counter)  # what the dealer must look at, by reason
    noted: Counter[str] = field(default_factory=Counter)  # logged, nothing for the dealer to do
    notices: dict[str, str] = field(default_factory=dict)  # standing words for the dealer, by key
    devices: dict[str, str] = field(default_factory=dict)  # source URL -> "shoe", "camera"
    connections: dict[str, bool] = field(default_factory=dict)  # device -> connected

    def attach(self, device: str, url: str) -> None:
        """Name an opened card source for the hardware line, so the dealer sees which one is
        down (a camera's disconnect is not the shoe's)."""
        self.devices[url] = device
        self.link(url, up=True)

    def link(self, url: str, *, up: bool) -> None:
        """A source came up or went down; ``connected`` is true while every device is up."""
        device = self.devices.get(url)
        if device is None:  # a source nobody named: the table's one card source
            self.connected = up
            return
        self.connections[device] = up
        self.connected = all(self.connections.values())

    def take(self, alert: HardwareAlert) -> None:
        """Put up or take down the dealer's standing notices (the cut card, a jam, ...)."""
        if alert.clears:
            self.notices.pop(alert.clears, None)
        if alert.notice:
            self.notices[alert.notice[0]] = alert.notice[1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "simulated": self.simulated,
            "connected": self.connected,
            "connections": dict(self.connections),
            "last_heartbeat": self.last_heartbeat,
            "warnings": self.warnings[-5:],
            "counters": dict(self.counters),
            "alerts": dict(self.alerts),
            "noted": dict(self.noted),
            "notices": list(self.notices.values()),
        }


class TableSession:
    """One table: a game, its current hand, the log, the session's tallies."""

    def __init__(
        self,
        game: Game,
        *,
        table_id: str = "table-1",
        dealer: str = "dealer",
        log: HandLogLike | None = None,
        source_url: str = "",
        simulated: bool = False,
    ) -> None:
        self.game = game
        self.table_id = table_id
        self.dealer = dealer
        self.log = log
        self.state = game.new_hand()
        self.hand_id = ""
        self.hands_played = 0
        self.tally: Counter[str] = Counter()
        self.hardware = HardwareStatus(source=source_url, simulated=simulated)
        self.last_refusal: str | None = None
        self.lock = threading.RLock()
        self._result_due: tuple[HandEnded, float] | None = None  # logged: the event, not its result
        self._unlogged_cards: list[str] = []  # what the shoe dealt while the log could not take it
        self._hand_logged = self._result_logged = self._ended = False  # (set by _begin_hand)
        self._listeners: list[Listener] = []
        if log is not None:  # a log on a server keeps records here while it is away
            log.watch_spool(self._log_notice_changed)
            self._show_log_notice()  # a table started during an outage keeps records from the start
        self._begin_hand()

    # ----- reading -----------------------------------------------------------------------------
    def expected(self) -> Expected:
        return self.game.expected(self.state)

    def prompts(self) -> TablePrompts:
        return self.game.prompts(self.state)

    def snapshot(self) -> dict[str, Any]:
        """Everything the display draws, as plain JSON."""
        exp = self.expected()
        return {
            "table": self.table_id,
            "hand_id": self.hand_id,
            "hand_number": self.hands_played + (0 if exp.hand_over else 1),
            "prompts": self.prompts().to_dict(),
            "expected": {
                "deal": None
                if exp.deal is None
                else {
                    "spot": exp.deal.spot,
                    "purpose": exp.deal.purpose,
                    "label": exp.deal.label,
                    "face_down": exp.deal.face_down,
                },
                "decisions": {seat: list(actions) for seat, actions in exp.decisions.items()},
                "controls": list(exp.controls),
                "hand_over": exp.hand_over,
            },
            "tally": dict(self.tally),
            "hands_played": self.hands_played,
            "hardware": self.hardware.to_dict(),
            "last_refusal": self.last_refusal,
            "game": self.game.describe(),
            "layout": self.layout(),
        }

    def layout(self) -> list[dict[str, Any]]:
        """The spots the game declares for the hand as it stands (none for a game that declares
        none: the display draws its rows from the prompts)."""
        return [
            {"name": s.name, "x": s.x, "y": s.y, "kind": s.kind, "seat": s.seat, "label": s.label}
            for s in self.game.layout(self.state)
        ]

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    # ----- writing -----------------------------------------------------------------------------
    def submit(self, event: Event, *, source: str, at: float | None = None) -> tuple[Effect, ...]:
        """Apply one event: log it, then show it. A NEW DECK after a finished hand starts the next.

        The state moves exactly when the event's record commits. An event the log cannot take
        is refused (nothing recorded, nothing moved, the reason shown); a card the shoe dealt
        meanwhile holds the hand for the pit boss once the log takes records again."""
        with self.lock:
            at = time.time() if at is None else at
            try:
                self._settle_log()
                effects = self._step(event, source, at)
            except HandLogError as exc:
                effects = self._unlogged(event, exc)
            self._show_log_faults()
        self._notify()
        return effects

    def _step(self, event: Event, source: str, at: float) -> tuple[Effect, ...]:
        before = (self.state, self.hand_id, self._hand_logged, self._result_logged, self._ended)
        if self.expected().hand_over and self._starts_next_hand(event):
            self.state = next_hand(self.game, self.state)
            self._begin_hand()
        try:
            new_state, effects = self._apply(event)
            # What happened, not what the screens showed: the prompts are the replay's to derive
            # (hand_log.shown), and stored with every event they were 92 % of a hand's log.
            payload = {
                "event": event_to_dict(event),
                "effects": [effect_to_dict(e) for e in effects],
            }
            self._log("event", payload, source=source, at=at)
        except HandLogError:
            if not self._hand_logged:  # the next hand never reached the log: it has not begun
                (self.state, self.hand_id, self._hand_logged, self._result_logged, self._ended) = (
                    before
                )
            raise
        self.state = new_state  # the record stands, so does the state it moves to
        refused = [e for e in effects if isinstance(e, Refused)]
        self.last_refusal = refused[0].reason if refused else None
        if isinstance(event, Control) and event.control == NEW_DECK and not refused:
            for key in CLEARED_BY_NEW_DECK:  # the shuffle the cut card called for
                self.hardware.notices.pop(key, None)
        ended = next((e for e in effects if isinstance(e, HandEnded)), None)
        if ended is not None:
            self._result_due = (ended, at)
            with contextlib.suppress(HandLogError):  # shown, and logged before anything else
                self._log_result()
        return effects

    def hardware_event(
        self, event: dict[str, Any], *, source: str, at: float | None = None, alert: bool = True
    ) -> None:
        """A non-card report from a card source: logged, counted, shown. A gap, or a jam, an
        opened door or a device error during a hand, holds the hand for the pit boss; the cut
        card and the like stand as notices (:mod:`table_controller.hardware_alerts`).

        A report the game declares as one of its controls (``game.hardware_controls``: the
        shoe's cut card in blackjack) is then submitted as that control, by the shoe.

        ``alert=False`` is a report the dealer need not act on (a card collected after the
        result): it is logged and counted under ``noted``, not shown among the warnings.
        """
        at = time.time() if at is None else at
        kind = str(event.get("type", "warning"))
        with self.lock:
            if not self._log_report(kind, event, source, at):
                self._notify()
                return
            if alert:
                self._update_hardware(kind, event, at, source)
            else:
                self.hardware.noted[str(event.get("reason", kind))] += 1
            action = alert_for(event, hand_live=self._hand_live()) if alert else HardwareAlert()
            self.hardware.take(action)
        control = self.game.hardware_controls.get(kind) if alert else None
        if action.hold:
            self.submit(HardwareIrregularity(action.hold), source=source, at=at)
        elif (
            control is not None
        ):  # the game takes this report as its control (blackjack: the cut card)
            self.submit(Control(control, by="shoe"), source=source, at=at)
        else:
            self._notify()

    def record_access(
        self, kind: str, payload: dict[str, Any], *, source: str, at: float | None = None
    ) -> None:
        """A refused PIN or token, a lockout and its end (``access_refused``, ``lockout``,
        ``lockout_lifted``): in the open hand if one is being played, else between hands.
        Nothing the engine sees: a refused attempt changes no hand."""
        at = time.time() if at is None else at
        with self.lock:
            if self.log is not None:
                in_hand = self._hand_logged and not self._result_logged
                self.log.append(
                    self.hand_id if in_hand else "", kind, payload, source=source, at=at
                )
                self._show_log_notice()
        self._notify()

    def resume(
        self, hand_id: str, events: list[dict[str, Any]], header: dict[str, Any] | None = None
    ) -> None:
        """Crash recovery: rebuild the unfinished hand from its logged events (not re-logged).

        If the crash came after the hand's last event was logged but before its result was,
        the result is logged now, so the hand is complete in the log before the next begins.
        """
        with self.lock:
            self.hand_id = hand_id
            self._hand_logged = True
            state = start_of_hand(self.game, header or {})
            for data in events:
                state, _ = self.game.apply(state, event_from_dict(data))
            self.state = state
            result = self.game.result(state)
            if result is not None:
                self._log(
                    "result", result_to_dict(result), source="engine:recovery", at=time.time()
                )
                self._count(HandEnded(result))
        self._notify()

    def retry_log(self) -> None:
        """Write what the log still owes (a head, a witness line, a result, a hold for cards the
        log could not take); the display calls this every second while :attr:`log_owing`."""
        if self.log is None:
            return
        with self.lock:
            before = (dict(self.hardware.notices), self.state)
            self.log.retry()
            with contextlib.suppress(HandLogError):
                self._settle_log()
            self._show_log_faults()
            changed = before != (self.hardware.notices, self.state)
        if changed:
            self._notify()

    @property
    def log_owing(self) -> bool:
        """Something is still to be written to the log, or the log could not take a card."""
        owed = bool(getattr(self.log, "owing", False))
        return owed or self._result_due is not None or bool(self._unlogged_cards)

    @property
    def log_down(self) -> bool:
        """The log could not take what the shoe dealt: a dealer (or the autopilot) waits."""
        return bool(self._unlogged_cards)

    # ----- internals ---------------------------------------------------------------------------
    def _settle_log(self) -> None:
        """Before anything new: the result still due, then the hold for what the log could not
        take while it was down (raises HandLogError while the log still cannot be written)."""
        if self._result_due is not None:
            self._log_result()
        if self._unlogged_cards:
            missed = ", ".join(self._unlogged_cards)
            if self._hand_live():
                hold = HardwareIrregularity(f"{LOG_DOWN_HOLD}: {missed}; {LOG_DOWN_CHECK}")
                self._step(hold, "hand_log", time.time())
            self._unlogged_cards.clear()
            self.hardware.notices.pop(LOG_DOWN, None)

    def _log_report(self, kind: str, event: dict[str, Any], source: str, at: float) -> bool:
        """Log a hardware report; False if the log cannot take it (then it is not taken either,
        and a live hand is held once the log is back)."""
        try:
            self._settle_log()
            self._log("hardware", event, source=source, at=at)
        except HandLogError as exc:
            if kind not in ROUTINE_KINDS:
                self._unlogged_report(f"the shoe's report {kind}", exc)
            return False
        finally:
            self._show_log_faults()
        return True

    def _log_result(self) -> None:
        ended, at = self._result_due  # type: ignore[misc]
        try:
            self._log("result", result_to_dict(ended.result), source="engine", at=at)
        except HandLogError as exc:
            self.hardware.notices[RESULT_DUE] = (
                f"The hand's result is not in the hand log yet ({exc}): "
                "it is logged before the next event"
            )
            raise
        self.hardware.notices.pop(RESULT_DUE, None)
        self._result_due = None
        self._count(ended)

    def _unlogged(self, event: Event, exc: HandLogError) -> tuple[Effect, ...]:
        """The log could not take ``event``: refused, and a card from the shoe remembered."""
        what = "the event"
        if isinstance(event, CardArrived):
            what = event.card.code
            self._unlogged_report(what, exc)
        elif isinstance(event, HardwareIrregularity):  # a hold the shoe asked for: it still stands
            what = "the hold"
            self._unlogged_report(f"a hold ({event.reason})", exc)
        self.last_refusal = f"the hand log cannot be written ({exc}): {what} was not taken"
        return (Refused(self.last_refusal),)

    def _unlogged_report(self, what: str, exc: HandLogError) -> None:
        if not self._hand_live():
            return
        self._unlogged_cards.append(what)
        self.hardware.notices[LOG_DOWN] = (
            f"The hand log cannot be written ({exc}): the cards dealt are not taken; wait, "
            "the hand is held for the pit boss once the log is back"
        )

    def _show_log_faults(self) -> None:
        """The log's standing faults (a head or witness it cannot write) as the dealer's notices."""
        notices = self.hardware.notices
        for key in [k for k in notices if k.startswith(LOG_FAULT)]:
            del notices[key]
        for key, words in (self.log.faults if self.log is not None else {}).items():
            notices[LOG_FAULT + key] = words

    def bets_open(self) -> bool:
        """Whether the dealer may enter bets now (the console shows its bet form only then): in
        a hand, as the game says; after a finished one, where a bet begins the next hand (a
        lasting shoe) and that hand takes bets."""
        if self.expected().hand_over:
            return self._starts_next_hand(Wager("", "", 0)) and self.game.bets_open(
                next_hand(self.game, self.state)
            )
        return self.game.bets_open(self.state)

    def _starts_next_hand(self, event: Event) -> bool:
        """A NEW DECK after a finished hand starts the next; in a game whose shoe lasts many
        rounds (``next_hand``) so do the next round's bets and its first card."""
        return self.game.starts_next_hand(event)

    def _apply(self, event: Event) -> tuple[Any, tuple[Effect, ...]]:
        new_state, effects = self.game.apply(self.state, event)
        if self._ended and any(isinstance(e, HandEnded) for e in effects):
            return self.state, (Refused(RESULT_STANDS),)
        return new_state, effects

    def _hand_live(self) -> bool:
        """A hand is being dealt or played: not over, not waiting for a new deck."""
        exp = self.expected()
        return not exp.hand_over and NEW_DECK not in exp.controls

    def _begin_hand(self) -> None:
        """A new hand id; the hand is written to the log with its first event, so a table that
        starts and stops again leaves no empty hands behind."""
        self.hand_id = f"{self.table_id}-{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:8]}"
        self._hand_logged = False
        self._result_logged = False
        self._ended = False  # the hand's result is counted

    def _log(self, kind: str, payload: dict[str, Any], *, source: str, at: float) -> None:
        if self.log is None:
            return
        if self._result_logged and kind in ("hardware", "event"):
            # after the result the log's hand is closed: a report (the cards being collected,
            # a heartbeat) is logged between hands, and so is an event entered before the next
            # deck (a refused decision, a hold for a gap and its accept), as a note naming the hand
            if kind == "event":
                kind, payload = "note", {"after_hand": self.hand_id, **payload}
            self.log.append("", kind, payload, source=source, at=at)
            self._show_log_notice()
            return
        if not self._hand_logged:
            header = {
                **self.game.describe(),
                "table": self.table_id,
                "dealer": self.dealer,
                "shoe": self.hardware.source,
            }
            header.update(self.game.round_header(self.state))  # where a lasting shoe's round starts
            self.log.begin_hand(self.hand_id, header)
            self._hand_logged = True
        self.log.append(self.hand_id, kind, payload, source=source, at=at)
        self._show_log_notice()
        if kind == "result":
            self._result_logged = True

    def _show_log_notice(self) -> None:
        """While the log's server is away, the dealer sees how many records the table keeps."""
        words = self.log.spool_notice() if self.log is not None else None
        if words:
            self.hardware.notices[LOG_NOTICE] = words
        else:
            self.hardware.notices.pop(LOG_NOTICE, None)

    def _log_notice_changed(self) -> None:
        """The log's forwarding thread sent kept records to the server (or was refused)."""
        with self.lock:
            self._show_log_notice()
        self._notify()

    def _count(self, ended: HandEnded) -> None:
        """The session's running count: the winner where seats play each other (Missouri City),
        else each seat's outcome against the dealer or the stock."""
        self.hands_played += 1
        self._ended = True
        result = ended.result
        if result.void:
            self.tally["void"] += 1
        elif not self.game.bets and (result.winner is not None or len(self.game.seats) == 2):
            self.tally[f"{result.winner} wins" if result.winner else "no winner"] += 1
        else:
            for seat, seat_result in result.seats.items():
                self.tally[f"{seat} {seat_result.outcome}"] += 1

    def _update_hardware(self, kind: str, event: dict[str, Any], at: float, source: str) -> None:
        hw = self.hardware
        hw.counters[kind] += 1
        if kind not in ROUTINE_KINDS:
            hw.alerts[str(event.get("reason", kind)) if kind == "warning" else kind] += 1
        if kind in ("hello", "reconnected", "heartbeat", "disconnected"):
            hw.link(source, up=kind != "disconnected")
        if kind == "heartbeat":
            hw.last_heartbeat = at
        if kind not in ("heartbeat", "hello"):
            hw.warnings.append(
                {
                    "type": kind,
                    "at": at,
                    **{k: v for k, v in event.items() if k not in ("type", "at")},
                }
            )
            del hw.warnings[:-20]

    def _notify(self) -> None:
        for listener in list(self._listeners):
            listener(self)


def next_hand(game: Game, finished: Any) -> Any:
    """The hand after ``finished``: the next round on the same shoe where the game has one."""
    return game.next_hand(finished)


def start_of_hand(game: Game, header: dict[str, Any]) -> Any:
    """The state a logged hand started from: a game whose rounds share a shoe rebuilds it from
    the hand's header; any other starts afresh."""
    return game.hand_from_header(header)


def align_simulated_shoe(session: TableSession, source: Any) -> None:
    """A simulated shoe opened mid-hand (a table restarted after a crash) sets aside the
    cards already out, as a real shoe would simply still hold the rest of its deck."""
    shoe = getattr(session.state, "shoe", None)
    if shoe is not None and shoe.drawn:
        source.set_aside(list(shoe.drawn))
