"""From per-frame guesses to sightings: a card counts once it has lain still for a few frames.

Pure: frames of :class:`~vision.recogniser.CardGuess` in, :class:`Sighting` out, no clock. A
card is keyed by its spot and code (an unreadable card by its spot and rough position), so a
hand spot can hold several cards. A card that was reported and then stays away for as many
frames is reported gone.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from table_controller.cards import Card
from vision.calibration import Layout
from vision.recogniser import CardGuess

SEEN = "seen"
UNREADABLE = "unreadable"
GONE = "gone"
STILL_PIXELS = 15.0  # a card whose centre moves less than this between frames lies still
_CELL = 40.0
# A name read surely in this many frames (or in all a card needs, if fewer) may stand for the
# unreadable frames that follow (they count towards reporting it); read once, it may not: one
# sure but wrong read is not a card.
LENDS_AFTER_READS = 2


@dataclass(frozen=True, slots=True)
class Sighting:
    kind: str  # SEEN, UNREADABLE or GONE
    card: Card | None
    spot: str | None
    centre: tuple[float, float]
    confidence: float


@dataclass
class _Track:
    guess: CardGuess
    spot: str | None
    streak: int = 1
    reads: int = 1  # frames that read it (not lent its name, drivers.camera)
    absent: int = 0
    reported: bool = False


@dataclass
class SpotTracker:
    """Feed it every frame's guesses with :meth:`update`; it returns what became certain."""

    layout: Layout | None = None
    frames_needed: int = 3
    _tracks: dict[tuple[object, ...], _Track] = field(default_factory=dict)

    def update(self, guesses: list[CardGuess], lent: Collection[int] = ()) -> list[Sighting]:
        """``lent``: which guesses name a card not read in this frame but read before where it
        lies (:meth:`drivers.camera.CameraSource._steady`): such a frame keeps the card's track,
        and counts towards reporting it only once the card was read in LENDS_AFTER_READS frames."""
        out: list[Sighting] = []
        seen_keys: set[tuple[object, ...]] = set()
        for n, guess in enumerate(guesses):
            spot = self.layout.spot_at(guess.centre) if self.layout else None
            key = self._key(guess, spot)
            seen_keys.add(key)
            if n in lent and not self._may_lend(key, guess):
                self._keep(key, guess)
            else:
                out.extend(self._observe(key, guess, spot, read=n not in lent))
        for key in list(self._tracks):
            if key not in seen_keys:
                out.extend(self._miss(key))
        return out

    def _key(self, guess: CardGuess, spot: str | None) -> tuple[object, ...]:
        if guess.card is not None:
            return (spot, guess.card.code) if spot else (None, guess.card.code, *_cell(guess))
        return (spot, None, *_cell(guess))

    def _observe(
        self, key: tuple[object, ...], guess: CardGuess, spot: str | None, read: bool = True
    ) -> list[Sighting]:
        track = self._tracks.get(key)
        if track is None or _moved(track.guess, guess):
            was_reported = track.reported if track else False
            self._tracks[key] = _Track(
                guess, spot, reported=was_reported and guess.card is not None
            )
            return []
        track.guess, track.absent = guess, 0
        track.streak += 1
        track.reads += read
        if track.reported or track.streak < self.frames_needed:
            return []
        track.reported = True
        kind = SEEN if guess.card is not None else UNREADABLE
        return [Sighting(kind, guess.card, spot, guess.centre, guess.confidence)]

    def _may_lend(self, key: tuple[object, ...], guess: CardGuess) -> bool:
        track = self._tracks.get(key)
        needed = min(LENDS_AFTER_READS, self.frames_needed)
        return track is not None and not _moved(track.guess, guess) and track.reads >= needed

    def _keep(self, key: tuple[object, ...], guess: CardGuess) -> None:
        track = self._tracks.get(key)
        if track is not None and not _moved(track.guess, guess):
            track.absent = 0

    def _miss(self, key: tuple[object, ...]) -> list[Sighting]:
        track = self._tracks[key]
        track.absent += 1
        track.streak = 0
        if track.absent < self.frames_needed:
            return []
        del self._tracks[key]
        if not track.reported or track.guess.card is None:
            return []
        return [Sighting(GONE, track.guess.card, track.spot, track.guess.centre, 0.0)]


def _cell(guess: CardGuess) -> tuple[int, int]:
    return round(guess.centre[0] / _CELL), round(guess.centre[1] / _CELL)


def _moved(before: CardGuess, after: CardGuess) -> bool:
    dx = before.centre[0] - after.centre[0]
    dy = before.centre[1] - after.centre[1]
    return (dx * dx + dy * dy) ** 0.5 > STILL_PIXELS
