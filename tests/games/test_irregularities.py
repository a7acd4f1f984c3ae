"""Irregularities are states a pit boss resolves, never crashes; nothing is silently used."""

from table_controller.cards import parse_card
from table_controller.engine import Applied, IrregularityOpened, Refused
from table_controller.events import (
    ACCEPT_CARD,
    NEW_DECK,
    VOID_HAND,
    CardArrived,
    Control,
    HardwareIrregularity,
)
from tests.games.stacked import Table

EXAMPLE_1 = "10 6 5 | 10 2 | 7 5 | 4 4 8 9"


def _at_first_decision() -> Table:
    t = Table("missouri-city", EXAMPLE_1, first_dealt="green")
    t.deal_all()
    assert t.expected.decisions == {"red": ("hit", "backhand")}
    return t


def test_a_card_while_a_decision_is_pending_holds_the_hand():
    t = _at_first_decision()
    effects = t.apply(CardArrived(parse_card("KD")))
    assert isinstance(effects[0], IrregularityOpened)
    irr = t.state.irregularity
    assert irr.kind == "unexpected_card" and irr.cards == ("KD",)
    assert "waiting for RED: HIT or BACKHAND" in irr.reason
    assert t.expected.controls == (VOID_HAND, ACCEPT_CARD)
    instruction = t.game.prompts(t.state).dealer_instruction
    assert instruction.startswith("IRREGULARITY: KD arrived but no card was expected")
    refused = t.decide("red", "hit")
    assert isinstance(refused[0], Refused) and "held for the pit boss" in refused[0].reason


def test_accepting_an_out_of_turn_card_burns_it_and_play_carries_on():
    t = _at_first_decision()
    t.apply(CardArrived(parse_card("KD")))
    t.apply(Control(ACCEPT_CARD, by="pit boss 7"))
    assert t.state.irregularity is None
    assert parse_card("KD") in t.state.shoe.burned
    assert not t.state.shoe.can_hold(parse_card("KD"))
    assert t.expected.decisions == {"red": ("hit", "backhand")}


def test_a_card_that_cannot_exist_in_this_shoe():
    t = Table("missouri-city", EXAMPLE_1, first_dealt="green")
    t.deal()  # 10S to S3
    effects = t.apply(CardArrived(parse_card("10S")))
    assert isinstance(effects[0], IrregularityOpened)
    assert t.state.irregularity.kind == "impossible_card"
    assert "cannot come from this shoe" in t.state.irregularity.reason
    t.apply(Control(ACCEPT_CARD, by="pit boss"))  # the pit boss checked: it is there; use it
    assert t.game.prompts(t.state).show_cards == (None, "10S", "10S")


def test_a_card_at_the_wrong_spot():
    t = Table("missouri-city", EXAMPLE_1, first_dealt="green")
    effects = t.apply(CardArrived(parse_card("10S"), spot="red.col1"))
    assert isinstance(effects[0], IrregularityOpened)
    assert "the next card belongs to show card S3" in t.state.irregularity.reason
    t.apply(Control(ACCEPT_CARD))
    assert t.game.prompts(t.state).show_cards == (None, None, "10S")


def test_cards_arriving_while_held_are_kept_with_the_irregularity():
    t = Table("missouri-city", EXAMPLE_1, first_dealt="green")
    t.deal()
    t.apply(CardArrived(parse_card("10S")))
    t.apply(CardArrived(parse_card("6H")))
    assert t.state.irregularity.cards == ("10S", "6H")
    t.apply(Control(ACCEPT_CARD))
    # the accepted 10S goes to S2; the 6H that came while held is then dealt as usual, to S1
    assert t.game.prompts(t.state).show_cards == ("6H", "10S", "10S")


def test_void_hand_ends_it_with_no_winner():
    t = _at_first_decision()
    t.apply(CardArrived(parse_card("KD")))
    effects = t.apply(Control(VOID_HAND, by="pit boss 7"))
    result = t.game.result(t.state)
    assert (result.winner, result.decided_by, result.void) == (None, "VOID", True)
    assert "pit boss 7" in result.explanation
    # every seat's hand reads void in the record and on the display's badge (not MC-17's stalemate)
    assert {(s.outcome, s.decided_by) for s in result.seats.values()} == {("void", "VOID")}
    assert {(p.status, p.outcome) for p in t.game.prompts(t.state).seats} == {("finished", "void")}
    assert t.expected.hand_over and t.expected.controls == ()  # a void hand is over too
    assert effects
    before = t.state
    again = t.apply(Control(VOID_HAND, by="pit boss 7"))  # a result stands: no second ending
    assert isinstance(again[0], Refused) and "result stands" in again[0].reason
    assert t.state is before


def test_an_illegal_decision_is_refused_and_changes_nothing():
    t = _at_first_decision()
    before = t.state
    effects = t.decide("red", "push")
    assert isinstance(effects[0], Refused)
    assert effects[0].legal == ("hit", "backhand")
    assert t.state is before
    effects = t.decide("green", "hit")
    assert "waiting for RED" in effects[0].reason
    effects = t.decide("blue", "hit")
    assert "no seat 'blue'" in effects[0].reason


def test_hardware_irregularity_and_carry_on():
    t = _at_first_decision()
    t.apply(HardwareIrregularity("a card may have been missed"))
    assert t.state.irregularity.kind == "hardware"
    t.apply(Control(ACCEPT_CARD))
    assert t.expected.decisions == {"red": ("hit", "backhand")}


def test_controls_out_of_place_are_refused():
    t = _at_first_decision()
    assert isinstance(t.apply(Control(NEW_DECK))[0], Refused)
    assert isinstance(t.apply(Control(ACCEPT_CARD))[0], Refused)


def test_a_card_after_the_hand_is_over():
    t = Table("missouri-city", EXAMPLE_1, first_dealt="green")
    for seat, action in [
        ("red", "hit"),
        ("green", "hit"),
        ("red", "backhand"),
        ("green", "backhand"),
    ]:
        t.deal_all()
        t.decide(seat, action)
    t.deal_all()
    assert t.game.result(t.state).winner == "red"
    assert t.expected.hand_over and t.expected.controls == ()  # the result stands: no VOID HAND
    t.apply(CardArrived(parse_card("2D")))
    assert t.state.irregularity.kind == "unexpected_card"
    assert t.expected.controls == (ACCEPT_CARD,)  # held between hands: the pit boss accepts it
    instruction = t.game.prompts(t.state).dealer_instruction
    assert instruction.endswith("Hold the hand and call the pit boss: ACCEPT CARD")
    effects = t.apply(Control(ACCEPT_CARD))
    assert isinstance(effects[0], Applied)
    assert t.game.result(t.state).winner == "red"
