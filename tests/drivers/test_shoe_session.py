"""The host's acknowledge/resend rules, message by message, without a port."""

from __future__ import annotations

from drivers.shoe_protocol import (
    Ack,
    CardDrawn,
    Gone,
    Heartbeat,
    Hello,
    HelloRequest,
    Lock,
    Resend,
    ShoeEmpty,
    Status,
    StatusRequest,
    Unlock,
)
from drivers.shoe_session import GAP_REASON, RESEND_TRIES, RESEND_WAIT, ShoeSession
from table_controller.cards import parse_card

QS = parse_card("QS")


def card(seq: int) -> CardDrawn:
    return CardDrawn(seq, QS, 99, True, False)


def synced(last_seq: int = 0, last_ack: int = 0) -> ShoeSession:
    session = ShoeSession("serial://test", stamp=lambda: 1.0)
    session.connected(0.0)
    session.handle(Hello("S", "1", 1, last_seq, last_ack), 0.0)
    return session


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def test_connecting_asks_hello_status_and_restates_the_lock() -> None:
    session = ShoeSession("serial://test")
    assert session.connected(0.0) == [HelloRequest(), StatusRequest(), Unlock()]
    session.locked = True
    assert session.connected(0.0)[-1] == Lock()


def test_cards_before_hello_are_ignored_and_hello_is_repeated() -> None:
    session = ShoeSession("serial://test")
    session.connected(0.0)
    assert session.handle(card(1), 0.1).events == []
    assert session.tick(RESEND_WAIT + 0.01).replies == [HelloRequest()]


def test_in_order_cards_are_delivered_and_each_acknowledged() -> None:
    session = synced()
    for seq in (1, 2, 3):
        out = session.handle(card(seq), 0.0)
        assert kinds(out.events) == ["card"] and out.events[0].seq == seq
        assert out.replies == [Ack(seq)]


def test_first_hello_delivers_what_no_host_acknowledged() -> None:
    session = ShoeSession("serial://test")
    session.connected(0.0)
    out = session.handle(Hello("S", "1", 1, 5, 3), 0.0)
    assert session.next_seq == 4 and out.replies == [Resend(4)]


def test_duplicate_is_reported_not_delivered_and_reacknowledged() -> None:
    session = synced()
    session.handle(card(1), 0.0)
    out = session.handle(card(1), 0.0)
    assert kinds(out.events) == ["duplicate"] and out.replies == [Ack(1)]


def test_gap_asks_for_a_resend_once_then_fills_in_order() -> None:
    session = synced()
    session.handle(card(1), 0.0)
    assert session.handle(card(3), 0.0).replies == [Resend(2)]
    assert session.handle(card(4), 0.0).replies == []  # already asked
    assert [e.seq for e in session.handle(card(2), 0.1).events] == [2]
    assert [e.seq for e in session.handle(card(3), 0.1).events] == [3]


def test_heartbeat_reveals_a_dropped_last_card() -> None:
    session = synced()
    assert session.handle(Heartbeat(10, 1), 0.0).replies == [Resend(1)]


def test_gone_becomes_a_sequence_gap_and_moves_on() -> None:
    session = synced()
    session.handle(card(1), 0.0)
    session.handle(card(3), 0.0)
    out = session.handle(Gone(2, 3), 0.1)
    (gap,) = out.events
    assert gap.kind == "sequence_gap" and gap.detail["missing_from"] == 2
    assert gap.detail["missing_to"] == 2 and gap.detail["reason"] == GAP_REASON
    assert kinds(session.handle(card(3), 0.1).events) == ["card"]


def test_unanswered_resends_give_up_with_a_gap() -> None:
    session = synced()
    session.handle(card(2), 0.0)
    at = 0.0
    for _ in range(RESEND_TRIES - 1):
        at += RESEND_WAIT
        assert session.tick(at).replies == [Resend(1)]
    at += RESEND_WAIT
    out = session.tick(at)
    assert kinds(out.events) == ["sequence_gap"] and out.replies == [Resend(2)]
    assert session.next_seq == 2


def test_reconnect_keeps_the_numbering_and_resends_what_was_missed() -> None:
    session = synced()
    session.handle(card(1), 0.0)
    session.connected(1.0)
    out = session.handle(Hello("S", "1", 1, 3, 1), 1.0)
    assert session.next_seq == 2 and out.replies == [Resend(2)]


def test_shoe_restart_is_a_warning_and_the_host_follows() -> None:
    session = synced()
    for seq in (1, 2, 3):
        session.handle(card(seq), 0.0)
    session.connected(1.0)
    out = session.handle(Hello("S", "1", 1, 0, 0), 1.0)
    assert "warning" in kinds(out.events) and session.next_seq == 1


def test_locked_unreadable_and_bad_mark_cards() -> None:
    session = synced()
    out = session.handle(CardDrawn(1, QS, 40, False, True), 0.0)
    assert kinds(out.events) == ["drawn_while_locked", "warning", "card"]
    assert out.events[-1].detail == {"quality": 40, "mark": "BAD", "drawn_while_locked": True}
    assert kinds(session.handle(CardDrawn(2, None, 0, None, False), 0.0).events) == [
        "unreadable_card"
    ]
    assert kinds(session.handle(ShoeEmpty(3), 0.0).events) == ["shoe_empty"]


def status(door_open: bool = False, jammed: bool = False) -> Status:
    return Status(door_open, jammed, False, 0, 40)


def test_door_and_jam_changes_are_reported_once_each_way() -> None:
    session = synced()
    assert kinds(session.handle(status(), 0.0).events) == ["status"]
    assert kinds(session.handle(status(jammed=True), 0.0).events) == ["status", "shoe_jammed"]
    assert kinds(session.handle(status(jammed=True), 0.0).events) == ["status"]  # still jammed
    out = session.handle(status(door_open=True), 0.0)
    assert kinds(out.events) == ["status", "door_opened", "jam_cleared"]
    assert "door was opened" in out.events[1].detail["reason"]
    assert kinds(session.handle(status(), 0.0).events) == ["status", "door_closed"]


def test_a_shoe_already_jammed_when_the_host_connects_is_reported() -> None:
    session = synced()
    out = session.handle(status(jammed=True), 0.0)
    assert kinds(out.events) == ["status", "shoe_jammed"]
