"""``sim://``: a simulated shoe at the event level, for training mode and tests.

``sim://?seed=42&decks=1`` deals ``decks`` decks shuffled by ``seed``; ``sim://?deck=FILE``
deals a stacked deck (see :mod:`hardware_sim.decks`). Nothing is drawn by itself: the
runtime (or a test) is the dealer and calls the back door:

- :meth:`SimShoe.deal_next` draws the next card; :meth:`read_event` then returns it;
- :meth:`SimShoe.new_deck` loads a fresh deck (the next seed in sequence: 42, 43, ...;
  a stacked deck starts again from the top of its file);
- :attr:`SimShoe.cards_left`.

Its events look like the serial shoe's (card events with ``seq``, ``quality`` and ``mark``),
so the runtime cannot tell them apart except by ``simulated``.
"""

from __future__ import annotations

import queue
import threading

from drivers.base import CARD, CardSource, SourceEvent, now
from drivers.urls import int_option, split_source_url
from hardware_sim.decks import read_deck_file, shuffled_deck
from table_controller.cards import Card, parse_card
from table_controller.errors import CardCodeError, ConfigError

OPTIONS = {
    "seed": "shuffle seed, a whole number; default 0",
    "decks": "decks in the shoe, 1..8; default 1",
    "jokers": "jokers in the shoe, 0..2; default 0 (a game's own shoe: table run sets it)",
    "deck": "a stacked-deck file, card codes one per line",
    "strip": "cards stripped out of each deck, codes separated by commas, e.g. 8S,8H,6D",
}


class SimShoe(CardSource):
    simulated = True
    deals_itself = True

    def __init__(self, url: str) -> None:
        super().__init__(url)
        parsed = split_source_url(url, OPTIONS)
        if parsed.path:
            raise ConfigError(f"sim:// takes no path (got {parsed.path!r}); e.g. sim://?seed=42")
        if "deck" in parsed.options and {"seed", "decks", "jokers"} & parsed.options.keys():
            raise ConfigError("sim:// takes a stacked deck or seed/decks/jokers, not both")
        self._seed = int_option(parsed, "seed", 0, 0, 2**63)
        self._decks = int_option(parsed, "decks", 1, 1, 8)
        self._jokers = int_option(parsed, "jokers", 0, 0, 2)
        self._stripped = stripped_cards(parsed.options.get("strip", ""))
        deck_file = parsed.options.get("deck")
        self._stacked = read_deck_file(deck_file) if deck_file else None
        self._lock = threading.Lock()
        self._events: queue.Queue[SourceEvent] = queue.Queue()
        self._deck: list[Card] = []
        self._shuffles = 0
        self._seq = 0
        self._locked = False
        self._empty_reported = False
        self._load_deck()

    @property
    def seed(self) -> int:
        """The seed of the deck now in the shoe."""
        return self._seed + self._shuffles

    @property
    def cards_left(self) -> int:
        with self._lock:
            return len(self._deck)

    def _load_deck(self) -> None:
        cards = self._stacked or shuffled_deck(self.seed, self._decks, self._jokers, self._stripped)
        self._deck = list(reversed(cards))  # pop() from the end draws the top card
        self._empty_reported = False

    def new_deck(self) -> None:
        with self._lock:
            self._shuffles += 0 if self._stacked else 1
            self._load_deck()

    def set_aside(self, cards: list[Card]) -> None:
        """Take cards already on the layout out of the shoe (a controller restarted mid-hand:
        a real shoe still holds the rest of its deck, so the simulator must too)."""
        with self._lock:
            for card in cards:
                if card in self._deck:
                    self._deck.remove(card)

    def set_locked(self, locked: bool) -> None:
        self._locked = locked

    def deal_next(self) -> Card | None:
        """The dealer draws the next card; ``None`` (and a shoe_empty event) when empty."""
        with self._lock:
            if not self._deck:
                self._report_empty()
                return None
            card = self._deck.pop()
            self._seq += 1
            self._emit_card(card)
            return card

    def _report_empty(self) -> None:
        if not self._empty_reported:
            self._empty_reported = True
            self._events.put(SourceEvent("shoe_empty", self.url, now(), seq=self._seq))

    def _emit_card(self, card: Card) -> None:
        detail: dict[str, object] = {"quality": 100, "mark": "OK"}
        if self._locked:
            detail["drawn_while_locked"] = True
            self._events.put(SourceEvent("drawn_while_locked", self.url, now(), card, self._seq))
        self._events.put(SourceEvent(CARD, self.url, now(), card, self._seq, detail=detail))

    def _read_event_internal(self, timeout: float | None) -> SourceEvent | None:
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None


def stripped_cards(text: str) -> frozenset[Card]:
    """``8S,6D``: the cards a stripped deck leaves out; a code that is not a card is a ConfigError."""
    try:
        return frozenset(parse_card(code) for code in text.split(",") if code.strip())
    except CardCodeError as exc:
        raise ConfigError(f"option strip: {exc}") from None
