"""Every game's screen at every seat count it allows between its fewest and its most (those two
are test_layout_browser's), checked by the layout check at the moments that change the layout
most: the last seat on turn (every seat dealt in, the seats before it played), a seat holding two
hands where the game splits or divides, and the settlement.

One console page per game, at 1280x800 (the size the floors are stated at; both sizes are checked
at the fewest and most seats), taken from table to table (one table per seat count, played
by the autopilot on the server's own loop, the page away while it plays); every picture is saved in
test-artifacts/ (layout-<game>-<seats>-<moment>-console-<size>.png). The check knows no game: the
seat counts come from the registry, the shoe from the game's own declaration.
"""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, Page

from drivers.registry import open_source
from table_controller import autopilot
from table_controller.games import game_ids, make_game, record
from table_controller.runtime import TableSession
from tests.dealer_display.layout_check import Sizes, grouped, layout_problems, panel_fill
from tests.dealer_display.live import live_table
from tests.dealer_display.screen import ARTIFACTS, shot
from tests.dealer_display.test_layout_browser import SIZES, TWO_HANDS, WAIT_MS, Case, Table

MANY_CARDS = Sizes(card=60)  # issue 40: 80 px for up to three cards a seat, 60 for more


def between(game: str) -> list[int]:
    """The seat counts a game allows between its fewest and its most."""
    seats = record(game).seats
    return list(range(seats.low + 1, seats.high))


GAMES = [game for game in game_ids() if between(game)]


def shoe_url(game: str) -> str:
    shoe = make_game(game).shoe
    return f"sim://?{urlencode({'seed': 7, 'decks': shoe.decks, **shoe.sim_options()})}"


def most_cards_a_seat(game: str, seats: int, hands: int = 5) -> int:
    """The most cards one seat held on the layout in ``hands`` hands the autopilot plays (the
    rules alone, no screen): more than three, and the cards may be smaller (issue 40)."""
    most = 0

    def count(session: TableSession) -> None:
        nonlocal most
        state, table = session.state, session.game
        owner = {spot.name: spot.seat for spot in table.layout(state)}
        held = {  # as the prompts show them (a hand and its columns), or on the seat's spots
            seat.seat: len({*seat.cards, *(code for code in seat.columns if code)})
            for seat in session.prompts().seats
        }
        on_spots: dict[str, int] = {}
        for spot, content in table.on_spots(state).items():
            if owner.get(spot):
                on_spots[owner[spot]] = on_spots.get(owner[spot], 0) + len(content.cards)
        most = max([most, *held.values(), *on_spots.values()])

    with open_source(shoe_url(game)) as shoe:
        session = TableSession(make_game(game, seats=seats), source_url=shoe.url, simulated=True)
        session.subscribe(count)
        autopilot.drive(session, shoe, hands=hands)
    return most


class SeatCountTable(Table):
    def look(self, moment: str, problems: list[tuple[str, str]]) -> None:
        """Each page comes to the table as it stands, is photographed, checked and sent away."""
        for key, page in self.pages.items():
            page.goto(self.live.console_url)
            page.wait_for_function(
                "window.tableDisplay.message && "
                f"window.tableDisplay.message.version >= {self.live.version}",
                timeout=WAIT_MS,
            )
            where = f"{self.case.name} {moment} {key}"
            shot(page, f"layout-{self.case.name}-{moment}-{key}.png")
            problems.extend((where, p) for p in layout_problems(page, sizes=self.case.sizes))
            FILLS.append((where, panel_fill(page)))
            page.goto("about:blank")

    def away(self):  # type: ignore[no-untyped-def]
        return lambda: None  # the pages are away but while a moment is looked at


FILLS: list[tuple[str, dict[str, float]]] = []


def last_seat_on_turn(table: Table) -> bool:
    prompts = table.session.prompts()
    return prompts.seats[-1].on_turn or table.session.expected().hand_over


def play_and_look(table: SeatCountTable) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    session = table.session
    table.step()  # the new deck (or the first round's opening)
    table.until(lambda: last_seat_on_turn(table), "the last seat's turn")
    table.look("last-seat", problems)
    table.until(lambda: session.expected().hand_over, "the end of the hand")
    table.look("result", problems)
    if TWO_HANDS & set(session.game.actions):
        table.play_until_two_hands()
        table.look("two-hands", problems)
    return problems


def pages_for(browser: Browser) -> dict[str, Page]:
    """The smaller size only: the issue's floors are stated at 1280x800, and both sizes are
    checked at a game's fewest and most seats (test_layout_browser)."""
    pages = {}
    for width, height in SIZES[:1]:
        page = browser.new_page(viewport={"width": width, "height": height})
        page.errors = []  # type: ignore[attr-defined]
        page.on("pageerror", lambda exc, page=page: page.errors.append(str(exc)))  # type: ignore[attr-defined]
        pages[f"console-{width}x{height}"] = page
    return pages


@pytest.mark.parametrize("game", GAMES)
def test_every_seat_count_reads(browser: Browser, game: str) -> None:
    pages = pages_for(browser)
    problems: list[tuple[str, str]] = []
    try:
        for seats in between(game):
            many = most_cards_a_seat(game, seats) > 3
            case = Case(game, seats, MANY_CARDS if many else Sizes(), shoe_url(game))
            with live_table(case.shoe, game=make_game(game, seats=seats)) as live:
                problems += play_and_look(SeatCountTable(case, live, pages))
    finally:
        errors = [e for page in pages.values() for e in page.errors]  # type: ignore[attr-defined]
        for page in pages.values():
            page.close()
    assert errors == []
    (ARTIFACTS / f"layout-{game}-seat-counts-problems.txt").write_text(
        "\n".join(f"{w}: {p}" for w, p in problems)
        + "\n\npanel fill:\n"
        + "\n".join(f"{w}: {fills}" for w, fills in FILLS if w.startswith(game))
        + "\n"
    )
    lines = grouped(problems)
    assert lines == [], f"{game}: {len(lines)} problems\n" + "\n".join(lines[:80])
