"""``table run``: run a table. (Placeholder until the runtime lands.)"""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("run", help="run the table")
    parser.set_defaults(func=lambda args: 0)
