"""The running table: a :class:`TableSession` wired to its card source and its camera.

One wiring for every way a table runs. The terminal runner drives it (the autopilot deals, a
replay is read into it); the dealer display subscribes to it and adds only the reading threads
and the pushes to its pages (:class:`dealer_display.table.DisplayTable`). Nothing here knows a
game: the game is whatever :func:`table_controller.games.make_game` made.

Cards from the shoe are the card events; a camera beside a shoe witnesses them
(:class:`~table_controller.crosscheck.CameraWitness`), and a simulated camera is laid out by a
simulated dealer as the engine places the cards. The hand log is opened here, and a hand left
unfinished in it by a crash is resumed where it stood.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from drivers.base import CARD, RECORDED, CardSource, SourceEvent
from table_controller.camera_places import camera_places, cards_on_places
from table_controller.crosscheck import CameraWitness, card_gone_matters, is_card_gone
from table_controller.engine import Effect, Refused, split_places
from table_controller.errors import ConfigError
from table_controller.events import (
    NEW_DECK,
    RESHUFFLE,
    CardArrived,
    Control,
    Decision,
    Event,
    event_from_dict,
)
from table_controller.runtime import TableSession, align_simulated_shoe, start_of_hand

DEAL_WAIT_SECONDS = 2.0


class RunningTable:
    """A session, the card source feeding it and the camera (if any) checking it."""

    def __init__(
        self, session: TableSession, source: CardSource, camera: CardSource | None = None
    ) -> None:
        self.session = session
        self.source = source
        self.camera = camera
        self.witness = (
            None
            if camera is None
            else CameraWitness(
                session, source=camera.url, layout_now=lambda: cards_on_places(session)
            )
        )
        self.last_card: dict[str, Any] | None = None
        if camera is not None:
            camera.use_places(camera_places(session.game))  # a simulated table is laid out so
            session.subscribe(self._on_layout)

    def attach_hardware(self) -> None:
        """The sources opened, so they are connected; a driver may say otherwise later."""
        hardware = self.session.hardware
        hardware.simulated = self.source.simulated
        hardware.attach(device_name(self.source.url), self.source.url)
        if self.camera is not None:
            hardware.attach("camera", self.camera.url)

    def subscribe(self, listener: Any) -> None:
        """``listener(session)`` after every change: the display's pushes, the terminal printer."""
        self.session.subscribe(listener)

    @property
    def can_deal(self) -> bool:
        """A simulated shoe can be told to deal; a real shoe is dealt from by hand."""
        return self.source.simulated and self.source.deals_itself

    # ----- events in --------------------------------------------------------------------------
    def deliver(self, event: SourceEvent) -> None:
        """One event from the card source: a card (or a replayed decision or control) to the
        rules, the rest to status."""
        made = table_event(event)
        if made is None:
            report = event.to_dict()
            self.session.hardware_event(
                report, source=event.source, at=event.at, alert=self._must_act(report)
            )
            return
        engine_event, source, at = made
        # a card the game wants face down is shown to no screen but the dealer's console
        if event.card is not None:
            deal = self.session.expected().deal
            self.last_card = {
                "code": event.card.code,
                "seq": event.seq,
                "at": event.at,
                "face_down": deal is not None and deal.face_down,
            }
        self.session.submit(engine_event, source=source, at=at)
        if event.card is not None and self.witness is not None:
            self.witness.shoe_card_applied(event.card.code, time.time())

    def deliver_sighting(self, event: SourceEvent) -> None:
        """One event from the camera witnessing the shoe: checked, never dealt."""
        assert self.witness is not None
        if event.card is not None and event.kind == "card":
            self.witness.seen(event.card.code, event.spot, source=event.source, at=event.at)
            return
        report = event.to_dict()
        # The witness raises what the dealer must act on: a card leaving a live hand (an
        # irregularity, a camera_mismatch), a card not seen in time (camera_unconfirmed, which
        # also covers a card the camera cannot read); the camera's own report is only logged.
        gone = is_card_gone(report)
        witnessed = gone or event.kind == "unreadable_card"
        self.session.hardware_event(report, source=event.source, at=event.at, alert=not witnessed)
        if gone and event.detail.get("card"):
            self.witness.gone(
                str(event.detail["card"]), event.spot, source=event.source, at=event.at
            )

    def check_camera(self, now: float) -> None:
        """Warn of a card the camera has not confirmed in time (called every so often)."""
        if self.witness is not None:
            self.witness.check_overdue(now)

    def submit(self, event: Event, *, source: str) -> str | None:
        """Apply a console event; the refusal reason, or None when the engine applied it."""
        effects = self.session.submit(event, source=source)
        refusal = _refusal(effects)
        if refusal is None and isinstance(event, Control) and event.control == NEW_DECK:
            self.source.new_deck()  # the simulator shuffles; a real shoe ignores this
        elif refusal is None and isinstance(event, Control) and event.control == RESHUFFLE:
            # the discards shuffled into a new stock: the simulator holds a whole deck less the
            # cards still on the layout; a real shoe ignores this
            self.source.new_deck()
            align_simulated_shoe(self.session, self.source)
        return refusal

    def decide(
        self, seat: str, action: str, *, source: str, amount: int | None = None
    ) -> str | None:
        return self.submit(Decision(seat, action, amount), source=source)

    def deal(self) -> str | None:
        """Tell the simulated shoe to deal its next card; the card's code, or None if empty."""
        card = self.source.deal_next()  # type: ignore[attr-defined]
        return None if card is None else card.code

    def deal_and_read(self) -> bool:
        """Without a reading thread (the terminal): deal one card and deliver what the shoe
        says up to and including it; False when the shoe has nothing more to say."""
        self.source.deal_next()  # type: ignore[attr-defined]
        while (event := self.source.read_event(timeout=DEAL_WAIT_SECONDS)) is not None:
            self.deliver(event)
            if event.kind == CARD:
                return True
        return False

    def replay(self) -> None:
        """Read a recorded source to its end into the session (the terminal's replay); a round on
        a lasting shoe or pack starts where its header says (blackjack, Vingt-un)."""
        self.session.state = start_of_hand(
            self.session.game, getattr(self.source, "header", {}) or {}
        )
        while (event := self.source.read_event(timeout=None)) is not None:
            self.deliver(event)

    # ----- internals --------------------------------------------------------------------------
    def _on_layout(self, session: TableSession) -> None:
        """The engine's layout changed: a simulated dealer lays it out, then the witness notes
        it (after the dealer, so a frame filmed before the change is judged by the old one)."""
        layout = cards_on_places(session)
        if self.camera is not None:
            self.camera.split_hands(split_places(session.game.layout(session.state)))
            self.camera.follow(layout)
        assert self.witness is not None
        self.witness.layout_changed(layout, time.time())

    def _must_act(self, report: dict[str, Any]) -> bool:
        """A card source's report the dealer must see; a camera card source's card leaving
        only when the engine still has it on the layout of a hand in play."""
        if not is_card_gone(report):
            return True
        return card_gone_matters(
            self.session.prompts(), self.session.expected(), report, cards_on_places(self.session)
        )


def table_event(event: SourceEvent) -> tuple[Event, str, float] | None:
    """The engine event ``event`` carries, with the source and time to submit it under (a
    replay's are the recorded ones: who did it, and when); None for a hardware event."""
    if event.kind == CARD and event.card is not None:
        made: Event = CardArrived(event.card, event.spot)
    elif event.kind == RECORDED:
        made = event_from_dict(event.detail["event"])
    else:
        return None
    source = str(event.detail.get("recorded_source", event.source))
    return made, source, float(event.detail.get("recorded_at", event.at))


def device_name(url: str) -> str:
    """What the hardware line calls a card source: the dealer knows a shoe from a camera."""
    scheme = urlsplit(url).scheme
    return {"camera": "camera", "sim-camera": "camera", "replay": "replay"}.get(scheme, "shoe")


def open_log(
    target: str | None, *, key: str | None, table_id: str, witness: str | None = None
) -> Any:
    """The hand log at ``target`` (the default place when None)."""
    from table_controller.hand_log import HandLog
    from table_controller.hand_log.keys import default_log_target

    if witness is not None:
        check_witness_place(witness)
    return HandLog.open(
        target or default_log_target(), key_path=key, table_id=table_id, witness=witness
    )


def check_witness_place(witness: str) -> None:
    """A witness file that cannot be written at all is a start-up mistake, said before anything
    is served (one that goes away later is a notice and a retry). Nothing is created here: the
    log creates the file with its first line."""
    path = Path(witness)
    if path.is_dir():
        raise ConfigError(f"--witness {witness} is a folder: name a file in it")
    place = path if path.exists() else path.parent
    if not place.is_dir() and not path.exists():
        raise ConfigError(
            f"--witness {witness}: the folder {place} does not exist "
            "(mount the share, or create it)"
        )
    if not os.access(place, os.W_OK):
        raise ConfigError(
            f"--witness {witness} cannot be written by this user (check its permissions)"
        )


def resume_unfinished(session: TableSession, log: Any, source: Any = None) -> None:
    """Crash recovery: an unfinished hand in the log is resumed exactly where it was.

    A simulated shoe restarted with the controller is told which cards are already on the
    layout, as a real shoe would simply still hold the rest of its deck.
    """
    if log is None:
        return
    unfinished = log.unfinished_hand()
    if unfinished is None:
        return
    hand_id, header, records = unfinished
    _check_same_game(session, hand_id, header)
    events = [r.payload["event"] for r in records if r.kind == "event"]
    session.resume(hand_id, events, header)
    if source is not None:
        align_simulated_shoe(session, source)
    print(f"resumed unfinished hand {hand_id} after {len(events)} events", file=sys.stderr)


def _check_same_game(session: TableSession, hand_id: str, header: dict[str, Any]) -> None:
    """An unfinished hand is finished by the game it was dealt in, as it was set up (switches,
    seats, who is dealt first, limits): replayed through another it would be a different hand."""
    running = json.loads(
        json.dumps(session.game.describe(), default=str)
    )  # as the header was logged
    title = header.get("title") or header.get("game")
    start = (
        f"table {session.table_id} has an unfinished {title} hand ({hand_id}): start the table with"
    )
    if header.get("game") != running.get("game"):
        raise ConfigError(f"{start} --game {header.get('game')} to finish it")
    differs = {k: header.get(k) for k, v in running.items() if k != "title" and header.get(k) != v}
    if differs:
        raise ConfigError(
            f"{start} the settings it was dealt with to finish it: {json.dumps(differs, sort_keys=True)}"
        )


def _refusal(effects: tuple[Effect, ...]) -> str | None:
    return next((e.reason for e in effects if isinstance(e, Refused)), None)
