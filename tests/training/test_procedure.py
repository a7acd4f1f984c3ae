"""The procedure drill: right steps are applied, wrong ones are scored with the rule they break
and never applied; times come from the caller (the server's clock)."""

from __future__ import annotations

import random

import pytest

from table_controller.cards import standard_deck
from table_controller.games import make_game
from table_controller.training.dealing import AutopilotSignals, Dealing
from table_controller.training.drill_file import load_drill
from table_controller.training.procedure import ProcedureDrill
from table_controller.training.steps import EntryError, Step, parse_entry
from tests.training.helpers import EXAMPLES, play_right, play_until


def drill(name: str, mode: str = "learn") -> ProcedureDrill:
    d = load_drill(EXAMPLES / f"{name}.json")
    return ProcedureDrill(d.dealing(), started_at=100.0, mode=mode, title=d.title, notes=d.notes)


def test_the_hole_card_before_a_seats_second_card_is_an_error_naming_bj5_and_is_not_applied() -> (
    None
):
    d = drill("dealer-blackjack-insurance")
    at = play_until(d, "deal", at=100.0, spot="seat4/h1/card2")
    before = d.dealing.state
    answer = d.enter("deal dealer/hole", at + 3.0)
    assert not answer.right
    assert answer.cite is not None and answer.cite.rule == "BJ-5"
    assert str(answer.cite) == "BJ-5: the dealer's hole card comes after every seat's second card"
    assert answer.show == "deal seat4/h1/card2"
    assert d.dealing.state is before  # not applied
    assert d.enter("deal seat4/h1/card2", at + 5.0).right
    record = d.steps[answer.step - 1]
    assert [e.rule for e in record.errors] == ["BJ-5"] and record.seconds == pytest.approx(5.0)
    assert not record.first_try


def test_test_mode_hides_the_banner_and_the_right_step_until_the_third_try() -> None:
    d = drill("dealer-blackjack-insurance", mode="test")
    assert d.view()["prompts"]["dealer_instruction"] == ""
    assert (
        drill("dealer-blackjack-insurance").view()["prompts"]["dealer_instruction"]
        == "Deal SEAT 1 first card"
    )
    shows = [d.enter("deal dealer/up", 101.0 + n).show for n in range(3)]
    assert shows == [None, None, "deal seat1/h1/card1"]
    assert d.summary().errors == 3


def test_a_wrong_payment_cites_the_paytable_row_and_the_right_amount() -> None:
    d = drill("dealer-blackjack-insurance")
    at = play_until(d, "payment", at=100.0)
    while (
        d.dealing.right_step.seat != "seat1"
        or d.dealing.right_step.verb != "pay"
        or d.dealing.game.expected(d.dealing.state).payment.bet != "side"
    ):
        at += 1
        assert d.enter(d.dealing.right_step, at).right
    answer = d.enter("pay seat1 25", at + 1)
    assert not answer.right and answer.cite.rule == "DMH-4a"
    assert "50 to 1: $250.00" in answer.cite.words and answer.show == "pay seat1 $250.00"
    assert d.enter("pay seat1 250.00", at + 2).right and d.finished


def test_settling_out_of_order_cites_right_to_left() -> None:
    d = drill("dealer-blackjack-insurance")
    at = play_until(d, "payment", at=100.0)
    while d.dealing.right_step.amount != 1000 or d.dealing.right_step.verb != "collect":
        at += 1
        d.enter(d.dealing.right_step, at)
    answer = d.enter("collect seat1 20", at + 1)  # seat4's main bet comes first
    assert answer.cite.rule == "BJ-8" and answer.cite.words.startswith("settle right to left")


def test_an_impossible_card_must_go_to_the_pit_boss() -> None:
    d = drill("impossible-card")
    at = play_until(d, "pit_boss", at=100.0)
    assert d.view()["card"] == "10S"
    answer = d.enter("deal green.hand", at + 1)
    assert not answer.right and answer.cite.rule == "MC-1"
    assert d.enter("pit", at + 2).right
    assert d.finished and d.dealing.game.result(d.dealing.state).void
    assert "the pit boss rules: void hand" in d.dealing.notes


def test_calling_the_pit_boss_for_a_good_card_is_an_error() -> None:
    d = drill("split-eights-resplit")
    answer = d.enter("pit", 101.0)
    assert (
        not answer.right
        and answer.cite.rule == "BJ-I2"
        and "can be in the shoe" in answer.cite.words
    )


def test_a_decision_not_as_signalled_and_one_not_legal() -> None:
    d = drill("stand-pat-window")
    at = play_until(d, "decision", at=100.0)
    at = play_until(d, "deal", at=at)
    at = play_until(d, "decision", at=at)
    assert d.dealing.right_step == Step("decision", seat="green", action="stand_pat")
    assert d.view()["signal"] == {"seat": "green", "words": "waves a flat hand over the cards"}
    wrong = d.enter("red hit", at + 1)
    assert (
        wrong.cite.rule == "MC-15"
        and "GREEN may stand pat straight after its qualifying hit" in wrong.cite.words
    )
    illegal = d.enter("green push", at + 2)
    assert illegal.cite.rule == "B-7" and "not legal now" in illegal.cite.words
    assert d.enter("green stand_pat", at + 3).right


def test_the_split_eights_drill_deals_each_split_hand_in_turn() -> None:
    d = drill("split-eights-resplit")
    at = play_until(d, "deal", at=100.0, spot="seat1/h2/card3")
    answer = d.enter("deal seat1/h3/card2", at + 1)
    assert answer.cite.rule == "BJ-10"
    d2 = drill("split-eights-resplit")
    at = play_until(d2, "decision", at=100.0)  # seat1 splits
    at = play_until(d2, "deal", at=at, spot="seat1/h1/card2")
    assert d2.enter("deal seat1/h2/card2", at + 1).cite.rule == "BJ-11"


def test_scoring_counts_first_tries_and_seconds_from_the_given_times() -> None:
    d = drill("stand-pat-window")
    d.enter("deal S1", 101.0)  # show cards go right to left: S3 first
    end = play_right(d, start=101.0, each=2.0)
    s = d.summary()
    assert s.steps == 12 and s.right == 11 and s.errors == 1
    assert s.accuracy == pytest.approx(11 / 12)
    assert s.seconds == pytest.approx((3.0 + 11 * 2.0) / 12)
    assert s.elapsed == pytest.approx(end - 100.0) and s.hands == 1
    assert s.hands_per_hour == pytest.approx(3600 / (end - 100.0))
    assert d.steps[0].errors[0].rule == "MC-3"


@pytest.mark.parametrize(
    ("game_id", "switches", "hands"),
    [
        ("blackjack", {}, 60),
        ("blackjack", {"B1": "1", "B3": "enhc"}, 20),
        ("missouri-city", {}, 12),
        ("buffalo-bayou", {}, 12),
        ("backhand", {}, 12),
    ],
)
def test_many_hands_on_shuffled_shoes_with_the_autopilots_signals_run_to_the_end(
    game_id: str, switches: dict[str, str], hands: int
) -> None:
    game = make_game(game_id, switches=switches, seats=3 if game_id == "blackjack" else None)
    rng = random.Random(7)

    def shuffled() -> list:
        cards = [c for _ in range(game.describe()["decks"]) for c in standard_deck()]
        rng.shuffle(cards)
        return cards

    d = ProcedureDrill(
        Dealing(game, shuffled(), AutopilotSignals(), reshuffle=shuffled),
        started_at=0.0,
        hands=hands,
    )
    play_right(d, limit=20_000)
    assert d.hands_done == hands and d.summary().accuracy == 1.0
    kinds = {s.kind for s in d.steps}
    assert {"deal", "decision"} <= kinds and ("payment" in kinds) == (game_id == "blackjack")


def test_console_lines() -> None:
    assert parse_entry("deal seat1/h1/card1") == Step("deal", spot="seat1/h1/card1")
    assert parse_entry("PAY seat3 $15.5") == Step("payment", seat="seat3", verb="pay", amount=1550)
    assert parse_entry("push seat1") == Step("payment", seat="seat1", verb="push", amount=0)
    assert parse_entry("green stand_pat") == Step("decision", seat="green", action="stand_pat")
    for bad in ("", "pay seat1", "pay seat1 ten", "deal", "a b c d"):
        with pytest.raises(EntryError):
            parse_entry(bad)


def test_the_hole_card_is_never_in_the_view_before_it_is_turned() -> None:
    import json

    d = drill("dealer-blackjack-insurance")
    at = play_until(d, "deal", at=100.0, spot="dealer/hole")
    assert d.view()["card"] == "QH"  # in the dealer's hand, to be put face down
    d.enter("deal dealer/hole", at + 1)
    while d.dealing.game.prompts(d.dealing.state).show_cards[1:] == ():
        assert "QH" not in json.dumps(d.view())
        at += 1
        d.enter(d.dealing.right_step, at)
    assert d.view()["prompts"]["show_cards"] == ["AD", "QH"]


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_every_shipped_drill_is_a_scenario_table_scenario_reads_and_plays_to_the_end(path) -> None:
    import json

    from table_controller.errors import ScenarioError
    from table_controller.scenario import run_scenario
    from table_controller.training.drill_file import DRILL_KEYS

    data = {k: v for k, v in json.loads(path.read_text()).items() if k not in DRILL_KEYS}
    if path.stem == "impossible-card":  # its second 10S is the point: table scenario refuses it
        with pytest.raises(ScenarioError, match="cannot come from this shoe"):
            run_scenario(data)
    else:
        assert run_scenario(data)["steps"]
    d = drill(path.stem)
    assert d.title and d.notes
    play_right(d)
    assert d.finished and d.summary().accuracy == 1.0


def test_each_seat_shows_its_bets_in_the_games_words_insurance_once_taken() -> None:
    """The page lists a seat's bets as the game words them (no game's bet names in the shell):
    blackjack's main and side bets from the deal, its insurance once a seat has taken it."""
    d = drill("dealer-blackjack-insurance")
    seats = d.view()["prompts"]["seats"]
    assert all(s["stakes_words"].startswith("main $") for s in seats if s["figures"].get("main"))
    at = 100.0
    while not (insured := [s for s in seats if s["figures"].get("insurance")]):
        assert not any("insurance" in s["stakes_words"] for s in seats)
        right = d.dealing.right_step
        assert right is not None, "the drill has a seat that takes insurance"
        at += 1.0
        assert d.enter(right, at).right
        seats = d.view()["prompts"]["seats"]
    assert [s["stakes_words"] for s in insured] == ["main $20.00, side $5.00, insurance $10.00"]
