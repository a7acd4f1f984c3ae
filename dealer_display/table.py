"""The running table as the display sees it: :class:`~table_controller.running.RunningTable`
with its sources read on threads and every change pushed to the pages.

Every change to the session happens on the asyncio loop: cards arrive through
:class:`~dealer_display.feed.CardFeed`, the console's requests are ``async`` routes, and the
autopilot is a task. The display subscribes to the running table; its listener only tells the
:class:`PushHub` that something changed.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from dealer_display.feed import CardFeed
from dealer_display.hub import PushHub
from drivers.base import CardSource, SourceEvent
from table_controller.running import RunningTable, device_name
from table_controller.runtime import TableSession

__all__ = ["CAMERA_CHECK_SECONDS", "DisplayTable", "device_name"]

CAMERA_CHECK_SECONDS = 0.5
LOG_RETRY_SECONDS = 1.0  # what the log still owes (a head, a witness line) is tried this often


class DisplayTable(RunningTable):
    """A running table served to the pages that show it."""

    def __init__(self, session: TableSession, source: CardSource, camera: CardSource | None = None) -> None:
        super().__init__(session, source, camera)
        self.hub = PushHub(self.state_message)
        self.version = 0  # counts changes, so a page (or a test) can tell a state is new
        self.card_arrived = asyncio.Event()
        self.access: Any = None  # the display's PinGuard, for the wrong-PIN notice
        self._feeds: list[CardFeed] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._watch: asyncio.Task[None] | None = None
        self._retry: asyncio.Task[None] | None = None
        self.subscribe(self._on_change)

    # ----- life -------------------------------------------------------------------------------
    def start(self) -> None:
        """Start reading the card source; call on the running loop."""
        self.attach_hardware()
        self._loop = asyncio.get_running_loop()
        self._feeds = [CardFeed(self.source, self._loop, self.deliver)]
        if self.camera is not None:
            self._feeds.append(CardFeed(self.camera, self._loop, self.deliver_sighting))
        for feed in self._feeds:
            feed.start()
        if self.witness is not None:
            self._watch = self._loop.create_task(self._watch_camera())
        if self.session.log is not None:
            self._retry = self._loop.create_task(self._retry_log())

    def stop(self) -> None:
        for task in (self._watch, self._retry):
            if task is not None:
                task.cancel()
        for feed in self._feeds:
            feed.stop()

    async def _watch_camera(self) -> None:
        while True:
            await asyncio.sleep(CAMERA_CHECK_SECONDS)
            self.check_camera(time.time())

    async def _retry_log(self) -> None:
        """What the log could not write after a commit (a head, a witness line) or could not
        take (a card) stands as a notice until a retry succeeds: the table never stops for it."""
        while True:
            await asyncio.sleep(LOG_RETRY_SECONDS)
            if self.session.log_owing:
                self.session.retry_log()

    def deliver(self, event: SourceEvent) -> None:
        super().deliver(event)
        if event.card is not None:
            self.card_arrived.set()

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


def public_snapshot(session: TableSession, snapshot: dict[str, Any]) -> dict[str, Any]:
    """The state as a page other than the dealer's console may see it: the game's public view
    (no card that lies face down, no hidden total) and no card named in a hardware report."""
    hardware = dict(snapshot["hardware"])
    hardware["warnings"] = [{k: v for k, v in w.items() if k not in ("card", "detail")} for w in hardware["warnings"]]
    return {**snapshot, "prompts": session.game.public_prompts(session.state).to_dict(), "hardware": hardware,
            "last_refusal": None}
