"""The autopilot: every seat played by its game's own strategy, and a dealer who deals from a
simulated shoe. Used by ``table run --autopilot`` (the demo table and the crash tests) and the
benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from table_controller.contract import Game
from table_controller.engine import Refused
from table_controller.events import NEW_DECK, RESHUFFLE, CardArrived, Control, Event


def next_event(game: Game, state: Any) -> Event | None:
    """The autopilot's next play: the game's own strategy (a wager, a decision, a confirmed
    payment), or None to let the dealer deal on."""
    return game.strategy(state)


def drive(
    session: Any,
    source: Any,
    *,
    hands: int | None,
    pace: float = 0.0,
    should_stop: Callable[[], bool] = lambda: False,
    deal: Callable[[], bool] | None = None,
) -> int:
    """Play hands on ``session`` with cards from a simulated ``source`` until ``hands`` are done.

    Returns the number of hands finished. Stops early when ``should_stop()`` is true, the
    hand is held for a pit boss (the autopilot never resolves an irregularity itself), or the
    table refuses one of its plays.
    ``deal()`` deals one card and hands it to the table (the running table's
    ``deal_and_read``); by default the card goes straight to ``session``.
    """
    deal = deal or (lambda: _deal_one(session, source))
    done = 0
    game = session.game
    while not should_stop():
        exp, state = session.expected(), session.state
        if exp.hand_over:
            done += 1
            if hands is not None and done >= hands:
                return done
            if not game.lasting_shoe:
                _pause(pace, should_stop)
                source.new_deck()
                session.submit(Control(NEW_DECK, by="autopilot"), source="autopilot")
                continue
            state = game.next_hand(state)  # what the next round will be once its first event comes
            exp = game.expected(state)
        event = next_event(game, state)
        if event is None and NEW_DECK in exp.controls and exp.deal is None:
            _pause(pace, should_stop)
            source.new_deck()
            session.submit(Control(NEW_DECK, by="autopilot"), source="autopilot")
        elif event is not None:
            _pause(pace, should_stop)
            if any(isinstance(e, Refused) for e in session.submit(event, source="autopilot")):
                return done  # never tried again: the same refusal, logged a thousand times a second
            if isinstance(event, Control) and event.control == RESHUFFLE:
                _reload_discards(session, source)
        elif exp.deal is not None:
            if getattr(session, "log_down", False):
                return done  # the log cannot take the cards: a dealer would stop and wait too
            _pause(pace, should_stop)
            if not deal():
                return done
        else:
            return done  # held for the pit boss, or a control only a person may give
    return done


def _reload_discards(session: Any, source: Any) -> None:
    """The discards were shuffled into a new stock: the simulated shoe holds a whole deck again,
    less the cards still on the layout (what the engine's shoe counts as drawn)."""
    from table_controller.runtime import align_simulated_shoe

    source.new_deck()
    align_simulated_shoe(session, source)


def _deal_one(session: Any, source: Any) -> bool:
    source.deal_next()
    while True:
        event = source.read_event(timeout=2.0)
        if event is None:
            return False
        if event.kind == "card":
            session.submit(CardArrived(event.card, event.spot), source=source.url, at=event.at)
            return True
        session.hardware_event(event.to_dict(), source=source.url, at=event.at)


def _pause(pace: float, should_stop: Callable[[], bool]) -> None:
    end = time.monotonic() + pace
    while pace > 0 and time.monotonic() < end and not should_stop():
        time.sleep(min(0.05, end - time.monotonic()))
