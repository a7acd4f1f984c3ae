"""``table run --autopilot`` on the display: the simulated shoe deals and both seats play.

The choices come from the game's own strategy (``game.strategy``); the cards come through the
same card feed as a dealer's, so the page, the log and the latency are those of a real hand.
A hand held for the pit boss waits for a person.
"""

from __future__ import annotations

import asyncio
import contextlib

from dealer_display.table import DisplayTable
from table_controller import autopilot
from table_controller.events import NEW_DECK, RESHUFFLE, Control

SOURCE = "autopilot"
RESULT_PAUSES = 3  # the result stays up for three steps, so a watcher can read it
CARD_WAIT_SECONDS = 5.0
WITNESS_WAIT_SECONDS = 30.0  # a camera that never confirms still lets the demo go on


async def run_autopilot(table: DisplayTable, *, pace: float, hands: int | None = None) -> int:
    """Play until cancelled (or ``hands`` hands are done); returns the hands finished."""
    done = 0
    while hands is None or done < hands:
        exp = table.session.expected()
        if exp.hand_over:
            done += 1
            if hands is not None and done >= hands:
                break
            await asyncio.sleep(pace * RESULT_PAUSES)
            game = table.session.game
            if not game.lasting_shoe:
                table.submit(Control(NEW_DECK, by=SOURCE), source=SOURCE)
                continue
            await _step(
                table, game.next_hand(table.session.state)
            )  # the next round on the same shoe
            continue
        await asyncio.sleep(pace)
        await _step(table)
    return done


async def _step(table: DisplayTable, state: object = None) -> None:
    session = table.session
    state = session.state if state is None else state
    exp = session.game.expected(state)
    event = autopilot.next_event(session.game, state)
    if (
        event is None
        and exp.deal is None
        and (NEW_DECK in exp.controls or RESHUFFLE in exp.controls)
    ):
        control = NEW_DECK if NEW_DECK in exp.controls else RESHUFFLE
        table.submit(Control(control, by=SOURCE), source=SOURCE)
        return
    if event is not None:
        table.submit(event, source=SOURCE)
    elif exp.deal is not None and not session.log_down:  # a dealer waits while the log is down
        await _deal_and_wait(table)
    # otherwise the hand is held for the pit boss: keep waiting


async def _deal_and_wait(table: DisplayTable) -> None:
    # asyncio.timeout, not asyncio.wait_for: on Python 3.11 wait_for returns the finished wait
    # when the cancel comes in the loop turn the card arrives in, so a Ctrl-C landing with a card
    # was lost, the autopilot dealt on and the table's shutdown waited for it for ever
    table.card_arrived.clear()
    if table.deal() is None:
        return
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(CARD_WAIT_SECONDS):
            await table.card_arrived.wait()
    if (
        table.witness is not None
    ):  # as a dealer would: the next card once the camera has seen this one
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(WITNESS_WAIT_SECONDS):
                await _witness_settled(table)


async def _witness_settled(table: DisplayTable) -> None:
    while not table.witness.settled and table.session.prompts().irregularity is None:  # type: ignore[union-attr]
        await asyncio.sleep(0.02)
