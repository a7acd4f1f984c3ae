"""The ``table`` command: one entry point, one module per subcommand.

Each module listed in :data:`COMMAND_MODULES` defines ``register(subparsers)``, which adds its
subparser and sets ``func`` (taking the parsed ``argparse.Namespace`` and returning an exit
code). Exit codes: 0 success, 1 a failure, 2 bad usage. Errors are one line on stderr, never
a traceback for bad input.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from table_controller.errors import ConfigError, ScenarioError, TableError
from table_controller.stop_request import StopRequest

COMMAND_MODULES: tuple[str, ...] = (
    "table_controller.commands.run",
    "table_controller.commands.audit",
    "table_controller.commands.scenario",
    "table_controller.commands.vision",
    "table_controller.commands.sim_shoe",
    "table_controller.commands.read_cards",
    "table_controller.commands.staff",
    "table_controller.commands.analyse",
    "table_controller.commands.train",
    "table_controller.commands.floor",
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        """One line, as every error of this command is; the usage is a --help away (the block
        argparse prints first was 9 lines above the one that says what is wrong)."""
        print(f"{self.prog}: error: {message} (see {self.prog} --help)", file=sys.stderr)
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="table", description="Card-table controller.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    subparsers.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # A Ctrl-C while the command is still being read (its modules imported: up to a second on a
    # loaded machine) waits until they are in. Raised inside an import it became an "internal
    # error" (pydantic wraps it), a traceback, or, even once caught here, a process killed by
    # SIGINT without a word (CPython does that to `import numpy, fastapi` interrupted, too).
    # OpenCV's own warnings (a camera it cannot open: "[ WARN:0@0.2] global cap_v4l.cpp ...") are
    # not for the person at the table: the driver says what went wrong in one line of its own
    os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")
    with StopRequest() as early:
        args = parse(build_parser(), argv)
        one_blas_thread()
    if early.requested:
        return INTERRUPTED
    try:
        return int(args.func(args) or 0)
    except (ConfigError, ScenarioError) as exc:
        print(f"table {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except TableError as exc:
        print(f"table {args.command}: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return INTERRUPTED
    except BrokenPipeError:  # e.g. `table audit export DB | head`: the reader has had enough
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:  # a bug: one line for the person, the traceback kept in a file
        where = _keep_traceback()
        print(
            f"table {args.command}: internal error (a bug, please report it): {type(exc).__name__}: "
            f"{str(exc)[:200]}; details in {where}",
            file=sys.stderr,
        )
        return INTERNAL_ERROR


def parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments; one left over is named by the command it was given to (``table run:
    error: unrecognized arguments: --bogus``), not by ``table``."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        _chosen(parser, args).error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def _chosen(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """The innermost subcommand's parser ``args`` were read by (``table audit verify``)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            sub = action.choices.get(getattr(args, action.dest, None) or "")
            if sub is not None:
                return _chosen(sub, args)
    return parser


def one_blas_thread() -> None:
    """numpy's BLAS keeps a thread per core spinning between the small products the camera's
    recogniser makes by the hundred each frame: twice the CPU for no gain in time on a table's
    two shared cores. One thread does the work: numpy's BLAS is limited now, and one loaded later
    (OpenCV brings its own) reads the variable."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import numpy  # noqa: F401  (loaded first: the limit applies to the libraries already loaded)
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1, user_api="blas")


INTERNAL_ERROR = 70  # EX_SOFTWARE: never the answer to bad input, which is 2
INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command stopped by Ctrl-C


def _keep_traceback() -> str:
    import tempfile
    import traceback

    fd, path = tempfile.mkstemp(prefix="table-error-", suffix=".txt")
    with os.fdopen(fd, "w") as out:
        traceback.print_exc(file=out)
    return path


if __name__ == "__main__":
    raise SystemExit(main())
