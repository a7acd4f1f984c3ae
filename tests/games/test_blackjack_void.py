"""A round the pit boss voids counts for nothing (blackjack.md section 7: "void the round: every
bet returned"): bets on the layout are returned, bets already collected are handed back and wins
already paid are taken back, each a prompt with its amount; every hand reads "void"."""

from __future__ import annotations

from table_controller.cards import parse_card
from table_controller.engine import Settled
from table_controller.events import NEW_DECK, PAID, VOID_HAND, CardArrived, Control, Decision, Wager
from table_controller.games import make_game


class Round:
    def __init__(self, deck: str, bets: dict[str, tuple[int, int]], **switches: str) -> None:
        self.game = make_game("blackjack", switches={"B13": "0", **switches}, seats=len(bets))
        self.cards = [parse_card(c) for c in deck.split()]
        self.state, _ = self.game.apply(self.game.new_hand(), Control(NEW_DECK))
        self.settled: list = []
        self.instructions: list[str] = []
        for seat, (main, side) in bets.items():
            self.apply(Wager(seat, "main", main))
            if side:
                self.apply(Wager(seat, "side", side))

    def apply(self, event) -> None:
        self.state, effects = self.game.apply(self.state, event)
        assert not any(type(e).__name__ == "Refused" for e in effects), effects
        self.settled += [e.payment for e in effects if isinstance(e, Settled)]

    def run(self, decisions: list[Decision] = (), pay: bool = True) -> None:
        """Deal, decide and confirm payments until the round waits for something not given."""
        decisions = list(decisions)
        while True:
            exp = self.game.expected(self.state)
            if exp.payment is not None and pay:
                self.instructions.append(self.game.prompts(self.state).dealer_instruction)
                self.apply(Control(PAID))
            elif exp.deal is not None and self.cards and exp.deal.purpose != "dealer":
                self.apply(CardArrived(self.cards.pop(0)))
            elif exp.decisions and decisions:
                self.apply(decisions.pop(0))
            else:
                return


def test_a_void_after_a_bust_and_the_side_bets_returns_every_bet() -> None:
    # SEAT 1 8 K (one eight: side bet paid 2 to 1), SEAT 2 10 6 (side bet collected), dealer 7 5;
    # SEAT 2 hits K and busts (main bet collected); the pit boss voids before the dealer draws.
    r = Round("8S 10H 7C KD 6H 5D KS", {"seat1": (1000, 500), "seat2": (1000, 500)})
    r.run([Decision("seat1", "stand"), Decision("seat2", "hit")])
    assert [(p.seat, p.bet, p.net) for p in r.settled] == [
        ("seat2", "side", -500),
        ("seat1", "side", 1000),
        ("seat2", "main", -1000),
    ]
    r.apply(Control(VOID_HAND, by="pit boss"))
    r.run()
    assert r.instructions[-4:] == [
        "Push SEAT 1 main bet: return $10.00 (round void: bet returned)",
        "Return $5.00 to SEAT 2 (Dead Man's Hand, collected)",
        "Take back $10.00 from SEAT 1 (Dead Man's Hand, paid)",
        "Return $10.00 to SEAT 2 (main bet, collected)",
    ]
    result = r.game.result(r.state)
    assert result.void and result.explanation == (
        "round void: every bet returned; every win paid before the void taken back"
    )
    for seat in ("seat1", "seat2"):
        s = result.seats[seat]
        assert (s.outcome, s.decided_by, s.details["net"]) == ("void", "VOID", 0)
        assert [h["outcome"] for h in s.details["hands"]] == ["void"]
        assert [h["net"] for h in s.details["hands"]] == [0]
        assert s.details["side"] == {"stake": 500, "outcome": "VOID", "net": 0}
    assert sum(p.net for p in r.settled) == 0
    # each payment balances; the win taken back is handed over beyond any stake (owed)
    assert all(p.staked + p.owed == p.collected + p.returned for p in r.settled)
    assert r.settled[-2].to_dict()["owed"] == 1000
    # the display's badge is the seat prompt's outcome, upper-cased: VOID, not LOSE
    assert [p.outcome for p in r.game.prompts(r.state).seats] == ["void", "void"]


def test_a_void_while_a_collection_waits_returns_that_bet() -> None:
    # SEAT 2's bust is prompted ("Collect ...") but not yet made when the round is voided: the bet
    # is still on the layout and is returned, and the hand reads void, not bust.
    r = Round("8S 10H 7C KD 6H 5D KS", {"seat1": (1000, 0), "seat2": (1000, 0)})
    r.run([Decision("seat1", "stand"), Decision("seat2", "hit")], pay=False)
    assert r.game.expected(r.state).payment.collected == 1000
    r.apply(Control(VOID_HAND, by="pit boss"))
    r.run()
    assert r.instructions == [
        "Push SEAT 2 main bet: return $10.00 (round void: bet returned)",
        "Push SEAT 1 main bet: return $10.00 (round void: bet returned)",
    ]
    result = r.game.result(r.state)
    hands = [h for s in result.seats.values() for h in s.details["hands"]]
    assert [h["outcome"] for h in hands] == ["void", "void"]


def test_under_enhc_original_bets_only_a_split_hand_returned_on_a_dealer_blackjack_pushes() -> None:
    # B4 = original: the split hand's bet is returned against the dealer's blackjack (BJ-12).
    r = Round("8S KC 8D 2H 3H AD", {"seat1": (1000, 0)}, B3="enhc", B4="original")
    r.run([Decision("seat1", "split"), Decision("seat1", "stand"), Decision("seat1", "stand")])
    while r.game.expected(r.state).deal is not None:
        r.apply(CardArrived(r.cards.pop(0)))
        r.run()
    hands = r.game.result(r.state).seats["seat1"].details["hands"]
    assert [(h["outcome"], h["net"]) for h in hands] == [("lose", -1000), ("push", 0)]


def test_a_void_at_any_moment_of_a_random_round_moves_no_money() -> None:
    """Random shoes, bets and play, voided after a random number of events: once the dealer has
    made every payment the void asks for, every seat's net is 0 and every hand reads void."""
    import random

    from table_controller.cards import standard_deck
    from tests.games.test_blackjack_properties import choose, wagers

    voided = 0
    for seed in range(150):
        rng = random.Random(seed)
        switches = {
            "B1": "1",
            "B13": "0",
            "B11": rng.choice(["yes", "no"]),
            "B3": rng.choice(["peek", "enhc"]),
        }
        game = make_game("blackjack", switches=switches, seats=rng.randint(1, 5))
        shoe = list(standard_deck())
        rng.shuffle(shoe)
        state, _ = game.apply(game.new_hand(), Control(NEW_DECK))
        for wager in wagers(rng, game.seats):
            state, _ = game.apply(state, wager)
        settled, void_at = [], rng.randint(1, 16)
        for n in range(200):
            exp = game.expected(state)
            if exp.hand_over:
                break
            if n >= void_at and "void_hand" in exp.controls:
                event, void_at = Control(VOID_HAND, by="pit boss"), 10**6
            elif exp.payment is not None:
                event = Control(PAID)
            elif exp.decisions:
                event = choose(rng, exp, state)
            else:
                event = CardArrived(shoe.pop(0))
            state, effects = game.apply(state, event)
            settled += [e.payment for e in effects if isinstance(e, Settled)]
        result = game.result(state)
        if not result.void:
            continue  # the round ended before its void came
        voided += 1
        assert all(p.staked + p.owed == p.collected + p.returned for p in settled), seed
        for seat, s in result.seats.items():
            assert (s.outcome, s.details["net"]) == ("void", 0), (seed, seat)
            hands = s.details["hands"]
            assert {h["outcome"] for h in hands} <= {"void"} and all(h["net"] == 0 for h in hands)
            assert sum(p.net for p in settled if p.seat == seat) == 0, (seed, seat)
    assert voided >= 100  # most rounds are voided part-way, many after payments were made


def test_every_hands_outcome_agrees_with_its_money() -> None:
    """Random rounds under both dealer procedures and both B4 values: a hand that lost money reads
    lose, bust or surrender; one that won reads win, blackjack or even money; one whose bet came
    back reads push."""
    import random

    from table_controller.cards import standard_deck
    from tests.games.test_blackjack_properties import choose, wagers

    sign = {
        "lose": -1,
        "bust": -1,
        "surrender": -1,
        "win": 1,
        "blackjack": 1,
        "even money": 1,
        "push": 0,
    }
    for seed in range(300):
        rng = random.Random(seed)
        switches = {
            "B1": "1",
            "B13": "0",
            "B3": rng.choice(["peek", "enhc"]),
            "B4": rng.choice(["all", "original"]),
        }
        game = make_game("blackjack", switches=switches, seats=rng.randint(1, 4))
        shoe = list(standard_deck())
        rng.shuffle(shoe)
        state, _ = game.apply(game.new_hand(), Control(NEW_DECK))
        for wager in wagers(rng, game.seats):
            state, _ = game.apply(state, wager)
        while not game.expected(state).hand_over:
            exp = game.expected(state)
            event = (
                Control(PAID)
                if exp.payment
                else choose(rng, exp, state)
                if exp.decisions
                else CardArrived(shoe.pop(0))
            )
            state, _ = game.apply(state, event)
        for seat, s in game.result(state).seats.items():
            for h in s.details["hands"]:
                assert sign[h["outcome"]] == (h["net"] > 0) - (h["net"] < 0), (seed, seat, h)
