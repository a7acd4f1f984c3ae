"""Published blackjack house edges to compare ours with (docs/game-math.md names each source).

Whole-game figures: the Wizard of Odds' Blackjack Appendix 9 (wizardofodds.com/games/blackjack/
appendix/9/<page>/), "expected return of game": a recursive combinatorial program on the exact
hand composition, splits valued by the number of hands split only (the approximation
``finite_shoe`` uses too); re-split to four hands except aces, one card to each split ace,
insurance never taken. Rule effects: thecolorofblackjack.com/solution_one.html ("calculate the house edge") and
21sharp.online/articles/casino-conditions, both in house-edge points.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PublishedEdge:
    words: str
    switches: dict[
        str, str
    ]  # blackjack switches (B1..B10); the rest at their defaults, PT2's split limits
    house_edge_pct: float
    source: str
    page: str = ""  # the Appendix 9 page: wizardofodds.com/games/blackjack/appendix/9/<page>/


WIZARD = "Wizard of Odds, Blackjack Appendix 9"
# "Expected return of game", sign turned: house edge in percent of the initial bet.
PUBLISHED_EDGES: tuple[PublishedEdge, ...] = (
    PublishedEdge("1 deck, S17, DAS", {"B1": "1", "B2": "s17"}, -0.1839, WIZARD, "1ds17r4"),
    PublishedEdge(
        "1 deck, S17, no DAS", {"B1": "1", "B2": "s17", "B7": "no"}, -0.0423, WIZARD, "1ds17r4"
    ),
    PublishedEdge("1 deck, H17, DAS", {"B1": "1"}, 0.0072, WIZARD, "1dh17r4"),
    PublishedEdge("1 deck, H17, no DAS", {"B1": "1", "B7": "no"}, 0.1513, WIZARD, "1dh17r4"),
    PublishedEdge("2 decks, H17, DAS", {"B1": "2"}, 0.3797, WIZARD, "2dh17r4"),
    PublishedEdge("2 decks, H17, no DAS", {"B1": "2", "B7": "no"}, 0.5252, WIZARD, "2dh17r4"),
    PublishedEdge("5 decks, S17, DAS", {"B1": "5", "B2": "s17"}, 0.3804, WIZARD, "5ds17r4"),
    PublishedEdge(
        "5 decks, S17, no DAS", {"B1": "5", "B2": "s17", "B7": "no"}, 0.5225, WIZARD, "5ds17r4"
    ),
    PublishedEdge("5 decks, H17, DAS", {"B1": "5"}, 0.5918, WIZARD, "5dh17r4"),
    PublishedEdge("5 decks, H17, no DAS", {"B1": "5", "B7": "no"}, 0.7366, WIZARD, "5dh17r4"),
    PublishedEdge(
        "6 decks, H17, DAS, no hole card (all lost)",
        {"B1": "6", "B3": "enhc"},
        0.72705,
        WIZARD,
        "euro-6dh17r4",
    ),
    PublishedEdge(
        "6 decks, H17, no DAS, no hole card (all lost)",
        {"B1": "6", "B3": "enhc", "B7": "no"},
        0.86975,
        WIZARD,
        "euro-6dh17r4",
    ),
    PublishedEdge(
        "8 decks, H17, DAS, no hole card (all lost)",
        {"B1": "8", "B3": "enhc"},
        0.7562,
        WIZARD,
        "euro-8dh17r4",
    ),
    PublishedEdge(
        "8 decks, H17, no DAS, no hole card (all lost)",
        {"B1": "8", "B3": "enhc", "B7": "no"},
        0.89865,
        WIZARD,
        "euro-8dh17r4",
    ),
)

COLOR = "thecolorofblackjack.com"
SHARP = "21sharp.online"
# (switch, from, to): the published change in house edge, points, by source
PUBLISHED_EFFECTS: dict[tuple[str, str, str], dict[str, float]] = {
    ("B2", "s17", "h17"): {COLOR: 0.20, SHARP: 0.22},
    ("B5", "3:2", "6:5"): {COLOR: 1.39, SHARP: 1.39},
    ("B7", "yes", "no"): {COLOR: 0.13, SHARP: 0.14},
    ("B6", "any", "10-11"): {COLOR: 0.21, SHARP: 0.18},
    ("B6", "any", "9-11"): {SHARP: 0.09},
    ("B10", "none", "late"): {COLOR: -0.06},
}
