"""The serial shoe driver against the simulated shoe on a real pty, and its URL options.

The contract also runs against a bench shoe when ``TABLE_TEST_SHOE_URL`` is set
(:mod:`tests.drivers.bench_shoe`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from drivers.registry import open_source
from drivers.shoe_serial import SerialShoe
from hardware_sim.decks import shuffled_deck
from hardware_sim.shoe_device import DeviceSettings, ShoeDevice
from table_controller.cards import Card
from table_controller.errors import ConfigError, DriverInitError
from tests.drivers.bench_shoe import BenchDealer, bench_rig, shoe_rigs
from tests.drivers.contract import CardSourceContract, Rig, read_cards

DECK = shuffled_deck(5)


@dataclass
class PtyRig:
    source: SerialShoe
    device: ShoeDevice

    def draw(self, count: int) -> list[Card]:
        first = len(self.device.dealt)
        self.device.draw(count)
        return list(DECK[first : first + count])


@pytest.fixture
def pty_rig(tmp_path: Path) -> Iterator[PtyRig]:
    settings = DeviceSettings(tmp_path / "shoe", DECK, baud=115200, manual=True, heartbeat=5.0)
    with ShoeDevice(settings) as device:
        source = open_source(f"serial://{tmp_path}/shoe?baud=115200&reconnect_delay=0.05")
        assert isinstance(source, SerialShoe)
        with source:
            yield PtyRig(source, device)


@pytest.fixture(scope="session")
def bench_dealer() -> BenchDealer:
    return BenchDealer.from_environment()


class TestSerialShoeContract(CardSourceContract):
    @pytest.fixture(params=shoe_rigs())
    def rig(self, request: pytest.FixtureRequest) -> Iterator[Rig]:
        if request.param == "bench":
            yield from bench_rig(request.getfixturevalue("bench_dealer"))
        else:
            yield request.getfixturevalue("pty_rig")


def test_serial_source_is_not_simulated(pty_rig: PtyRig) -> None:
    assert pty_rig.source.simulated is False  # the runtime marks a simulated pty itself


def test_hello_arrives_on_connect(pty_rig: PtyRig) -> None:
    seen = [pty_rig.source.read_event(timeout=1) for _ in range(3)]  # a heartbeat may lead
    (hello,) = [e for e in seen if e is not None and e.kind == "hello"]
    assert hello.detail["device_id"] == "SIM-SHOE-1"


def test_a_locked_shoe_deals_nothing_until_unlocked(pty_rig: PtyRig) -> None:
    pty_rig.source.set_locked(True)
    time.sleep(0.1)
    pty_rig.draw(1)
    with pytest.raises(AssertionError, match="only 0 of 1"):
        read_cards(pty_rig.source, 1, timeout=0.4)
    pty_rig.source.set_locked(False)
    assert [e.card for e in read_cards(pty_rig.source, 1)] == [DECK[0]]


def test_pyserial_loop_url_opens_and_ignores_its_own_echo() -> None:
    with open_source("serial://?url=loop://&baud=9600") as source:
        assert source.read_event(timeout=0.3) is None  # HELQ/STAQ/UNLK came back; no crash


def test_missing_port_is_a_one_line_init_error(tmp_path: Path) -> None:
    with pytest.raises(DriverInitError, match="cannot open shoe port") as caught:
        open_source(f"serial://{tmp_path}/no-such-tty")
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("serial://", "exactly one"),
        ("serial:///dev/ttyUSB0?url=loop://", "exactly one"),
        ("serial:///dev/ttyUSB0?bauds=9600", "no option 'bauds'; accepted: baud"),
        ("serial:///dev/ttyUSB0?baud=fast", "not a whole number"),
        ("serial:///dev/ttyUSB0?reconnect_max=0", "out of range"),
    ],
)
def test_bad_serial_urls(url: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        open_source(url)
