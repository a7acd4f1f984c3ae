"""Bad input to any `table` command: a one-line error on stderr, exit 2 (usage) or 1 (failure),
never a traceback."""

import subprocess
import sys

import pytest

CASES = [
    (
        ["run", "--cards", "bogus://x", "--autopilot", "--hands", "1", "--no-log"],
        2,
        "unknown card source 'bogus://x'",
    ),
    (
        ["run", "--switch", "C4=foo", "--autopilot", "--hands", "1", "--no-log"],
        2,
        "switch C4 is one of cap21, max (got 'foo')",
    ),
    (
        ["run", "--switch", "C4", "--autopilot", "--hands", "1", "--no-log"],
        2,
        "--switch takes ID=VALUE",
    ),
    (["run", "--game", "poker", "--no-log"], 2, "unknown game 'poker'"),
    (["run", "--hands", "2", "--no-log"], 2, "--hands goes with --autopilot"),
    (["read-cards", "sim://?seed=x", "--count", "1"], 2, "seed='x' is not a whole number"),
    (["read-cards", "sim://?colour=red"], 2, "colour"),
    (["scenario", "/nonexistent.json"], 2, "cannot read /nonexistent.json"),
    (["audit", "verify", "/nonexistent.db"], 1, "no hand log at /nonexistent.db"),
    (["no-such-command"], 2, "invalid choice"),
]


@pytest.mark.parametrize(
    ("args", "code", "message"), CASES, ids=[" ".join(c[0][:2]) for c in CASES]
)
def test_bad_input_gets_one_clear_line(args, code, message):
    proc = subprocess.run(
        [sys.executable, "-m", "table_controller.cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == code, proc.stderr
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and proc.stderr.startswith("table")


def test_every_command_has_help():
    proc = subprocess.run(
        [sys.executable, "-m", "table_controller.cli", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    commands = ["run", "scenario", "sim-shoe", "read-cards", "audit", "vision"]
    for name in commands:
        assert name in proc.stdout
        sub = subprocess.run(
            [sys.executable, "-m", "table_controller.cli", name, "--help"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert sub.returncode == 0 and "usage: table" in sub.stdout


def test_autopilot_in_the_terminal_plays_hands():
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "table_controller.cli",
            "run",
            "--autopilot",
            "--hands",
            "3",
            "--no-log",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Deal show card S3" in proc.stdout
    assert proc.stdout.count("hand ") >= 3 and "3 hands played" in proc.stdout


def test_output_cut_short_by_a_pipe_is_not_an_error(tmp_path):
    """`table ... | head`: the reader goes away before the trace is written."""
    scenario = tmp_path / "s.json"
    scenario.write_text(
        '{"game": "missouri-city", "deck": ["10S","6H","5D","10H","2C","7S","5C","4H","4D","8S","9C"], '
        '"decisions": [{"seat": "green", "action": "hit"}, {"seat": "red", "action": "hit"}, '
        '{"seat": "green", "action": "backhand"}, {"seat": "red", "action": "backhand"}]}'
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "table_controller.cli", "scenario", str(scenario)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.close()  # the reader is gone before the command writes a byte
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0
    assert b"Traceback" not in err and b"BrokenPipe" not in err


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


START_UP = [
    (
        ["run", "--cards", "serial:///dev/ttyNONE"],
        1,
        "cannot open shoe port '/dev/ttyNONE' (No such file or directory): is the shoe plugged in",
    ),
    (["run", "--cards", "sim://?seed=abc"], 2, "option seed='abc' is not a whole number"),
    (["run", "--cards", "sim://?decks=9"], 2, "option decks=9 is out of range 1..8"),
    (
        ["run", "--cards", "sim://?seed=1", "--cards", "sim-camera://?seed=x"],
        2,
        "seed='x' is not a whole number",
    ),
    (
        ["train", "--trainee", "ann", "--cards", "nonsense://"],
        2,
        "unknown card source 'nonsense://'",
    ),
    (["train", "--trainee", "ann", "--cards", "serial:///dev/ttyNONE"], 1, "cannot open shoe port"),
    (
        ["run", "--witness", "/nonexistent-share/table.witness"],
        2,
        "the folder /nonexistent-share does not exist (mount the share, or create it)",
    ),
    (["run", "--witness", "/tmp"], 2, "--witness /tmp is a folder: name a file in it"),
    (
        ["run", "--cards", "serial://?url=bogus://x"],
        2,
        "cannot open shoe port 'bogus://x': invalid URL, protocol 'bogus' "
        "not known (check --cards)",
    ),
    (
        ["run", "--cards", "camera://97"],
        1,
        "camera://97: cannot open the camera or video",
    ),  # no OpenCV warnings
]


@pytest.mark.parametrize(
    ("args", "code", "message"), START_UP, ids=[" ".join(c[0][:3]) for c in START_UP]
)
def test_a_table_that_cannot_start_says_so_in_one_line_before_serving(
    args, code, message, tmp_path
):
    """The display's start-up: a source that cannot be opened is one line and its exit code,
    before anything is served (it was uvicorn's lifespan traceback and exit 3)."""
    import socket

    port = _free_port()
    logged = ["--log", str(tmp_path / "h.db")] if "--witness" in args else ["--no-log"]
    proc = subprocess.run(
        [sys.executable, "-m", "table_controller.cli", *args, "--port", str(port), *logged],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**__import__("os").environ, "TABLE_DATA_DIR": str(tmp_path)},
    )
    assert proc.returncode == code, proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert message in proc.stderr and proc.stderr.startswith(f"table {args[0]}: error: ")
    assert "http://" not in proc.stdout  # no page was announced, none served
    with socket.socket() as probe:  # and the port was let go (never taken)
        probe.bind(("127.0.0.1", port))


def _command_paths(parser, path=()):
    """Every command and subcommand: ("run",), ("audit", "verify"), ..."""
    import argparse

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _command_paths(sub, (*path, name))
            return
    yield path


def test_every_usage_error_is_one_line_naming_the_command_and_its_help(capsys):
    """The README's promise, for argparse's own errors too: no 9-line usage block first."""
    from table_controller.cli import build_parser, main

    paths = list(_command_paths(build_parser()))
    assert ("run",) in paths and ("audit", "verify") in paths and len(paths) > 10
    for path in paths:
        with pytest.raises(SystemExit) as stopped:
            main([*path, "--no-such-option"])
        err = capsys.readouterr().err
        prog = " ".join(("table", *path))
        assert stopped.value.code == 2
        (line,) = err.splitlines()  # one line, whichever mistake argparse names first
        assert line.startswith(f"{prog}: error: ") and line.endswith(f" (see {prog} --help)")
        assert "--no-such-option" in line or "required" in line


@pytest.mark.parametrize(
    "args", [["run", "--pace", "x"], ["audit"], [], ["train", "--mode", "zzz"]]
)
def test_a_bad_value_or_a_missing_argument_is_one_line_too(args):
    proc = subprocess.run(
        [sys.executable, "-m", "table_controller.cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    (line,) = proc.stderr.splitlines()
    assert line.startswith("table") and ": error: " in line and line.endswith(" --help)")
