"""The figures of a balance report, each with a 95% interval, and a variant's differences to the
baseline on the same seeds, with the Holm correction for the number of comparisons.

Every figure is a ratio over the games: a sum over the games of what each game adds to its
numerator, divided by the sum of what it adds to its denominator.  A seat's win share adds its win
(1/k for a first place shared by k seats) over 1 seat; an item's win share, the wins of the seats
that held it over their number; a mission's completion rate, the seats completing it over the
seats that played it; a mean per game, the game's value over 1 game; busts per round, the game's
busts over its rounds.  So a game is the unit everywhere, and the intervals allow for everything
that happens together within one game (one winner a game, several seats holding one mission).

- A mean's interval is the estimate ± 1.96 standard errors, the standard error from the games'
  linearised contributions (the delta method for a ratio).
- A share's interval is Wilson's, on the effective number of trials (the share's binomial variance
  over its variance from the games, at most the number of trials).  With one trial a game (a
  seat's win share) that is the plain Wilson interval of ``tabletop simulate``.
- A difference between a variant and the baseline pairs the games by seed (game i of both runs
  is dealt from the same seed: common random numbers) and takes the standard error of the paired
  contributions; interval ± 1.96 standard errors, p-value two-sided from the normal distribution.
  An identical variant plays the identical games: every difference is exactly 0 (p = 1).
- Holm's step-down correction is applied to each variant's p-values together (every figure the
  report compares, for that variant): a difference is marked significant when its Holm-adjusted
  p-value is below 0.05, which keeps the chance of marking any figure wrongly, per variant, at 5%.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from .content import RATIOS
from .stats import Z95
from .summary import GameResult

ALPHA = 0.05


@dataclass(frozen=True, slots=True)
class Figure:
    key: str  # "<group>: <label>", e.g. "win share by corporation: mokia"
    group: str
    label: str
    share: bool  # a proportion (Wilson interval), else a mean
    par: float | None = None  # what a fair share would be (1 / players), when there is one


@dataclass(slots=True)
class Tally:
    """One figure's numerator and denominator, game by game (games without it add nothing)."""

    figure: Figure
    parts: dict[int, tuple[float, float]] = field(default_factory=dict)

    def add(self, game: int, numerator: float, denominator: float) -> None:
        num, den = self.parts.get(game, (0.0, 0.0))
        self.parts[game] = (num + numerator, den + denominator)


@dataclass(frozen=True, slots=True)
class Estimate:
    figure: Figure
    value: float
    low: float
    high: float
    count: float  # the denominator: seats, seat-rounds, games, rounds...
    games: int

    @property
    def width(self) -> float:
        return self.high - self.low


@dataclass(frozen=True, slots=True)
class Difference:
    figure: Figure
    base: float
    value: float
    diff: float  # value - base
    low: float
    high: float
    p: float
    p_holm: float = 1.0
    significant: bool = False

    @property
    def width(self) -> float:
        return self.high - self.low


def natural(text: str) -> tuple[int, int, str]:
    """Sort labels by their leading number when they have one (seat 10 after seat 9)."""
    found = re.match(r"\d+", text)
    return (0, int(found.group()), text) if found else (1, 0, text)


def wins_of(ranking: Sequence[int]) -> list[float]:
    """Each seat's win: 1/k for a first place shared by k seats, else 0."""
    first = sum(1 for place in ranking if place == 1)
    return [1.0 / first if place == 1 else 0.0 for place in ranking]


class Tallies:
    """The figures of one run, built game by game."""

    def __init__(self, game: str, players: int) -> None:
        self.game, self.players = game, players
        self.found: dict[str, Tally] = {}

    def tally(self, group: str, label: str, share: bool, par: float | None = None) -> Tally:
        key = f"{group}: {label}"
        found = self.found.get(key)
        if found is None:
            found = self.found[key] = Tally(Figure(key, group, label, share, par))
        return found

    def add_game(self, r: GameResult) -> None:
        n, i, par = self.players, r.index, 1.0 / self.players
        wins = wins_of(r.ranking)
        for seat in range(n):
            self.tally("win share by seat", str(seat), True, par).add(i, wins[seat], 1)
        held = [(kind, tuple((x,) for x in seats)) for kind, seats in r.labels or ()]
        for kind, per_seat in held + list(r.items or ()):
            for seat, labels in enumerate(per_seat):
                for label in sorted(set(labels)):
                    self.tally(f"win share by {kind}", label, True, par).add(i, wins[seat], 1)
        for seat in range(n):
            self.tally("points by seat", str(seat), False).add(i, r.scores[seat], 1)
        ordered = sorted(r.scores, reverse=True)
        self.tally("per game", "points per seat", False).add(i, sum(r.scores), n)
        self.tally("per game", "winner's margin", False).add(i, ordered[0] - ordered[1] if n > 1 else 0, 1)
        self.tally("per game", "decisions", False).add(i, r.decisions, 1)
        if r.rounds_played is not None:
            self.tally("per game", "rounds", False).add(i, r.rounds_played, 1)
        facts = dict(r.facts or ())
        for name, value in facts.items():
            self.tally("per game", name, False).add(i, value, 1)
        for ratio in RATIOS.get(self.game, ()):
            if ratio.numerator in facts and ratio.denominator in facts:
                self.tally("rates", ratio.name, ratio.share).add(
                    i, facts[ratio.numerator], facts[ratio.denominator]
                )
        for outcome in r.rounds or ():
            m = str(outcome.mission)
            self.tally("mission completion rate", m, True).add(i, sum(outcome.completed), n)
            self.tally("mission points per seat", m, False).add(i, sum(outcome.points), n)

    def ordered(self) -> list[Tally]:
        """Groups in the order they were first met; labels in natural order within a group."""
        groups = list(dict.fromkeys(t.figure.group for t in self.found.values()))
        return sorted(
            self.found.values(), key=lambda t: (groups.index(t.figure.group), natural(t.figure.label))
        )


def tallies(game: str, players: int, results: Iterable[GameResult]) -> Tallies:
    found = Tallies(game, players)
    for r in results:
        found.add_game(r)
    return found


# ---------------------------------------------------------------------------------- estimates
def wilson_interval(p: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of a proportion ``p`` seen over ``n`` (possibly effective) trials."""
    if n <= 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _parts(t: Tally, games: Sequence[int]) -> tuple[list[float], list[float]]:
    nums, dens = [], []
    for g in games:
        num, den = t.parts.get(g, (0.0, 0.0))
        nums.append(num)
        dens.append(den)
    return nums, dens


def _influence(nums: Sequence[float], dens: Sequence[float]) -> tuple[float, list[float]] | None:
    """The ratio and each game's linearised contribution to its error (None without a denominator)."""
    total = sum(dens)
    if total <= 0:
        return None
    ratio = sum(nums) / total
    return ratio, [(num - ratio * den) / total for num, den in zip(nums, dens, strict=True)]


def _standard_error(contributions: Sequence[float]) -> float:
    g = len(contributions)
    if g < 2:
        return math.nan
    mean = sum(contributions) / g
    return math.sqrt(g * sum((c - mean) ** 2 for c in contributions) / (g - 1))


def estimate(t: Tally, games: Sequence[int]) -> Estimate | None:
    """The figure over ``games`` with its 95% interval; None when no game has it."""
    nums, dens = _parts(t, games)
    found = _influence(nums, dens)
    if found is None:
        return None
    value, contributions = found
    se = _standard_error(contributions)
    count = sum(dens)
    if t.figure.share:
        binomial = value * (1 - value)
        effective = count if math.isnan(se) or se <= 0 or binomial <= 0 else min(count, binomial / se**2)
        low, high = wilson_interval(value, effective)
    elif math.isnan(se):
        low, high = -math.inf, math.inf
    else:
        low, high = value - Z95 * se, value + Z95 * se
    return Estimate(t.figure, value, low, high, count, len(games))


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def compare(base: Tally | None, other: Tally | None, games: Sequence[int]) -> Difference | None:
    """The variant's figure less the baseline's, paired game by game (Holm not yet applied)."""
    if base is None or other is None:
        return None
    a, b = _influence(*_parts(base, games)), _influence(*_parts(other, games))
    if a is None or b is None:
        return None
    diff = b[0] - a[0]
    se = _standard_error([y - x for x, y in zip(a[1], b[1], strict=True)])
    if math.isnan(se):
        low, high, p = -math.inf, math.inf, 1.0
    elif se <= 1e-12 * max(1.0, abs(diff)):
        low = high = diff
        p = 1.0 if diff == 0 else 0.0
    else:
        low, high, p = diff - Z95 * se, diff + Z95 * se, normal_p(diff / se)
    return Difference(other.figure, a[0], b[0], diff, low, high, p)


def holm(differences: Sequence[Difference], alpha: float = ALPHA) -> list[Difference]:
    """Holm's step-down adjusted p-values, in the order given; significant when below ``alpha``."""
    m = len(differences)
    order = sorted(range(m), key=lambda k: differences[k].p)
    adjusted = [1.0] * m
    running = 0.0
    for rank, k in enumerate(order):
        running = max(running, min(1.0, (m - rank) * differences[k].p))
        adjusted[k] = running
    return [
        replace(d, p_holm=adjusted[k], significant=adjusted[k] < alpha) for k, d in enumerate(differences)
    ]


def common_games(*runs: Iterable[int]) -> list[int]:
    """The game indices every run has played (the pairs a comparison may use)."""
    sets = [set(r) for r in runs]
    return sorted(set.intersection(*sets)) if sets else []
