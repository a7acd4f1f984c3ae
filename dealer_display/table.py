"""The running table behind the display: the session, its card source, the feed and the pushes.

Every change to the session happens on the asyncio loop: cards arrive through
:class:`~dealer_display.feed.CardFeed`, the console's requests are ``async`` routes, and the
autopilot is a task. The session's listener only tells the :class:`PushHub` that something
changed. With a shoe and a camera, the shoe's cards are the card events and the camera
witnesses them (:class:`~table_controller.crosscheck.CameraWitness`); a simulated camera is
laid out by a simulated dealer as the engine places the cards.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any
from urllib.parse import urlsplit

from dealer_display.feed import CardFeed, table_event
from dealer_display.hub import PushHub
from drivers.base import CardSource, SourceEvent
from table_controller.crosscheck import CameraWitness, card_gone_matters, is_card_gone, layout_cards
from table_controller.engine import Effect, Refused
from table_controller.events import NEW_DECK, RESHUFFLE, Control, Decision, Event
from table_controller.runtime import TableSession, align_simulated_shoe

CAMERA_CHECK_SECONDS = 0.5


class DisplayTable:
    """A :class:`TableSession` wired to a card source and to the pages that show it."""

    def __init__(self, session: TableSession, source: CardSource, camera: CardSource | None = None) -> None:
        self.session = session
        self.source = source
        self.camera = camera
        self.witness = None if camera is None else CameraWitness(session, source=camera.url)
        self.hub = PushHub(self.state_message)
        self.last_card: dict[str, Any] | None = None
        self.version = 0  # counts changes, so a page (or a test) can tell a state is new
        self.card_arrived = asyncio.Event()
        self.access: Any = None  # the display's PinGuard, for the wrong-PIN notice
        self._feeds: list[CardFeed] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._watch: asyncio.Task[None] | None = None
        session.subscribe(self._on_change)
        if camera is not None:
            session.subscribe(self._on_layout)

    # ----- life -------------------------------------------------------------------------------
    def start(self) -> None:
        """Start reading the card source; call on the running loop."""
        hardware = self.session.hardware
        hardware.simulated = self.source.simulated
        # the sources opened, so they are connected; a driver may say otherwise
        hardware.attach(device_name(self.source.url), self.source.url)
        if self.camera is not None:
            hardware.attach("camera", self.camera.url)
        self._loop = asyncio.get_running_loop()
        self._feeds = [CardFeed(self.source, self._loop, self.deliver)]
        if self.camera is not None:
            self._feeds.append(CardFeed(self.camera, self._loop, self.deliver_sighting))
        for feed in self._feeds:
            feed.start()
        if self.witness is not None:
            self._watch = self._loop.create_task(self._watch_camera(self.witness))

    def stop(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
        for feed in self._feeds:
            feed.stop()

    async def _watch_camera(self, witness: CameraWitness) -> None:
        """Every so often: warn of a card the camera has not confirmed in time."""
        while True:
            await asyncio.sleep(CAMERA_CHECK_SECONDS)
            witness.check_overdue(time.time())

    def _on_layout(self, session: TableSession) -> None:
        """The engine's layout changed: a simulated dealer lays it out, then the witness notes
        it (after the dealer, so a frame filmed before the change is judged by the old one)."""
        layout = layout_cards(session.prompts())
        if hasattr(self.camera, "follow"):
            self.camera.follow(layout)  # type: ignore[union-attr]
        assert self.witness is not None
        self.witness.layout_changed(layout, time.time())

    @property
    def can_deal(self) -> bool:
        """A simulated shoe can be told to deal; a real shoe is dealt from by hand."""
        return self.source.simulated and hasattr(self.source, "deal_next")

    # ----- events in --------------------------------------------------------------------------
    def deliver(self, event: SourceEvent) -> None:
        """One event from the card source, on the loop: a card (or a replayed decision or
        control) to the rules, the rest to status."""
        made = table_event(event)
        if made is None:
            report = event.to_dict()
            self.session.hardware_event(report, source=event.source, at=event.at, alert=self._must_act(report))
            return
        engine_event, source, at = made
        if event.card is not None:
            self.last_card = {"code": event.card.code, "seq": event.seq, "at": event.at}
        self.session.submit(engine_event, source=source, at=at)
        if event.card is not None:
            self.card_arrived.set()
            if self.witness is not None:
                self.witness.shoe_card_applied(event.card.code, time.time())

    def deliver_sighting(self, event: SourceEvent) -> None:
        """One event from the camera witnessing the shoe, on the loop: checked, never dealt."""
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
            self.witness.gone(str(event.detail["card"]), event.spot, source=event.source, at=event.at)

    def _must_act(self, report: dict[str, Any]) -> bool:
        """A card source's report the dealer must see; a camera card source's card leaving
        only when the engine still has it on the layout of a hand in play."""
        if not is_card_gone(report):
            return True
        return card_gone_matters(self.session.prompts(), self.session.expected(), report)

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

    def decide(self, seat: str, action: str, *, source: str, amount: int | None = None) -> str | None:
        return self.submit(Decision(seat, action, amount), source=source)

    def deal(self) -> str | None:
        """Tell the simulated shoe to deal its next card; the card's code, or None if empty."""
        card = self.source.deal_next()  # type: ignore[attr-defined]
        return None if card is None else card.code

    # ----- state out --------------------------------------------------------------------------
    def state_message(self, console: bool = True) -> str:
        return json.dumps(self.state(console))

    def state(self, console: bool = True) -> dict[str, Any]:
        """Everything a page draws. A page other than the dealer's console gets the public view of
        a game that keeps cards from the public: its ``public_prompts`` (Vingt-un: no face-down
        card, no hidden total), or, for a game that ``hides_from_public`` (Farmer), the prompts
        without each seat's ``figures["console"]``, no refusal reason (F-13) and no last card."""
        game = self.session.game
        snapshot = self.session.snapshot()
        card = self.last_card
        if not console and hasattr(game, "public_prompts"):
            snapshot = public_snapshot(self.session, snapshot)
            card = None if card is None else {**card, "code": None}
        elif hasattr(game, "public_prompts"):  # the console marks what the public cannot see
            public = game.public_prompts(self.session.state)
            snapshot["hidden_show_cards"] = [code is None for code in public.show_cards]
        if not console and getattr(game, "hides_from_public", False):
            card = None
            snapshot["last_refusal"] = None
            for seat in snapshot["prompts"]["seats"]:
                (seat.get("figures") or {}).pop("console", None)
        return {
            "type": "state",
            "state": snapshot,
            "console": {"actions": list(self.actions()), "can_deal": self.can_deal,
                        **({"bets": list(self.session.game.bets)} if getattr(self.session.game, "bets", ()) else {})},
            "card": card,
            "access": None if self.access is None else self.access.to_dict(),
            "camera": None if self.witness is None else {"source": self.camera.url, **self.witness.to_dict()},  # type: ignore[union-attr]
            "version": self.version,
            "sent_at": time.time(),
        }

    def actions(self) -> tuple[str, ...]:
        """Every play the game knows, so the console can draw (and disable) each button."""
        return tuple(self.session.game.actions)

    def _on_change(self, _session: TableSession) -> None:
        self.version += 1
        if self._loop is None:
            return  # not serving yet: the first page gets the state when it connects
        try:
            on_loop = asyncio.get_running_loop() is self._loop
        except RuntimeError:
            on_loop = False
        if on_loop:
            self.hub.changed()
        else:
            self._loop.call_soon_threadsafe(self.hub.changed)


def device_name(url: str) -> str:
    """What the hardware line calls a card source: the dealer knows a shoe from a camera."""
    scheme = urlsplit(url).scheme
    return {"camera": "camera", "sim-camera": "camera", "replay": "replay"}.get(scheme, "shoe")


def _refusal(effects: tuple[Effect, ...]) -> str | None:
    return next((e.reason for e in effects if isinstance(e, Refused)), None)


def public_snapshot(session: TableSession, snapshot: dict[str, Any]) -> dict[str, Any]:
    """The state as a page other than the dealer's console may see it: the game's public view
    (no card that lies face down, no hidden total) and no card named in a hardware report."""
    hardware = dict(snapshot["hardware"])
    hardware["warnings"] = [{k: v for k, v in w.items() if k not in ("card", "detail")} for w in hardware["warnings"]]
    return {**snapshot, "prompts": session.game.public_prompts(session.state).to_dict(), "hardware": hardware,
            "last_refusal": None}
