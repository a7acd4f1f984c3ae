"""What each event does to a Split Decision round (red-dog.md B2, D1)."""

from __future__ import annotations

from table_controller.cards import Card
from table_controller.engine import Irregularity, Refusal
from table_controller.events import (
    ACCEPT_CARD,
    BURN_CARD,
    DONE,
    NEW_DECK,
    RESHUFFLE,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
)
from table_controller.games.split_decision.hand import value_as
from table_controller.games.split_decision.round import (
    WINS_NEEDED,
    Move,
    Phase,
    SDRound,
    seat_words,
)
from table_controller.shoe import Shoe

DECK_WORDS = "the 54 cards with both jokers"


# ----- cards ------------------------------------------------------------------------------------
def card(r: SDRound, event: CardArrived) -> str | Irregularity:
    c = event.card
    if not r.shoe.can_hold(c):
        r.held_card, r.held_drawn = c, False
        why = (
            "the Devil is a board card, never in the deck"
            if c.rank == "DV"
            else (
                f"the {c.name} ({c.code}) was already dealt since the shuffle (the deck holds "
                "each card once, and two jokers)"
            )
        )
        return Irregularity("impossible_card", why, (c.code,))
    deal = r.next_deal()
    r.shoe = r.shoe.draw(c)
    r.held_card, r.held_drawn = c, True
    if deal is None:
        return Irregularity(
            "unexpected_card",
            f"{c.code} arrived while the table waits for {_waiting(r)}",
            (c.code,),
        )
    if event.spot is not None and event.spot != deal.spot:
        return Irregularity(
            "wrong_spot", f"{c.code} is at {event.spot}; it belongs at {deal.spot}", (c.code,)
        )
    r.held_card, r.held_drawn = None, False
    return offered(r, c, deal.seat)  # type: ignore[arg-type]


def _waiting(r: SDRound) -> str:
    if r.move is not None:
        return "the dealer's DONE"
    if r.phase == Phase.SHUFFLE:
        return "a shuffle"
    return "a decision"


def offered(r: SDRound, c: Card, seat: str) -> str:
    r.offer = c
    if r.phase == Phase.HEAD_START:
        r.legal = ("keep_high", "keep_low", "refuse")
        return f"{c.code} offered to {seat_words(seat)} (head start)"
    kind, legal = r.resolve_offer(seat)
    r.legal = legal
    if kind != "choose":
        automatic(r, seat, kind)
    return f"{c.code} offered to {seat_words(seat)}"


def automatic(r: SDRound, seat: str, kind: str) -> None:
    """A result with no decision (SD-9): a win, a push, a chip used, or the seat out."""
    c, hand, who = r.offer, r.hands[seat], seat_words(seat)
    assert c is not None
    r.offer, r.legal = None, ()
    if kind == "win":
        hand.middle = c
        r.winner = seat
        r.move = Move(f"{who} wins the round: move the {c.code} to {seat}/middle", "round_won")
    elif kind == "push":
        r.shoe = r.shoe.discard(c)
        r.move = Move(f"Push: move the {c.code} to the discard", "turn_next")
    elif hand.chips > 0:
        hand.chips -= 1
        r.shoe = r.shoe.discard(c)
        r.move = Move(
            f"{who} uses a discard chip ({hand.chips} left): move the {c.code} to the discard",
            "turn_next",
        )
    else:
        hand.out = True
        r.shoe = r.shoe.discard(c, *(p.card for p in hand.placed()))
        hand.high = hand.low = None
        r.move = Move(
            f"{who} is out of the round: move its cards and the {c.code} to the discard", "seat_out"
        )


# ----- decisions ----------------------------------------------------------------------------------
def decide(r: SDRound, event: Decision) -> str:
    open_now = r.decisions()
    legal = open_now.get(event.seat, ())
    if event.action not in legal:
        raise Refusal(
            _why_not(r, event, open_now), tuple(a for acts in open_now.values() for a in acts)
        )
    if event.amount is not None:
        raise Refusal(f"{event.action} takes no amount")
    seat, c, who = event.seat, r.offer, seat_words(event.seat)
    if event.action == "keep" or event.action.startswith("pass_to_"):
        r.kept_blind = True
        r.taker = seat if event.action == "keep" else event.action.removeprefix("pass_to_")
        return (
            f"{who} keeps the next card unseen"
            if event.action == "keep"
            else f"{who} passes the next card to {seat_words(r.taker)}"
        )
    assert c is not None
    r.offer, r.legal = None, ()
    if event.action in ("keep_high", "keep_low", "place_high", "place_low"):
        slot = event.action.split("_")[1]
        _place(r, seat, c, slot)
        then = "head_next" if r.phase == Phase.HEAD_START else "turn_next"
        r.move = Move(f"Move the {c.code} to {seat}/{slot}", then)
        return f"{who} places the {c.code} {slot}"
    r.shoe = r.shoe.discard(c)
    if event.action == "refuse":
        hand = r.hands[seat]
        hand.refusals += 1
        r.move = Move(
            f"{who} refuses: move the {c.code} to the discard",
            "head_next" if hand.refusals >= 2 else "head_again",
        )
        return f"{who} refuses the {c.code}"
    if event.action == "push":
        r.move = Move(f"Push: move the {c.code} to the discard", "turn_next")
        return f"{who} takes the push"
    hand = r.hands[seat]
    hand.chips -= 1
    r.move = Move(
        f"{who} uses a discard chip ({hand.chips} left): move the {c.code} to the discard",
        "turn_next",
    )
    return f"{who} discards the {c.code} with a chip"


def _place(r: SDRound, seat: str, c: Card, slot: str) -> None:
    from table_controller.games.split_decision.hand import Placed

    setattr(r.hands[seat], slot, Placed(c, value_as(c, slot)))


def _why_not(r: SDRound, event: Decision, open_now: dict[str, tuple[str, ...]]) -> str:
    who, act = seat_words(event.seat), event.action
    if event.seat not in open_now:
        return f"{who} has no decision now" + (
            f" ({', '.join(seat_words(s) for s in open_now)} decides)" if open_now else ""
        )
    hand = r.hands[event.seat]
    if act == "discard" and hand.chips == 0:
        return f"{who} has no discard chips left (SD-11)"
    if act.startswith("pass") and r.sw.SD2 == "off":
        return "no passing: SD2 is off (SD-15)"
    for slot in ("high", "low"):
        taken = getattr(hand, slot)
        if act in (f"place_{slot}", f"keep_{slot}") and taken is not None:
            return f"{who}'s {slot} slot already holds the {taken.words} (SD-4)"
    code = r.offer.code if r.offer else "card"
    if act == "place_low" and hand.high is not None:
        return f"the {code} is not below the high {hand.high.words} (SD-13)"
    if act == "place_high" and hand.low is not None:
        return f"the {code} is not above the low {hand.low.words} (SD-13)"
    return f"{who} cannot {act} now; legal: {', '.join(open_now[event.seat])}"


# ----- the dealer's moves ------------------------------------------------------------------------
def done(r: SDRound) -> str:
    if r.move is None:
        raise Refusal("nothing waits for DONE now")
    move, r.move = r.move, None
    if move.then == "head_next":
        r.head.pop(0)
        if not r.head:
            r.phase, r.turn = Phase.TURNS, r.order[0]
            r.taker, r.kept_blind = r.turn, False
    elif move.then == "turn_next":
        _turn_next(r)
    elif move.then == "round_won":
        finish(r, r.winner)  # type: ignore[arg-type]
    elif move.then == "seat_out":
        left = r.seats_in()
        if len(left) == 1:
            finish(r, left[0])
        else:
            _turn_next(r)
    return move.words


def _turn_next(r: SDRound) -> None:
    """The turn passes on from the seat on turn (from the passer, SD-15)."""
    r.turn = r.next_in(r.turn)  # type: ignore[arg-type]
    r.taker, r.kept_blind = r.turn, False


def finish(r: SDRound, winner: str) -> None:
    r.winner, r.last_winner = winner, winner
    r.wins[winner] = r.wins.get(winner, 0) + 1
    r.phase = Phase.OVER


def game_over(r: SDRound) -> bool:
    return any(w >= WINS_NEEDED for w in r.wins.values())


# ----- controls -------------------------------------------------------------------------------------
def control(r: SDRound, event: Control) -> str:
    name = event.control
    if name == DONE:
        return done(r)
    if name == NEW_DECK:
        if r.phase != Phase.SHUFFLE:
            raise Refusal("the deck is shuffled at the start of a game (SD-1)")
        r.shoe = Shoe.fresh(1, jokers=2)
        if r.new_game:
            r.round_no, r.wins, r.last_winner = 1, {}, None
        r.start()
        return f"{DECK_WORDS} shuffled, cut and loaded: round {r.round_no} of game {r.game_no}"
    if name == RESHUFFLE:
        return stock_out(r)
    if name == VOID_HAND:
        if r.phase in (Phase.OVER, Phase.SHUFFLE):
            raise Refusal("no round is in play to void")
        r.irregularity, r.void, r.winner, r.move = None, True, None, None
        if r.held_card is not None and r.held_drawn:
            r.shoe = r.shoe.discard(r.held_card)
        r.held_card = None
        r.phase = Phase.OVER
        return f"round void by {event.by}: it counts for no seat"
    if name in (BURN_CARD, ACCEPT_CARD):
        return resolve(r, name, event.by)
    raise Refusal(f"{name} is not a control of this game")


def stock_out(r: SDRound) -> str:
    """SD-17 (SD4): the stock ran out mid-round."""
    if r.shoe.remaining > 0 or r.phase not in (Phase.HEAD_START, Phase.TURNS):
        raise Refusal("the stock still holds cards")
    if r.sw.SD4 == "void_round":
        r.void, r.phase = True, Phase.OVER
        return "the stock ran out: the round ends with no winner; a full reshuffle before the next round (SD-17)"
    r.shoe = r.shoe.reshuffle_discards()
    return "the stock ran out: every card not on the layout is shuffled into a new stock (SD-17)"


def resolutions(r: SDRound) -> tuple[str, ...]:
    irr = r.irregularity
    if irr is None:
        return ()
    if irr.kind == "hardware":
        return (ACCEPT_CARD, VOID_HAND)
    if irr.kind == "wrong_spot":
        return (VOID_HAND,)
    return (BURN_CARD, VOID_HAND)


def resolve(r: SDRound, name: str, by: str) -> str:
    if r.irregularity is None or name not in resolutions(r):
        raise Refusal(
            "there is no irregularity this control resolves"
            if r.irregularity is None
            else f"{r.irregularity.kind} is resolved by {' or '.join(resolutions(r))}",
            resolutions(r),
        )
    held, drawn = r.held_card, r.held_drawn
    r.irregularity, r.held_card, r.held_drawn = None, None, False
    if held is None:
        return f"accepted by {by}"
    if drawn:
        r.shoe = r.shoe.discard(held)
    return f"{held.code} moved to the discard unused by {by}"


def moved_into_place(r: SDRound, event: CardArrived) -> str | None:
    """A ``wrong_spot`` clears itself when the camera sees the held card at the prompted spot."""
    held = r.irregularity
    if held is None or held.kind != "wrong_spot" or event.card != r.held_card:
        return None
    r.irregularity = None
    deal = r.next_deal()
    if deal is None or event.spot != deal.spot:
        r.irregularity = held
        return None
    r.held_card, r.held_drawn = None, False
    return offered(r, event.card, deal.seat) + f" (moved to {deal.spot})"  # type: ignore[arg-type]
