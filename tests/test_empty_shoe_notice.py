"""A void on a one-deck simulated shoe: the stray card that was voided left the shoe but never
reached the rules, so the shoe runs out while the table still wants a card. The dealer is told so
in plain words (a standing notice), not left pressing DEAL with nothing happening; a new deck
takes the notice down."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from drivers.registry import open_source
from table_controller import autopilot
from table_controller.events import NEW_DECK, RESHUFFLE, VOID_HAND, Control
from table_controller.games import make_game
from table_controller.hardware_alerts import SHOE_EMPTY
from table_controller.running import RunningTable
from table_controller.runtime import TableSession

URL = "sim://?seed=7"  # one deck


@pytest.fixture
def table() -> Iterator[RunningTable]:
    game = make_game("blackjack", seats=7)
    source = open_source(URL)
    running = RunningTable(TableSession(game, source_url=URL), source)
    running.attach_hardware()
    yield running
    source.close()


def play(table: RunningTable) -> bool:
    """One play of the autopilot; False when the shoe had no card to give."""
    session, game = table.session, table.session.game
    exp, state = session.expected(), session.state
    if exp.hand_over:
        state = game.next_hand(state)
        exp = game.expected(state)
    event = autopilot.next_event(game, state)
    if event is None and exp.deal is None and {NEW_DECK, RESHUFFLE} & set(exp.controls):
        control = NEW_DECK if NEW_DECK in exp.controls else RESHUFFLE
        table.submit(Control(control, by="autopilot"), source="autopilot")
    elif event is not None:
        table.submit(event, source="autopilot")
    else:
        return table.deal_and_read()
    return True


def voided(table: RunningTable) -> None:
    """The pit boss voids the hand; the bets are returned."""
    table.submit(Control(VOID_HAND, by="pit boss"), source="console:pit-boss")
    while not table.session.expected().hand_over:
        assert play(table)
    assert table.session.prompts().result.void  # type: ignore[union-attr]


def test_an_empty_shoe_after_a_void_is_a_plain_notice_until_a_new_deck(
    table: RunningTable,
) -> None:
    session = table.session
    while not session.expected().decisions:
        assert play(table)
    table.deal_and_read()  # a card nobody asked for: held for the pit boss
    assert session.prompts().irregularity is not None
    voided(table)
    for _ in range(2000):
        if not play(table):
            break
    else:
        pytest.fail("the one-deck shoe never ran out")
    notices = session.snapshot()["hardware"]["notices"]
    assert [n for n in notices if n.startswith(SHOE_EMPTY)] == [
        f"{SHOE_EMPTY}. Call the pit boss to void the hand, then load a new deck"
    ]
    voided(table)
    assert table.submit(Control(NEW_DECK, by="dealer"), source="console:dealer") is None
    assert not [n for n in session.snapshot()["hardware"]["notices"] if n.startswith(SHOE_EMPTY)]
    while not session.expected().decisions:  # and the next round is dealt
        assert play(table)
