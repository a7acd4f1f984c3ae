"""What the dealer and each seat are told, derived from the state alone (pure)."""

from __future__ import annotations

from table_controller.engine import DealTo, Expected, SeatPrompt, TablePrompts
from table_controller.events import ACCEPT_CARD, NEW_DECK, RESHUFFLE, VOID_HAND, Decision
from table_controller.games.backhand import hand as rules
from table_controller.games.backhand.state import BackhandTable, HandState, Phase

_PURPOSE_WORDS = {
    "hit": "hit card",
    "forced_hit": "forced hit (total 11 or less: no decision)",
    "backhand": "backhand card",
    "play_push": "play the push",
}


def seat_name(seat: str) -> str:
    return seat.upper() if not seat.startswith("seat") else f"SEAT {seat[4:]}"


def spot_for(
    game: BackhandTable, i: int, purpose: str, n: int = 0, column: int | None = None
) -> DealTo:
    seat = game.seats[i]
    name = seat_name(seat)
    if purpose == "initial":
        return DealTo(f"{seat}.hand", seat, purpose, f"{name}'s initial hand (card {n} of 2)")
    if purpose == "push":
        return DealTo(
            f"{seat}.hand", seat, purpose, f"{name}'s new hand after the push (card {n} of 2)"
        )
    if purpose == "ace_replacement":
        return DealTo(f"{seat}.hand", seat, purpose, f"{name}'s hand, replacing the ace")
    return DealTo(f"{seat}.col{column}", seat, purpose, f"{name}, column {column}")


def _deal_instruction(deal: DealTo) -> str:
    if deal.purpose == "show":
        return f"Deal {deal.label}"
    name = seat_name(deal.seat or "")
    if deal.purpose == "initial":
        return f"Deal one card to {deal.label}"
    if deal.purpose == "ace_replacement":
        return f"Replace {name}'s ace: discard it and deal one card to {name}"
    if deal.purpose == "push":
        return f"{name} pushed: deal one card to {deal.label}"
    return f"Deal one card to {deal.label} - {_PURPOSE_WORDS[deal.purpose]}"


def _actions_words(actions: tuple[str, ...]) -> str:
    words = [a.upper().replace("_", " ") for a in actions]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _pit_boss_choice(state: HandState) -> tuple[str, ...]:
    """VOID HAND or ACCEPT CARD; once the hand is over its result stands (the hand log has no
    amendment record), so a hold between hands (a card or a gap after the result) is accepted."""
    return (ACCEPT_CARD,) if state.phase == Phase.OVER else (VOID_HAND, ACCEPT_CARD)


def expected(game: BackhandTable, state: HandState) -> Expected:
    if state.irregularity is not None:
        return Expected(controls=_pit_boss_choice(state))
    if state.phase == Phase.OVER:
        return Expected(hand_over=True)
    if state.phase == Phase.NEW:
        return Expected(controls=(NEW_DECK,))
    if state.phase == Phase.RESHUFFLE_WAIT:
        return Expected(controls=(RESHUFFLE, VOID_HAND))
    deal = state.queue[0] if state.queue else None
    return Expected(deal=deal, decisions=game.legal_actions(state), controls=(VOID_HAND,))


def waiting_text(game: BackhandTable, state: HandState) -> str:
    exp = game.expected(state)
    if exp.deal is not None:
        return _deal_instruction(exp.deal)
    if exp.decisions:
        parts = [f"{seat_name(s)}: {_actions_words(a)}" for s, a in exp.decisions.items()]
        return "waiting for " + "; ".join(parts)
    if exp.hand_over:
        return "the hand is over"
    return "waiting for the dealer to load a freshly shuffled deck"


def dealer_instruction(game: BackhandTable, state: HandState) -> str:
    if state.irregularity is not None:
        choice = _actions_words(_pit_boss_choice(state))
        reason = state.irregularity.reason
        return f"IRREGULARITY: {reason}. Hold the hand and call the pit boss: {choice}"
    if state.phase == Phase.OVER and state.result is not None:
        result = state.result
        who = f"{seat_name(result.winner)} wins" if result.winner else "no winner"
        if not game.variant.alternate:  # seats against the dealer hand or the stock
            who = result.explanation.split(" (")[0]
        return f"Hand over: {who} ({result.decided_by}). Collect the cards; load a freshly shuffled deck"
    if state.phase == Phase.NEW:
        decks = game.variant.decks
        return f"Load a freshly shuffled deck ({decks} deck{'s' if decks > 1 else ''}) and press NEW DECK"
    if state.phase == Phase.RESHUFFLE_WAIT:
        return "The deck is empty: shuffle the discards into the shoe and press RESHUFFLE"
    exp = game.expected(state)
    decisions = dict(exp.decisions)
    text = ""
    if exp.deal is not None:
        text = _deal_instruction(exp.deal)
    elif state.turn is not None and game.seats[state.turn] in decisions:
        seat = game.seats[state.turn]
        text = f"Waiting for {seat_name(seat)}: {_actions_words(decisions.pop(seat))}"
    for seat, actions in decisions.items():
        if text:
            text += f" ({seat_name(seat)} may {_actions_words(actions)} first)"
        else:
            text = f"Waiting for {seat_name(seat)}: {_actions_words(actions)}"
    return text


def refusal_text(
    game: BackhandTable, state: HandState, event: Decision, legal: dict[str, tuple[str, ...]]
) -> str:
    action = event.action.upper().replace("_", " ")
    name = seat_name(event.seat)
    if state.irregularity is not None:
        return f"{name} cannot {action} now: the hand is held for the pit boss ({state.irregularity.reason})"
    if event.action not in rules.ACTIONS:
        return f"{event.action!r} is not a play in this game (plays: {', '.join(rules.ACTIONS)})"
    if event.seat in legal:
        return f"{name} cannot {action} now; {name} may {_actions_words(legal[event.seat])}"
    return f"{name} cannot {action} now: {waiting_text(game, state)}"


def _seat_prompt(
    game: BackhandTable, state: HandState, i: int, legal: dict[str, tuple[str, ...]]
) -> SeatPrompt:
    hand = state.seats[i]
    on_turn = state.turn == i and not hand.finished
    actions = legal.get(hand.seat, ())
    voided = state.result is not None and state.result.decided_by == "VOID"
    acting = "acting" if (on_turn or actions) else "waiting"
    status = "finished" if hand.finished or voided else acting
    columns: list[str | None] = [c.code for c in hand.hits]
    if hand.backhand is not None:
        columns.append(hand.backhand.code)
    columns += [None] * (3 - len(columns))
    note = ""
    if hand.window and not hand.finished:
        note = "may stand pat"
    elif hand.is_push_hand and not hand.finished:
        note = "push hand (17-20)"
    return SeatPrompt(
        seat=hand.seat,
        status=status,
        on_turn=on_turn,
        player_total=hand.pt,
        dealer_total=hand.dt,
        total_hand_value=hand.thv if hand.initial else None,
        legal_actions=actions,
        outcome="void" if voided else hand.status if hand.finished else None,
        method=hand.method,
        cards=tuple(c.code for c in (*hand.initial, *hand.hits)),
        columns=tuple(columns[:3]),
        note=note,
    )


def prompts(game: BackhandTable, state: HandState) -> TablePrompts:
    legal = game.expected(state).decisions
    seats = tuple(_seat_prompt(game, state, i, legal) for i in range(len(game.seats)))
    show = tuple(c.code if c else None for c in state.show) if game.variant.show_cards else ()
    return TablePrompts(
        game=game.game_id,
        dealer_instruction=dealer_instruction(game, state),
        seats=seats,
        show_cards=show,
        irregularity=state.irregularity,
        result=state.result,
    )
