"""Stacked blackjack rounds for the browser tests: the decks, the seats' bets and decisions, and
a dealer who plays them on the page by clicking or by keyboard, reading every prompt off the screen.

Round A (seven seats, the dealer's 6 up): SEAT 1 splits eights and splits again (two sets of
ace-eight, 25 to 1; a doubled hand), SEAT 4 has one eight, SEAT 3 ace-eight, SEAT 5 a pair of eights it
does not split, SEATS 2, 6, 7 no ace or eight; the dealer busts.
Round B (four seats, the dealer's ace up and a blackjack): SEAT 1 a pair of aces (50 to 1),
insurance at half; SEAT 2 a blackjack takes even money; SEAT 3 insures $3.00 (not half);
SEAT 4 declines and loses its side bet. SEAT 3 first asks for $6.00, more than half its bet:
the engine refuses it, and the page says why.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from hardware_sim.decks import write_deck_file
from table_controller.cards import parse_card
from tests.dealer_display.live import LiveTable
from tests.dealer_display.screen import SPILLS, shot, spoken

BURN = "2D"


@dataclass(frozen=True)
class Round:
    seats: int
    bets: dict[int, tuple[int, int]]  # seat number -> (main, side) in cents
    cards: tuple[str, ...]  # after the burn
    decisions: tuple[tuple[str, str, int | None], ...]  # (seat, action, insurance amount in cents)
    switches: dict[str, str] = field(default_factory=dict)

    def deck_file(self, folder: Path) -> Path:
        path = folder / "stacked.txt"
        write_deck_file(path, [parse_card(c) for c in (BURN, *self.cards)])
        return path


ROUND_A = Round(
    seats=7,
    bets=dict.fromkeys(range(1, 8), (1000, 500)),
    cards=(
        "8S",
        "KH",
        "AH",
        "5C",
        "8D",
        "10S",
        "9H",
        "6H",
        "8H",
        "7D",
        "8C",
        "8C",
        "8S",
        "9C",
        "7H",
        "10D",
        "8C",
        "AS",
        "3D",
        "9S",
        "AD",
        "10H",
        "7C",
    ),
    decisions=(
        ("seat1", "split", None),
        ("seat1", "split", None),
        ("seat1", "stand", None),
        ("seat1", "double", None),
        ("seat1", "stand", None),
        ("seat2", "stand", None),
        ("seat3", "stand", None),
        ("seat4", "hit", None),
        ("seat5", "stand", None),
        ("seat6", "stand", None),
        ("seat7", "stand", None),
    ),
)

ROUND_B = Round(
    seats=4,
    bets={1: (1000, 500), 2: (2000, 0), 3: (1000, 0), 4: (1000, 500)},
    cards=("AS", "AD", "10C", "9D", "AC", "AH", "KS", "7S", "9S", "QH"),
    decisions=(
        ("seat1", "insurance", 500),
        ("seat2", "even_money", None),
        ("seat3", "insurance", 600),
        ("seat3", "insurance", 300),
        ("seat4", "no_insurance", None),
    ),
)

KEYS = {
    "hit": "h",
    "stand": "s",
    "double": "x",
    "split": "p",
    "surrender": "u",
    "insurance": "i",
    "even_money": "e",
    "no_insurance": "o",
}


def wait_drawn(page: Page, table: LiveTable, before: int) -> None:
    """Until the table changed after ``before`` and the page drew the newest state."""
    deadline = time.monotonic() + 60
    while table.version == before:
        assert time.monotonic() < deadline, "the table never saw the action"
        time.sleep(0.005)
    page.wait_for_function(f"window.tableDisplay.message.version >= {table.version}")


def engine_instruction(table: LiveTable) -> str:
    return table.session.prompts().dealer_instruction


class Dealer:
    """Plays a stacked round on the page: ``by`` is ``click`` or ``keys``. Every instruction the
    page shows is checked against the engine's and kept, in order."""

    def __init__(self, page: Page, table: LiveTable, by: str) -> None:
        self.page, self.table, self.by = page, table, by
        self.instructions: list[str] = []
        self.refusals: list[str] = []
        self._insuring: str | None = None

    def _do(self, click: str, key: str) -> None:
        before = self.table.version
        if self.by == "click":
            self.page.click(click)
        else:
            self.page.keyboard.press(key)
        wait_drawn(self.page, self.table, before)
        self.note()

    def note(self) -> None:
        """The instruction and every amount on screen are the engine's."""
        shown = self.page.inner_text("#instruction")
        assert shown == spoken(self.page, engine_instruction(self.table))
        assert screen_amounts(self.page) == engine_amounts(self.table)
        assert self.page.evaluate(SPILLS) == 0, f"a seat panel runs over at: {shown}"
        self.instructions.append(shown)

    def new_deck(self) -> None:
        self._do("#btn-new-deck", "n")

    def deal(self) -> None:
        self._do("#btn-deal", "d")

    def paid(self) -> None:
        self._do("#btn-paid", "c")

    def bet(self, seat: int, main: int, side: int) -> None:
        page = self.page
        if self.by == "click":
            page.fill("#bet-seat", str(seat))
            page.fill("#bet-main", f"{main / 100:.2f}")
            page.fill("#bet-side", f"{side / 100:.2f}" if side else "")
            before = self.table.version
            page.click("#btn-bet")
        else:
            page.keyboard.press(str(seat))
            page.keyboard.type(f"{main / 100:g}")
            page.keyboard.press("Tab")
            if side:
                page.keyboard.type(f"{side / 100:g}")
            before = self.table.version
            page.keyboard.press("Enter")
        want = (main, side)
        deadline = time.monotonic() + 60
        while self._bets(f"seat{seat}") != want:
            assert time.monotonic() < deadline, f"SEAT {seat}'s bets never reached the table"
            time.sleep(0.005)
        wait_drawn(page, self.table, before)
        page.wait_for_function("document.activeElement.tagName !== 'INPUT'")
        self.note()

    def _bets(self, seat: str) -> tuple[int, int]:
        play = self.table.session.state.plays.get(seat)
        return (0, 0) if play is None else (play.main, play.side)

    def decide(self, seat: str, action: str, amount: int | None) -> None:
        if action == "insurance":
            return self.insure(seat, amount)
        self._do(f'.seat-panel[data-seat="{seat}"] button[data-action="{action}"]', KEYS[action])

    def insure(self, seat: str, amount: int | None) -> None:
        """Insurance at ``amount``: the field holds half the main bet; another amount is typed."""
        page = self.page
        main = self.table.session.state.plays[seat].main
        if seat != self._insuring:  # offered afresh: half the main bet
            assert page.input_value("#amount-offered-value") == f"{main // 2 / 100:.2f}"
            assert page.inner_text("#amount-offered-seat") == f"SEAT {seat[4:]}"
        self._insuring = seat
        before = self.table.version
        if self.by == "click":
            if amount != main // 2:
                page.fill("#amount-offered-value", f"{amount / 100:.2f}")
            page.click(f'.seat-panel[data-seat="{seat}"] button[data-action="insurance"]')
        else:
            page.keyboard.press("i")
            assert page.evaluate("document.activeElement.id") == "amount-offered-value"
            if amount != main // 2:
                page.keyboard.type(f"{amount / 100:g}")
            if amount == 300:
                shot(page, "blackjack-insurance-typed-keys.png")
            page.keyboard.press("Enter")
        wait_drawn(page, self.table, before)
        if (
            amount is not None and amount > main // 2
        ):  # refused: the reason on the page, nothing changed
            reason = self.table.session.last_refusal
            assert reason and page.inner_text("#refusal") == reason
            self.refusals.append(reason)
        self.note()

    def play(self, stacked: Round) -> list[str]:
        """Bets, cards, decisions in order, every payment confirmed, until the round is over."""
        self.new_deck()
        self.deal()  # the burn
        for seat, (main, side) in stacked.bets.items():
            self.bet(seat, main, side)
        decisions = list(stacked.decisions)
        while not (exp := self.table.session.expected()).hand_over:
            if exp.payment is not None:
                self.paid()
            elif exp.decisions:
                seat, action, amount = decisions.pop(0)
                assert seat in exp.decisions, (
                    f"{seat} {action}: the engine waits for {exp.decisions}"
                )
                self.decide(seat, action, amount)
            elif exp.deal is not None:
                self.deal()
            else:
                raise AssertionError(f"the round waits for {exp.controls}")
        assert decisions == []
        return self.instructions


def dollars(cents: int) -> str:
    return f"${abs(cents) / 100:.2f}"


def chips(cents: int) -> str:
    return dollars(cents) if cents % 100 else f"${cents // 100:,}"


def engine_amounts(table: LiveTable) -> dict[str, Any]:
    """What screen_amounts must read, from the engine's seat prompts."""
    out: dict[str, Any] = {}
    session = table.session
    settled = session.game.console_prompts(session.state).figures["settled"]
    for seat in session.prompts().seats:
        f = seat.figures
        if not f.get("hands") and not f.get("main"):
            out[f"{seat.seat}/bet"], out[f"{seat.seat}/side"] = "", ""
            out[seat.seat] = ["\u2013", "\u2013"]
            continue
        # a bet taken once settled leaves its circle empty
        for spot, cents in (("bet", f["main"]), ("side", f["side"]), ("insurance", f["insurance"])):
            lost = settled.get(f"{seat.seat}/{spot}", 0) < 0
            if spot != "insurance" or cents:
                out[f"{seat.seat}/{spot}"] = chips(cents) if cents and not lost else ""
        hands = [h["total_words"] or "\u2013" for h in f["hands"]] or ["\u2013"]
        net = f["net"]
        out[seat.seat] = [*hands, ("+" if net > 0 else "-") + dollars(net) if net else "\u2013"]
    return out


def screen_amounts(page: Page) -> dict[str, Any]:
    """Every amount the page shows for each seat: its bet circles and its panel's totals."""
    return page.evaluate("""() => {
      const out = {};
      for (const circle of document.querySelectorAll('#layout .bet-circle')) {
        out[circle.dataset.spot] = circle.querySelector('.chip-amount').textContent;
      }
      for (const panel of document.querySelectorAll('.seat-panel')) {
        out[panel.dataset.seat] = [...panel.querySelectorAll('.total .value')].map((v) => v.textContent);
      }
      return out;
    }""")


def api_play(table: LiveTable, stacked: Round, *, until: Any = None, start: bool = True) -> None:
    """Play ``stacked`` through the console's API (no page) until ``until(session)`` is true
    or the round is over: to set a table up for a picture. ``start`` False goes on with a round
    already started (its bets placed): ``stacked``'s decisions are those still to come."""
    import httpx2

    from tests.dealer_display.conftest import DEALER

    decisions = list(stacked.decisions)
    with httpx2.Client(base_url=table.url, headers=DEALER) as client:
        post = lambda path, body=None: client.post(path, json=body).raise_for_status()  # noqa: E731
        if start:
            post("/api/control", {"control": "new_deck"})
            _api_deal(client, table)
        for seat, (main, side) in stacked.bets.items() if start else ():
            post("/api/wager", {"seat": f"seat{seat}", "bet": "main", "amount": main})
            if side:
                post("/api/wager", {"seat": f"seat{seat}", "bet": "side", "amount": side})
        session = table.session
        while not (exp := session.expected()).hand_over and not (until and until(session)):
            if exp.payment is not None:
                post("/api/control", {"control": "paid"})
            elif exp.decisions:
                seat, action, amount = decisions.pop(0)
                post("/api/decision", {"seat": seat, "action": action, "amount": amount})
            else:
                _api_deal(client, table)


def _api_deal(client: Any, table: LiveTable) -> None:
    seen = table.session.state
    client.post("/api/deal").raise_for_status()
    deadline = time.monotonic() + 60
    while table.session.state is seen:
        assert time.monotonic() < deadline, "the card never reached the table"
        time.sleep(0.005)
