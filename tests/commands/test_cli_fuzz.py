"""Whatever a person hands the ``table`` command, the answer is an exit code and one line, never a
Python traceback: generated files, URLs and images through the real CLI, in-process."""

from __future__ import annotations

import json
import string
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from table_controller.cli import INTERNAL_ERROR, main
from table_controller.hand_log import HandLog
from tests.hand_log.sample import write_hands

FUZZ = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
SCENARIO_KEYS = st.sampled_from(
    ["game", "deck", "decisions", "switches", "seats", "first_dealt", "extra"]
)
SCENARIOS = st.dictionaries(
    SCENARIO_KEYS,
    JSON
    | st.sampled_from(
        [
            "missouri-city",
            "backhand",
            "buffalo-bayou",
            ["AS", "10H", "JK", "1S", "qs"],
            {"C4": "max"},
            3,
        ]
    ),
    max_size=6,
)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own refusals
        code = int(exc.code or 0)
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    assert code != INTERNAL_ERROR, err
    assert code in (0, 1, 2), (code, err)
    if code:
        assert err.strip(), "a failure must say why"
    return code, err


@FUZZ
@given(
    content=st.binary(max_size=300)
    | JSON.map(lambda v: json.dumps(v).encode())
    | SCENARIOS.map(lambda v: json.dumps(v).encode())
)
def test_any_scenario_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes
) -> None:
    path = tmp_path / "scenario.json"
    path.write_bytes(content)
    run(["scenario", str(path)], capsys)


@pytest.mark.parametrize(
    "content",
    [
        b"\xff\xfe{}",
        b'{"deck": ["\xe9"]}',
        b"\xef\xbb\xbf{}",
        b"[" * 100_000,
        b'{"seats": ' + b"9" * 5000 + b"}",
    ],
)
def test_the_reported_scenario_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes
) -> None:
    path = tmp_path / "scenario.json"
    path.write_bytes(content)
    assert run(["scenario", str(path)], capsys)[0] == 2


@FUZZ
@given(
    option=st.sampled_from(["deck", "seed", "decks", "nope", ""]),
    value=st.text(alphabet=string.printable + "\x00é", max_size=12),
)
def test_any_simulated_shoe_url(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    from urllib.parse import quote

    run(["read-cards", f"sim://?{option}={quote(value)}", "--count", "1"], capsys)


@pytest.mark.parametrize(
    "url",
    [
        "sim://?deck=%00",
        "serial://?url=nonsense://x",
        "nope://x",
        "sim://?deck=/dev/null",
        "replay:///no/such.db?hand=x",
        "camera:///no/such/folder",
    ],
)
def test_the_reported_card_source_urls(capsys: pytest.CaptureFixture[str], url: str) -> None:
    assert run(["read-cards", url, "--count", "1"], capsys)[0] in (1, 2)


def test_a_deck_file_that_is_binary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(b"\x00\xff\xfe binary")
    assert run(["read-cards", f"sim://?deck={path}", "--count", "1"], capsys)[0] == 2


@pytest.fixture(scope="module")
def small_log(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("log")
    with HandLog.open(str(folder / "h.db"), key_path=folder / "hand_log.key") as log:
        write_hands(log, 2)
    return folder / "h.db", folder / "hand_log.key"


@FUZZ
@given(content=st.binary(max_size=80))
def test_any_key_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], small_log: tuple[Path, Path], content: bytes
) -> None:
    key = tmp_path / "k.key"
    key.write_bytes(content)
    key.chmod(0o600)
    run(["audit", "verify", str(small_log[0]), "--key", str(key), "--no-replay"], capsys)


@FUZZ
@given(
    content=st.binary(max_size=200)
    | st.lists(JSON, max_size=3).map(lambda lines: "\n".join(json.dumps(v) for v in lines).encode())
)
def test_any_witness_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], small_log: tuple[Path, Path], content: bytes
) -> None:
    witness = tmp_path / "w.witness"
    witness.write_bytes(content)
    run(
        [
            "audit",
            "verify",
            str(small_log[0]),
            "--key",
            str(small_log[1]),
            "--witness",
            str(witness),
        ],
        capsys,
    )


@FUZZ
@given(content=st.binary(max_size=200) | JSON.map(lambda v: json.dumps(v).encode()))
def test_any_staff_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes) -> None:
    path = tmp_path / "staff.json"
    path.write_bytes(content)
    run(["staff", "list", str(path)], capsys)


@FUZZ
@given(
    height=st.integers(1, 40),
    width=st.integers(1, 40),
    channels=st.sampled_from([1, 3, 4]),
    garbage=st.binary(max_size=64),
)
def test_any_image(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    height: int,
    width: int,
    channels: int,
    garbage: bytes,
) -> None:
    pixels = np.random.default_rng(height * width).integers(
        0, 255, (height, width, channels), dtype=np.uint8
    )
    good = tmp_path / "frame.png"
    cv2.imwrite(str(good), pixels)
    bad = tmp_path / "bad.png"
    bad.write_bytes(good.read_bytes()[:24] + garbage)
    run(["vision", "identify", str(good), str(bad)], capsys)


def test_a_png_that_claims_to_be_huge(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    path = tmp_path / "huge.png"
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(b"\x00" * 100))
        + chunk(b"IEND", b"")
    )
    code, err = run(["vision", "identify", str(path)], capsys)
    assert code == 2 and "huge.png" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--pace", "-1"],
        ["run", "--pace", "nan"],
        ["run", "--hands", "-3"],
        ["run", "--pit-boss-pin", "١٢٣٤", "--port", "1"],
    ],
)
def test_bad_run_options(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert run(argv, capsys)[0] == 2
