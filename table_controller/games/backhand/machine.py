"""The Backhand-series state machine: Backhand, Buffalo Bayou Backhand, Missouri City Backhand.

The three games differ in a few settings (:class:`Variant`): whether there is a dealer hand
of three show cards, whether stand pat exists, whether two seats alternate turns (MC-9) or
each seat plays its hand to the end in turn (B-13), and when the Ace Rule is applied. Dealing
is driven by a *script* of steps ("deal this seat's hand", "apply its Ace Rule", "first turn")
and a *queue* of the cards expected next, each a :class:`DealTo`.
"""

from __future__ import annotations

from typing import Any

from table_controller.cards import Card
from table_controller.contract import GameBase, ShoeSpec
from table_controller.engine import (
    Applied,
    DealTo,
    Effect,
    Expected,
    HandEnded,
    HandResult,
    Irregularity,
    IrregularityOpened,
    Refused,
    SeatPrompt,
    Spot,
    TablePrompts,
    layout_cards,
)
from table_controller.events import (
    ACCEPT_CARD,
    NEW_DECK,
    RESHUFFLE,
    VOID_HAND,
    CardArrived,
    Control,
    Decision,
    Event,
    HardwareIrregularity,
)
from table_controller.evolve import evolve as replace
from table_controller.games.backhand import hand as rules
from table_controller.games.backhand import layout as cloth
from table_controller.games.backhand import order
from table_controller.games.backhand import prompts as _prompts
from table_controller.games.backhand.hand import SeatHand
from table_controller.games.backhand.order import Step
from table_controller.games.backhand.outcome import hand_result
from table_controller.games.backhand.state import HandState, Phase
from table_controller.games.backhand.switches import RULES_VERSION, Switches
from table_controller.games.backhand.variant import Variant
from table_controller.shoe import Shoe


def _update(state: HandState, **changes: Any) -> HandState:
    """Change the working copy made by :meth:`BackhandGame.apply` (never a returned state)."""
    for name, value in changes.items():
        setattr(state, name, value)
    return state


def _copy(state: HandState) -> HandState:
    return replace(state)


class BackhandGame(GameBase):
    """One of the three games, configured by a :class:`Variant`, switches and ``first_dealt``."""

    def __init__(self, variant: Variant, switches: Switches, first_dealt: str | None = None):
        self.variant = variant
        self.switches = switches
        self.game_id = variant.game_id
        self.title = variant.title
        self.shoe = ShoeSpec(decks=variant.decks)
        self.head_to_head = variant.alternate  # MC-9: the two seats play one another
        self.seats = variant.seats
        self.actions = (
            rules.ACTIONS
            if variant.stand_pat
            else tuple(a for a in rules.ACTIONS if a != rules.STAND_PAT)
        )
        first = first_dealt or variant.seats[0]
        if first not in variant.seats:
            from table_controller.errors import ConfigError

            raise ConfigError(
                f"first_dealt must be one of {', '.join(variant.seats)} (got {first!r})"
            )
        self.first_dealt = first
        i = variant.seats.index(first)
        self.deal_order = (i, *tuple(j for j in range(len(variant.seats)) if j != i))
        self._spots: dict[tuple[int, str, int, int | None], DealTo] = {}
        self._index: dict[str | None, int] = {seat: k for k, seat in enumerate(variant.seats)}
        self._opening = order.deal_plan(variant, switches, self.deal_order)
        self._layout = cloth.layout(variant.seats, variant.show_cards)

    # ----- the public, pure interface -------------------------------------------------------
    def seat_line(self, seat: SeatPrompt) -> str:
        """A seat's cards and its player total, dealer total and total hand value."""
        cards = f"{seat.seat.upper()}[{' '.join(seat.cards) or '-'}]"
        pt, dt, thv = (
            "-" if n is None else str(n)
            for n in (seat.player_total, seat.dealer_total, seat.total_hand_value)
        )
        return f"{cards} PT={pt} DT={dt} THV={thv}"

    def describe(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "title": self.variant.title,
            "seats": list(self.seats),
            "first_dealt": self.first_dealt,
            "decks": self.variant.decks,
            "switches": self.switches.to_dict(),
            "rules_version": RULES_VERSION,
        }

    def strategy(self, state: HandState) -> Event | None:
        from table_controller.games.backhand.strategy import choose

        return choose(self, state)

    def layout(self, state: HandState | None = None) -> tuple[Spot, ...]:
        """The show cards (where the game has them) and each seat's hand and three columns
        (:mod:`table_controller.games.backhand.layout`): the same whatever the hand."""
        return self._layout

    def placed_cards(self, state: HandState) -> dict[str, tuple[str, ...]]:
        return layout_cards(self.prompts(state))

    def new_hand(self) -> HandState:
        seats = tuple(SeatHand(seat=s) for s in self.seats)
        return HandState(phase=Phase.NEW, shoe=Shoe.fresh(self.variant.decks), seats=seats)

    def expected(self, state: HandState) -> Expected:
        if state.memo_expected is None:
            state.memo_expected = _prompts.expected(self, state)
        return state.memo_expected

    def prompts(self, state: HandState) -> TablePrompts:
        return _prompts.prompts(self, state)

    def result(self, state: HandState) -> HandResult | None:
        return state.result

    def legal_actions(self, state: HandState) -> dict[str, tuple[str, ...]]:
        """Who may decide now, and among what (empty while a card or a control is due)."""
        if state.phase != Phase.PLAY or state.irregularity or state.pending or state.turn is None:
            return self._offer_only(state)
        hand = state.seats[state.turn]
        actions = rules.legal_actions(hand, self.variant.stand_pat, self.switches)
        out: dict[str, tuple[str, ...]] = {}
        if actions and actions != (rules.HIT,):
            out[hand.seat] = actions
        out.update(self._offer_only(state))
        return out

    def apply(self, state: HandState, event: Event) -> tuple[HandState, tuple[Effect, ...]]:
        """Apply one event. A refused event returns the very same ``state``."""
        work = _copy(state)
        work.memo_expected = None
        if isinstance(event, CardArrived):
            new, effects = self._on_card(work, event)
        elif isinstance(event, Decision):
            new, effects = self._on_decision(work, event)
        elif isinstance(event, Control):
            new, effects = self._on_control(work, event)
        elif isinstance(event, HardwareIrregularity):
            new, effects = self._open_irregularity(work, Irregularity("hardware", event.reason))
        else:
            effects = (Refused(f"not an event this game knows: {event!r}"),)
        if effects and isinstance(effects[0], Refused):
            return state, effects
        new.memo_expected = None  # anything worked out mid-transition is stale now
        return new, effects

    # ----- cards ------------------------------------------------------------------------------
    def _on_card(
        self, state: HandState, event: CardArrived
    ) -> tuple[HandState, tuple[Effect, ...]]:
        card = event.card
        if state.irregularity is not None:
            irr = state.irregularity
            more = replace(irr, cards=(*irr.cards, card.code))
            note = f"{card.code} arrived while the hand is held for the pit boss"
            return _update(state, irregularity=more), (Applied(note),)
        if not state.queue:
            reason = f"{card.code} arrived but no card was expected: {self._waiting_for(state)}"
            if not state.shoe.can_hold(card):
                reason += f"; also, {state.shoe.why_impossible(card)}"
            return self._open_irregularity(
                state, Irregularity("unexpected_card", reason, (card.code,))
            )
        if not state.shoe.can_hold(card):
            reason = state.shoe.why_impossible(card)
            return self._open_irregularity(
                state, Irregularity("impossible_card", reason, (card.code,))
            )
        target = state.queue[0]
        if event.spot is not None and event.spot != target.spot:
            reason = f"{card.code} was placed at {event.spot}, but the next card belongs to {target.label}"
            return self._open_irregularity(
                state, Irregularity("misplaced_card", reason, (card.code,))
            )
        state.shoe = state.shoe.draw(card)
        return self._deal(state, card)

    def _deal(self, state: HandState, card: Card) -> tuple[HandState, tuple[Effect, ...]]:
        """Put ``card`` (already taken from the shoe) where the queue's first entry says."""
        target = state.queue[0]
        if state.sp_offer is not None:
            state.sp_offer = self._offer_after_card(state, target)
        state.queue = state.queue[1:]
        note = f"{card.code} to {target.label}"
        if target.purpose == "show":
            index = int(target.spot[1]) - 1
            show = list(state.show)
            show[index] = card
            state.show = (show[0], show[1], show[2])
        elif target.purpose in ("initial", "push"):
            i = self._index[target.seat]
            state = self._set_seat(state, i, rules.place_initial(state.seats[i], card))
        elif target.purpose == "ace_replacement":
            i = self._index[target.seat]
            hand, ace = rules.replace_ace(state.seats[i], card)
            state.shoe = state.shoe.discard(ace)
            state = self._set_seat(state, i, hand)
        else:
            return self._play_card(state, target, card, note)
        return self._advance(state, (Applied(note),))

    def _play_card(
        self, state: HandState, target: DealTo, card: Card, note: str
    ) -> tuple[HandState, tuple[Effect, ...]]:
        i = self._index[target.seat]
        hand = state.seats[i]
        show = state.show[hand.columns_used] if self.variant.show_cards else None
        if target.purpose == "backhand":
            hand = rules.resolve_backhand(hand, card, show, self.switches)
        else:
            forced = target.purpose == "forced_hit"
            play_push = target.purpose == "play_push"
            hand = rules.resolve_hit(
                hand, card, show, self.switches, forced=forced, play_push=play_push
            )
        state = self._set_seat(state, i, hand)
        state.pending = None
        return self._end_play(state, i, (Applied(note),))

    # ----- decisions --------------------------------------------------------------------------
    def _on_decision(
        self, state: HandState, event: Decision
    ) -> tuple[HandState, tuple[Effect, ...]]:
        legal = self.legal_actions(state)
        if event.seat not in self.seats:
            return state, (Refused(f"there is no seat {event.seat!r} at this table", ()),)
        allowed = legal.get(event.seat, ())
        if event.action not in allowed:
            return state, (Refused(self._refusal(state, event, legal), allowed),)
        i = self._index[event.seat]
        note = f"{event.seat.upper()} chose {event.action.upper().replace('_', ' ')}"
        if event.action == rules.STAND_PAT:
            return self._stand_pat(state, i, note)
        if state.sp_offer is not None and state.sp_offer != i:
            state = _update(state, sp_offer=None)  # the opponent has made its play (MC-15)
        hand = state.seats[i]
        if hand.window:  # any other play closes the seat's stand-pat window (MC-14)
            hand = replace(hand, window=False)
        state = self._set_seat(state, i, hand)
        state.pending = event.action
        if event.action == rules.PUSH:
            state = _update(state, shoe=state.shoe.discard(*hand.initial))
            state = self._set_seat(state, i, rules.push(hand))
            queue = tuple(self._spot(i, "push", n) for n in (1, 2))
            script = (("aces", i), ("end_push", i), *state.script)
            return self._need_cards(_update(state, queue=queue, script=script), (Applied(note),))
        purpose = {rules.HIT: "hit", rules.BACKHAND: "backhand", rules.PLAY_PUSH: "play_push"}
        queue = (self._spot(i, purpose[event.action], column=hand.columns_used + 1),)
        return self._need_cards(_update(state, queue=queue), (Applied(note),))

    def _stand_pat(
        self, state: HandState, i: int, note: str
    ) -> tuple[HandState, tuple[Effect, ...]]:
        state = self._set_seat(state, i, rules.stand_pat(state.seats[i]))
        if state.sp_offer == i:  # out of turn, straight after the qualifying hit
            return self._maybe_over(_update(state, sp_offer=None), (Applied(note),))
        return self._end_play(state, i, (Applied(note),))

    # ----- controls ---------------------------------------------------------------------------
    def _on_control(self, state: HandState, event: Control) -> tuple[HandState, tuple[Effect, ...]]:
        if event.control == VOID_HAND:
            if state.phase == Phase.NEW:
                return state, (Refused("no hand is in progress to void"),)
            if state.phase == Phase.OVER:
                return state, (
                    Refused(
                        "the hand is over and its result stands: NEW DECK starts the next hand"
                    ),
                )
            return self._finish(state, "VOID", by=event.by)
        if event.control == ACCEPT_CARD:
            if state.irregularity is None:
                return state, (Refused("there is no irregularity to accept"),)
            return self._accept(state, event.by)
        if state.irregularity is not None:
            return state, (
                Refused(f"the hand is held for the pit boss: {state.irregularity.reason}"),
            )
        if event.control == NEW_DECK:
            if state.phase != Phase.NEW:
                return state, (
                    Refused("a hand is in progress: finish or void it before a new deck"),
                )
            return self._start(state)
        if event.control == RESHUFFLE:
            if state.phase != Phase.RESHUFFLE_WAIT:
                return state, (Refused("the shoe is not empty: no reshuffle is due"),)
            phase = Phase.PLAY if state.turn is not None else Phase.DEALING
            state = _update(state, shoe=state.shoe.reshuffle_discards(), phase=phase)
            return self._need_cards(state, (Applied(f"discards reshuffled by {event.by}"),))
        return state, (Refused(f"unknown control {event.control!r}"),)

    def _start(self, state: HandState) -> tuple[HandState, tuple[Effect, ...]]:
        queue, script = self._opening
        state = _update(
            state,
            phase=Phase.DEALING,
            shoe=Shoe.fresh(self.variant.decks),
            queue=queue,
            script=script,
        )
        return self._advance(state, (Applied("a freshly shuffled deck is loaded"),))

    def _accept(self, state: HandState, by: str) -> tuple[HandState, tuple[Effect, ...]]:
        irr = state.irregularity
        assert irr is not None
        state = _update(state, irregularity=None)
        effects: list[Effect] = [Applied(f"{by} accepted: {irr.reason}")]
        cards = [self._card(code) for code in irr.cards]
        if irr.kind in ("impossible_card", "misplaced_card") and cards and state.queue:
            first = cards.pop(0)
            state, more = self._deal(_update(state, shoe=self._take(state.shoe, first)), first)
            effects += more
            for card in cards:  # cards that came while the hand was held go through as usual
                state, more = self._on_card(state, CardArrived(card))
                effects += more
            return state, tuple(effects)
        for card in cards:  # out-of-turn cards stay out of play
            state = _update(state, shoe=self._take(state.shoe, card).burn(card))
        return state, tuple(effects)

    @staticmethod
    def _take(shoe: Shoe, card: Card) -> Shoe:
        """Count a card out of the shoe; a card the pit boss accepted as impossible is not."""
        return shoe.draw(card) if shoe.can_hold(card) else shoe

    # ----- flow -------------------------------------------------------------------------------
    def _advance(
        self, state: HandState, effects: tuple[Effect, ...]
    ) -> tuple[HandState, tuple[Effect, ...]]:
        """Run the script until a card or a decision is due."""
        script = state.script
        while not state.queue and script and state.phase != Phase.OVER:
            step, script = script[0], script[1:]
            state.script = script
            state, effects = self._run_step(state, step, effects)
            if step[0] in ("turn", "first_turn", "end_push"):
                break  # the seat on turn decides (or its forced card is queued)
            script = state.script
        return self._need_cards(state, effects)

    def _run_step(
        self, state: HandState, step: Step, effects: tuple[Effect, ...]
    ) -> tuple[HandState, tuple[Effect, ...]]:
        kind = step[0]
        if kind == "hand":
            state.queue = (self._spot(step[1], "initial", 1), self._spot(step[1], "initial", 2))
            return state, effects
        if kind == "aces":
            hand = rules.start_ace_rule(state.seats[step[1]])
            queue = tuple(self._spot(step[1], "ace_replacement") for _ in hand.aces_pending)
            state = self._set_seat(state, step[1], hand)
            state.queue = queue
            return state, effects
        if kind == "end_push":
            state.pending = None
            return self._end_play(state, step[1], effects, push=True)
        if kind == "first_turn":
            state.phase = Phase.PLAY
            return self._begin_turn(
                state, order.first_to_act(state.seats, self.deal_order, switches=self.switches)
            ), effects
        state.phase = Phase.PLAY
        return self._begin_turn(state, step[1]), effects

    def _begin_turn(self, state: HandState, i: int) -> HandState:
        state.turn = i
        hand = state.seats[i]
        if rules.legal_actions(hand, self.variant.stand_pat, self.switches) == (rules.HIT,):
            spot = self._spot(i, "forced_hit", column=hand.columns_used + 1)
            state.pending = "forced_hit"
            state.queue = (spot,)
        return state

    def _end_play(
        self, state: HandState, i: int, effects: tuple[Effect, ...], push: bool = False
    ) -> tuple[HandState, tuple[Effect, ...]]:
        """A seat's play is complete: close windows (SP-6), pass the turn (MC-9), or end."""
        hand = state.seats[i]
        failed = hand.status == rules.UNSUCCESSFUL or (
            hand.status == rules.STALEMATE and self.switches.C9 == "closes"
        )
        if failed and self.variant.stand_pat:
            for j in range(len(self.seats)):
                if j != i:
                    state = self._set_seat(state, j, rules.block_window(state.seats[j]))
        if self._all_finished(state):
            return self._finish(state, None)
        if not self.variant.alternate:
            if not hand.finished:
                return self._need_cards(self._begin_turn(state, i), effects)
            return self._advance(_update(state, turn=None), effects)
        other = 1 - i
        keep = push and self.switches.C7 == "keeps_turn"
        nxt = i if keep or state.seats[other].finished else other
        offer = i if (hand.window and nxt != i) else None
        state = self._begin_turn(state, nxt)
        state.sp_offer = offer
        return self._need_cards(state, effects)

    def _need_cards(
        self, state: HandState, effects: tuple[Effect, ...]
    ) -> tuple[HandState, tuple[Effect, ...]]:
        """A card is due but the shoe is empty: rule MC-17, switch C10."""
        if not state.queue or state.shoe.remaining > 0 or state.phase == Phase.OVER:
            return state, effects
        if self.switches.C10 == "reshuffle" and state.shoe.discarded:
            return _update(state, phase=Phase.RESHUFFLE_WAIT), effects
        done, more = self._finish(state, "MC-17")
        return done, effects + more

    def _maybe_over(
        self, state: HandState, effects: tuple[Effect, ...]
    ) -> tuple[HandState, tuple[Effect, ...]]:
        if self._all_finished(state):
            done, more = self._finish(state, None)
            return done, effects + more
        return state, effects

    def _finish(
        self, state: HandState, void_rule: str | None, by: str = ""
    ) -> tuple[HandState, tuple[Effect, ...]]:
        result = hand_result(state.seats, head_to_head=self.variant.alternate, void_rule=void_rule)
        if void_rule == "VOID":
            result = replace(result, explanation=f"no winner (VOID: the hand was voided by {by})")
        state = _update(
            state,
            phase=Phase.OVER,
            queue=(),
            script=(),
            turn=None,
            pending=None,
            sp_offer=None,
            irregularity=None,
            result=result,
        )
        return state, (HandEnded(result),)

    def _open_irregularity(
        self, state: HandState, irr: Irregularity
    ) -> tuple[HandState, tuple[Effect, ...]]:
        if state.irregularity is not None:  # one at a time: fold it into the open one
            irr = replace(
                state.irregularity,
                reason=f"{state.irregularity.reason}; then: {irr.reason}",
                cards=state.irregularity.cards + irr.cards,
            )
        return _update(state, irregularity=irr), (IrregularityOpened(irr),)

    # ----- helpers ----------------------------------------------------------------------------
    def _offer_only(self, state: HandState) -> dict[str, tuple[str, ...]]:
        if state.sp_offer is None or state.irregularity or state.phase != Phase.PLAY:
            return {}
        hand = state.seats[state.sp_offer]
        return {hand.seat: (rules.STAND_PAT,)} if hand.window and not hand.finished else {}

    def _offer_after_card(self, state: HandState, target: DealTo) -> int | None:
        """The out-of-turn stand-pat offer ends when the opponent's play (even forced) is dealt."""
        if state.sp_offer is not None and target.seat != self.seats[state.sp_offer]:
            return None
        return state.sp_offer

    def _all_finished(self, state: HandState) -> bool:
        return all(h.finished for h in state.seats)

    def _set_seat(self, state: HandState, i: int, hand: SeatHand) -> HandState:
        seats = list(state.seats)
        seats[i] = hand
        state.seats = tuple(seats)
        return state

    def _card(self, code: str) -> Card:
        from table_controller.cards import parse_card

        return parse_card(code)

    def _spot(self, i: int, purpose: str, n: int = 0, column: int | None = None) -> DealTo:
        key = (i, purpose, n, column)
        spot = self._spots.get(key)
        if spot is None:
            from table_controller.games.backhand.prompts import spot_for

            spot = self._spots[key] = spot_for(self, i, purpose, n, column)
        return spot

    def _waiting_for(self, state: HandState) -> str:
        return _prompts.waiting_text(self, state)

    def _refusal(self, state: HandState, event: Decision, legal: dict[str, tuple[str, ...]]) -> str:
        return _prompts.refusal_text(self, state, event, legal)
