"""What blackjack offers the dealer-training drills (table_controller.training): the rule a wrong
step breaks (rules document ids), where a card may go, the players' signals, payout questions
(each played through this engine, so the amounts are its own settlement's) and totals questions.
"""

from __future__ import annotations

import random
from typing import Any

from table_controller.cards import Card, parse_card, standard_deck
from table_controller.dealer_steps import RuleCite, Step
from table_controller.events import CardArrived, Decision, Wager
from table_controller.games.blackjack.hands import total_words
from table_controller.games.blackjack.paytables import OUTCOME_WORDS
from table_controller.games.blackjack.round import seat_words
from table_controller.money import money

SIGNALS = {
    "hit": "taps the felt behind the cards",
    "stand": "waves a flat hand over the cards",
    "double": "puts out a second bet beside the first and holds up one finger",
    "split": "puts out a second bet and makes a V with two fingers",
    "surrender": "draws a line behind the bet",
    "insurance": "puts half the bet on the insurance line",
    "even_money": "says 'even money'",
    "no_insurance": "shakes their head at insurance",
}

RULES = {
    "BJ-3": "after a shuffle one card is burned before the first card is dealt",
    "BJ-4": "first cards go one to each seat with a main bet, seat1 first, then the dealer's up card",
    "BJ-5": "second cards go one to each seat, seat1 first, then the dealer's hole card face down",
    "BJ-7": "insurance is offered seat by seat from seat1 before the peek and the play",
    "BJ-10": "each seat plays its turn, seat1 first; a card goes only to the hand on turn that asked for it",
    "BJ-11": "after a split the dealer deals hand 1 its second card and the seat plays it to the end before hand 2",
    "BJ-12": "the dealer's hand is played after every seat's turn, drawing to 17 or more",
    "BJ-I1": "a card that comes when a decision or a payment is due holds the round for the pit boss",
    "BJ-I2": "a card that cannot be in this shoe holds the round for the pit boss",
    "BJ-I3": "a card at a spot other than the one expected holds the round for the pit boss",
}
IRREGULAR = {"unexpected_card": "BJ-I1", "impossible_card": "BJ-I2", "misplaced_card": "BJ-I3"}


def _rule(rule: str, words: str | None = None) -> RuleCite:
    return RuleCite(rule, words or RULES[rule])


# ----- the rule a wrong step breaks ---------------------------------------------------------------
def cite(game: Any, state: Any, right: Step, entered: Step) -> RuleCite | None:
    if right.kind == "pit_boss":
        return _pit_boss(right)
    if right.kind == "deal":
        return _deal(game, state, entered)
    if right.kind == "decision":
        return _decision(game, state, right, entered)
    if right.kind == "payment":
        return _payment(game, state, entered)
    return None


def _pit_boss(right: Step) -> RuleCite:
    """``right.action`` is the kind of irregularity the card opens."""
    return _rule(IRREGULAR.get(right.action or "", "BJ-I2"))


def _deal(game: Any, state: Any, entered: Step) -> RuleCite:
    deal = game.expected(state).deal
    spot, tried = deal.spot, (entered.spot or "") if entered.kind == "deal" else ""
    if entered.kind == "pit_boss":
        return RuleCite(
            "BJ-I2", f"this card can be in the shoe: it goes to {deal.label}, not to the pit boss"
        )
    if entered.kind != "deal":
        return RuleCite(
            "BJ-10" if state.phase == "play" else "BJ-4",
            f"no decision or payment is due now: deal {deal.label}",
        )
    if deal.purpose == "burn":
        return _rule("BJ-3")
    if tried == "dealer/hole" and spot.endswith("card2"):
        return _rule("BJ-5", "the dealer's hole card comes after every seat's second card")
    if tried == "dealer/up" and spot.endswith("card1"):
        return _rule("BJ-4", "the dealer's up card comes after every seat's first card")
    if deal.purpose == "initial":
        return _rule("BJ-4" if spot.endswith("card1") or spot == "dealer/up" else "BJ-5")
    if deal.purpose == "dealer":
        return _rule(
            "BJ-12",
            "every seat has played: the dealer draws to 17 or more"
            + (" (and hits soft 17)" if state.sw.B2 == "h17" else ""),
        )
    if tried.startswith("dealer/"):
        return _rule("BJ-12", "the dealer's hand is played only after every seat's turn")
    if deal.purpose == "split":
        return _rule("BJ-11")
    if deal.purpose == "double":
        return _rule("BJ-10", f"a doubled hand gets exactly one more card: {deal.label}")
    return _rule("BJ-10", f"the card goes to the hand on turn that asked for it: {deal.label}")


def _decision(game: Any, state: Any, right: Step, entered: Step) -> RuleCite:
    rule = "BJ-7" if state.phase == "insurance" else "BJ-10"
    who = seat_words(right.seat or "")
    if entered.kind != "decision":
        return _rule(
            rule,
            f"{who} decides before anything else happens: {who} {SIGNALS.get(right.action or '', '')}",
        )
    if entered.seat != right.seat:
        return _rule(rule, f"{RULES[rule]}: {who} is asked now")
    legal = game.expected(state).decisions.get(right.seat, ())
    if entered.action not in legal:
        return RuleCite(
            "BJ-I5", f"{entered.action} is not legal now; legal for {who}: {', '.join(legal)}"
        )
    return _rule(
        rule, f"{who} {SIGNALS.get(right.action or '', right.action)}: that is {right.action}"
    )


def _payment(game: Any, state: Any, entered: Step) -> RuleCite:
    payment = game.expected(state).payment
    words = state.instruction_for(payment)
    if (
        entered.kind == "payment"
        and entered.seat != payment.seat
        and payment.rule in ("BJ-13", "BJ-8")
    ):
        return RuleCite(payment.rule, f"settle right to left, seat7 first: {words}")
    if (
        entered.kind == "payment"
        and entered.seat != payment.seat
        and payment.rule.startswith("DMH")
    ):
        return RuleCite(
            "BJ-6",
            f"losing side bets are collected first, then winners paid, right to left: {words}",
        )
    return RuleCite(payment.rule, words)


# ----- where a card may go ------------------------------------------------------------------------
def spots(game: Any, state: Any) -> list[tuple[str, str]]:
    """The next free card place of every hand in play and of the dealer (and the burn)."""
    out: list[tuple[str, str]] = []
    if state.phase in ("shuffle", "burn"):
        out.append(("burn", "burn the card"))
    for seat in state.betting_seats():
        play = state.plays[seat]
        hands = play.hands or []
        if not hands:
            out.append((f"{seat}/h1/card1", f"{seat_words(seat)} first card"))
        for i, hand in enumerate(hands):
            out.append(
                (f"{seat}/h{i + 1}/card{len(hand.cards) + 1}", f"{seat_words(seat)} hand {i + 1}")
            )
    n = len(state.dealer)
    dealer = (
        "dealer/up"
        if n == 0
        else (
            "dealer/hole"
            if n == 1 and state.sw.peek and not state.hole_turned and state.phase == "initial"
            else f"dealer/card{n + 1}"
        )
    )
    out.append((dealer, "the dealer"))
    if n == 1 and dealer != "dealer/hole":
        out.append(("dealer/hole", "the dealer's hole card"))
    return out


# ----- payout questions ---------------------------------------------------------------------------
# (what the question is about, switches, deck top first, decisions, the bet the payment is on)
def _cases(paytable: Any) -> list[tuple[str, dict[str, str], str, list[str], str]]:
    cases = [
        ("blackjack 3 to 2", {"B5": "3:2"}, "AS 9H KD 7C", [], "main"),
        ("blackjack 6 to 5", {"B5": "6:5"}, "AS 9H KD 7C", [], "main"),
        ("insurance 2 to 1", {}, "10S AH 9D KC", ["insurance"], "insurance"),
        ("a hand wins", {}, "10S 9H 9D 7C 10H", ["stand"], "main"),
    ]
    dmh = {
        "DMH-ONE": ("AC 9H 5D 7S", []),
        "DMH-S1": ("AC 9H 8D 7S", []),
        "DMH-S0": ("8C 9H 8D 7S", ["stand"]),
        "DMH-S2": ("8C 9H 8D 7S AC AD", ["split", "stand", "stand"]),
        "DMH-S3": ("8C 9H 8D 7S 8H AC AD AH", ["split", "split", "stand", "stand", "stand"]),
        "DMH-S4": (
            "8C 9H 8D 7S 8H 8S AC AD AH AS",
            ["split", "split", "split", "stand", "stand", "stand", "stand"],
        ),
        "DMH-BJ": ("8C AH 8D KS", ["no_insurance"]),
    }
    for outcome, (deck, decisions) in dmh.items():
        if paytable.pay(outcome) is not None:
            cases.append((f"side bet, {OUTCOME_WORDS[outcome]}", {}, deck, decisions, "side"))
    return cases


def payout_cases(game: Any, rng: random.Random, count: int) -> list[dict[str, Any]]:
    """``count`` payout questions on random bets, each with the payment this engine makes."""
    from table_controller.games import make_game

    cases = _cases(game.paytable)
    out = []
    for n in range(count):
        what, switches, deck, decisions, bet = (
            cases[n % len(cases)] if n < len(cases) else rng.choice(cases)
        )
        main = rng.choice(
            (5, 10, 15, 20, 25, 35, 40, 55, 75, 100, 125, 150, 300)
        ) * 100 + rng.choice((0, 0, 0, 50))
        side = min(main, rng.choice((1, 2, 5, 10, 25)) * 100)
        sw = {**game.switches.to_dict(), "B13": "0", "B3": "peek", "B11": "yes", **switches}
        table = make_game(
            "blackjack",
            switches=sw,
            seats=1,
            paytable=game.paytable.to_dict() if sw.get("B14") == "custom" else None,
        )
        payment = _play_for_payment(table, deck, decisions, main, side, bet)
        stake = {"main": main, "side": side, "insurance": main // 2}[bet]
        out.append(
            {
                "question": f"{what}: {bet} bet {money(stake)}",
                "rule": payment.rule,
                "answer": payment.paid,
                "reason": payment.reason,
            }
        )
    return out


def _play_for_payment(
    game: Any, deck: str, decisions: list[str], main: int, side: int, bet: str
) -> Any:
    from table_controller.events import NEW_DECK, PAID, Control

    state = game.new_hand()
    events: list[Any] = [
        Control(NEW_DECK),
        Wager("seat1", "main", main),
        Wager("seat1", "side", side),
    ]
    for event in events:
        state, _ = game.apply(state, event)
    cards = [parse_card(c) for c in deck.split()]
    wanted = list(decisions)
    while True:
        exp = game.expected(state)
        if exp.payment is not None and exp.payment.bet == bet and exp.payment.paid > 0:
            return exp.payment
        if exp.hand_over:
            raise RuntimeError(f"payout case {deck!r} never paid its {bet} bet")
        if exp.payment is not None:
            event = Control(PAID)
        elif exp.decisions:
            action = wanted.pop(0)
            event = Decision("seat1", action, main // 2 if action == "insurance" else None)
        elif cards:
            event = CardArrived(cards.pop(0))
        else:
            raise RuntimeError(
                f"payout case {deck!r} ran out of cards before its {bet} bet was paid"
            )
        state, _ = game.apply(state, event)


# ----- totals questions ---------------------------------------------------------------------------
def totals_questions(game: Any, rng: random.Random, count: int) -> list[dict[str, Any]]:
    """Hands of two to five cards; the answer is the total as the table says it (soft 17, 20)."""
    deck = list(standard_deck())
    out = []
    for n in range(count):
        size = rng.choice((2, 2, 3, 3, 4, 5))
        cards = _hand_with_ace(rng, deck, size) if n % 2 == 0 else rng.sample(deck, size)
        out.append(
            {
                "question": "the hand's total (soft or hard)",
                "cards": [c.code for c in cards],
                "answer": total_words(cards),
                "rule": "",
                "reason": f"{' '.join(c.code for c in cards)} is {total_words(cards)}: {TOTAL_RULE}",
            }
        )
    return out


TOTAL_RULE = "2-10 count their face, J Q K 10, an ace 11 where that does not bust (the total is then soft), else 1"


def _hand_with_ace(rng: random.Random, deck: list[Card], size: int) -> list[Card]:
    aces = [c for c in deck if c.rank == "A"]
    rest = [c for c in deck if c.rank != "A"]
    return [rng.choice(aces), *rng.sample(rest, size - 1)]


# ----- a trainer's scenario -----------------------------------------------------------------------
def drill_table(data: dict[str, Any]) -> tuple[Any, list[Card], list[Wager], list[Decision]]:
    """A blackjack scenario (the format ``table scenario`` reads) as a game, its deck, its bets
    and its decisions. The deck may hold a card the shoe cannot hold: that is for the pit boss."""
    from table_controller.errors import ConfigError, ScenarioError
    from table_controller.games import make_game
    from table_controller.games.blackjack.scenario import _parse

    switches = dict(data.get("switches") or {})
    switches.setdefault("B13", "0")
    try:
        game = make_game("blackjack", switches=switches, seats=7, paytable=data.get("paytable"))
    except ConfigError as exc:
        raise ScenarioError(str(exc)) from None
    deck, wagers, decisions = _parse(data)
    return (
        game,
        deck,
        wagers,
        [Decision(str(d["seat"]), str(d["action"]), d.get("amount")) for d in decisions],
    )


__all__ = ["SIGNALS", "cite", "drill_table", "payout_cases", "spots", "totals_questions"]
