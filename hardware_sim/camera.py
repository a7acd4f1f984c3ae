"""``sim-camera://?seed=N``: a simulated overhead camera over a layout being dealt.

Every frame is rendered (see :mod:`hardware_sim.render`) and goes through the real recogniser
and tracker of :class:`drivers.camera.CameraSource`, so the path from frames to card events is
the one a real camera takes. ``seed`` fixes the deck order, the camera's view and the noise.
The runtime (or a test) is the dealer and uses the back door:

- :meth:`SimCamera.deal_next` puts the next card of the shuffled deck on a spot;
- :meth:`SimCamera.deal` puts a given card on a spot; :meth:`SimCamera.take` clears a spot
  (or takes one card from it);
- :meth:`SimCamera.follow` lays the layout out as the engine has it (a simulated dealer who
  places each card the shoe read where the engine put it, and collects what it discards);
- :meth:`SimCamera.use_places` lays the table out for a game's places
  (:func:`table_controller.camera_places.camera_places`; the registry's default game's until
  told);
- :attr:`SimCamera.layout` is the calibration a real table would get from
  ``table vision calibrate``.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence

import numpy as np

from drivers.base import now
from drivers.camera import CameraSource
from drivers.urls import SourceURL, int_option, split_source_url
from hardware_sim.decks import shuffled_deck
from hardware_sim.render import Placement, default_corners, place_on_spot, render_frame
from hardware_sim.sim_deck import sim_deck
from table_controller.camera_places import default_places, split_hands
from table_controller.cards import Card, parse_card
from table_controller.errors import ConfigError
from vision.calibration import Layout, Rect, calibrate
from vision.deck import Deck

OPTIONS = {
    "seed": "deck order, camera view and noise, a whole number; default 0",
    "frames": "frames a card must lie still before it counts, 1..30; default 3",
    "confidence": "how sure a read must be to name the card, 0..1; default the reader's calibrated threshold",
    "incremental": "1: read only the part of a frame that changed (as camera:// does); 0 (default): every frame whole",
}


class SimCamera(CameraSource):
    simulated = True
    deals_itself = True
    # Every frame is drawn under a new light and glare (render_frame), so nearly every frame
    # changes all over and would be read whole anyway; read whole unless asked (incremental=1).
    reads_incrementally = 0

    def __init__(self, url: str) -> None:
        parsed = split_source_url(url, OPTIONS)
        if parsed.path:
            raise ConfigError(
                f"sim-camera:// takes no path (got {parsed.path!r}); e.g. sim-camera://?seed=3"
            )
        self.seed = int_option(parsed, "seed", 0, 0, 2**32 - 1)
        self._rng = np.random.default_rng(self.seed)
        self.corners = default_corners(self._rng)
        self.places: dict[str, Rect] = default_places()
        self._whole_places = self.places  # before any place is split among hands
        super().__init__(url, OPTIONS)
        self._deck = list(shuffled_deck(self.seed))
        # where the dealer's hand puts each card depends on the seed alone, not on how many
        # frames were filmed before it, so a seed lays out the same table every time
        self._placing = np.random.default_rng([self.seed, 1])
        self._placements: dict[str, dict[int, Placement]] = {}  # spot -> slot -> card
        self._lock = threading.Lock()

    def _deck(self, parsed: SourceURL) -> Deck:
        return sim_deck()  # the simulated table enrolled its own card design, as a casino does

    def _layout(self, parsed: SourceURL) -> Layout:
        return self._calibrated()

    @property
    def layout(self) -> Layout:
        layout = self.tracker.layout
        assert layout is not None
        return layout

    def use_places(self, places: dict[str, Rect]) -> None:
        """The table is laid out for a game: its places marked on the cloth and calibrated
        (an empty layout: call before the first card)."""
        with self._lock:
            self.places = self._whole_places = dict(places)
            self._placements.clear()
            self.tracker.layout = self._calibrated()

    def split_hands(self, hands: Mapping[str, Sequence[str]]) -> None:
        """Each place of ``hands`` cut into one strip per hand (a seat that split): the dealer
        lays each hand's cards on its strip (:meth:`follow`), the camera names them by it."""
        with self._lock:
            places = split_hands(self._whole_places, hands)
            if places == self.places:
                return
            self.places = places
            for spot in [s for s in self._placements if s not in places]:
                del self._placements[spot]  # picked up, to be laid on its hand's strip
            self.tracker.layout = self._calibrated()

    def _calibrated(self) -> Layout:
        return calibrate([(float(x), float(y)) for x, y in self.corners], (1280, 720), self.places)

    def _open(self) -> None:
        pass

    def _close(self) -> None:
        pass

    def deal_next(self, spot: str) -> Card:
        """Deal the next card of the deck face up onto ``spot``."""
        if not self._deck:
            raise ConfigError("the simulated deck is empty")
        card = self._deck.pop(0)
        self.deal(card, spot)
        return card

    def deal(self, card: Card, spot: str) -> None:
        """Put ``card`` face up on ``spot``, in the spot's first free place."""
        if spot not in self.places:
            raise ConfigError(f"no spot {spot!r}; spots: {', '.join(self.places)}")
        with self._lock:
            on_spot = self._placements.setdefault(spot, {})
            slot = next(n for n in range(len(on_spot) + 1) if n not in on_spot)
            on_spot[slot] = place_on_spot(card, spot, self._placing, slot, places=self.places)

    def take(self, spot: str, card: Card | None = None) -> None:
        """Clear a spot (cards collected at the end of a hand), or take just ``card`` from it."""
        with self._lock:
            on_spot = self._placements.get(spot, {})
            for slot, placement in list(on_spot.items()):
                if card is None or placement.card == card:
                    del on_spot[slot]

    def cards_on(self, spot: str) -> list[Card]:
        with self._lock:
            return [p.card for _, p in sorted(self._placements.get(spot, {}).items())]

    def follow(self, layout: dict[str, tuple[str, ...]]) -> None:
        """Make the layout hold exactly ``layout`` (spot -> card codes), touching only what differs."""
        for spot in self.places:
            wanted = layout.get(spot, ())
            lying = self.cards_on(spot)
            for card in lying:
                if card.code not in wanted:
                    self.take(spot, card)
            for code in wanted:
                if code not in {c.code for c in lying}:
                    self.deal(parse_card(code), spot)

    def frame(self) -> np.ndarray:
        """What the camera sees now."""
        with self._lock:  # each card over those dealt before it on its spot, and over the
            # cards of the spots to its left (a split hand's cards lie over the next hand's edge)
            spots = sorted(self._placements, key=lambda spot: self.places[spot][0])
            placements = [p for s in spots for _, p in sorted(self._placements[s].items())]
            self.captured_at = now()  # the moment the layout was as filmed
        return render_frame(placements, self.corners, self._rng, self.places)

    def _next_frame(self) -> np.ndarray | None:
        return self.frame()
