"""Blackjack on the page, as a dealer plays it: the layout the game declares (bet circles, split
hands side by side on each seat's place on the arc) fits 1280x800 and 1920x1080 with seven seats;
whole stacked rounds are played by clicking and by keyboard, every prompt and amount on screen
checked against the engine's."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from table_controller.games import make_game
from tests.dealer_display.blackjack_rounds import ROUND_A, ROUND_B, Dealer, api_play
from tests.dealer_display.live import live_table
from tests.dealer_display.screen import FITS, OVERFLOWS, SPILLS, open_console, shot

PLACES = """() => {
  const felt = document.querySelector('#layout .felt').getBoundingClientRect();
  const box = (el) => { const r = el.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  const out = {felt: box(document.querySelector('#layout .felt')), hands: {}, circles: {}, cards: {}};
  for (const hand of document.querySelectorAll('#layout .bj-hand')) {
    out.hands[hand.dataset.spot] = box(hand);
    out.cards[hand.dataset.spot] = box(hand.querySelector('.fan'));
  }
  for (const c of document.querySelectorAll('#layout .bet-circle')) {
    const r = c.getBoundingClientRect();
    const cx = (r.x + r.width / 2 - felt.x) / felt.width, cy = (r.y + r.height / 2 - felt.y) / felt.height;
    out.circles[c.dataset.spot] = {...box(c), cx, cy};
  }
  return out;
}"""


def overlapping(boxes: dict[str, dict[str, float]]) -> list[tuple[str, str]]:
    names = sorted(boxes)
    return [
        (a, b) for i, a in enumerate(names) for b in names[i + 1 :] if _overlap(boxes[a], boxes[b])
    ]


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    across = a["x"] < b["x"] + b["w"] - 1 and b["x"] < a["x"] + a["w"] - 1
    return across and a["y"] < b["y"] + b["h"] - 1 and b["y"] < a["y"] + a["h"] - 1


def inside(box: dict[str, float], felt: dict[str, float]) -> bool:
    return (
        box["x"] >= felt["x"] - 1
        and box["y"] >= felt["y"] - 1
        and box["x"] + box["w"] <= felt["x"] + felt["w"] + 1
        and box["y"] + box["h"] <= felt["y"] + felt["h"] + 1
    )


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080)])
def test_seven_seats_with_split_hands_are_drawn_where_the_game_declares_and_fit(
    browser: Browser, tmp_path: Path, width: int, height: int
) -> None:
    game = make_game("blackjack", seats=7)
    three_hands = lambda s: (  # noqa: E731
        len(s.state.plays["seat1"].hands) == 3 and s.expected().decisions.get("seat2")
    )
    with live_table(f"sim://?deck={ROUND_A.deck_file(tmp_path)}", game=game) as table:
        api_play(table, ROUND_A, until=three_hands)
        page = open_console(browser, table, width, height)
        page.wait_for_function(f"window.tableDisplay.message.version >= {table.version}")
        assert page.errors == []  # type: ignore[attr-defined]
        shot(page, f"blackjack-7-seats-split-{width}x{height}.png")
        assert page.evaluate(FITS), "the page scrolls"
        assert page.evaluate(OVERFLOWS) == [], "the layout or a seat panel runs under the console"
        places = page.evaluate(PLACES)
        spots = {s["name"]: s for s in table.session.snapshot()["layout"]}
        for name, circle in places["circles"].items():  # each bet circle on its declared spot
            assert (
                abs(circle["cx"] - spots[name]["x"]) < 0.01
                and abs(circle["cy"] - spots[name]["y"]) < 0.01
            ), name
        assert sorted(places["hands"]) == ["seat1/h1", "seat1/h2", "seat1/h3"] + [
            f"seat{n}/h1" for n in range(2, 8)
        ]
        seat1 = [places["cards"][f"seat1/h{k}"] for k in (1, 2, 3)]
        assert (
            seat1[0]["x"] > seat1[1]["x"] > seat1[2]["x"]
            or seat1[0]["x"] < seat1[1]["x"] < seat1[2]["x"]
        )
        assert overlapping(places["cards"]) == [], "two hands' cards lie on each other"
        assert overlapping(places["circles"]) == [], "two bet circles lie on each other"
        assert all(
            inside(box, places["felt"])
            for box in [*places["hands"].values(), *places["circles"].values()]
        )
        smallest = min(box["h"] for box in places["cards"].values())
        assert smallest >= (40 if width == 1280 else 60), "cards too small to read"
        page.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080)])
def test_a_seat_playing_three_split_hands_has_its_plays_in_its_panel(
    browser: Browser, tmp_path: Path, width: int, height: int
) -> None:
    game = make_game("blackjack", seats=7)
    second_hand = lambda s: s.state.turn == ("seat1", 1) and s.expected().decisions  # noqa: E731  # noqa: E731
    with live_table(f"sim://?deck={ROUND_A.deck_file(tmp_path)}", game=game) as table:
        api_play(table, ROUND_A, until=second_hand)
        page = open_console(browser, table, width, height)
        page.wait_for_function(f"window.tableDisplay.message.version >= {table.version}")
        shot(page, f"blackjack-split-hand-2-on-turn-{width}x{height}.png")
        assert page.evaluate(SPILLS) == 0, "a seat panel's contents run out of it"
        assert page.evaluate(FITS) and page.evaluate(OVERFLOWS) == []
        panel = page.locator('.seat-panel[data-seat="seat1"]')
        assert panel.locator("button.action").all_inner_texts() == ["HIT H", "STAND S", "DOUBLE X"]
        assert panel.locator(".total .label").all_inner_texts() == [
            "Hand 1",
            "Hand 2",
            "Hand 3",
            "So far",
        ]  # not the result yet
        assert page.locator(".bj-hand.on-turn").get_attribute("data-spot") == "seat1/h2"
        # each split hand's bet on the felt beside it (the second and third hands' were nowhere)
        bets = [page.inner_text(f'.bj-hand[data-spot="seat1/h{k}"] .bj-money') for k in (1, 2, 3)]
        assert bets == ["bet $10"] * 3  # whole dollars: a split hand's share is narrow
        page.close()


ROUND_B_PROMPTS = [
    "Burn one card",
    "Take the bets: each seat's main bet and side bet",
    *["Deal SEAT 1 first card"] * 4,  # after each seat's bets
    "Deal SEAT 2 first card",
    "Deal SEAT 3 first card",
    "Deal SEAT 4 first card",
    "Deal the dealer's up card",
    "Deal SEAT 1 second card",
    "Deal SEAT 2 second card",
    "Deal SEAT 3 second card",
    "Deal SEAT 4 second card",
    "Deal the dealer's hole card (face down)",
    "Collect SEAT 4 side bet $5.00 (no ace or eight)",
    "SEAT 1: insurance or no insurance?",
    "SEAT 2: even money or no insurance?",
    "Pay SEAT 2 main bet, even money on a blackjack, 1 to 1: $20.00",
    "SEAT 3: insurance or no insurance?",
    "SEAT 3: insurance or no insurance?",  # the refused $6.00: still asked
    "SEAT 4: insurance or no insurance?",
    "Dealer has blackjack: turn the hole card. Collect SEAT 4 main bet $10.00 (dealer blackjack)",
    "Collect SEAT 3 main bet $10.00 (dealer blackjack)",
    "Pay SEAT 3 insurance, 2 to 1: $6.00",
    "Collect SEAT 1 main bet $10.00 (dealer blackjack)",
    "Pay SEAT 1 insurance, 2 to 1: $10.00",
    "Pay SEAT 1 side bet, pair and dealer blackjack, 50 to 1: $250.00",
    "Round over: collect the cards. Take the next round's bets",
]


@pytest.mark.parametrize("by", ["click", "keys"])
def test_a_dealer_blackjack_round_with_insurance_even_money_and_a_pair_paid_50_to_1(
    browser: Browser, tmp_path: Path, by: str
) -> None:
    """Insurance at half (the field's offer), at $3.00 typed, and $6.00 refused with the reason;
    even money; the peek finds blackjack; the pair of aces' side bet paid 50 to 1."""
    game = make_game("blackjack", seats=4)
    with live_table(f"sim://?deck={ROUND_B.deck_file(tmp_path)}", game=game) as table:
        page = open_console(browser, table, 1280, 800)
        dealer = Dealer(page, table, by)
        assert dealer.play(ROUND_B) == ROUND_B_PROMPTS
        assert dealer.refusals == [
            "insurance is an amount from $0.01 to half the main bet, $5.00 (BJ-2)"
        ]
        shot(page, f"blackjack-dealer-blackjack-{by}.png")
        nets = {
            s: r.details["net"]
            for s, r in table.session.game.result(table.session.state).seats.items()
        }
        assert nets == {"seat1": 25000, "seat2": 2000, "seat3": -400, "seat4": -1500}
        assert (
            page.text_content("#result .explanation")
            == "dealer A\u2663 Q\u2665; SEAT 1 +$250.00; SEAT 2 +$20.00; SEAT 3 -$4.00; SEAT 4 -$15.00"
        )  # cards in words
        assert page.errors == []  # type: ignore[attr-defined]
        page.close()


ROUND_A_PROMPTS = [
    "Burn one card",
    "Take the bets: each seat's main bet and side bet",
    *["Deal SEAT 1 first card"] * 7,  # after each seat's bets
    *[f"Deal SEAT {n} first card" for n in range(2, 8)],
    "Deal the dealer's up card",
    *[f"Deal SEAT {n} second card" for n in range(1, 8)],
    "Deal the dealer's hole card (face down)",
    # BJ-6: the losing side bets first, then the one-card and ace-eight ones, right to left
    "Collect SEAT 7 side bet $5.00 (no ace or eight)",
    "Collect SEAT 6 side bet $5.00 (no ace or eight)",
    "Collect SEAT 2 side bet $5.00 (no ace or eight)",
    "Pay SEAT 4 side bet, one ace or eight, 2 to 1: $10.00",
    "Pay SEAT 3 side bet, ace-eight, 4 to 1: $20.00",
    "SEAT 1 (16): hit, stand, double, split",
    "Deal SEAT 1, hand 1, second card",
    "SEAT 1, hand 1 (16): hit, stand, double, split",  # the re-split
    "Deal SEAT 1, hand 1, second card",
    "SEAT 1, hand 1 (soft 19): hit, stand, double",
    "Deal SEAT 1, hand 2, second card",
    "SEAT 1, hand 2 (11): hit, stand, double",
    "Deal SEAT 1, hand 2, card 3",
    "Deal SEAT 1, hand 3, second card",
    "SEAT 1, hand 3 (soft 19): hit, stand, double",
    "Pay SEAT 1 side bet, two sets of ace-eight, 25 to 1: $125.00",  # DMH-4c: two split hands made A-8
    "SEAT 2 (17): hit, stand, double",
    "SEAT 3 (soft 19): hit, stand, double",
    "SEAT 4 (13): hit, stand, double",
    "Deal SEAT 4, card 3",
    "Collect SEAT 4 main bet $10.00 (bust with 23)",
    "SEAT 5 (16): hit, stand, double, split",
    "Pay SEAT 5 side bet, pair with no ace-eight, 4 to 1: $20.00",  # DMH-4b: the pair not split
    "SEAT 6 (19): hit, stand, double",
    "SEAT 7 (16): hit, stand, double",
    "Turn the hole card: dealer 16. Deal the dealer's card 3",
    # BJ-13: right to left, a seat's last hand first
    *[f"Pay SEAT {n} main bet, dealer busts with 23: $10.00" for n in (7, 6, 5, 3, 2)],
    "Pay SEAT 1 hand 3 main bet, dealer busts with 23: $10.00",
    "Pay SEAT 1 hand 2 main bet, dealer busts with 23 (doubled bet): $20.00",
    "Pay SEAT 1 hand 1 main bet, dealer busts with 23: $10.00",
    "Round over: collect the cards. Take the next round's bets",
]


@pytest.mark.parametrize("by", ["click", "keys"])
def test_seven_seats_split_resplit_double_and_every_side_bet_outcome(
    browser: Browser, tmp_path: Path, by: str
) -> None:
    """Every side-bet outcome of a round without a dealer blackjack: lost, one eight, ace-eight,
    a pair not split, two sets after a split and a re-split; every prompt and amount on screen
    is the engine's at every step (Dealer.note), and the round's nets are the rules' figures."""
    game = make_game("blackjack", seats=7)
    with live_table(f"sim://?deck={ROUND_A.deck_file(tmp_path)}", game=game) as table:
        page = open_console(browser, table, 1280, 800)
        dealer = Dealer(page, table, by)
        assert dealer.play(ROUND_A) == ROUND_A_PROMPTS
        shot(page, f"blackjack-7-seats-round-{by}.png")
        nets = {
            s: r.details["net"]
            for s, r in table.session.game.result(table.session.state).seats.items()
        }
        assert nets == {
            "seat1": 16500,
            "seat2": 500,
            "seat3": 3000,
            "seat4": 0,
            "seat5": 3000,
            "seat6": 500,
            "seat7": 500,
        }
        settled = list(table.session.state.settled)
        assert sum(p.staked for p in settled) == sum(p.collected + p.returned for p in settled)
        assert page.locator('.bj-seat[data-seat="seat1"] .bj-total').all_inner_texts() == [
            "soft 19",
            "20",
            "soft 19",
        ]
        assert page.errors == []  # type: ignore[attr-defined]
        page.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080)])
def test_a_held_round_with_the_cut_card_notice_still_fits(
    browser: Browser, tmp_path: Path, width: int, height: int
) -> None:
    """The irregularity panel and a shoe notice take rows above the felt: the cards shrink, the
    page still does not scroll and nothing runs out of a panel."""
    import httpx2

    from tests.dealer_display.conftest import DEALER

    game = make_game("blackjack", seats=7)
    three_hands = lambda s: (  # noqa: E731
        len(s.state.plays["seat1"].hands) == 3 and s.expected().decisions.get("seat2")
    )
    with live_table(f"sim://?deck={ROUND_A.deck_file(tmp_path)}", game=game) as table:
        api_play(table, ROUND_A, until=three_hands)
        with httpx2.Client(base_url=table.url, headers=DEALER) as client:
            client.post("/api/deal").raise_for_status()  # a card while SEAT 2 decides: BJ-I1
        page = open_console(browser, table, width, height)
        page.wait_for_function("!document.getElementById('irregularity').hidden")
        table.session.hardware_event({"type": "cut_card"}, source="serial:///dev/shoe")
        page.wait_for_function("!document.getElementById('notices').hidden")
        shot(page, f"blackjack-held-cut-card-{width}x{height}.png")
        assert table.session.prompts().irregularity.reason.startswith(
            "BJ-I1: 10H arrived while the table waits"
        )
        assert page.evaluate(FITS) and page.evaluate(OVERFLOWS) == [] and page.evaluate(SPILLS) == 0
        assert page.locator("#irregularity-cards .card").count() == 1
        page.close()
