"""What the Backhand series offers the dealer-training drills (table_controller.training): the
rule a wrong step breaks (ids of the rules document: B-n, BB-n, MC-n), where a card may go, the
players' signals, and totals questions (player total, dealer total, total hand value) read
from this engine's own prompts.
"""

from __future__ import annotations

import random
from typing import Any

from table_controller.dealer_steps import RuleCite, Step
from table_controller.events import NEW_DECK, CardArrived, Control
from table_controller.games.backhand.prompts import seat_name

SIGNALS = {
    "hit": "taps the felt",
    "backhand": "turns a hand palm down and sweeps it toward the dealer",
    "stand_pat": "waves a flat hand over the cards",
    "push": "pushes both cards forward",
    "play_push": "points at the cards and nods",
}


def _first(game: Any, mc: str, bb: str, b: str) -> str:
    """The rule id in the game's own section: Missouri City, Buffalo Bayou, or Backhand."""
    return {"missouri-city": mc, "buffalo-bayou": bb}.get(game.game_id, b)


# ----- the rule a wrong step breaks ---------------------------------------------------------------
def cite(game: Any, state: Any, right: Step, entered: Step) -> RuleCite | None:
    if right.kind == "pit_boss":
        rule = _first(game, "MC-1", "B-1", "B-1")
        return RuleCite(
            rule,
            "a card that cannot be in this deck (one deck per game: a second copy) "
            "holds the hand for the pit boss",
        )
    if right.kind == "deal":
        return _deal(game, state, entered)
    if right.kind == "decision":
        return _decision(game, state, right, entered)
    return None


def _deal(game: Any, state: Any, entered: Step) -> RuleCite:
    deal = game.expected(state).deal
    if entered.kind == "pit_boss":
        return RuleCite(
            _first(game, "MC-1", "B-1", "B-1"),
            f"this card can be in the deck: it goes to {deal.label}",
        )
    if entered.kind != "deal":
        return RuleCite(
            _first(game, "MC-9", "B-8", "B-8"), f"no decision is due now: deal {deal.label}"
        )
    if deal.purpose == "show":
        rule = _first(game, "MC-3", "BB-2", "BB-2")
        return RuleCite(
            rule,
            f"three show cards first, dealt right to left (1st to S3, 2nd to S2, 3rd to S1): {deal.label}",
        )
    if deal.purpose == "initial":
        rule = _first(game, "MC-4", "B-4", "B-13")
        return RuleCite(
            rule, f"the initial hands are dealt two cards each, in the seats' order: {deal.label}"
        )
    if deal.purpose == "ace_replacement":
        return RuleCite(
            _first(game, "MC-5", "B-5", "B-5"), f"an initial ace is replaced: {deal.label}"
        )
    if deal.purpose in ("push", "play_push"):
        return RuleCite("B-7", f"a push hand: {deal.label}")
    if deal.purpose == "backhand":
        return RuleCite(
            "B-11", f"the backhand card goes beside the hand, in its next column: {deal.label}"
        )
    return RuleCite(
        _first(game, "MC-7", "BB-4", "B-10"),
        f"post-initial cards go into the seat's columns 1..3 in order: {deal.label}",
    )


def _decision(game: Any, state: Any, right: Step, entered: Step) -> RuleCite:
    who = seat_name(right.seat or "")
    order = _first(game, "MC-9", "B-9", "B-13")
    if entered.kind != "decision":
        return RuleCite(
            order, f"{who} plays before the next card: {who} {SIGNALS.get(right.action or '', '')}"
        )
    if entered.seat != right.seat and right.action == "stand_pat":
        return RuleCite(
            "MC-15",
            f"the stand-pat window: {who} may stand pat straight after its qualifying hit, "
            f"before the opponent plays, and {who} signalled it",
        )
    if entered.seat != right.seat:
        return RuleCite(order, f"{who} is the seat that signalled now")
    legal = game.expected(state).decisions.get(right.seat, ())
    if entered.action not in legal:
        rule = {"stand_pat": "MC-13", "push": "B-7", "play_push": "B-7", "backhand": "B-9"}.get(
            entered.action or "", "B-9"
        )
        return RuleCite(
            rule,
            f"{(entered.action or '').replace('_', ' ')} is not legal now; legal for {who}: "
            f"{', '.join(a.replace('_', ' ') for a in legal)}",
        )
    return RuleCite(
        "MC-10" if game.game_id == "missouri-city" else "B-9",
        f"{who} {SIGNALS.get(right.action or '', '')}: that is {(right.action or '').replace('_', ' ')}",
    )


# ----- where a card may go ------------------------------------------------------------------------
def spots(game: Any, state: Any) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if game.variant.show_cards:
        out += [(f"S{k}", f"show card S{k}") for k in (3, 2, 1) if state.show[k - 1] is None]
    for seat in game.seats:
        out.append((f"{seat}.hand", f"{seat_name(seat)}'s hand"))
        out += [(f"{seat}.col{k}", f"{seat_name(seat)}, column {k}") for k in (1, 2, 3)]
    return out


# ----- totals questions ---------------------------------------------------------------------------
FIGURES = {
    "player_total": "player total (PT)",
    "dealer_total": "dealer total (DT)",
    "total_hand_value": "total hand value (THV)",
}


def totals_questions(game: Any, rng: random.Random, count: int) -> list[dict[str, Any]]:
    """Moments of random hands played by the autopilot; each asks one figure of one seat as this
    engine's prompts give it, with the cards the trainee would see."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for _ in range(200):
        if len(out) >= count:
            break
        for q in _questions_from_one_hand(game, rng):
            key = repr((q["question"], q["cards"], q["columns"], q["show"]))
            if key not in seen:
                seen.add(key)
                out.append(q)
    rng.shuffle(out)
    return out[:count]


def _questions_from_one_hand(game: Any, rng: random.Random) -> list[dict[str, Any]]:
    from table_controller.cards import standard_deck
    from table_controller.games.backhand.strategy import choose

    cards = [c for _ in range(game.variant.decks) for c in standard_deck()]
    rng.shuffle(cards)
    state, _ = game.apply(game.new_hand(), Control(NEW_DECK))
    found = []
    while not game.expected(state).hand_over and cards:
        exp = game.expected(state)
        decision = choose(game, state)
        if decision is None and exp.deal is None:
            break
        state, _ = game.apply(state, decision if decision is not None else CardArrived(cards.pop()))
        found += _ask(game, state, rng)
    return found[:2]


def _ask(game: Any, state: Any, rng: random.Random) -> list[dict[str, Any]]:
    prompts = game.prompts(state)
    out = []
    for seat in prompts.seats:
        figures = [k for k in FIGURES if getattr(seat, k) is not None]
        if not figures or seat.status != "acting" or len(seat.cards) < 2 or rng.random() < 0.5:
            continue
        figure = rng.choice(figures)
        out.append(
            {
                "question": f"{seat_name(seat.seat)}: {FIGURES[figure]}",
                "cards": list(seat.cards),
                "columns": list(seat.columns),
                "show": list(prompts.show_cards),
                "answer": str(getattr(seat, figure)),
                "rule": _first(game, "MC-7", "BB-7", "B-6"),
            }
        )
    return out
