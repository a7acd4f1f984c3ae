"""Cards found by their corner index alone (vision/indices.py), on staged scenes: our own drawn
cards on drawn surfaces, every card and outline known, no photograph."""

from __future__ import annotations

import numpy as np
import pytest

from hardware_sim.sim_deck import sim_deck
from table_controller.cards import parse_card
from vision.indices import (
    INK_SHARE,
    Blob,
    IndexCandidate,
    IndexCorner,
    IndexRead,
    _not_read,
    _off_faces,
    _read_already,
    _read_both_ways,
    _ten_figures,
    _unambiguous,
    read_indices,
)
from vision.learned import IndexReader, shipped_reader
from vision.reading import DeckIndex, Reading
from vision.recogniser import Recogniser
from vision.scoring import Tally, score_frame
from vision.staged import COUNTS, SURFACES, _lay, _quad, card_face, hand, stage, surface


def read(arrangement: str, scenes: int, seed: int, indices: bool) -> Tally:
    reader, rng, total = (
        Recogniser(sim_deck(), find_indices=indices),
        np.random.default_rng(seed),
        Tally(),
    )
    for k in range(scenes):
        scene = stage(
            hand(COUNTS[arrangement], rng),
            arrangement,
            SURFACES[k % len(SURFACES)],
            rng,
            four_corners=k % 2 == 1,
        )
        total += score_frame((g.card for g in reader.recognise(scene.image)), scene.cards)
    return total


@pytest.mark.parametrize("degrees", [0, 30, 90, 160, 250])
def test_an_index_turned_any_way_puts_the_card_where_it_lies(degrees: float) -> None:
    rng = np.random.default_rng(3)
    frame = surface("felt", rng)
    quad = _quad((640, 360), 260, 260 * 1.4, degrees)
    _lay(frame, card_face(parse_card("7H")), quad)
    deck = sim_deck()
    found = read_indices(frame, shipped_reader(), DeckIndex.of(deck.cards), deck.features)
    sevens = [f for f in found if f.reading.card == parse_card("7H")]
    assert sevens, [f.reading for f in found]
    # The index corner (the quad's first, or its third for the index upside down) lies where the
    # index says the card's corner is, within a fifth of the card's width.
    best = sevens[0]
    corner = min(np.linalg.norm(quad[k] - best.card[0]) for k in (0, 2))
    assert corner < 0.2 * 260, (corner, best.card, quad)


def indices_of(face: np.ndarray, degrees: float) -> list:
    """The indices read_indices finds on a card face laid on felt, turned ``degrees``."""
    frame = surface("felt", np.random.default_rng(3))
    _lay(frame, face, _quad((640, 360), 260, 260 * 1.4, degrees))
    deck = sim_deck()
    return read_indices(frame, shipped_reader(), DeckIndex.of(deck.cards), deck.features)


def repainted(face: np.ndarray, band: tuple[slice, slice], ink: bool, share: float) -> None:
    """The ink (or the paper) in a band of a face painted ``share`` of the paper's level."""
    paper = float(np.median(face[:10].min(axis=2)))
    inked = face[band].min(axis=2) < INK_SHARE * paper
    face[band][inked if ink else ~inked] = round(share * paper)


@pytest.mark.parametrize("degrees", [0, 20, 200])
def test_a_red_index_touching_a_black_line_is_found(degrees: float) -> None:
    # Both indices of a seven of hearts touch a black border line (a deck printed with a frame,
    # a card's dark backing, a dark table at its edge): red ink joined to black is one blob of
    # ink too large for a glyph, its red part a glyph of its own.
    face = card_face(parse_card("7H"))
    face[8:16, :62] = face[:120, 53:62] = 20
    face[-16:-8, -62:] = face[-120:, -62:-53] = 20
    found = indices_of(face, degrees)
    assert [f.reading.card.code for f in found] == ["7H"]


@pytest.mark.parametrize("degrees", [0.0, 35.0, -120.0])
def test_an_index_whose_thin_stroke_prints_pale_is_found(degrees: float) -> None:
    # Both indices' 5 have a stroke printed pale (70% of the paper, where ink is below 62%): a
    # small glyph's thin strokes blur paler than its thick ones. At the ink's level the 5 is two
    # pieces and the index is not found; faint ink joins them.
    face = card_face(parse_card("5D"))
    for band in (
        np.s_[26:29, 14:60],
        np.s_[-29:-26, -60:-14],
    ):  # across the 5's stem, top left and bottom right
        repainted(face, band, ink=True, share=0.7)
    found = indices_of(face, degrees)
    assert [(f.reading.card.code, f.relevelled) for f in found] == [("5D", True)]


@pytest.mark.parametrize("degrees", [0.0, 35.0, -120.0])
def test_a_rank_and_suit_the_blur_joins_are_found_apart(degrees: float) -> None:
    # Both indices' rank and suit are joined by paler ink (55% of the paper, where ink is below
    # 62%): printed close, a blur joins them in one blob, no glyph's size. Darker ink parts them.
    face = card_face(parse_card("7C"))
    for band in (
        np.s_[60:71, 24:50],
        np.s_[-71:-60, -50:-24],
    ):  # between the 7 and the club, both corners
        repainted(face, band, ink=False, share=0.55)
    found = indices_of(face, degrees)
    assert [(f.reading.card.code, f.relevelled) for f in found] == [("7C", True)]


@pytest.mark.parametrize("degrees", [0.0, 35.0, -120.0])
def test_an_index_close_to_the_cards_dark_rim_is_found(degrees: float) -> None:
    # A card on a dark backing (schnapsen_anima's, taped) shows a dark rim round its paper, close
    # to its index: the band of paper looked for round a glyph (a key or a shadow has none) takes
    # in some of the rim, and more on a card lying turned.
    face = card_face(parse_card("KS"))
    face[:4], face[-4:], face[:, :4], face[:, -4:] = 25, 25, 25, 25
    found = indices_of(face, degrees)
    assert [f.reading.card.code for f in found] == ["KS"]


@pytest.mark.parametrize("arrangement", ["stepped", "fanned", "pair"])
def test_cards_over_one_another_are_read_by_their_indices_and_none_invented(
    arrangement: str,
) -> None:
    with_indices = read(arrangement, 8, seed=21, indices=True)
    outlines_only = read(arrangement, 8, seed=21, indices=False)
    assert with_indices.invented == 0, with_indices
    assert with_indices.right > outlines_only.right, (with_indices, outlines_only)


def test_pips_and_pictures_in_a_card_are_no_index() -> None:
    rng = np.random.default_rng(4)
    reader = Recogniser(sim_deck())
    for code in ("10C", "9S", "8D", "QS", "KD", "JH"):
        frame = surface("wood", rng)
        _lay(
            frame,
            card_face(parse_card(code), four_corners=True),
            _quad((640, 360), 330, 330 * 1.4, float(rng.uniform(-20, 20))),
        )
        assert [g.card.code for g in reader.recognise(frame) if g.card] == [code]


@pytest.mark.parametrize("backdrop", SURFACES)
def test_letters_on_a_keyboard_or_a_cloth_are_no_index(backdrop: str) -> None:
    for seed in range(
        3
    ):  # (the keyboard's grey keys are found as unreadable faces: test_staged.py)
        assert [
            g
            for g in Recogniser().recognise(surface(backdrop, np.random.default_rng(seed)))
            if g.card
        ] == []


def test_a_rank_read_as_two_cards_through_two_suits_names_neither() -> None:
    """In a fan a rank lies beside another card's suit of its colour: read with its own suit as
    one card and with the other as another, it is not named (never the surer of the two)."""

    def pairing(rank: int, suit: int, card: str, confidence: float):
        cand = IndexCandidate(
            rank,
            suit,
            np.zeros((4, 2), np.float32),
            20.0,
            np.zeros(2, np.float32),
            np.float32([0, 1]),
        )
        return (confidence, cand, None, Reading(parse_card(card), confidence, 0, 1))

    agree = [pairing(1, 2, "KD", 0.98), pairing(1, 3, "KD", 0.9999)]
    differ = [pairing(4, 5, "KD", 0.9945), pairing(4, 6, "KH", 0.9998)]
    faint = [
        pairing(7, 8, "2H", 1.0),
        pairing(7, 9, "2D", 0.3),
    ]  # a pairing below the floor is no second name
    kept = _unambiguous(agree + differ + faint)
    assert [t[1].rank for t in kept] == [1, 1, 7, 7]


def test_two_glyphs_read_as_two_cards_each_way_round_are_no_index() -> None:
    """An index has one way up: a card back's lattice read as the king of hearts and, turned, as
    the four of clubs is no index. Read one way only, or as one card both ways (or the other way
    below the floor), it may be."""

    def pairing(rank: int, suit: int, card: str, confidence: float):
        cand = IndexCandidate(
            rank,
            suit,
            np.zeros((4, 2), np.float32),
            20.0,
            np.zeros(2, np.float32),
            np.float32([0, 1]),
        )
        return (confidence, cand, None, Reading(parse_card(card), confidence, 0, 1))

    lattice = [pairing(1, 2, "KH", 0.997), pairing(2, 1, "4C", 0.96)]
    faint = [pairing(3, 4, "KD", 0.99), pairing(4, 3, "7S", 0.3)]
    alike = [pairing(5, 6, "8C", 0.99), pairing(6, 5, "8C", 0.7)]
    one_way = [pairing(7, 8, "2H", 1.0)]
    assert _read_both_ways(lattice + faint + alike + one_way) == {frozenset((1, 2))}


def test_an_index_on_the_face_of_a_card_read_at_its_corners_is_its_print() -> None:
    """A German jack's maker's name beside its picture read as the ten of spades: inside the
    corners where the jack's own four indices were found, and under half as tall, it is print
    on the jack's face. As tall as the jack's, it is a card lying on it, and it stands."""

    def found(card: str, at, height: float, others=()):
        corner = np.zeros((4, 2), np.float32)
        return IndexRead(
            Reading(parse_card(card), 1.0, 0, 1),
            corner,
            corner[0],
            np.float32(at),
            height,
            (),
            others=tuple(IndexCorner(corner, np.float32(o)) for o in others),
        )

    jack = found("JC", (150, 260), 48.0, [(505, 245), (180, 795), (530, 795)])
    print_ = found("10S", (525, 678), 13.0)  # along the jack's right edge, level with its indices
    small_off_it = found(
        "2H", (700, 400), 13.0
    )  # a card further off (under half as tall: far away)
    lying_on_it = found("5D", (330, 500), 40.0)
    assert _off_faces([jack, print_, small_off_it, lying_on_it]) == [
        jack,
        small_off_it,
        lying_on_it,
    ]
    assert (
        _off_faces([found("JC", (150, 260), 48.0, [(530, 795)]), print_])[1] is print_
    )  # two corners: no face known


def test_only_the_index_an_outline_was_read_from_is_not_read_again() -> None:
    """At a corner an outline was read at, the rank nearest the corner is that card's index:
    not read again. Another card's index further along a spread, and an index turned the other
    way (another card lying upside down over it), still are."""
    quad = np.float32([[100, 100], [400, 100], [400, 520], [100, 520]])  # read at its first corner

    def at(rank: int, x: float, y: float, down=(0.0, 1.0)):
        return IndexCandidate(
            rank,
            rank + 100,
            np.zeros((4, 2), np.float32),
            40.0,
            np.float32([x, y]),
            np.float32(down),
        )

    own, spread, turned, far = (
        at(1, 130, 140),
        at(2, 175, 140),
        at(3, 120, 150, (0.0, -1.0)),
        at(4, 300, 140),
    )
    own_again = at(
        1, 130, 140, (1.0, 0.0)
    )  # the same rank paired with another blob: one rank, all its pairings
    seven = [parse_card("7S")]
    assert _read_already([spread, turned, own, far, own_again], [quad], seven, []) == {1}
    assert _read_already([own], [], [], []) == set()


def _bar(x0: int, x1: int, y0: int = 120, y1: int = 160) -> Blob:
    points = np.float32([(x, y) for x in range(x0, x1) for y in range(y0, y1)])
    return Blob(points.mean(axis=0), float(max(x1 - x0, y1 - y0)), points, False)


def test_a_ten_read_at_an_outline_has_both_its_figures_read() -> None:
    """A face that sets a ten's "1" and "0" further apart than one rank is joined from (Old
    Standard: a third of their height) leaves the "0" to pair with the ten's suit as a rank of
    its own, which read as the queen of clubs at 0.9999. Read as a ten, both figures are the
    ten's (its suit centred under the two): the "0" is not read again. The next card's rank
    along a spread, further on, still is; so is the glyph beside a rank read as a seven, and
    the next rank beside a ten printed as one glyph."""
    blobs = [_bar(120, 126), _bar(138, 156), _bar(200, 216), _bar(130, 146, 168, 190)]
    # "1", "0" a third of the height on, the next card's rank, the suit under the "10"
    quad = np.float32([[100, 100], [400, 100], [400, 520], [100, 520]])

    def at(rank: int, blobs: list[Blob] = blobs) -> IndexCandidate:
        return IndexCandidate(
            rank, 3, np.zeros((4, 2), np.float32), 40.0, blobs[rank].centre, np.float32([0.0, 1.0])
        )

    assert _read_already([at(0), at(1), at(2)], [quad], [parse_card("10C")], blobs) == {0, 1}
    assert _read_already([at(0), at(1), at(2)], [quad], [parse_card("7C")], blobs) == {0}
    assert _ten_figures(blobs, at(0)) == {1}  # the same, for a ten the index search read
    one_glyph = [
        _bar(120, 156),
        _bar(170, 186),
        _bar(200, 216),
        _bar(130, 146, 168, 190),
    ]  # "10", the next ranks
    assert _ten_figures(one_glyph, at(0, one_glyph)) == set()


def test_an_index_read_already_is_not_read_the_other_way_round() -> None:
    """Its suit paired as a rank with its rank as that one's suit (the heart of a queen of hearts
    read sideways, the Q taken for its suit) is the same two glyphs: not read again. A rank
    beside it paired with the read rank as its suit still is (a spread's next card)."""

    def pairing(rank: int, suit: int):
        return IndexCandidate(
            rank, suit, np.zeros((4, 2), np.float32), 40.0, np.float32([0, 0]), np.float32([0, 1])
        )

    own, turned, beside, other = pairing(1, 2), pairing(2, 1), pairing(3, 1), pairing(4, 5)
    assert _not_read([own, turned, beside, other], {1}) == [beside, other]
    assert _not_read([own, turned, beside, other], set()) == [own, turned, beside, other]


class _Counting(IndexReader):
    def __init__(self) -> None:
        super().__init__()
        self.windows = 0

    def read(self, patches):
        self.windows += len(patches)
        return super().read(patches)


def test_cards_lying_apart_are_read_once_each_through_their_outlines() -> None:
    """The index search does not read again the indices the outlines were read from: six cards
    apart cost their two index corners each and little more (it was most of a frame's time)."""
    rng = np.random.default_rng(5)
    frame = surface("felt", rng)
    codes = ("QH", "9S", "AD", "7C", "KS", "3H")
    for k, code in enumerate(codes):
        _lay(
            frame,
            card_face(parse_card(code)),
            _quad((160 + 200 * k, 360), 150, 150 * 1.4, float(rng.uniform(-15, 15))),
        )
    recogniser = Recogniser()
    recogniser.reader = counting = _Counting()
    assert sorted(g.card.code for g in recogniser.recognise(frame) if g.card) == sorted(codes)
    assert counting.windows == 2 * len(codes), counting.windows


def _seen_card(centre: tuple[float, float], degrees: float, slant: float) -> np.ndarray:
    """A 63 x 88 card's outline (index corner first) on the staged table, seen at ``slant``."""
    import cv2

    from vision.staged import table_view

    quad = _quad(centre, 126, 176, degrees)
    return cv2.perspectiveTransform(np.float32(quad).reshape(-1, 1, 2), table_view(slant)).reshape(
        4, 2
    )


def test_cards_read_surely_say_how_a_table_seen_steeply_lies() -> None:
    import cv2

    from vision.indices import table_seen

    cards = [_seen_card((400, 360), 10, 0.6), _seen_card((800, 380), 80, 0.6)]
    flat = table_seen(cards)
    assert flat is not None
    for quad in cards:  # laid flat, each is a card's shape again: square corners, 63 x 88
        q = cv2.transform(quad.reshape(-1, 1, 2), flat[:2]).reshape(4, 2)
        across, down = q[1] - q[0], q[3] - q[0]
        assert abs(float(across @ down)) / (np.linalg.norm(across) * np.linalg.norm(down)) < 0.08
        assert np.linalg.norm(across) / np.linalg.norm(down) == pytest.approx(63 / 88, rel=0.08)


def test_the_table_is_not_laid_flat_on_one_card_on_cards_that_disagree_or_seen_from_overhead() -> (
    None
):
    from vision.indices import table_seen

    steep = _seen_card((400, 360), 10, 0.6)
    assert table_seen([steep]) is None  # one card may be a picture's frame, not a card
    assert (
        table_seen([steep, _quad((800, 380), 126, 176, 80)]) is None
    )  # one steep, one not: they disagree
    assert (
        table_seen([_seen_card((400, 360), 10, 0.9), _seen_card((800, 380), 80, 0.9)]) is None
    )  # near overhead


def test_one_glyph_printed_twice_is_no_pairing_the_reader_is_asked_about(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A rank and its suit are two glyphs: two copies of one glyph, one over the other as a
    card's pips lie (alike in height, width and ink), are sent to no network; a card's index
    beside them is read as before."""
    import cv2

    import vision.indices as indices
    from table_controller.cards import standard_deck

    rng = np.random.default_rng(4)
    frame = surface("felt", rng)
    _lay(frame, card_face(parse_card("7C")), _quad((400, 360), 200, 200 * 1.4, 8.0))
    frame[200:560, 760:1000] = 235  # paper
    for y in (330, 395):  # two eights, one over the other
        cv2.putText(frame, "8", (850, y), cv2.FONT_HERSHEY_SIMPLEX, 2.4, (20, 20, 20), 6)
    deck = DeckIndex.of(standard_deck())
    seen = {}
    for twins in (0.0, indices.TWIN_GLYPHS):  # (0: every pairing sent, as before)
        monkeypatch.setattr(indices, "TWIN_GLYPHS", twins)
        reader = _Counting()
        found = read_indices(frame, reader, deck)
        seen[twins] = (reader.windows, sorted(f.reading.card.code for f in found))
    (every, _), (fewer, named) = seen[0.0], seen[indices.TWIN_GLYPHS]
    assert fewer < every, seen
    assert named == ["7C"], seen  # (every pairing sent, the two eights read as the 8 of clubs)


def test_a_suit_as_large_as_its_rank_in_another_shape_is_still_a_pairing() -> None:
    """A German deck prints its suit beside its rank, as large: alike in size and ink, but of
    another shape, it is a pairing; one glyph turned half round (a card's lower pips) is not."""
    from vision.indices import _twins

    def blob(mask: np.ndarray, x: float) -> Blob:
        ys, xs = np.nonzero(mask)
        points = np.stack([xs + x, ys + 100.0], axis=1).astype(np.float32)
        return Blob(points.mean(axis=0), float(max(mask.shape)), points, False)

    ell = np.zeros((30, 20), np.uint8)
    ell[:, :6], ell[-6:, :] = 1, 1  # an L
    tee = np.zeros((30, 20), np.uint8)
    tee[:6, :], tee[:, 7:13] = 1, 1  # a T: as tall, as wide, as much ink (within a tenth)
    assert abs(tee.sum() / ell.sum() - 1) < 0.1
    down = np.float32([0, 1])
    for other, twins in ((ell[::-1, ::-1], True), (tee, False)):
        blobs = [blob(ell, 100.0), blob(other, 125.0)]
        cand = IndexCandidate(0, 1, np.zeros((4, 2), np.float32), 30.0, blobs[0].centre, down)
        assert _twins(blobs, cand) == twins


def test_the_tables_plane_is_known_where_two_cards_read_surely_agree_steep_or_overhead() -> None:
    from vision.indices import plane_known

    steep = _seen_card((400, 360), 10, 0.6)
    assert plane_known([steep, _seen_card((800, 380), 80, 0.6)])  # laid flat: no slanted windows
    assert plane_known([_seen_card((400, 360), 10, 0.9), _seen_card((800, 380), 80, 0.9)])
    assert not plane_known([steep])  # one card: slanted windows still read
    assert not plane_known([steep, _quad((800, 380), 126, 176, 80)])  # they disagree
