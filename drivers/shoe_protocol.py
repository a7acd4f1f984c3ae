"""The smart-shoe wire protocol, without I/O: messages, an encoder and a framer.

Bytes in, messages out (:class:`ShoeFramer`); messages in, bytes out (:func:`encode`).
Nothing here touches a port, a clock or a thread, so every byte sequence can be tested.
The full description, with examples, is ``docs/shoe-protocol.md``.

Layout::

    +-----+----------------------------+-----+----------+------+
    | '$' | TYPE ',' field ',' field.. | '*' | CRC16 hex | CRLF |
    +-----+----------------------------+-----+----------+------+
      1     1..MAX_BODY printable ASCII   1     4 (A-F)    2

The CRC is CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over the body, the bytes strictly
between ``$`` and ``*``. A frame is at most :data:`MAX_FRAME` bytes long.
"""

from __future__ import annotations

import binascii
import re
from collections.abc import Callable
from dataclasses import dataclass, fields

from drivers.shoe_seq import SEQ_MAX
from table_controller.cards import Card, parse_card
from table_controller.errors import CardCodeError, ProtocolError

PROTOCOL_VERSION = 1
START = 0x24  # '$'
END = b"\r\n"
MAX_FRAME = 96
UNREADABLE = "??"  # the card field of a card the shoe's reader could not read
_FORBIDDEN_IN_FIELD = frozenset("$*,\r\n")
_SEQ_FIELDS = frozenset({"seq", "last_seq", "last_ack", "from_seq", "next_seq"})


def crc16(body: bytes) -> int:
    """CRC-16/CCITT-FALSE; ``crc16(b"123456789") == 0x29B1``."""
    return binascii.crc_hqx(body, 0xFFFF)


# ---- shoe to host -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hello:
    """Answer to :class:`HelloRequest`: who the shoe is and where its numbering stands."""

    device_id: str
    firmware: str
    protocol: int
    last_seq: int  # the last sequence number the shoe has issued (0: none yet)
    last_ack: int  # the highest sequence number the host has acknowledged


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """A card left the shoe. ``card`` is ``None`` when the reader could not read it."""

    seq: int
    card: Card | None
    quality: int  # read quality, 0..100
    mark_ok: bool | None  # the security mark checked out; None: the shoe cannot check
    locked: bool  # the card was drawn while the shoe was locked


@dataclass(frozen=True, slots=True)
class CutCard:
    seq: int


@dataclass(frozen=True, slots=True)
class ShoeEmpty:
    seq: int


@dataclass(frozen=True, slots=True)
class Status:
    """Door, jam and lock state; sent on :class:`StatusRequest` and whenever it changes."""

    door_open: bool
    jammed: bool
    locked: bool
    last_seq: int
    cards_left: int | None


@dataclass(frozen=True, slots=True)
class Heartbeat:
    uptime: int  # seconds since the shoe powered up
    last_seq: int


@dataclass(frozen=True, slots=True)
class Gone:
    """Answer to :class:`Resend` when the shoe no longer holds ``from_seq``..``next_seq - 1``."""

    from_seq: int
    next_seq: int


@dataclass(frozen=True, slots=True)
class DeviceFault:
    code: str
    text: str


# ---- host to shoe -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HelloRequest:
    pass


@dataclass(frozen=True, slots=True)
class Ack:
    """Every sequence number up to and including ``seq`` arrived."""

    seq: int


@dataclass(frozen=True, slots=True)
class Resend:
    """Send again everything from ``seq`` onwards."""

    seq: int


@dataclass(frozen=True, slots=True)
class StatusRequest:
    pass


@dataclass(frozen=True, slots=True)
class Lock:
    pass


@dataclass(frozen=True, slots=True)
class Unlock:
    pass


ShoeMessage = Hello | CardDrawn | CutCard | ShoeEmpty | Status | Heartbeat | Gone | DeviceFault
HostMessage = HelloRequest | Ack | Resend | StatusRequest | Lock | Unlock
Message = ShoeMessage | HostMessage


# ---- encoding -----------------------------------------------------------------------------


def _flag(value: bool, yes: str, no: str) -> str:
    return yes if value else no


def _mark(mark_ok: bool | None) -> str:
    return "NA" if mark_ok is None else _flag(mark_ok, "OK", "BAD")


def _fields_of(message: Message) -> tuple[str, list[str]]:
    """The frame type and its fields, in wire order."""
    if isinstance(message, Hello):
        return "HELO", [
            message.device_id,
            message.firmware,
            str(message.protocol),
            str(message.last_seq),
            str(message.last_ack),
        ]
    if isinstance(message, CardDrawn):
        card = message.card.code if message.card else UNREADABLE
        return "CARD", [
            str(message.seq),
            card,
            str(message.quality),
            _mark(message.mark_ok),
            _flag(message.locked, "L", "U"),
        ]
    if isinstance(message, Status):
        left = "-" if message.cards_left is None else str(message.cards_left)
        return "STAT", [
            _flag(message.door_open, "O", "C"),
            _flag(message.jammed, "1", "0"),
            _flag(message.locked, "L", "U"),
            str(message.last_seq),
            left,
        ]
    if isinstance(message, Gone):
        return "GONE", [str(message.from_seq), str(message.next_seq)]
    name = _SIMPLE_NAMES[type(message)]
    return name, [str(getattr(message, f.name)) for f in fields(message)]


_SIMPLE_NAMES: dict[type, str] = {
    CutCard: "CUT",
    ShoeEmpty: "EMPTY",
    Heartbeat: "BEAT",
    DeviceFault: "ERR",
    HelloRequest: "HELQ",
    Ack: "ACK",
    Resend: "RSND",
    StatusRequest: "STAQ",
    Lock: "LOCK",
    Unlock: "UNLK",
}


def frame_body(body: str) -> bytes:
    """Wrap a body (``TYPE,field,...``) in ``$``, checksum and CRLF."""
    raw = body.encode("ascii")
    return b"$" + raw + b"*" + f"{crc16(raw):04X}".encode("ascii") + END


def encode(message: Message) -> bytes:
    """The frame for ``message``.

    Raises:
        ProtocolError: a text field holds a character the framing reserves, a sequence
            number is outside 0..:data:`SEQ_MAX`, or the frame would be longer than
            :data:`MAX_FRAME`.
    """
    name, values = _fields_of(message)
    for key in _SEQ_FIELDS.intersection(f.name for f in fields(message)):
        if not 0 <= getattr(message, key) <= SEQ_MAX:
            raise ProtocolError(f"{name} {key} {getattr(message, key)} is outside 0..{SEQ_MAX}")
    for value in values:
        if _FORBIDDEN_IN_FIELD.intersection(value) or not value.isascii():
            raise ProtocolError(f"{name} field {value!r} holds a reserved or non-ASCII character")
    frame = frame_body(",".join([name, *values]))
    if len(frame) > MAX_FRAME:
        raise ProtocolError(f"{name} frame is {len(frame)} bytes; the limit is {MAX_FRAME}")
    return frame


# ---- decoding -----------------------------------------------------------------------------


_CARD_FIELD = re.compile(r"(?:10|[2-9TJQKA])[SHDC]|JK")
_CRC_FIELD = re.compile(rb"[0-9A-F]{4}")


def _int(text: str, name: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise ProtocolError(f"{name} is not a number: {text!r}")
    return int(text)


def _seq(text: str, name: str) -> int:
    """A sequence-number field: 0..SEQ_MAX (0 only where it means "none yet")."""
    value = _int(text, name)
    if value > SEQ_MAX:
        raise ProtocolError(f"{name} {value} is above {SEQ_MAX}")
    return value


def _issued(text: str) -> int:
    """The sequence number of a sequenced message: 1..SEQ_MAX."""
    value = _seq(text, "seq")
    if value == 0:
        raise ProtocolError("seq 0 is not a sequence number; they start at 1")
    return value


def _choice(text: str, name: str, yes: str, no: str) -> bool:
    if text not in (yes, no):
        raise ProtocolError(f"{name} must be {yes} or {no}, not {text!r}")
    return text == yes


def _card(text: str) -> Card | None:
    if text == UNREADABLE:
        return None
    if not _CARD_FIELD.fullmatch(text):  # as printed: upper case, no spaces ("qs", " QS" are not)
        raise ProtocolError(f"card field {text!r} is not a card code such as QS, 10H or JK")
    try:
        return parse_card(text)
    except CardCodeError as exc:
        raise ProtocolError(f"card field {text!r} is not a card code") from exc


def _decode_card(f: list[str]) -> CardDrawn:
    mark = None if f[3] == "NA" else _choice(f[3], "mark", "OK", "BAD")
    quality = _int(f[2], "quality")
    if quality > 100:
        raise ProtocolError(f"quality {quality} is above 100")
    return CardDrawn(_issued(f[0]), _card(f[1]), quality, mark, _choice(f[4], "lock", "L", "U"))


def _decode_status(f: list[str]) -> Status:
    left = None if f[4] == "-" else _int(f[4], "cards_left")
    return Status(
        _choice(f[0], "door", "O", "C"),
        _choice(f[1], "jam", "1", "0"),
        _choice(f[2], "lock", "L", "U"),
        _seq(f[3], "last_seq"),
        left,
    )


_DECODERS: dict[str, tuple[int, Callable[[list[str]], Message]]] = {
    "HELO": (
        5,
        lambda f: Hello(
            f[0], f[1], _int(f[2], "protocol"), _seq(f[3], "last_seq"), _seq(f[4], "last_ack")
        ),
    ),
    "CARD": (5, _decode_card),
    "CUT": (1, lambda f: CutCard(_issued(f[0]))),
    "EMPTY": (1, lambda f: ShoeEmpty(_issued(f[0]))),
    "STAT": (5, _decode_status),
    "BEAT": (2, lambda f: Heartbeat(_int(f[0], "uptime"), _seq(f[1], "last_seq"))),
    "GONE": (2, lambda f: Gone(_issued(f[0]), _issued(f[1]))),
    "ERR": (2, lambda f: DeviceFault(f[0], f[1])),
    "HELQ": (0, lambda f: HelloRequest()),
    "ACK": (1, lambda f: Ack(_seq(f[0], "seq"))),
    "RSND": (1, lambda f: Resend(_issued(f[0]))),
    "STAQ": (0, lambda f: StatusRequest()),
    "LOCK": (0, lambda f: Lock()),
    "UNLK": (0, lambda f: Unlock()),
}
MESSAGE_TYPES: tuple[str, ...] = tuple(_DECODERS)


def decode_body(body: str) -> Message:
    """The message in a checksummed body. Raises ProtocolError naming what is wrong."""
    name, *values = body.split(",")
    if name not in _DECODERS:
        raise ProtocolError(f"unknown frame type {name!r}")
    count, decoder = _DECODERS[name]
    if len(values) != count:
        raise ProtocolError(f"{name} takes {count} fields, got {len(values)}")
    return decoder(values)


# ---- framing ------------------------------------------------------------------------------


@dataclass(slots=True)
class FramerCounters:
    """What the framer threw away, for the dealer's hardware warnings and the log."""

    frames: int = 0  # good frames returned
    noise_bytes: int = 0  # bytes outside any frame
    bad_crc: int = 0  # well-formed frames whose checksum did not match
    malformed: int = 0  # a started frame that was cut off, too long, or not valid protocol

    @property
    def bad_frames(self) -> int:
        return self.bad_crc + self.malformed


class ShoeFramer:
    """Bytes in, messages out. Holds at most one partial frame (:data:`MAX_FRAME` bytes).

    Anything before a ``$`` is noise. A ``$`` inside a partial frame means that frame was cut
    off: it is dropped and framing restarts at the new ``$``. A frame with a bad checksum,
    a non-printable byte or an unknown layout is dropped and counted, never raised.
    """

    def __init__(self) -> None:
        self._buffer = bytearray()
        self.counters = FramerCounters()
        self.last_problem = ""

    def feed(self, data: bytes) -> list[Message]:
        self._buffer += data
        messages: list[Message] = []
        while True:
            frame = self._next_frame()
            if frame is None:
                return messages
            message = self._check(frame)
            if message is not None:
                self.counters.frames += 1
                messages.append(message)

    def _drop(self, count: int, *, noise: bool) -> None:
        if noise:
            self.counters.noise_bytes += count
        del self._buffer[:count]

    def _next_frame(self) -> bytes | None:
        """Cut the next candidate frame (``$`` .. ``\\n``) out of the buffer."""
        buf = self._buffer
        while True:
            start = buf.find(b"$")
            if start < 0:
                self._drop(len(buf), noise=True)
                return None
            self._drop(start, noise=True)
            end = buf.find(b"\n", 1, MAX_FRAME)
            restart = buf.find(b"$", 1, end if end >= 0 else MAX_FRAME)
            if restart > 0:
                self._reject(restart, "a frame was cut off by the start of another")
                continue
            if end < 0:
                if len(buf) < MAX_FRAME:
                    return None
                self._reject(MAX_FRAME, f"no end of frame within {MAX_FRAME} bytes")
                continue
            frame = bytes(buf[: end + 1])
            del buf[: end + 1]
            return frame

    def _reject(self, count: int, why: str) -> None:
        self.counters.malformed += 1
        self.last_problem = why
        del self._buffer[:count]

    def _check(self, frame: bytes) -> Message | None:
        """The message in one ``$...\\n`` candidate, or None (counted) when it is not one."""
        if len(frame) < 9 or frame[-7] != 0x2A or frame[-2:] != END:  # '*' then 4 hex, CRLF
            return self._bad("malformed", "the frame does not end in *XXXX and CRLF")
        body = frame[1:-7]
        if not all(0x20 <= b < 0x7F for b in body):
            return self._bad("malformed", "the frame holds a non-printable byte")
        if not _CRC_FIELD.fullmatch(frame[-6:-2]):  # not 0x47, +047 or lower case
            return self._bad("malformed", "the checksum is not 4 upper-case hex digits")
        sent = int(frame[-6:-2], 16)
        if sent != crc16(body):
            return self._bad("bad_crc", f"checksum {sent:04X}, computed {crc16(body):04X}")
        try:
            return decode_body(body.decode("ascii"))
        except ProtocolError as exc:
            return self._bad("malformed", str(exc))

    def _bad(self, counter: str, why: str) -> None:
        setattr(self.counters, counter, getattr(self.counters, counter) + 1)
        self.last_problem = why
        return None
