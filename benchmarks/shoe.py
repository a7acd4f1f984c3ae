"""Shoe protocol figures: framer throughput, and card latency over a real pty.

1. Framer: CARD frames per second through ``ShoeFramer.feed`` in 4 KiB reads, and one byte
   at a time (the worst case: a reader woken for every byte).
2. Latency: the simulated shoe (``hardware_sim.shoe_device``, paced at the line rate) writes a
   card frame on a pty; the serial driver's reader thread frames it, acknowledges it and
   queues it; the table's session applies it to a Missouri City hand (the rules engine, and
   the prompts the display would show). The figure is the time from the shoe starting to
   write the frame to the engine having applied the card, one card at a time on an idle
   line. Between cards the autopilot makes the seats' decisions (not timed). The frame's
   wire time (10 bits a byte, 8N1) is the floor; the overhead is what we add above it.

    .venv/bin/python benchmarks/shoe.py [--cards 200]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from drivers.registry import open_source
from drivers.shoe_protocol import CardDrawn, ShoeFramer, encode
from drivers.shoe_seq import seq_of_count
from hardware_sim.decks import shuffled_deck
from hardware_sim.shoe_device import DeviceSettings, ShoeDevice
from table_controller.cards import Card
from table_controller.events import NEW_DECK, VOID_HAND, CardArrived, Control
from table_controller.games import make_game
from table_controller.games.backhand.strategy import choose
from table_controller.runtime import TableSession


def framer_rate(frames: int, chunk: int) -> float:
    deck = shuffled_deck(1, 8)
    stream = b"".join(
        encode(CardDrawn(seq_of_count(i + 1), deck[i % len(deck)], 97, True, False))
        for i in range(frames)
    )
    framer = ShoeFramer()
    started = time.perf_counter()
    got = 0
    for at in range(0, len(stream), chunk):
        got += len(framer.feed(stream[at : at + chunk]))
    elapsed = time.perf_counter() - started
    assert got == frames, (got, frames)
    return frames / elapsed


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def ready_for_a_card(session: TableSession) -> None:
    """Play the seats' decisions and start hands until the engine waits for a card."""
    while True:
        exp = session.expected()
        if exp.hand_over or NEW_DECK in exp.controls:
            session.submit(Control(NEW_DECK), source="bench")
        elif VOID_HAND in exp.controls and exp.deal is None and not exp.decisions:
            session.submit(Control(VOID_HAND, by="bench"), source="bench")  # 8 decks: a repeat
        elif (decision := choose(session.game, session.state)) is not None:
            session.submit(decision, source="bench")
        else:
            return


def pty_latency(baud: int, cards: int) -> tuple[list[float], list[float]]:
    """Per-card latencies and wire times, in seconds."""
    deck = shuffled_deck(7, 8)[:cards]
    written: dict[int, float] = {}

    def on_written(seq: int, card: Card, at: float) -> None:
        written[seq] = at

    latencies: list[float] = []
    wire: list[float] = []
    session = TableSession(make_game("missouri-city"), table_id="bench")
    with tempfile.TemporaryDirectory() as folder:
        settings = DeviceSettings(
            Path(folder) / "shoe", deck, baud=baud, manual=True, heartbeat=3600
        )
        with (
            ShoeDevice(settings, on_written) as device,
            open_source(f"serial://{folder}/shoe?baud={baud}") as source,
        ):
            while source.read_event(timeout=0.3) is not None:
                pass  # hello and status
            for number, card in enumerate(deck, start=1):
                ready_for_a_card(session)
                device.draw(1)
                event = source.read_event(timeout=5)
                while event is not None and event.kind != "card":
                    event = source.read_event(timeout=5)
                assert event is not None and event.seq == number and event.card == card
                session.submit(CardArrived(event.card), source=source.url, at=event.at)
                delivered = time.monotonic()
                latencies.append(delivered - written[number])
                frame = encode(CardDrawn(number, card, 90 + number % 11, True, False))
                wire.append(len(frame) * 10 / baud)
                time.sleep(0.002)  # let the acknowledgement cross before the next card
    return latencies, wire


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=200, help="cards per line rate (200)")
    parser.add_argument("--frames", type=int, default=200_000, help="frames for the framer")
    args = parser.parse_args()
    print(f"framer, 4 KiB reads:   {framer_rate(args.frames, 4096):>10,.0f} frames/s")
    print(f"framer, byte at a time:{framer_rate(args.frames // 10, 1):>10,.0f} frames/s")
    print("latency, shoe starts writing a card -> the engine has applied it (real pty)")
    print(
        f"{'baud':>7} {'cards':>6} {'wire ms':>8} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'p50 over wire':>14} {'p99 over wire':>14}"
    )
    for baud in (115200, 9600):
        cards = args.cards if baud > 9600 else max(20, args.cards // 2)
        latencies, wire = pty_latency(baud, cards)
        floor = statistics.mean(wire)
        p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
        print(
            f"{baud:>7} {cards:>6} {floor * 1e3:>8.2f} {p50 * 1e3:>8.2f} {p99 * 1e3:>8.2f} "
            f"{(p50 - floor) * 1e3:>11.2f} ms {(p99 - floor) * 1e3:>11.2f} ms"
        )


if __name__ == "__main__":
    main()
