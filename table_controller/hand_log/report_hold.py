"""Hold against theory: what each table, game, dealer, shift, gaming day and the month to date
won beside what the games' own math says it should have, with the 95% band that the bets made
allow; a figure outside its band is flagged for investigation.

The figures per bet come from the game's declaration (``GameRecord.theory``: the house's edge,
the standard deviation of one bet's result per unit staked, and how two bets of one round
correlate, ``together``); nothing here knows a game. For each settled house bet of ``s`` cents
the expected win is ``edge * s``; the independent unit is the round (a hand): bets ``i`` and
``j`` of one round, of ``s_i`` and ``s_j`` cents, vary together by ``rho_ij * sd_i * sd_j * s_i
* s_j`` (``rho_ii`` = 1, a pair the game does not declare: 0), so the round's variance is the
sum over its pairs, the rounds' variances add, and the band is ``theory +- 1.96 *
sqrt(that sum)``, widened by a simulated figure's own interval. Bets whose game gives no figure
count in the drop and win, not in the comparison.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from table_controller.contract import BetTheory
from table_controller.errors import ConfigError, TableError
from table_controller.hand_log.account import dealer_name
from table_controller.hand_log.reader import RecordedHand
from table_controller.hand_log.records import EVENT
from table_controller.hand_log.report_rounds import is_void, standing_settlements

Z95 = 1.959963984540054
Key = tuple[str, str]  # (the game's configuration, as text; the bet)
Theories = Callable[[str], dict[str, BetTheory] | str]  # configuration -> figures, or why none


@dataclass(frozen=True, slots=True)
class HoldSettings:
    """The casino's clock: its time zone, the hour its gaming day starts, and its shifts (name,
    the hour they start, in the casino's time), all settings."""

    zone: str = "UTC"
    day_starts: int = 6
    shifts: tuple[tuple[str, int], ...] = (("day", 6), ("swing", 14), ("grave", 22))

    @classmethod
    def parse(cls, zone: str, day_starts: int, shifts: str) -> HoldSettings:
        """From the command line: ``--shifts day=6,swing=14,grave=22``; bad text is a ConfigError."""
        try:
            ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise ConfigError(f"unknown time zone {zone!r} (e.g. UTC, America/Chicago)") from None
        if not 0 <= day_starts <= 23:
            raise ConfigError(f"the gaming day starts at an hour 0 to 23 (got {day_starts})")
        parsed = []
        for item in shifts.split(","):
            name, _, hour = item.partition("=")
            if not name.strip() or not hour.strip().isdigit() or not 0 <= int(hour) <= 23:
                raise ConfigError(
                    f"--shifts takes NAME=HOUR,... e.g. day=6,swing=14 (got {item!r})"
                )
            parsed.append((name.strip(), int(hour)))
        return cls(zone, day_starts, tuple(sorted(parsed, key=lambda s: s[1])))

    def local(self, at: float) -> datetime:
        return datetime.fromtimestamp(at, ZoneInfo(self.zone))

    def day_began(self, at: float) -> float:
        """When the gaming day ``at`` falls in began, in epoch seconds."""
        local = self.local(at) - timedelta(hours=self.day_starts)
        start = local.replace(hour=0, minute=0, second=0, microsecond=0)
        return (start + timedelta(hours=self.day_starts)).timestamp()

    def gaming_day(self, at: float) -> str:
        return (self.local(at) - timedelta(hours=self.day_starts)).date().isoformat()

    def shift(self, at: float) -> str:
        hour = self.local(at).hour
        started = [name for name, start in self.shifts if start <= hour]
        name = started[-1] if started else self.shifts[-1][0]  # before the first: the last's
        return f"{self.gaming_day(at)} {name}"


@dataclass
class BetSums:
    bets: int = 0
    drop: int = 0
    win: int = 0
    squares: float = 0.0  # sum of stakes squared, for the variance
    rounds: dict[str, float] = field(default_factory=dict)  # other bet -> sum over rounds of
    # (this bet's stakes in the round) * (the other's), for the covariance within a round


@dataclass
class HoldTally:
    """A group's hands and its house bets, summed per game configuration and bet."""

    hands: int = 0
    voids: int = 0
    irregularities: int = 0
    sums: dict[Key, BetSums] = field(default_factory=dict)
    dealers: set[str] = field(default_factory=set)

    def add(self, hand: RecordedHand) -> None:
        self.hands += 1
        self.dealers.add(dealer_name(hand.header))
        self.voids += is_void(hand)
        self.irregularities += irregularity_count(hand)
        config = configuration(hand.header)
        in_round: dict[str, int] = {}
        for p in house_bets(hand):
            s = self.sums.setdefault((config, str(p["bet"])), BetSums())
            staked = int(p.get("staked") or 0)
            s.bets += 1
            s.drop += staked
            s.win += int(p.get("collected") or 0) - int(p.get("paid") or 0)
            s.squares += staked * staked
            in_round[str(p["bet"])] = in_round.get(str(p["bet"]), 0) + staked
        for bet, staked in in_round.items():
            crossed = self.sums[(config, bet)].rounds
            for other, other_staked in in_round.items():
                crossed[other] = crossed.get(other, 0.0) + float(staked) * other_staked

    @property
    def drop(self) -> int:
        return sum(s.drop for s in self.sums.values())

    @property
    def win(self) -> int:
        return sum(s.win for s in self.sums.values())


@dataclass(frozen=True, slots=True)
class HoldRow:
    """One group's figures, in cents and percent of the drop."""

    name: str
    hands: int
    drop: int
    win: int
    covered_drop: int  # of the drop, what the theory covers
    covered_win: int
    theory: float | None  # expected win of the covered bets, cents
    low: float | None  # the 95% band of the covered win, cents
    high: float | None
    simulated: bool
    voids: int
    irregularities: int
    missing: tuple[str, ...]  # "bet: why" for bets without a figure
    dealers: tuple[str, ...] = ()  # who dealt the group's hands

    @property
    def hold_pct(self) -> float | None:
        return 100 * self.win / self.drop if self.drop else None

    def pct(self, cents: float | None) -> float | None:
        return None if cents is None or not self.covered_drop else 100 * cents / self.covered_drop

    @property
    def outside(self) -> bool:
        if self.low is None or self.high is None or not self.covered_drop:
            return False
        return not self.low <= self.covered_win <= self.high


def hold_row(name: str, tally: HoldTally, theories: Theories) -> HoldRow:
    theory = variance = widen = 0.0
    covered_drop = covered_win = 0
    missing: set[str] = set()
    simulated = False
    for (config, bet), s in sorted(tally.sums.items()):
        figures = theories(config)
        figure = figures.get(bet) if isinstance(figures, dict) else None
        if figure is None or figure.edge is None or figure.sd is None:
            why = figures if isinstance(figures, str) else (figure.basis if figure else "")
            missing.add(f"{bet}: {why or 'the game declares no figure for it'}")
            continue
        covered_drop += s.drop
        covered_win += s.win
        theory += figure.edge * s.drop
        variance += round_variance(bet, figure, s, figures if isinstance(figures, dict) else {})
        if not figure.exact:
            simulated = True
            widen += (figure.interval or 0.0) * s.drop
    has = covered_drop > 0
    half = Z95 * max(0.0, variance) ** 0.5 + widen
    return HoldRow(
        name,
        tally.hands,
        tally.drop,
        tally.win,
        covered_drop,
        covered_win,
        theory if has else None,
        theory - half if has else None,
        theory + half if has else None,
        simulated,
        tally.voids,
        tally.irregularities,
        tuple(sorted(missing)),
        tuple(sorted(tally.dealers)),
    )


def round_variance(
    bet: str, figure: BetTheory, sums: BetSums, figures: dict[str, BetTheory]
) -> float:
    """This bet's share of the rounds' variance: its bets' own, and its covariance with each bet
    of the same rounds (the other bet's share holds the other half of a pair of names)."""
    sd = figure.sd or 0.0
    own = sd**2 * sums.squares
    for other, stakes in sums.rounds.items():
        theirs = figures.get(other)
        if theirs is None or theirs.edge is None or not theirs.sd:
            continue
        rho = figure.together.get(other, theirs.together.get(bet, 0.0))
        pairs = stakes - sums.squares if other == bet else stakes  # distinct bets only
        own += rho * sd * theirs.sd * pairs
    return own


# ----- what the log says -------------------------------------------------------------------------
def house_bets(hand: RecordedHand) -> list[dict[str, Any]]:
    """The bets the house took part in: standing settlements (a void's returns left out), not a
    seat's bank nor money between players."""
    return [
        p
        for p in standing_settlements(hand)
        if not (p.get("banker") or p.get("payee") or p.get("payer"))
    ]


def irregularity_count(hand: RecordedHand) -> int:
    return sum(
        e.get("type") == "irregularity"
        for r in hand.records
        if r.kind == EVENT
        for e in (r.payload.get("effects") or [])
    )


def configuration(header: dict[str, Any]) -> str:
    """What a game's figures depend on, as text: its id, switches, seats and pay table."""
    seats = header.get("seats")
    return json.dumps(
        {
            "game": header.get("game"),
            "switches": header.get("switches") or {},
            "seats": len(seats) if isinstance(seats, list) else seats,
            "paytable": header.get("paytable"),
            "first_dealt": header.get("first_dealt"),
        },
        sort_keys=True,
    )


def game_theory(config: str) -> dict[str, BetTheory] | str:
    """The figures the game's record declares for this configuration, or why there are none."""
    from table_controller.contract import Setup
    from table_controller.games import record

    given = json.loads(config)
    try:
        rec = record(str(given["game"]))
        if rec.theory is None:
            return f"{rec.title} declares no theoretical hold"
        custom = rec.takes_paytable and given["switches"].get(rec.takes_paytable) == "custom"
        game = rec.make(
            Setup(
                given["switches"],
                given["seats"],
                given["first_dealt"],
                given["paytable"] if custom else None,
            )
        )
        return dict(rec.theory(game))
    except TableError as exc:
        return f"the game cannot be built from its header ({exc})"


def kept(theories: Theories) -> Theories:
    """``theories`` computed once per configuration (a report asks for each many times)."""
    seen: dict[str, dict[str, BetTheory] | str] = {}

    def lookup(config: str) -> dict[str, BetTheory] | str:
        if config not in seen:
            seen[config] = theories(config)
        return seen[config]

    return lookup


# ----- the groups -------------------------------------------------------------------------------
GROUPINGS: tuple[tuple[str, Callable[[RecordedHand, HoldSettings], str]], ...] = (
    ("table", lambda h, _s: h.table),
    ("game", lambda h, _s: str(h.header.get("title") or h.header.get("game"))),
    ("dealer", lambda h, _s: dealer_name(h.header)),
    ("shift", lambda h, s: s.shift(h.header_record.at)),
    ("gaming day", lambda h, s: s.gaming_day(h.header_record.at)),
)


def grouped(
    hands: Iterable[RecordedHand], settings: HoldSettings
) -> dict[str, dict[str, HoldTally]]:
    """Every grouping's tallies, and the month to date (the month of the last gaming day)."""
    hands = list(hands)
    out: dict[str, dict[str, HoldTally]] = {name: {} for name, _ in GROUPINGS}
    for hand in hands:
        for name, key in GROUPINGS:
            out[name].setdefault(key(hand, settings), HoldTally()).add(hand)
    days = sorted(out["gaming day"])
    out["month to date"] = {}
    if days:
        month = days[-1][:7]
        mtd = out["month to date"].setdefault(f"{month}-01 to {days[-1]}", HoldTally())
        for hand in hands:
            if settings.gaming_day(hand.header_record.at).startswith(month):
                mtd.add(hand)
    return out


def hold_rows(
    hands: Iterable[RecordedHand], settings: HoldSettings, theories: Theories
) -> dict[str, list[HoldRow]]:
    return {
        grouping: [hold_row(name, t, theories) for name, t in sorted(tallies.items())]
        for grouping, tallies in grouped(hands, settings).items()
    }
