"""The recogniser: a frame in, a guess for every card face in it out. Pure: no I/O, no state.

Each card outline is read at its corners by the learned index reader (:mod:`vision.learned`):
the four corners, each turned upright, in one batch. Under a steep camera angle a card's long
side can look like its short side, so both readings of the outline count (corners 0 and 2
upright, or 1 and 3 a quarter turn on); the index sits in two opposite corners, which is why a
card upside down reads the same. :mod:`vision.reading` turns the corners into one card and a
confidence; below ``min_confidence`` the card is reported unreadable (the dealer straightens
it). The default threshold comes from the reader's calibration on held-back rendered corners
(``vision/models/index_reader.json``), never from photographs. An enrolled deck narrows the
choice to its cards, adapts the reading to its print (:mod:`vision.adapt`), and its faces may
vouch for an index too small to be sure of (:mod:`vision.faces`).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from table_controller.cards import Card, standard_deck
from vision.balance import white_balanced
from vision.deck import Deck
from vision.detect import CardOutline, find_cards
from vision.faces import face_confidence
from vision.indices import (
    CARD_REACH,
    LOOKS_AGAIN,
    RANK_CENTRE,
    IndexRead,
    looked,
    paper_beyond,
    plane_known,
    read_indices,
    surest_look,
    table_seen,
)
from vision.learned import (
    UNIT_SQUARE,
    CornerRead,
    calibrated_thresholds,
    corner_window,
    one_window_sure,
    shipped_reader,
)
from vision.reading import DeckIndex, Reading, read_card

PIECES_ASPECT = (
    0.45,
    1.0,
)  # a card's width over its height, as two pieces' index corners must span
PIECE_SMALLER = 1.5  # each piece's diagonal is less than the card's by this much at least
PIECE_SHARE = (
    0.5  # an unreadable outline under this share of a named card's area round it is a piece of it
)
SURE_CONFIDENCE = 0.95  # read this surely, an outline's quarter-turned corners are not read
# An outline seen square on (each side within this share of the one opposite) and this much
# narrower than tall shows the card's own shape: its quarter-turned corners are never read. To
# look that shape with its sides swapped, a card would have to be seen from 60 degrees or more
# off overhead by a camera far enough away that its sides do not converge. (Geometry, not
# tuned on photos; on them, every card rightly read a quarter turn off lies in an outline whose
# sides differ by 13% or more.)
SQUARE_ON, PLAINLY_TALL = 0.95, 0.83
EDGE_PIXELS = 3  # an outline this close to the frame's edge is cut by it
INDEX_REACH = 0.38  # an index lies this close to a corner of its card (shares of its sides)
EDGE_REACH = (
    0.15  # an index this close to an outline's edge may be another card's, the outline round both
)


def calibrated_min_confidence() -> float:
    return calibrated_thresholds()[0]


@dataclass(frozen=True, slots=True)
class CardGuess:
    """One card face found in a frame. ``card`` is None when it could not be read surely."""

    card: Card | None
    confidence: float
    corners: tuple[tuple[float, float], ...]
    centre: tuple[float, float]
    best_guess: Card | None = None  # what it looked most like, even when unreadable
    read_at: tuple[int, ...] = ()  # the corners (0..3, of ``corners``) whose index it was read from
    underneath: bool = (
        False  # partly under other cards: laid out from its index corner, the rest a guess
    )

    def to_dict(self) -> dict[str, object]:
        return {
            "card": self.card.code if self.card else None,
            "confidence": round(self.confidence, 3),
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
            "centre": [round(self.centre[0], 1), round(self.centre[1], 1)],
        }


class Recogniser:
    """Reads cards with the shipped reader, adapted to an enrolled deck when one is given."""

    def __init__(
        self,
        deck: Deck | None = None,
        min_confidence: float | None = None,
        find_indices: bool = True,
    ) -> None:
        self.cards: tuple[Card, ...] = deck.cards if deck is not None else standard_deck()
        self.deck_index = DeckIndex.of(self.cards)
        self.features = deck.features if deck is not None else None
        self.faces = deck.faces if deck is not None else None
        two, one = calibrated_thresholds()
        self.min_confidence = two if min_confidence is None else min_confidence
        # A card read at one corner only is held to the stricter one-corner calibration.
        self.one_corner_min_confidence = (
            max(one, self.min_confidence) if min_confidence is None else min_confidence
        )
        self.reader = shipped_reader()
        self.find_indices = find_indices  # False: cards found by their outlines only

    def recognise(self, image: np.ndarray, overhead: np.ndarray | None = None) -> list[CardGuess]:
        """Every card face in a BGR frame, read or marked unreadable. ``overhead``: a calibrated
        camera's homography from the frame to the table seen from above
        (:meth:`vision.calibration.Layout.overhead`); a card found by its index alone is then
        laid out as it lies on the table (:func:`vision.indices.read_indices`).

        A region the frame's edge cuts in which no corner holds an index is dropped: it is
        glare or paper at the edge as often as a card, and a card half out of view is
        straightened into view anyway.
        """
        image = white_balanced(image)  # a tinted light's cast out, as the paper is white
        outlines = find_cards(image)
        if not outlines:  # a card filling the frame has no rim to find: the frame is its outline
            whole = self.read_outlines(image, [whole_frame(image)])[0]
            return self._with_indices(
                image, [whole] if whole.card is not None else [], overhead, slants=overhead is None
            )
        outlines, readings = pieces_joined(outlines, self.readings(image, outlines))
        guesses, underneath = [], []
        for outline, reading in zip(outlines, readings, strict=True):
            guess = self._guess(image, outline, reading)
            if outline.partial:
                underneath.append(guess)
            elif guess.best_guess is not None or not _cut_by_edge(outline.corners, image.shape):
                guesses.append(guess)
        # A card partly under another is laid out from a corner guessed to be its index corner:
        # named when read surely, and never as a card already named.
        named = {g.card for g in guesses if g.card is not None}
        for guess in underneath:
            if guess.card is not None and guess.card not in named:
                named.add(guess.card)
                guesses.append(guess)
        # A calibrated camera's windows are cut as the card lies on the table: none is read
        # through slanted windows (vision.indices._read_pairings). Nor where the cards read
        # surely say alike how the table lies (vision.indices.plane_known): seen steeply it is
        # laid flat as a calibration would, else it is seen from near overhead and the windows
        # cut square to the frame are square to the cards.
        slants = overhead is None
        if overhead is None:  # no calibration: the cards read surely may say how the table lies
            read = [
                np.roll(np.float32(g.corners), -g.read_at[0], axis=0)
                for g in guesses
                if _confirmed(g)
            ]
            overhead, slants = table_seen(read), not plane_known(read)
        return _pieces_dropped(self._with_indices(image, guesses, overhead, slants))

    def _with_indices(
        self,
        image: np.ndarray,
        guesses: list[CardGuess],
        overhead: np.ndarray | None = None,
        slants: bool = True,
    ) -> list[CardGuess]:
        """The cards read from their indices alone (overlapping, fanned, under another) added
        to those read from outlines. An index inside an outline read as a card belongs to it:
        read as that card, it is that card; in the middle of it, it is part of its face (a pip,
        a picture); at a corner it was read from, read as another card, the two readings of one
        index disagree and the card is unreadable; at a corner it was not read from, or along
        its edge, the outline went round more than one card (a fan, a spread) and the index is
        another card's. An outline that could not be read is named by the one index at its
        corner; one holding several indices went round several cards, and they stand for it, the
        index that made it unreadable too (unless one of them is read as that card): its corner
        was read through a window cut to cards laid together, that index through one cut to its
        own size. A card found underneath
        others is none of this: only its index corner is its own, the cards over it lie in the
        rest of the outline it was laid out with.

        The index a card was read from surely through its outline is not read again (it is most
        of the index search's work on a table of cards lying apart), unless another card's index
        turns up at one of its corners: then every index is read, its own too, and they decide
        together as above. Where every card was read surely at both its index corners (an
        outline round two cards shows two names at its opposite corners) and no paper outside
        them could hold an index (:func:`vision.indices.paper_beyond`), there is nothing left
        to find: the search is not run (it is most of the time of a frame of cards lying apart)."""
        if not self.find_indices:
            return guesses
        if all(_confirmed(g) for g in guesses) and not paper_beyond(
            image, [np.float32(g.corners) for g in guesses]
        ):
            return (
                guesses  # each card read at both its index corners, and no paper left for another's
            )
        sure = [g for g in guesses if g.card is not None and g.confidence >= SURE_CONFIDENCE]
        read_at = [
            (np.roll(np.float32(g.corners), -t, axis=0), g.card) for g in sure for t in g.read_at
        ]
        placed, contradicted = self._indices_placed(image, guesses, sure, read_at, overhead, slants)
        if contradicted and read_at:
            placed, _ = self._indices_placed(image, guesses, sure, [], overhead, slants)
        return placed

    def _indices_placed(
        self,
        image: np.ndarray,
        guesses: list[CardGuess],
        sure: list[CardGuess],
        read_at: list[tuple[np.ndarray, Card]],
        overhead: np.ndarray | None = None,
        slants: bool = True,
    ) -> tuple[list[CardGuess], bool]:
        """_with_indices, the indices at ``read_at`` not read; and whether an index at a named
        outline's corner read as another card."""
        guesses = list(guesses)
        added: list[CardGuess] = []
        in_unread: dict[int, list[tuple[CardGuess, np.ndarray]]] = {}
        disputed: dict[
            int, tuple[Card, CardGuess]
        ] = {}  # outline: the card it was named, the index at its corner read otherwise
        beside: dict[
            int, list[tuple[CardGuess, np.ndarray]]
        ] = {}  # outline: other cards' indices at corners it was not read from
        own: dict[
            int, tuple[CardGuess, np.ndarray, IndexRead]
        ] = {}  # outline: its own card's index, found apart from it
        contradicted = False
        # A card underneath others is laid out from its corner at a card's size: other cards lie
        # over the rest of that outline, their indices too.
        for found in read_indices(
            image,
            self.reader,
            self.deck_index,
            self.features,
            known=[np.float32(g.corners) for g in sure if not g.underneath],
            read_at=[quad for quad, _ in read_at],
            read_as=[card for _, card in read_at],
            overhead=overhead,
            slants=slants,
        ):
            reading = found.reading
            guess = CardGuess(
                reading.card,
                reading.confidence,
                tuple((float(x), float(y)) for x, y in found.card),
                (float(found.centre[0]), float(found.centre[1])),
                reading.card,
            )
            mine = [
                n
                for n, g in enumerate(guesses + added)
                if g.card == reading.card
                and _near(g.corners, found.index_at, CARD_REACH * found.rank_height)
            ]
            if (
                mine
            ):  # that card's own index (a card with four shows one beside its outline's corner)
                for n in mine:
                    if n < len(guesses):
                        own.setdefault(n, (guess, found.index_at, found))
                continue
            if not self._sure_index(image, found):
                continue
            inside = [
                n
                for n, g in enumerate(guesses)
                if not g.underneath and _near(g.corners, found.index_at, 0.0)
            ]
            if inside and _print_on_face(guesses[inside[0]], found.rank_height):
                continue
            named = [n for n in inside if guesses[n].card is not None]
            if named:
                n = named[0]
                x, y = _on_unit_square(guesses[n].corners, found.index_at)
                u, v = min(x, 1 - x), min(y, 1 - y)  # from the nearer edges (_edge_distances)
                at_corner = u < INDEX_REACH and v < INDEX_REACH
                if at_corner and guesses[n].read_at and _corner_of(x, y) not in guesses[n].read_at:
                    beside.setdefault(n, []).append(
                        (guess, found.index_at)
                    )  # at a corner it was not read from
                elif at_corner:  # at the corner it was read from, read as another card: not sure
                    g, contradicted = guesses[n], True
                    disputed[n] = (g.card, guess)
                    guesses[n] = CardGuess(
                        None,
                        g.confidence,
                        g.corners,
                        g.centre,
                        max(g, guess, key=lambda x: x.confidence).card,
                    )
                elif min(u, v) <= EDGE_REACH:  # along its edge: another card's
                    added.append(guess)
                continue
            if inside:
                in_unread.setdefault(inside[0], []).append((guess, found.index_at))
            else:
                added.append(guess)
        for n, others in beside.items():
            if n in disputed:  # the outline went round several cards, among them those it holds
                in_unread.setdefault(n, []).extend(others)
            else:  # another card's index, the outline round both: its reading stands
                added.extend(g for g, _ in others)
        for n in disputed:
            # Holding other indices, it holds its own card's too where that was found apart (not as
            # a second reading of the disputed index), if sure as any index must be.
            if in_unread.get(n) and n in own and self._sure_index(image, own[n][2]):
                in_unread[n].append(own[n][:2])
        gone: set[int] = set()
        for n, held in in_unread.items():
            if (
                len(held) == 1
                and max(_edge_distances(guesses[n].corners, held[0][1])) < INDEX_REACH
            ):
                guesses[n] = _renamed(guesses[n], held[0][0])
            else:
                gone.add(n)
                added.extend(g for g, _ in held)
                # Holding several, it went round several cards: the index that disputed its reading
                # at a corner is one of them, read through a window cut to its own size (the
                # outline's was cut to cards laid together), unless one held is read as that card.
                if n in disputed:
                    other = disputed[n][1]
                    if all(g.card != other.card for g, _ in held):
                        added.append(other)
        return [g for n, g in enumerate(guesses) if n not in gone] + added, contradicted

    def _sure_index(self, image: np.ndarray, found: IndexRead) -> bool:
        """An index named on its own: the same card through every look, and sure through its own
        reading or one of the others (each look is one corner). An index whose glyphs were
        found at another ink level (joined through faint ink, where two letters a blur apart
        join too; parted by darker ink) is sure through its own reading only: printed text
        beside a card ("80-309 Gdansk" on an envelope) read as a three of clubs at 0.79, its
        looks at 0.9992. Where the card's other indices were found
        with it, one of them read the same through every look is enough (a look cut larger takes
        in a neighbour's ink at one corner and not at another). An index read through a slanted
        window (vision.indices.SLANT_LOOKS) is sure only when it and both its looks are: that is
        the rule the calibration held to no wrong card on held-back renders."""
        own = found.reading.confidence >= self.threshold(found.reading)
        for at in (found.corner, *found.others):
            again = surest_look(
                image,
                found.reading.card,
                at,
                self.reader,
                self.deck_index,
                self.features,
                least=at.slanted,
            )
            if again is None:
                continue
            if at.slanted:  # read through a slanted window: it and both its looks sure
                if own and again >= self.one_corner_min_confidence:
                    return True
            elif own if at.relevelled else own or again >= self.one_corner_min_confidence:
                return True
        return False

    def threshold(self, reading: Reading) -> float:
        """The confidence a reading must reach to name its card: a card read at one corner only
        is held to the stricter one-corner calibration."""
        return self.min_confidence if reading.corners == 2 else self.one_corner_min_confidence

    def read_outline(self, image: np.ndarray, outline: CardOutline) -> CardGuess:
        return self.read_outlines(image, [outline])[0]

    def read_outlines(self, image: np.ndarray, outlines: list[CardOutline]) -> list[CardGuess]:
        return [
            self._guess(image, o, r)
            for o, r in zip(outlines, self.readings(image, outlines), strict=True)
        ]

    def readings(self, image: np.ndarray, outlines: list[CardOutline]) -> list[Reading | None]:
        """Every outline's index corners read in one batch (a partial outline: its first corner
        only); the quarter-turned corners, which only a steep view needs, where that is not sure
        and the outline may be a steep view (:func:`_plain_shape`: a face-down card's pattern,
        read a quarter turn off a plainly tall outline, once named cards)."""
        reads: list[dict[int, CornerRead]] = [{} for _ in outlines]
        self._read_turns(
            image,
            outlines,
            reads,
            [(n, t) for n, o in enumerate(outlines) for t in ((0,) if o.partial else (0, 2))],
        )
        readings = [read_card(r, self.deck_index, self.features) for r in reads]
        unsure = [
            n
            for n, o in enumerate(outlines)
            if not o.partial
            and (readings[n] is None or readings[n].confidence < SURE_CONFIDENCE)
            and not _plain_shape(o.corners)
        ]
        if unsure:
            self._read_turns(image, outlines, reads, [(n, t) for n in unsure for t in (1, 3)])
            for n in unsure:
                readings[n] = read_card(reads[n], self.deck_index, self.features)
        return self._one_corner_looks(image, outlines, readings)

    def _one_corner_looks(
        self, image: np.ndarray, outlines: list[CardOutline], readings: list[Reading | None]
    ) -> list[Reading | None]:
        """A card read surely at one corner only is named, as an index found on its own is, only
        when two more looks at that corner (vision.indices.LOOKS_AGAIN, about where its rank
        prints) name it too: on held-back rendered corners one window names three cards wrongly
        above the one-corner threshold, the three looks none (index_search in the calibration).
        Otherwise its confidence is the least a look gave that card (0 where one named another).
        Read more surely than any of those three, one window is enough."""
        beyond = one_window_sure()
        sure = [
            n
            for n, r in enumerate(readings)
            if r is not None
            and r.corners == 1
            and self.one_corner_min_confidence <= r.confidence <= beyond
        ]
        if not sure:
            return readings
        windows = [
            corner_window(image, looked, 0)
            for n in sure
            for looked in _looks(outlines[n].corners, readings[n].turn)
        ]
        again = [
            read_card({0: read}, self.deck_index, self.features)
            for read in self.reader.read(windows)
        ]
        readings = list(readings)
        for k, n in enumerate(sure):
            reading = readings[n]
            looks = again[k * len(LOOKS_AGAIN) : (k + 1) * len(LOOKS_AGAIN)]
            if any(a is None or a.card != reading.card for a in looks):
                least = min(
                    (a.confidence if a is not None and a.card == reading.card else 0.0)
                    for a in looks
                )
                readings[n] = Reading(reading.card, min(reading.confidence, least), reading.turn, 1)
        return readings

    def _read_turns(
        self,
        image: np.ndarray,
        outlines: list[CardOutline],
        reads: list[dict[int, CornerRead]],
        wanted: list[tuple[int, int]],
    ) -> None:
        corners = self.reader.read(
            [corner_window(image, outlines[n].corners, t) for n, t in wanted]
        )
        for (n, t), read in zip(wanted, corners, strict=True):
            reads[n][t] = read

    def _guess(self, image: np.ndarray, outline: CardOutline, reading) -> CardGuess:
        corners = tuple((float(x), float(y)) for x, y in outline.corners)
        if reading is None:
            return CardGuess(None, 0.0, corners, outline.centre)
        confidence = reading.confidence
        threshold = self.threshold(reading)
        if confidence < threshold and self.faces is not None:
            # An index too small or blurred to be sure of: the enrolled face may vouch for it.
            confidence = max(
                confidence, face_confidence(self.faces, image, outline.corners, reading.card)
            )
        card = reading.card if confidence >= threshold else None
        read_at = (reading.turn,) if reading.corners == 1 else (reading.turn, reading.turn + 2)
        return CardGuess(
            card, confidence, corners, outline.centre, reading.card, read_at, outline.partial
        )


def _confirmed(guess: CardGuess) -> bool:
    """Named surely from both its index corners (one card: an outline round two shows two cards
    at its opposite corners), its whole outline its own."""
    return (
        guess.card is not None
        and len(guess.read_at) == 2
        and guess.confidence >= SURE_CONFIDENCE
        and not guess.underneath
    )


def _looks(corners: np.ndarray, turn: int) -> list[np.ndarray]:
    """The outline, its corner ``turn`` first, scaled and turned about where that corner's rank
    prints, once for each of LOOKS_AGAIN."""
    rolled = np.roll(np.float32(corners), -turn, axis=0)
    to_frame = cv2.getPerspectiveTransform(UNIT_SQUARE, rolled)
    return looked(rolled, cv2.perspectiveTransform(np.float32([[RANK_CENTRE]]), to_frame)[0, 0])


def pieces_joined(
    outlines: list[CardOutline], readings: list[Reading | None]
) -> tuple[list[CardOutline], list[Reading | None]]:
    """Two outlines read as one card, each at one corner, are pieces of that card when their
    indices lie as its two index corners do (turned half round, each down and to the right of
    the other at a card's proportions) and each piece is well inside the card they span and far
    smaller than it: a picture's border cut its face's paper apart (a four-index jack was named
    twice). The pieces give way to the card they span, read as the surer of the two."""
    outlines, readings = list(outlines), list(readings)
    n = 0
    while n < len(outlines):
        a = readings[n]
        for m in range(n + 1, len(outlines)):
            b = readings[m]
            if a is None or b is None or a.card != b.card or a.corners != 1 or b.corners != 1:
                continue
            card = _spanned_card(outlines[n], a.turn, outlines[m], b.turn)
            if card is not None:
                outlines[n] = CardOutline(card)
                readings[n] = Reading(a.card, max(a.confidence, b.confidence), 0, 1)
                del outlines[m], readings[m]
                break
        else:
            n += 1
    return outlines, readings


def _spanned_card(
    one: CardOutline, one_at: int, other: CardOutline, other_at: int
) -> np.ndarray | None:
    """The card two pieces' index corners span, as an outline from the first's index corner;
    None unless they lie as a card's two index corners and both pieces lie inside it."""
    first, second = np.roll(one.corners, -one_at, axis=0), np.roll(other.corners, -other_at, axis=0)
    down, right = _unit(first[3] - first[0]), _unit(first[1] - first[0])
    if float(down @ _unit(second[3] - second[0])) > -0.8:
        return None  # not turned half round
    offset = second[0] - first[0]
    along, across = float(offset @ down), float(offset @ right)
    if along <= 0 or not PIECES_ASPECT[0] <= across / along <= PIECES_ASPECT[1]:
        return None
    span = float(np.linalg.norm(offset))
    if span < PIECE_SMALLER * max(_diagonal(one.corners), _diagonal(other.corners)):
        return None  # either could be the whole card
    card = np.float32([first[0], first[0] + across * right, second[0], first[0] + along * down])
    quad = card.reshape(-1, 1, 2)
    slack = -0.1 * span
    if any(
        cv2.pointPolygonTest(quad, (float(x), float(y)), True) < slack
        for x, y in np.vstack([one.corners, other.corners])
    ):
        return None
    return card


def _unit(v: np.ndarray) -> np.ndarray:
    return v / max(float(np.linalg.norm(v)), 1e-6)


def _print_on_face(outline: CardGuess, rank_height: float) -> bool:
    """Whether an index this tall inside the outline is too small for a card the outline goes
    round: print on its face (a town's name, a maker's name). An outline named from both its
    index corners is one card, and a card's diagonal is at most CARD_REACH of its rank heights;
    any other outline may go round a spread, whose short side may be a card's long one."""
    one_card = outline.card is not None and len(outline.read_at) == 2
    reach = _diagonal(np.float32(outline.corners)) if one_card else _short_side(outline.corners)
    return reach > CARD_REACH * rank_height


def _diagonal(corners: np.ndarray) -> float:
    return float(
        max(np.linalg.norm(corners[2] - corners[0]), np.linalg.norm(corners[3] - corners[1]))
    )


def _pieces_dropped(guesses: list[CardGuess]) -> list[CardGuess]:
    """Without the unreadable outlines that are pieces of a card named round them: much smaller
    than it, their centre inside it (the strip of a card dealt under another that shows between
    the two, or a face card's paper cut by its picture). A card to straighten is the size of one."""
    named = [np.float32(g.corners) for g in guesses if g.card is not None]
    areas = [cv2.contourArea(q) for q in named]

    def piece(guess: CardGuess) -> bool:
        area = cv2.contourArea(np.float32(guess.corners))
        return any(
            area < PIECE_SHARE * whole and _near(quad, np.float32(guess.centre), 0.0)
            for quad, whole in zip(named, areas, strict=True)
        )

    return [g for g in guesses if g.card is not None or not piece(g)]


def whole_frame(image: np.ndarray) -> CardOutline:
    """The frame itself as a card's outline (first corner at a short side's end)."""
    h, w = image.shape[:2]
    corners = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    return CardOutline(corners if w <= h else np.roll(corners, 1, axis=0))


def _renamed(outline: CardGuess, read: CardGuess) -> CardGuess:
    """An outline's guess named as an index read it."""
    return CardGuess(read.card, read.confidence, outline.corners, outline.centre, read.card)


def _edge_distances(
    corners: tuple[tuple[float, float], ...], point: np.ndarray
) -> tuple[float, float]:
    """How far a point lies from the nearer of an outline's two long sides and of its two short
    ones, as shares of the outline's width and height."""
    u, v = _on_unit_square(corners, point)
    return min(u, 1 - u), min(v, 1 - v)


def _corner_of(u: float, v: float) -> int:
    """The outline's corner (0..3) whose quarter holds the point at (u, v) on its unit square."""
    return (0, 3, 1, 2)[2 * (u >= 0.5) + (v >= 0.5)]


def _on_unit_square(
    corners: tuple[tuple[float, float], ...], point: np.ndarray
) -> tuple[float, float]:
    """Where a point lies on an outline taken as the unit square (its first corner at 0, 0)."""
    to_unit = cv2.getPerspectiveTransform(np.float32(corners), UNIT_SQUARE)
    u, v = cv2.perspectiveTransform(np.float32([[point]]), to_unit)[0, 0]
    return float(u), float(v)


def _plain_shape(corners: np.ndarray) -> bool:
    """Whether an outline shows a card square on and plainly taller than wide (its first side
    a short one, as vision.detect orders them): its index corners are its first and third."""
    quad = np.float32(corners)
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    ends, opposite = sides[[0, 1]], sides[[2, 3]]  # each side and the one opposite it
    square_on = bool((np.minimum(ends, opposite) >= SQUARE_ON * np.maximum(ends, opposite)).all())
    return square_on and bool(sides[0] + sides[2] <= PLAINLY_TALL * (sides[1] + sides[3]))


def _short_side(corners: tuple[tuple[float, float], ...]) -> float:
    quad = np.float32(corners)
    return float(min(np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)))


def _near(corners: tuple[tuple[float, float], ...], point: np.ndarray, reach: float) -> bool:
    """Whether a point lies inside an outline or within ``reach`` pixels of it."""
    quad = np.float32(corners).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(quad, (float(point[0]), float(point[1])), True) >= -reach


def _cut_by_edge(corners: np.ndarray, shape: tuple[int, ...]) -> bool:
    height, width = shape[:2]
    x, y = corners[:, 0], corners[:, 1]
    edge = EDGE_PIXELS
    return bool(
        (x < edge).any()
        or (y < edge).any()
        or (x > width - 1 - edge).any()
        or (y > height - 1 - edge).any()
    )
