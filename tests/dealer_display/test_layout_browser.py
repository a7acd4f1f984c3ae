"""Every game's screen, as a dealer sees it from two metres, checked by the machine at every
moment that changes the layout: after the first cards, at the first decision and after the first
of each kind of decision (a hit, a split, a divide...), at the result, held for the pit boss (a
stray card), voided, with a seat holding two hands (a split or a divide), and after 20 hands
played by the autopilot - for the fewest and the most seats each game allows, at 1280x800 and
1920x1080, on the dealer's console and on a watching (view-only) page.

One table and one browser per case: the table is driven step by step on the server's own loop
(the autopilot's player), and every page must have drawn a step before it is checked; long runs
of play (looking for a split, 20 hands) are played with the pages away. Every picture is saved in
test-artifacts/ (layout-<game>-<seats>-<moment>-<page>-<size>.png).
A case that still fails is marked xfail (strict) with the problems it still has, so a fix flips it.
"""

from __future__ import annotations

import asyncio
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, Page

from dealer_display.autopilot_task import SOURCE, _step, run_autopilot
from table_controller.events import NEW_DECK, Control, Decision
from table_controller.games import game_ids, make_game, record
from tests.dealer_display.layout_check import Sizes, grouped, layout_problems
from tests.dealer_display.live import LiveTable, live_table
from tests.dealer_display.screen import ARTIFACTS, shot

SIZES = [(1280, 800), (1920, 1080)]
WAIT_MS = 120_000  # a page drawing a step on a busy machine: generous, never a fixed sleep
# more than three cards a seat at the most seats (issue 40: 80 px up to three, 60 for more)
MANY_CARDS = Sizes(card=60)
MANY_CARDS_GAMES = {"backhand", "blackjack", "farmer"}
# Cards larger than the least where the table has the room: one blackjack seat (147 px as dealt,
# 105 held; it was 90 and 74). Vingt-un's seven seats hold the 80 px (91 px and more at every
# moment; they were 71 held or with a seat's divided hands)
LEAST_CARDS = {"blackjack-1": Sizes(card=100)}
SHOES = {
    "blackjack": "sim://?seed=7&decks=6",  # one deck ran dry in 20 hands
    "red-dog": "sim://?seed=11&decks=6",
    "split-decision": "sim://?seed=7&jokers=2",
    "luck-of-the-draw": "sim://?seed=8&jokers=2",
    "farmer": "sim://?seed=11&strip=8S,8H,8D,8C,6S,6D,6C",
}
TWO_HANDS = {"split", "divide"}  # the plays that give a seat a second hand
SPLIT_HANDS = 60  # a one-seat table splits a pair within this many hands (seed 7)


# Every seat told apart by more than its colour: each seat panel has a shape and a name, and no
# two seats share either (a colour-blind dealer reads the shape and the name).
SEATS_APART = """() => {
  const panels = [...document.querySelectorAll("#seats .seat-panel")];
  const problems = [];
  const seen = {shape: new Map(), name: new Map()};
  for (const p of panels) {
    const shape = p.querySelector("svg.shape");
    const name = (p.querySelector(".seat-name") || {}).textContent || "";
    if (!shape || !name.trim()) { problems.push(`${p.dataset.seat}: no shape or no name`); continue; }
    for (const [kind, key] of [["shape", shape.innerHTML], ["name", name.trim()]]) {
      if (seen[kind].has(key)) problems.push(`${p.dataset.seat} has the ${kind} of ${seen[kind].get(key)}`);
      seen[kind].set(key, p.dataset.seat);
    }
  }
  return problems;
}"""
# A voided hand as the screen says it: the headline, each seat's badge, and the words.
VOID_SHOWN = """() => ({
  headline: (document.querySelector("#result:not([hidden]) .headline") || {}).textContent || "",
  badges: [...document.querySelectorAll("#seats .seat-panel .badge")].map((b) => b.textContent),
  words: document.getElementById("instruction").textContent + " " +
    ((document.querySelector("#result:not([hidden]) .explanation") || {}).textContent || ""),
})"""


@dataclass(frozen=True)
class Case:
    game: str
    seats: int
    sizes: Sizes = field(default_factory=Sizes)
    shoe: str = "sim://?seed=7"

    @property
    def name(self) -> str:
        return f"{self.game}-{self.seats}"


def cases() -> dict[str, Case]:
    """Every game at the fewest and the most seats it allows (its declared seat range)."""
    out = {}
    for game in game_ids():
        seats = record(game).seats
        for n in sorted({seats.low, seats.high}):
            many = game in MANY_CARDS_GAMES and n == seats.high
            sizes = LEAST_CARDS.get(f"{game}-{n}", MANY_CARDS if many else Sizes())
            case = Case(game, n, sizes, SHOES.get(game, "sim://?seed=7"))
            out[case.name] = case
    return out


CASES = cases()

# What each case still shows wrong (the check's own words, in short); a fix flips it.
STILL_WRONG: dict[str, str] = {}


class Table:
    """One running table driven on its own loop, and the pages that watch it."""

    def __init__(self, case: Case, live: LiveTable, pages: dict[str, Page]) -> None:
        self.case, self.live, self.pages = case, live, pages
        self.display = live.app.state.table
        self.session = live.session

    def on_loop(self, work: Callable[[], object], timeout: float = 120) -> None:
        async def run() -> None:
            result = work()
            if asyncio.iscoroutine(result):
                await result

        asyncio.run_coroutine_threadsafe(run(), self.display._loop).result(timeout=timeout)

    def step(self) -> None:
        """One play of the autopilot: a card, a seat's decision, a bet, or the next hand."""

        async def one() -> None:
            game = self.session.game
            if self.session.expected().hand_over:
                if game.lasting_shoe:
                    await _step(self.display, game.next_hand(self.session.state))
                else:
                    self.display.submit(Control(NEW_DECK, by=SOURCE), source=SOURCE)
                return
            await _step(self.display)

        self.on_loop(one)

    def until(self, done: Callable[[], bool], what: str) -> None:
        for _ in range(400):
            if done():
                return
            self.step()
        raise AssertionError(
            f"the table never reached {what}: {self.session.prompts().dealer_instruction}"
        )

    def cards_dealt(self, n: int) -> None:
        dealt = 0
        while dealt < n:
            deal = self.session.expected().deal is not None
            self.step()
            dealt += deal

    def away(self) -> Callable[[], None]:
        """The pages stand aside (drawing every step of 20 hands on four pages is most of the
        work); the function returned brings them back to the table as it stands."""
        urls = {key: page.url for key, page in self.pages.items()}
        for page in self.pages.values():
            page.goto("about:blank")

        def back() -> None:
            for key, page in self.pages.items():
                page.goto(urls[key])
                page.wait_for_function(
                    "window.tableDisplay && window.tableDisplay.messages > 0", timeout=WAIT_MS
                )

        return back

    def play_hands(self, hands: int) -> None:
        """The autopilot plays ``hands`` more hands, the pages away."""
        back = self.away()
        for n in range(hands):
            try:
                self.on_loop(lambda: run_autopilot(self.display, pace=0.0, hands=2), timeout=90)
            except TimeoutError:
                raise AssertionError(
                    f"hand {n + 1} of {hands} did not end: {self.session.prompts().dealer_instruction}"
                ) from None
        back()

    def two_hands(self) -> bool:
        """A seat holds two hands (it split, or divided)."""
        return any(
            len((seat.figures or {}).get("hands") or ()) > 1
            for seat in self.session.prompts().seats
        )

    def play_until_two_hands(self) -> None:
        """Play on, the pages away, until a seat holds two hands and may still act."""
        back = self.away()
        for _ in range(SPLIT_HANDS * 40):
            if self.two_hands() and self.session.expected().decisions:
                back()
                return
            self.step()
        raise AssertionError(f"no seat split a pair in {SPLIT_HANDS} hands")

    def decision_about(self) -> str | None:
        """The play the autopilot is about to make, if its next step is a seat's decision."""
        if not self.session.expected().decisions:
            return None
        event = self.session.game.strategy(self.session.state)
        return event.action if isinstance(event, Decision) else None

    def stray_card(self) -> None:
        """The shoe gives a card nobody asked for: the hand is held for the pit boss."""
        before = self.live.version
        self.display.source.deal_next()
        self._wait_change(before)

    def pit_boss(self, control: str) -> None:
        before = self.live.version
        headers = {
            "X-Dealer-Token": self.live.settings.dealer_token,
            "X-Pit-Boss-Pin": self.live.settings.pit_boss_pin,
        }
        request = urllib.request.Request(
            f"{self.live.url}api/pit-boss/{control}", method="POST", headers=headers
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 200
        self._wait_change(before)

    def _wait_change(self, before: int) -> None:
        deadline = time.monotonic() + 60
        while self.live.version == before:
            assert time.monotonic() < deadline, "the table never changed"
            time.sleep(0.005)

    def look(self, moment: str, problems: list[tuple[str, str]]) -> None:
        """Every page draws the table as it stands, is photographed, and checked."""
        for key, page in self.pages.items():
            page.wait_for_function(
                f"window.tableDisplay.message && window.tableDisplay.message.version >= {self.live.version}",
                timeout=WAIT_MS,
            )
            shot(page, f"layout-{self.case.name}-{moment}-{key}.png")
            found = layout_problems(
                page, sizes=self.case.sizes, view_only=key.startswith("watching")
            )
            problems.extend((f"{moment} {key}", p) for p in found)
        first = next(iter(self.pages.values()))
        problems.extend((f"{moment}", p) for p in first.evaluate(SEATS_APART))

    def staked(self) -> bool:
        """A seat has money on the table (one of the game's bets in its figures)."""
        bets = self.session.game.bets
        return any(
            (seat.figures or {}).get(bet) for seat in self.session.prompts().seats for bet in bets
        )

    def void_shown(self, staked: bool) -> list[tuple[str, str]]:
        """The voided hand, over: shown as VOID on every page, every seat's badge VOID (or
        waiting: no bet in it), and, where money was staked, the bets said to be returned."""
        problems = []
        for key, page in self.pages.items():
            shown = page.evaluate(VOID_SHOWN)
            if "VOID" not in shown["headline"]:
                problems.append((key, f"a void reads {shown['headline']!r}"))
            if "VOID" not in shown["badges"] or set(shown["badges"]) - {"VOID", "waiting"}:
                problems.append((key, f"after a void the seats read {shown['badges']}"))
            if staked and "returned" not in shown["words"]:
                problems.append(
                    (key, f"a void does not say the bets are returned: {shown['words']!r}")
                )
        return problems


def open_pages(browser: Browser, live: LiveTable) -> dict[str, Page]:
    pages = {}
    for width, height in SIZES:
        for key, url in (("console", live.console_url), ("watching", live.url)):
            page = browser.new_page(
                viewport={"width": width, "height": height}
            )  # a context each: no shared token
            page.errors = []  # type: ignore[attr-defined]
            page.on("pageerror", lambda exc, page=page: page.errors.append(str(exc)))  # type: ignore[attr-defined]
            page.goto(url)
            page.wait_for_function(
                "window.tableDisplay && window.tableDisplay.messages > 0", timeout=WAIT_MS
            )
            pages[f"{key}-{width}x{height}"] = page
    return pages


def play_and_look(table: Table) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    session = table.session
    table.step()  # the new deck (or the first round's opening)
    table.cards_dealt(2)
    table.look("dealing", problems)
    table.until(
        lambda: bool(session.expected().decisions) or session.expected().hand_over, "a decision"
    )
    table.look("decision", problems)
    looked: set[str] = set()
    for _ in range(400):  # each kind of decision, after it is made
        if session.expected().hand_over:
            break
        action = table.decision_about()
        table.step()
        if action is not None and action not in looked:
            looked.add(action)
            table.look(f"after-{action}", problems)
    table.look("result", problems)
    table.step()
    table.until(lambda: bool(session.expected().decisions), "a decision in the next hand")
    table.stray_card()
    table.look("held", problems)
    staked = table.staked()
    if "void_hand" in session.expected().controls:
        table.pit_boss("void_hand")
        table.look("void", problems)
    table.until(lambda: session.expected().hand_over, "the end of the voided hand")
    if session.prompts().result and session.prompts().result.void:  # type: ignore[union-attr]
        table.look("voided", problems)
        problems.extend(table.void_shown(staked))
    if TWO_HANDS & set(session.game.actions):
        table.play_until_two_hands()
        table.look("two-hands", problems)
        table.until(lambda: session.expected().hand_over, "the end of the split hand")
    table.play_hands(20)
    table.look("after-20-hands", problems)
    return problems


def case_param(name: str) -> object:
    marks = (
        [pytest.mark.xfail(strict=True, reason=STILL_WRONG[name])] if name in STILL_WRONG else []
    )
    return pytest.param(CASES[name], id=name, marks=marks)


@pytest.mark.parametrize("case", [case_param(name) for name in CASES])
def test_every_screen_reads_at_every_moment(browser: Browser, case: Case) -> None:
    with live_table(case.shoe, game=make_game(case.game, seats=case.seats)) as live:
        pages = open_pages(browser, live)
        table = Table(case, live, pages)
        try:
            problems = play_and_look(table)
        finally:
            errors = [e for page in pages.values() for e in page.errors]  # type: ignore[attr-defined]
            for page in pages.values():
                page.close()
        assert errors == []
        lines = grouped(problems)
        (ARTIFACTS / f"layout-{case.name}-problems.txt").write_text(
            "\n".join(f"{w}: {p}" for w, p in problems) + "\n"
        )
        assert lines == [], f"{case.name}: {len(lines)} problems\n" + "\n".join(lines[:80])


# The smallest text in the seat panels and the seat's name, in px.
PANEL_TEXT = """() => {
  const sizes = [];
  const walker = document.createTreeWalker(document.getElementById("seats"), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (node.textContent.trim() && el.checkVisibility()) sizes.push(parseFloat(getComputedStyle(el).fontSize));
  }
  const name = document.querySelector("#seats .seat-name");
  return {least: Math.min(...sizes), name: parseFloat(getComputedStyle(name).fontSize)};
}"""


@pytest.mark.parametrize(("seats", "least", "name"), [(1, 19, 38), (2, 16, 33)])
def test_a_few_seats_panels_use_their_room(
    browser: Browser, seats: int, least: float, name: float
) -> None:
    """One or two seats of a game of hands: the panels' text larger than 16 px where they have the
    room (they were 70-90% empty beside it)."""
    with live_table("sim://?seed=7", game=make_game("vingt-un", seats=seats)) as live:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(live.console_url)
        page.wait_for_function("document.querySelectorAll('#seats .seat-panel').length > 0")
        text = page.evaluate(PANEL_TEXT)
        page.close()
    assert text["least"] >= least and text["name"] >= name, text
