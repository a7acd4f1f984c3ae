"""The display's autopilot task stops when the table stops, whatever it is waiting for."""

from __future__ import annotations

import asyncio

import pytest

from dealer_display.autopilot_task import run_autopilot
from dealer_display.table import DisplayTable
from drivers.registry import open_source
from table_controller.games import make_game
from table_controller.runtime import TableSession


def test_the_autopilot_stops_when_a_card_arrives_as_the_table_stops():
    """Ctrl-C cancels the autopilot while it waits for the card it dealt. When the card is
    delivered in the same turn of the loop as the cancel (the card feed and the shutdown are
    independent), the cancel must still stop it: ``asyncio.wait_for`` on Python 3.11 returns the
    finished wait instead, the autopilot dealt on and the table never stopped (a CI hang)."""

    async def play() -> int:
        source = open_source("sim://?seed=42")
        session = TableSession(make_game("missouri-city"), source_url=source.url)
        table = DisplayTable(session, source)
        loop = asyncio.get_running_loop()
        dealt: list[str] = []

        def deal_then_stop() -> str | None:
            code = deal()
            dealt.append(str(code))
            if len(dealt) > 1:
                raise AssertionError(f"the autopilot dealt on after it was stopped: {dealt}")
            loop.call_soon(arrive_and_stop)  # the card reaches the table in the turn that stops it
            return code

        def arrive_and_stop() -> None:
            event = source.read_event(timeout=1.0)
            while event is not None and event.card is None:
                table.deliver(event)
                event = source.read_event(timeout=1.0)
            assert event is not None, "the simulated shoe did not say what it dealt"
            table.deliver(event)
            pilot.cancel()

        deal = table.deal
        table.deal = deal_then_stop  # type: ignore[method-assign]
        pilot = asyncio.create_task(run_autopilot(table, pace=0.0))
        try:
            with pytest.raises(asyncio.CancelledError):
                await pilot
        finally:
            source.close()
        return len(dealt)

    assert asyncio.run(play()) == 1
