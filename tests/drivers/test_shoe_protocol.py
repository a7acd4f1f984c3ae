"""The shoe framer and encoder: golden frames sliced every way, noise, bad checksums, fuzzing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.shoe_protocol import (
    MAX_FRAME,
    Ack,
    CardDrawn,
    CutCard,
    DeviceFault,
    Gone,
    Heartbeat,
    Hello,
    HelloRequest,
    Lock,
    Resend,
    ShoeEmpty,
    ShoeFramer,
    Status,
    StatusRequest,
    Unlock,
    crc16,
    encode,
    frame_body,
)
from table_controller.cards import parse_card
from table_controller.errors import ProtocolError

# The examples in docs/shoe-protocol.md, byte for byte.
GOLDEN: list[tuple[bytes, object]] = [
    (b"$HELO,SIM-0001,1.0.0,1,12,11*187D\r\n", Hello("SIM-0001", "1.0.0", 1, 12, 11)),
    (b"$CARD,7,QS,98,OK,U*7185\r\n", CardDrawn(7, parse_card("QS"), 98, True, False)),
    (b"$CARD,8,10H,41,BAD,L*AD0B\r\n", CardDrawn(8, parse_card("10H"), 41, False, True)),
    (b"$CARD,9,??,0,NA,U*2104\r\n", CardDrawn(9, None, 0, None, False)),
    (b"$CUT,40*2FEA\r\n", CutCard(40)),
    (b"$EMPTY,53*DDAD\r\n", ShoeEmpty(53)),
    (b"$STAT,C,0,L,12,40*15E9\r\n", Status(False, False, True, 12, 40)),
    (b"$BEAT,3600,12*A5B7\r\n", Heartbeat(3600, 12)),
    (b"$GONE,5,9*3DA7\r\n", Gone(5, 9)),
    (b"$ERR,JAM,reader blocked*069C\r\n", DeviceFault("JAM", "reader blocked")),
    (b"$HELQ*9BB7\r\n", HelloRequest()),
    (b"$ACK,7*B716\r\n", Ack(7)),
    (b"$RSND,5*26F2\r\n", Resend(5)),
    (b"$STAQ*9C00\r\n", StatusRequest()),
    (b"$LOCK*35C2\r\n", Lock()),
    (b"$UNLK*FA1C\r\n", Unlock()),
]
IDS = [frame[1:6].decode() for frame, _ in GOLDEN]


def test_crc_is_ccitt_false() -> None:
    assert crc16(b"123456789") == 0x29B1


@pytest.mark.parametrize(("frame", "message"), GOLDEN, ids=IDS)
def test_encode_gives_the_documented_bytes(frame: bytes, message: object) -> None:
    assert encode(message) == frame  # type: ignore[arg-type]


@pytest.mark.parametrize(("frame", "message"), GOLDEN, ids=IDS)
@pytest.mark.parametrize("split", ["whole", "halves", "bytewise"])
def test_golden_frame_sliced(frame: bytes, message: object, split: str) -> None:
    framer = ShoeFramer()
    if split == "whole":
        chunks = [frame]
    elif split == "halves":
        chunks = [frame[: len(frame) // 2], frame[len(frame) // 2 :]]
    else:
        chunks = [frame[i : i + 1] for i in range(len(frame))]
    for chunk in chunks[:-1]:
        assert framer.feed(chunk) == []  # nothing until the last byte
    assert framer.feed(chunks[-1]) == [message]
    assert framer.counters.bad_frames == 0


@pytest.mark.parametrize(("frame", "message"), GOLDEN, ids=IDS)
def test_garbage_before_and_after(frame: bytes, message: object) -> None:
    framer = ShoeFramer()
    out = framer.feed(b"\x00\xff$$zz*12\r\nnoise" + frame + b"\r\n\x13$CA")
    assert out == [message]
    assert framer.counters.noise_bytes > 0
    assert framer.counters.malformed >= 1


@pytest.mark.parametrize(("frame", "message"), GOLDEN, ids=IDS)
def test_bad_checksum_is_dropped_and_counted(frame: bytes, message: object) -> None:
    corrupt = frame[:-3] + (b"0" if frame[-3:-2] != b"0" else b"1") + frame[-2:]
    framer = ShoeFramer()
    assert framer.feed(corrupt + frame) == [message]
    assert framer.counters.bad_crc == 1


def test_flipped_body_byte_fails_the_checksum() -> None:
    framer = ShoeFramer()
    assert framer.feed(b"$CARD,7,QH,98,OK,U*7185\r\n") == []
    assert framer.counters.bad_crc == 1


def test_back_to_back_frames() -> None:
    framer = ShoeFramer()
    stream = b"".join(frame for frame, _ in GOLDEN)
    assert framer.feed(stream) == [message for _, message in GOLDEN]
    assert framer.counters.frames == len(GOLDEN)


def test_frame_cut_off_by_the_next_start() -> None:
    framer = ShoeFramer()
    assert framer.feed(b"$CARD,7,Q" + b"$ACK,7*B716\r\n") == [Ack(7)]
    assert framer.counters.malformed == 1


def test_overlong_frame_is_dropped_and_buffer_stays_bounded() -> None:
    framer = ShoeFramer()
    framer.feed(b"$" + b"A" * 10_000)
    assert len(framer._buffer) < MAX_FRAME
    assert framer.feed(b"$ACK,7*B716\r\n") == [Ack(7)]
    assert framer.counters.malformed == 1


@pytest.mark.parametrize(
    "body",
    [
        "NOPE,1",
        "CARD,7,QS,98,OK",
        "CARD,7,ZZ,98,OK,U",
        "CARD,x,QS,98,OK,U",
        "CARD,7,QS,101,OK,U",
        "STAT,X,0,L,12,40",
        "ACK,-1",
        # as strict as the document: card codes as printed, numbers in ASCII digits
        "CARD,7, QS,98,OK,U",
        "CARD,7,qs,98,OK,U",
        "CARD,7,QS ,98,OK,U",
        "CARD,7,Qs,98,OK,U",
    ],
)
def test_checksummed_but_invalid_frames_are_malformed(body: str) -> None:
    framer = ShoeFramer()
    assert framer.feed(frame_body(body)) == []
    assert framer.counters.malformed == 1
    assert framer.last_problem


@pytest.mark.parametrize("checksum", [b"0x47", b"+047", b"b716", b" B71", b"B7 6"])
def test_a_checksum_not_written_as_four_upper_case_hex_digits_is_malformed(checksum: bytes) -> None:
    """Only the document's form: 4 upper-case hex digits (int() would also take 0x47 or +047)."""
    framer = ShoeFramer()
    assert framer.feed(b"$ACK,7*" + checksum + b"\r\n") == []
    assert framer.counters.malformed == 1 and "upper-case hex" in framer.last_problem


def test_non_printable_byte_inside_a_frame() -> None:
    framer = ShoeFramer()
    assert framer.feed(b"$ACK,\x017*0000\r\n") == []
    assert framer.counters.malformed == 1


def test_encoder_refuses_reserved_characters() -> None:
    with pytest.raises(ProtocolError, match="reserved"):
        encode(DeviceFault("JAM", "a,b"))
    with pytest.raises(ProtocolError, match="limit"):
        encode(DeviceFault("JAM", "x" * 100))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.binary(max_size=120), st.sampled_from(range(len(GOLDEN)))), max_size=12),
    st.binary(max_size=60),
    st.integers(min_value=1, max_value=40),
)
def test_noise_and_frames_never_raise_lose_or_invent(
    pieces: list[tuple[bytes, int]], tail: bytes, chunk: int
) -> None:
    stream = b"".join(noise + GOLDEN[i][0] for noise, i in pieces) + tail
    framer = ShoeFramer()
    out = []
    for at in range(0, len(stream), chunk):
        out += framer.feed(stream[at : at + chunk])
    assert out == [GOLDEN[i][1] for _, i in pieces]
