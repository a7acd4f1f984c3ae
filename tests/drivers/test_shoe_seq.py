"""Sequence numbers wrap after SEQ_MAX: the arithmetic, the wire limits, and a host session
that runs across the wrap through lost, doubled and late frames."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.base import CARD, SourceEvent
from drivers.shoe_protocol import (
    Ack,
    CardDrawn,
    Gone,
    Heartbeat,
    Hello,
    HostMessage,
    Resend,
    ShoeFramer,
    encode,
    frame_body,
)
from drivers.shoe_seq import SEQ_MAX, SEQ_WINDOW, seq_add, seq_diff, seq_of_count
from drivers.shoe_session import RESEND_WAIT, Reaction, ShoeSession
from table_controller.cards import parse_card
from table_controller.errors import ProtocolError

QS = parse_card("QS")


def card(seq: int) -> CardDrawn:
    return CardDrawn(seq, QS, 99, True, False)


def synced_at(last_seq: int, last_ack: int | None = None) -> ShoeSession:
    session = ShoeSession("serial://test", stamp=lambda: 1.0)
    session.connected(0.0)
    session.handle(Hello("S", "1", 1, last_seq, last_seq if last_ack is None else last_ack), 0.0)
    return session


# ---- arithmetic ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seq", "steps", "result"),
    [
        (1, 1, 2),
        (SEQ_MAX - 1, 1, SEQ_MAX),
        (SEQ_MAX, 1, 1),
        (SEQ_MAX, 3, 3),
        (0, 1, 1),
        (1, -1, SEQ_MAX),
        (2, -3, SEQ_MAX - 1),
    ],
)
def test_seq_add_wraps_past_seq_max_to_one(seq: int, steps: int, result: int) -> None:
    assert seq_add(seq, steps) == result


def test_seq_diff_goes_the_short_way_round() -> None:
    assert seq_diff(SEQ_MAX, 2) == 2 and seq_diff(2, SEQ_MAX) == -2
    assert seq_diff(0, 1) == 1  # 0, "none yet", is the number before 1
    assert seq_diff(10, 10 + SEQ_WINDOW) == SEQ_WINDOW
    assert seq_diff(10, 11 + SEQ_WINDOW) < 0


def test_counts_map_onto_the_wire_number() -> None:
    assert [seq_of_count(n) for n in (0, 1, SEQ_MAX, SEQ_MAX + 1, 2 * SEQ_MAX + 5)] == [
        0,
        1,
        SEQ_MAX,
        1,
        5,
    ]


@given(st.integers(1, SEQ_MAX), st.integers(-SEQ_WINDOW + 1, SEQ_WINDOW))
def test_diff_undoes_add_within_the_window(seq: int, steps: int) -> None:
    assert seq_diff(seq, seq_add(seq, steps)) == steps


# ---- the wire -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ("CARD,65536,QS,98,OK,U", "seq 65536 is above 65535"),
        ("CARD,0,QS,98,OK,U", "seq 0 is not a sequence number"),
        ("BEAT,10,70000", "last_seq 70000 is above"),
        ("GONE,0,3", "seq 0 is not"),
        ("RSND,0", "seq 0 is not"),
    ],
)
def test_sequence_fields_outside_the_range_are_malformed(body: str, problem: str) -> None:
    framer = ShoeFramer()
    assert framer.feed(frame_body(body)) == []
    assert framer.counters.malformed == 1 and problem in framer.last_problem


def test_the_highest_and_the_wrapped_number_round_trip() -> None:
    framer = ShoeFramer()
    messages = [card(SEQ_MAX), card(1), Hello("S", "1", 1, SEQ_MAX, SEQ_MAX - 1), Gone(SEQ_MAX, 2)]
    assert framer.feed(b"".join(encode(m) for m in messages)) == messages


def test_encoder_refuses_a_number_past_seq_max() -> None:
    with pytest.raises(ProtocolError, match=r"seq 65536 is outside 0\.\.65535"):
        encode(card(SEQ_MAX + 1))


# ---- the session at the wrap --------------------------------------------------------------


def test_cards_run_on_from_seq_max_to_one() -> None:
    session = synced_at(SEQ_MAX - 2)
    for seq in (SEQ_MAX - 1, SEQ_MAX, 1, 2):
        out = session.handle(card(seq), 0.0)
        assert [e.kind for e in out.events] == [CARD] and out.replies == [Ack(seq)]
    assert session.next_seq == 3


def test_first_hello_at_seq_max_expects_one() -> None:
    session = synced_at(SEQ_MAX)
    assert session.next_seq == 1
    assert session.handle(Heartbeat(5, SEQ_MAX), 0.0).replies == []  # nothing is missing


def test_a_gap_across_the_wrap_asks_for_the_number_before_it() -> None:
    session = synced_at(SEQ_MAX - 2)
    session.handle(card(SEQ_MAX - 1), 0.0)
    assert session.handle(card(1), 0.0).replies == [Resend(SEQ_MAX)]  # SEQ_MAX was lost
    assert [e.seq for e in session.handle(card(SEQ_MAX), 0.1).events] == [SEQ_MAX]
    assert [e.seq for e in session.handle(card(1), 0.1).events] == [1]


def test_a_duplicate_from_before_the_wrap_is_acknowledged_again() -> None:
    session = synced_at(SEQ_MAX - 1)
    session.handle(card(SEQ_MAX), 0.0)
    session.handle(card(1), 0.0)
    out = session.handle(card(SEQ_MAX), 0.0)
    assert [e.kind for e in out.events] == ["duplicate"] and out.replies == [Ack(1)]


def test_gone_across_the_wrap_is_a_gap_naming_both_ends() -> None:
    session = synced_at(SEQ_MAX - 2)
    session.handle(card(2), 0.0)  # SEQ_MAX - 1 .. 1 missing
    out = session.handle(Gone(SEQ_MAX - 1, 2), 0.1)
    (gap,) = out.events
    assert (gap.detail["missing_from"], gap.detail["missing_to"]) == (SEQ_MAX - 1, 1)
    assert session.next_seq == 2


def test_resume_across_the_wrap_after_a_reconnect() -> None:
    session = synced_at(SEQ_MAX - 1)
    session.handle(card(SEQ_MAX), 0.0)
    session.connected(1.0)
    out = session.handle(Hello("S", "1", 1, 3, SEQ_MAX), 1.0)  # 1..3 drawn while unplugged
    assert not [e for e in out.events if e.kind == "warning"]  # not mistaken for a restart
    assert session.next_seq == 1 and out.replies == [Resend(1)]


def test_a_restart_is_still_told_from_a_wrap() -> None:
    session = synced_at(100)
    session.handle(card(101), 0.0)
    session.connected(1.0)
    out = session.handle(Hello("S", "1", 1, 0, 0), 1.0)
    assert "warning" in [e.kind for e in out.events] and session.next_seq == 1


# ---- property: a lossy line across the wrap -----------------------------------------------


@dataclass
class ModelShoe:
    """The shoe's side, as the protocol describes it: counts without bound, holds until acked."""

    issued: int
    held: dict[int, CardDrawn] = field(default_factory=dict)

    def draw(self) -> CardDrawn:
        self.issued += 1
        self.held[self.issued] = card(seq_of_count(self.issued))
        return self.held[self.issued]

    def count_of(self, seq: int) -> int:
        return self.issued - seq_diff(seq, seq_of_count(self.issued))

    def answer(self, reply: HostMessage) -> list[CardDrawn]:
        if isinstance(reply, Ack):
            for count in [c for c in self.held if c <= self.count_of(reply.seq)]:
                del self.held[count]
        if isinstance(reply, Resend):
            return [self.held[c] for c in sorted(self.held) if c >= self.count_of(reply.seq)]
        return []


FATES = ("ok", "drop", "dup", "late")


@settings(max_examples=150, deadline=None)
@given(
    first=st.one_of(st.integers(SEQ_MAX - 30, SEQ_MAX), st.integers(1, SEQ_MAX)),
    fates=st.lists(st.sampled_from(FATES), min_size=1, max_size=50),
)
def test_every_card_arrives_once_in_order_across_the_wrap(first: int, fates: list[str]) -> None:
    session = synced_at(seq_of_count(first - 1))
    shoe = ModelShoe(first - 1)
    delivered: list[SourceEvent] = []

    def react(reaction: Reaction, at: float) -> None:
        delivered.extend(e for e in reaction.events if e.kind in (CARD, "sequence_gap"))
        for reply in reaction.replies:
            for message in shoe.answer(reply):
                react(session.handle(message, at), at)

    late: list[CardDrawn] = []
    for fate in fates:
        message = shoe.draw()
        sent = {"ok": [message], "drop": [], "dup": [message, message], "late": []}[fate]
        for frame in [*sent, *late]:
            react(session.handle(frame, 0.0), 0.0)
        late = [message] if fate == "late" else []
    at = 0.0
    for _ in range(6):  # heartbeats reveal a lost last card; timers repeat a lost resend
        at += RESEND_WAIT + 0.01
        for frame in late:
            react(session.handle(frame, at), at)
        late = []
        react(session.handle(Heartbeat(1, seq_of_count(shoe.issued)), at), at)
        react(session.tick(at), at)
    assert [(e.kind, e.seq) for e in delivered] == [
        (CARD, seq_of_count(first + n)) for n in range(len(fates))
    ]
