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
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from dealer_display.feed import CardFeed
from dealer_display.hub import PushHub
from drivers.base import CardSource, SourceEvent
from table_controller import games
from table_controller.contract import Decision, SpotContent
from table_controller.running import RunningTable, device_name
from table_controller.runtime import TableSession

__all__ = ["CAMERA_CHECK_SECONDS", "DisplayTable", "device_name"]

CAMERA_CHECK_SECONDS = 0.5
LOG_RETRY_SECONDS = 1.0  # what the log still owes (a head, a witness line) is tried this often


class DisplayTable(RunningTable):
    """A running table served to the pages that show it."""

    def __init__(
        self, session: TableSession, source: CardSource, camera: CardSource | None = None
    ) -> None:
        super().__init__(session, source, camera)
        self.hub = PushHub(self.state_message)
        self.version = 0  # counts changes, so a page (or a test) can tell a state is new
        self.card_arrived = asyncio.Event()
        self.access: Any = None  # the display's PinGuard, for the wrong-PIN notice
        self.drawing = display_of(session.game.game_id)  # where the page loads the game's drawing
        self.decisions = decisions_of(session.game.game_id)
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
        """Everything a page draws. A page other than the dealer's console gets the public view
        (:func:`public_view`): whatever the game, no card that went face down."""
        game = self.session.game
        snapshot = self.session.snapshot()
        card = self.last_card
        camera = (
            None
            if self.witness is None or self.camera is None
            else {"source": self.camera.url, **self.witness.to_dict()}
        )
        snapshot["game"] = {**snapshot["game"], "display": self.drawing}
        snapshot["spots"] = spot_contents(game.on_spots(self.session.state), console)
        if not console:
            snapshot, card = public_view(self.session, snapshot, card)
            if camera is not None:  # the cards the camera has yet to see include the face-down ones
                camera["unconfirmed"] = len(camera["unconfirmed"])
        else:  # the console's own view (a hole card's face), marking what the public cannot see
            snapshot["prompts"] = game.console_prompts(self.session.state).to_dict()
            public = game.public_prompts(self.session.state)
            snapshot["hidden_show_cards"] = [code is None for code in public.show_cards]
        return {
            "type": "state",
            "state": snapshot,
            "console": {
                "actions": list(self.actions()),
                "can_deal": self.can_deal,
                **({"bets": [bet.to_dict() for bet in game.bet_specs]} if game.bets else {}),
                "bets_open": self.session.bets_open(),
                "keys": {d["name"]: d["key"] for d in self.decisions if d["key"]},
                "decisions": self.decisions,
            },
            "card": card,
            "access": None if self.access is None else self.access.to_dict(),
            "camera": camera,
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


def display_of(game_id: str) -> dict[str, Any] | None:
    """Where the page loads the game's own drawing (its record's :class:`Display`), if it has
    one; None: the page's one renderer draws the spots the game declares."""
    found = games.records().get(game_id)
    if found is None or found.display is None:
        return None
    base = f"/games/{game_id}/"
    return {
        "module": base + found.display.module,
        "styles": [base + style for style in found.display.styles],
    }


def decisions_of(game_id: str) -> list[dict[str, Any]]:
    """The plays the game declares as the console offers them: name, key, words, amount (a
    play declared only by an older record's ``action_keys`` has its key and no amount)."""
    found = games.records().get(game_id)
    if found is None:
        return []
    declared = {d.name: d for d in found.decisions}
    keys = found.keys()
    return [
        replace(declared.get(name, Decision(name)), key=keys.get(name, "")).to_dict()
        for name in dict.fromkeys([*declared, *keys])
    ]


def spot_contents(on_spots: Mapping[str, SpotContent], console: bool) -> dict[str, Any]:
    """The cards and bets on each declared spot as JSON; a face-down card is a back (None)
    except on the dealer's console, which sees it marked hidden."""
    out = {}
    for name, content in on_spots.items():
        down = [bool(d) for d in content.face_down] + [False] * len(content.cards)
        cards = [code if console or not down[i] else None for i, code in enumerate(content.cards)]
        out[name] = {"cards": cards, "down": down[: len(cards)], "amount": content.amount}
        if content.settled is not None:  # a bet settled: what became of it
            out[name]["settled"] = content.settled
    return out


FACE_DOWN_HELD = "the card dealt face down is held (the dealer's console names it)"


def unnamed(prompts: dict[str, Any], code: str) -> dict[str, Any]:
    """``prompts`` without ``code``: a card dealt face down that the rules hold as irregular is
    named, in code and in words, in the irregularity and the instruction for the pit boss."""
    irregularity = prompts.get("irregularity")
    if not irregularity or code not in irregularity["cards"]:
        return prompts
    words = prompts["dealer_instruction"].replace(irregularity["reason"], FACE_DOWN_HELD)
    if code in words:
        words = "IRREGULARITY: " + FACE_DOWN_HELD
    cards = [None if c == code else c for c in irregularity["cards"]]
    irregularity = {**irregularity, "reason": FACE_DOWN_HELD, "cards": cards}
    return {**prompts, "irregularity": irregularity, "dealer_instruction": words}


def public_view(
    session: TableSession, snapshot: dict[str, Any], card: dict[str, Any] | None
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The state and the last card as a page other than the dealer's console may see them.

    For every game: the last card's code is withheld when the game dealt it face down
    (``DealTo.face_down``), and so is the refusal that came with it; no hardware report names a
    card. A game whose public view of its prompts hides something now (``public_prompts``:
    Vingt-un's face-down cards) gives that view, and no refusal;
    a game that ``hides_from_public`` (Farmer, F-6) shows no seat's console figures, no refusal
    (F-13) and no last card at all."""
    game = session.game
    hardware = dict(snapshot["hardware"])
    hardware["warnings"] = [
        {k: v for k, v in w.items() if k not in ("card", "detail")} for w in hardware["warnings"]
    ]
    snapshot = {**snapshot, "hardware": hardware}
    public = game.public_prompts(session.state)
    if public != game.prompts(session.state):  # the game hides something from the public
        snapshot["prompts"] = public.to_dict()
        snapshot["last_refusal"] = None
    if card is not None and card.get("face_down"):
        # held as irregular, it is named for the pit boss
        snapshot["prompts"] = unnamed(snapshot["prompts"], card["code"])
        card, snapshot["last_refusal"] = {**card, "code": None}, None
    if game.hides_from_public:
        card, snapshot["last_refusal"] = None, None
        for seat in snapshot["prompts"]["seats"]:
            (seat.get("figures") or {}).pop("console", None)
    return snapshot, card
