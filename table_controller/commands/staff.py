"""``table staff add|remove|list FILE``: the table's named dealers and pit bosses.

The PIN is asked for without echo (or read from standard input when it is not a terminal,
for scripts) and stored only as a salted scrypt hash; ``table run --staff FILE`` loads it.
"""

from __future__ import annotations

import argparse
import getpass
import sys

from table_controller.errors import ConfigError
from table_controller.staff import ROLE_WORDS, ROLES, Staff, check_pin, load_staff, save_staff


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("staff", help="named dealers and pit bosses, each with a PIN")
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", parser_class=type(parser))
    verbs.required = True
    add = verbs.add_parser("add", help="add a dealer or pit boss (asks for the PIN)")
    add.add_argument("file", metavar="FILE", help="the staff file (created if missing)")
    add.add_argument("staff_id", metavar="ID", help="a short id, e.g. jortiz")
    add.add_argument("--name", required=True, help="the name the hand log shows, e.g. 'J. Ortiz'")
    add.add_argument("--role", required=True, choices=ROLES)
    add.set_defaults(func=_add)
    remove = verbs.add_parser("remove", help="remove a staff member")
    remove.add_argument("file", metavar="FILE")
    remove.add_argument("staff_id", metavar="ID")
    remove.set_defaults(func=_remove)
    listing = verbs.add_parser("list", help="list the staff (never the PINs)")
    listing.add_argument("file", metavar="FILE")
    listing.set_defaults(func=_list)


def _existing(path: str) -> Staff:
    try:
        return load_staff(path)
    except ConfigError:
        import os

        if not os.path.exists(path):
            return Staff()
        raise


def _add(args: argparse.Namespace) -> int:
    staff = _existing(args.file)
    pin = _read_pin()
    save_staff(args.file, staff.added(args.staff_id, args.name, args.role, pin))
    print(f"added {ROLE_WORDS[args.role]} {args.name} ({args.staff_id}) to {args.file}")
    return 0


def _remove(args: argparse.Namespace) -> int:
    save_staff(args.file, load_staff(args.file).removed(args.staff_id))
    print(f"removed {args.staff_id} from {args.file}")
    return 0


def _list(args: argparse.Namespace) -> int:
    staff = load_staff(args.file)
    print(f"{'ID':<16} {'ROLE':<12} NAME")
    for m in staff.members:
        print(f"{m.id:<16} {ROLE_WORDS[m.role]:<12} {m.name}")
    return 0


def _read_pin() -> str:
    if sys.stdin is None or not sys.stdin.isatty():
        line = sys.stdin.readline() if sys.stdin is not None else ""
        return check_pin(line.strip(), what="the PIN on standard input")
    pin = getpass.getpass("PIN (4-12 digits): ")
    check_pin(pin, what="the PIN")
    if getpass.getpass("the same PIN again: ") != pin:
        raise ConfigError("the two PINs differ: nothing was changed")
    return pin
