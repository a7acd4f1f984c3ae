"""Blackjack on the finite shoe: our combinatorial figure for each published rule set, the difference,
and the CPU time each took (time.process_time: the machine is shared), as a markdown table.

    .venv/bin/python benchmarks/blackjack_exact.py [--strategy cd|td]
"""

from __future__ import annotations

import argparse
import time

from table_controller.games.blackjack.basic_strategy import Rules
from table_controller.games.blackjack.finite_shoe import analyse
from table_controller.games.blackjack.paytables import builtin_paytable
from table_controller.games.blackjack.published_edges import PUBLISHED_EDGES
from table_controller.games.blackjack.switches import Switches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strategy", choices=("cd", "td"), default="cd")
    args = parser.parse_args()
    print("| rules | published | ours | ours - published | CPU s | source page |")
    print("|---|---|---|---|---|---|")
    for pub in PUBLISHED_EDGES:
        sw = Switches.from_dict(pub.switches)
        rules = Rules.from_switches(sw, builtin_paytable("PT2"))
        start = time.process_time()
        ours = analyse(rules, sw.decks, args.strategy).house_edge_pct
        took = time.process_time() - start
        print(
            f"| {pub.words} | {pub.house_edge_pct:.4f} | {ours:.4f} | {ours - pub.house_edge_pct:+.4f} | "
            f"{took:.1f} | {pub.page} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
