"""A multi-deck shoe on the wire: ``table sim-shoe --decks N --cut PERCENT`` on a real pty, read by
the serial driver. It deals 1 to 8 decks, reports the cut card where the table placed it
(blackjack's B12: after floor(cards x PERCENT / 100) cards), takes a new shuffle, and the table
turns the shoe's report into the engine's ``cut_card`` control."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from drivers.base import CardSource, SourceEvent
from drivers.registry import open_source
from hardware_sim.decks import shuffled_deck
from table_controller.contract import Game
from table_controller.events import NEW_DECK, Control
from table_controller.games import make_game
from table_controller.running import RunningTable
from table_controller.runtime import TableSession
from tests.hardware_sim.sim_shoe_process import SEED


def read_until(source: CardSource, kind: str, timeout: float = 30.0) -> list[SourceEvent]:
    """Every event up to and including the first of ``kind``."""
    events: list[SourceEvent] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        event = source.read_event(timeout=0.2)
        if event is None:
            continue
        events.append(event)
        if event.kind == kind:
            return events
    pytest.fail(f"no {kind} within {timeout} s; last events: {[e.kind for e in events[-5:]]}")


def cards(events: list[SourceEvent]) -> list[str]:
    return [e.card.code for e in events if e.kind == "card" and e.card is not None]


@pytest.mark.parametrize(("decks", "cut"), [(1, 50), (2, 75), (8, 90)])
def test_a_shoe_of_n_decks_reports_the_cut_card_where_the_table_placed_it(
    start_shoe, decks: int, cut: int
) -> None:
    shoe = start_shoe("", 115200, 1, "--decks", str(decks), "--cut", str(cut))
    with open_source(shoe.url()) as source:
        before_cut = read_until(source, "cut_card")
        after_cut = read_until(source, "shoe_empty")
    assert len(cards(before_cut)) == decks * 52 * cut // 100  # B12, counted as the engine counts it
    dealt = cards(before_cut) + cards(after_cut)
    assert dealt == [c.code for c in shuffled_deck(SEED, decks)]
    assert set(Counter(dealt).values()) == {decks}  # every card of every deck, once per deck
    assert [e.kind for e in before_cut + after_cut].count("cut_card") == 1


def test_a_new_shuffle_is_a_full_shoe_with_the_cut_card_placed_again(start_shoe) -> None:
    shoe = start_shoe("", 115200, 1, "--decks", "1", "--cut", "50", "--manual")
    with open_source(shoe.url()) as source:
        shoe.say("draw 5")
        first = read_until(source, "card")
        while len(cards(first)) < 5:
            first += read_until(source, "card")
        shoe.say("shuffle")
        shoe.say("draw 30")
        second = read_until(source, "cut_card")
        status = [e for e in second if e.kind == "status"]
    assert cards(first) == [c.code for c in shuffled_deck(SEED, 1)[:5]]
    assert cards(second) == [
        c.code for c in shuffled_deck(SEED + 1, 1)[:26]
    ]  # the next seed, from its top
    assert any(e.detail.get("cards_left") == 52 for e in status)  # the shoe says it is full again


def test_the_table_turns_the_shoes_cut_card_into_the_engines_control(start_shoe) -> None:
    """Blackjack on one deck; the shoe's cut card at 50 %, the engine's own count set later (B12
    = 90) so that only the shoe's report can end the shoe here. The round in which it came out
    is finished, then the table asks for a shuffle."""
    shoe = start_shoe("", 115200, 1, "--decks", "1", "--cut", "50", "--manual")
    game = make_game("blackjack", seats=3, switches={"B1": "1", "B12": "90", "B13": "0"})
    session = deal_until_the_cut_card(shoe, game)
    assert session.hands_played >= 1
    assert session.prompts().dealer_instruction.endswith(
        "The cut card came out: shuffle before the next round"
    )
    assert (
        "Cut card reached: finish this hand, then shuffle before the next hand"
        in session.hardware.notices.values()
    )
    assert len(session.state.shoe.drawn) >= 26 and len(session.state.shoe.drawn) < 52 * 90 // 100
    assert game.next_hand(session.state).phase == "shuffle"


def deal_until_the_cut_card(shoe, game: Game) -> TableSession:
    """A table dealt by hand from the wire shoe until the cut card has come out and the round
    it came out in is over."""
    session = TableSession(game, source_url=shoe.url(), simulated=True)
    with open_source(shoe.url()) as source:
        table = RunningTable(session, source)
        table.attach_hardware()
        deadline = time.monotonic() + 60
        while not session.state.cut_reached or not session.expected().hand_over:
            assert time.monotonic() < deadline, session.prompts().dealer_instruction
            play_step(table, shoe)
    return session


def play_step(table: RunningTable, shoe) -> None:
    """One step of a blackjack table dealt by hand from the wire shoe."""
    session = table.session
    state = session.state
    if session.expected().hand_over:
        state = session.game.next_hand(state)
    event = session.game.strategy(state)
    if event is not None:
        session.submit(event, source="console:dealer")
        return
    if session.game.expected(state).deal is not None:
        shoe.say("draw 1")
        while (report := table.source.read_event(timeout=5.0)) is not None:
            table.deliver(report)
            if report.kind == "card":
                return
        pytest.fail("the shoe dealt no card")
    if NEW_DECK in session.game.expected(state).controls:  # the first shuffle of the shoe
        session.submit(Control(NEW_DECK, by="dealer"), source="console:dealer")
        return
    pytest.fail(
        f"the table waits for {session.expected().controls}: {session.prompts().dealer_instruction}"
    )


def test_a_cut_card_the_shoe_reports_between_rounds_ends_the_shoe(start_shoe) -> None:
    """The same table, the shoe's cut card placed after 28 cards (54 %): the third round ends on
    the 28th card (seeded shoe, the strategy's play), so the cut card comes out when the dealer
    draws for the fourth. The round it follows is over and its result logged: the report is
    taken all the same, and the next round starts with a new shuffle (BJ-14)."""
    shoe = start_shoe("", 115200, 1, "--decks", "1", "--cut", "54", "--manual")
    game = make_game("blackjack", seats=3, switches={"B1": "1", "B12": "90", "B13": "0"})
    session = TableSession(game, source_url=shoe.url(), simulated=True)
    with open_source(shoe.url()) as source:
        table = RunningTable(session, source)
        table.attach_hardware()
        deadline = time.monotonic() + 60
        while session.hands_played < 3 or not session.expected().hand_over:
            assert time.monotonic() < deadline, session.prompts().dealer_instruction
            play_step(table, shoe)
        assert len(session.state.shoe.drawn) == 28 and not session.state.cut_reached
        shoe.say("draw 1")  # the fourth round's first card: the cut card comes out first
        while (report := table.source.read_event(timeout=5.0)) is not None:
            if report.kind == "cut_card":
                table.deliver(report)
                break
        else:
            pytest.fail("the shoe reported no cut card")
    assert session.last_refusal is None
    assert session.state.cut_reached and session.hands_played == 3
    assert session.prompts().dealer_instruction.endswith(
        "The cut card came out: shuffle before the next round"
    )
    nxt = game.next_hand(session.state)
    assert nxt.phase == "shuffle" and nxt.needs_shuffle
    assert NEW_DECK in game.expected(nxt).controls


def test_red_dog_takes_the_shoes_cut_card_too(start_shoe) -> None:
    """Red Dog on one deck, the shoe's cut card at 50 %, the engine's own count at its 75 %: only
    the shoe's report can end the shoe here. It comes out in a round; that round is completed,
    then the table asks for a shuffle (RD-13), as blackjack does (BJ-14)."""
    shoe = start_shoe("", 115200, 1, "--decks", "1", "--cut", "50", "--manual")
    game = make_game("red-dog", seats=3, switches={"RD1": "1"})
    session = deal_until_the_cut_card(shoe, game)
    assert 52 * 50 // 100 <= len(session.state.shoe.drawn) < 52 * 75 // 100
    assert game.next_hand(session.state).phase == "shuffle"
