"""The camera witnessing the shoe: its sightings checked against the engine's own layout."""

from __future__ import annotations

import pytest

from table_controller.cards import parse_card
from table_controller.crosscheck import (
    CameraWitness,
    gone_mismatch,
    layout_cards,
    sighting_mismatch,
    split_sources,
)
from table_controller.errors import ConfigError
from table_controller.events import NEW_DECK, CardArrived, Control, Decision
from table_controller.games import make_game
from table_controller.runtime import TableSession
from tests.games.stacked import deck

FIRST_SEVEN = "10 6 5 | 10 2 | 7 5"  # S3 S2 S1, RED's hand, GREEN's hand


def dealt(ranks: str, game: str = "missouri-city") -> TableSession:
    session = TableSession(make_game(game))
    session.submit(Control(NEW_DECK), source="test")
    for code in deck(ranks):
        session.submit(CardArrived(parse_card(code)), source="shoe")
    return session


def test_the_layout_is_read_from_the_engines_prompts() -> None:
    session = dealt(FIRST_SEVEN)
    assert layout_cards(session.prompts()) == {
        "S1": ("5S",),
        "S2": ("6S",),
        "S3": ("10S",),
        "red.hand": ("10H", "2S"),
        "green.hand": ("7S", "5H"),
    }


@pytest.mark.parametrize(
    ("code", "spot", "reason"),
    [
        ("5S", "S1", None),
        ("2S", "red.hand", None),
        (
            "2S",
            "green.hand",
            "misplaced card: the camera sees 2S at green.hand, but it was dealt to red.hand",
        ),
        ("QD", "S2", "switched card? the camera sees QD at S2, where the shoe's 6S was dealt"),
        ("QD", "red.col1", "the camera sees QD at red.col1, but the shoe read no such card"),
    ],
)
def test_a_sighting_agrees_or_says_why_not(code: str, spot: str, reason: str | None) -> None:
    assert sighting_mismatch(layout_cards(dealt(FIRST_SEVEN).prompts()), code, spot) == reason


def test_a_card_leaving_its_spot_is_irregular_unless_the_engine_moved_it() -> None:
    session = dealt(FIRST_SEVEN)
    layout, expected = layout_cards(session.prompts()), session.expected()
    assert gone_mismatch(layout, expected, "6S", "S2") == (
        "6S left S2 while the hand is live: count and check the cards on the layout"
    )
    assert gone_mismatch(layout, expected, "6S", "S3") is None  # not where the engine has it


def test_an_ace_being_replaced_may_leave() -> None:
    session = TableSession(make_game("missouri-city"))
    session.submit(Control(NEW_DECK), source="test")
    for code in deck("10 6 5 | A 2 | 7 5 | 9 8 4 3"):
        deal = session.expected().deal
        if deal is not None and deal.purpose == "ace_replacement":
            break
        session.submit(CardArrived(parse_card(code)), source="shoe")
    assert deal is not None and deal.purpose == "ace_replacement" and deal.spot == "red.hand"
    layout = layout_cards(session.prompts())
    assert gone_mismatch(layout, session.expected(), "AS", "red.hand") is None
    assert gone_mismatch(layout, session.expected(), "2S", "red.hand") is not None


def test_a_pushed_hand_may_leave() -> None:
    session = dealt("10 6 5 | 10 9 | 7 5")  # RED holds 19: a push hand
    assert session.expected().decisions == {"red": ("push", "play_push")}
    session.submit(Decision("red", "push"), source="console:dealer")
    for code in ("10H", "9S"):
        assert (
            gone_mismatch(layout_cards(session.prompts()), session.expected(), code, "red.hand")
            is None
        )


def warnings(session: TableSession) -> list[tuple[str, str]]:
    """The hardware warnings the display shows (and the log keeps), as (reason, detail)."""
    return [(w["reason"], w["detail"]) for w in session.hardware.warnings]


def test_a_sighting_before_the_shoes_read_waits_for_it() -> None:
    session = dealt("10 6")  # the engine waits for S1
    witness = CameraWitness(session)
    witness.seen("5S", "S1", source="camera", at=1.0)
    assert witness.to_dict() == {"confirmed": 0, "mismatches": 0, "waiting": 1, "unconfirmed": []}
    session.submit(CardArrived(parse_card("5S")), source="shoe")
    witness.shoe_card_applied("5S", at=2.0)
    assert witness.to_dict() == {"confirmed": 1, "mismatches": 0, "waiting": 0, "unconfirmed": []}
    assert session.prompts().irregularity is None


def test_a_mismatch_holds_a_live_hand_once_then_only_warns() -> None:
    session = dealt(FIRST_SEVEN)
    witness = CameraWitness(session)
    witness.seen("QD", "S2", source="camera", at=1.0)
    irregularity = session.prompts().irregularity
    assert irregularity is not None and irregularity.kind == "hardware"
    assert irregularity.reason.startswith("switched card? the camera sees QD at S2")
    witness.gone("6S", "S2", source="camera", at=2.0)  # the hand is already held
    assert session.prompts().irregularity == irregularity
    assert warnings(session) == [
        (
            "camera_mismatch",
            "6S left S2 while the hand is live: count and check the cards on the layout",
        )
    ]
    assert witness.to_dict()["mismatches"] == 2


def test_cards_seen_when_no_hand_is_live_only_warn() -> None:
    session = TableSession(make_game("missouri-city"))
    CameraWitness(session).seen("QD", "S2", source="camera", at=1.0)
    assert session.prompts().irregularity is None
    assert warnings(session) == [
        ("camera_mismatch", "the camera sees QD at S2, but the shoe read no such card")
    ]


def camera_warnings(session: TableSession) -> list[tuple[str, str, str, str]]:
    return [
        (w["type"], w["card"], w["spot"], w["detail"])
        for w in session.hardware.warnings
        if w["type"].startswith("camera_")
    ]


def test_a_shoe_card_the_camera_never_sees_is_a_warning_once() -> None:
    session = dealt("10 6")  # the engine waits for S1
    witness = CameraWitness(session, source="sim-camera://", confirm_seconds=5.0)
    session.submit(CardArrived(parse_card("5S")), source="shoe")
    witness.shoe_card_applied("5S", at=100.0)
    witness.check_overdue(104.9)
    assert camera_warnings(session) == [] and witness.to_dict()["unconfirmed"] == ["5S"]
    witness.check_overdue(105.0)
    witness.check_overdue(110.0)
    assert camera_warnings(session) == [
        (
            "camera_unconfirmed",
            "5S",
            "S1",
            "the camera has not seen 5S at S1: check it lies flat and square",
        )
    ]
    assert session.hardware.counters["camera_unconfirmed"] == 1
    assert (
        session.prompts().irregularity is None
    )  # the shoe's read stands; the dealer checks the card


def test_a_shoe_card_the_camera_sees_in_time_is_no_warning() -> None:
    session = dealt("10 6")
    witness = CameraWitness(session, confirm_seconds=5.0)
    session.submit(CardArrived(parse_card("5S")), source="shoe")
    witness.shoe_card_applied("5S", at=100.0)
    witness.seen("5S", "S1", source="camera", at=101.0)
    witness.check_overdue(200.0)
    assert camera_warnings(session) == [] and witness.to_dict()["unconfirmed"] == []


def test_a_card_the_engine_moved_before_the_camera_saw_it_is_forgotten() -> None:
    session = dealt("10 6 5 | 10 9 | 7 5")  # RED holds 19: a push hand
    witness = CameraWitness(session, confirm_seconds=5.0)
    witness.shoe_card_applied("9S", at=100.0)
    session.submit(Decision("red", "push"), source="console:dealer")  # RED's cards go
    witness.check_overdue(200.0)
    assert camera_warnings(session) == [] and witness.to_dict()["unconfirmed"] == []


def test_a_card_the_camera_sees_but_the_shoe_never_reads_is_a_warning_once() -> None:
    session = dealt("10 6")
    witness = CameraWitness(session, source="sim-camera://", confirm_seconds=5.0)
    witness.seen("5S", "S1", source="sim-camera://", at=100.0)
    witness.check_overdue(106.0)
    witness.check_overdue(107.0)
    assert camera_warnings(session) == [
        ("camera_unmatched", "5S", "S1", "the camera sees 5S at S1, but the shoe has not read it")
    ]
    assert witness.to_dict()["waiting"] == 1  # still checked if the shoe's read comes after all
    session.submit(CardArrived(parse_card("4D")), source="shoe")
    witness.shoe_card_applied("4D", at=108.0)
    assert session.prompts().irregularity is not None  # the shoe read another card for S1


def test_a_late_frame_is_judged_by_the_layout_it_filmed() -> None:
    """The camera filmed the ace before the dealer replaced it; its report arrives after the
    replacement was read. That is no switched card; the same report of a newer frame is."""
    session = dealt("10 6 5 | A 2 | 7 5")
    assert session.expected().deal.purpose == "ace_replacement"
    witness = CameraWitness(session)
    witness.layout_changed(layout_cards(session.prompts()), at=100.0)
    session.submit(CardArrived(parse_card("9S")), source="shoe")
    witness.layout_changed(layout_cards(session.prompts()), at=110.0)
    assert "AS" not in layout_cards(session.prompts())["red.hand"]
    witness.seen("AS", "red.hand", source="camera", at=109.5)
    assert session.prompts().irregularity is None and witness.to_dict()["confirmed"] == 1
    witness.seen("AS", "red.hand", source="camera", at=112.0)
    assert session.prompts().irregularity is not None


@pytest.mark.parametrize(
    ("urls", "split"),
    [
        (["sim://?seed=1"], ("sim://?seed=1", None)),
        (["sim://", "sim-camera://?seed=3"], ("sim://", "sim-camera://?seed=3")),
        (["camera://0", "serial:///dev/ttyUSB0"], ("serial:///dev/ttyUSB0", "camera://0")),
    ],
)
def test_card_sources_split_into_a_reader_and_a_witness(
    urls: list[str], split: tuple[str, str | None]
) -> None:
    assert split_sources(urls) == split


@pytest.mark.parametrize(
    "urls",
    [
        ["sim://", "sim://?seed=2"],
        ["camera://0", "sim-camera://"],
        ["sim://", "camera://0", "sim-camera://"],
    ],
)
def test_other_combinations_are_one_line_errors(urls: list[str]) -> None:
    with pytest.raises(ConfigError, match="one card source, or a shoe and a camera"):
        split_sources(urls)
