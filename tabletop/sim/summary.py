"""What a batch of simulated games adds up to: per-seat points and wins, lengths, missions.

Everything except :class:`Timing` is a pure function of the game results in
game order, so the same seed gives the same summary with any number of workers.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..core.protocol import JSON
from .facts import FactStats, LabelStats, fact_stats, label_stats, margins
from .missions import RoundOutcome
from .pool import Played


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game."""

    index: int
    seed: int
    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    decisions: int
    rounds: tuple[RoundOutcome, ...] | None = None  # from the mission hook
    rounds_played: int | None = None  # from a final state's rounds_played(), when it has one
    facts: tuple[tuple[str, int], ...] | None = None  # from a final state's game_facts() (facts.py)
    labels: tuple[tuple[str, tuple[str, ...]], ...] | None = None  # from its seat_labels()
    # content a seat may hold several of (kind, then each seat's labels: e.g. the scrolls it played)
    items: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...] | None = None


@dataclass(frozen=True, slots=True)
class SeatStats:
    seat: int
    bot: str
    mean: float
    stdev: float  # sample standard deviation (0 for a single game)
    min: int
    max: int
    wins: float  # a win shared by k tied seats counts 1/k to each
    win_share: float


@dataclass(frozen=True, slots=True)
class LengthStats:
    """Game length in decisions (actions applied)."""

    mean: float
    min: int
    max: int


@dataclass(frozen=True, slots=True)
class MissionStats:
    mission: int
    task: str
    played: int  # rounds, over all games
    completed: int  # seat-rounds with nonzero points
    completion_rate: float  # completed / (played x players)
    mean_points: float  # per seat per time played


@dataclass(frozen=True, slots=True)
class Timing:
    elapsed_seconds: float
    games_per_second: float


@dataclass(frozen=True)
class Summary:
    game: str
    options: Mapping[str, Any]
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    seats: tuple[SeatStats, ...]
    length: LengthStats
    missions: tuple[MissionStats, ...] | None
    timing: Timing
    results: tuple[GameResult, ...] = field(default=(), repr=False, compare=False)
    round_length: LengthStats | None = None  # games whose states count their rounds
    margin: FactStats | None = None  # the winner's margin over the next score
    facts: tuple[FactStats, ...] | None = None  # per-game counts the game reports (facts.py)
    labels: tuple[LabelStats, ...] | None = None  # win share by seat label (corporation, ...)

    def to_json(self) -> dict[str, JSON]:
        """JSON-ready; timing lives under "timing" so the rest can be compared between runs."""
        return {
            "game": self.game,
            "options": dict(self.options),
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "bots": list(self.bots),
            "seats": [asdict(s) for s in self.seats],
            "length": asdict(self.length),
            "missions": None if self.missions is None else [asdict(m) for m in self.missions],
            "round_length": None if self.round_length is None else asdict(self.round_length),
            "margin": None if self.margin is None else asdict(self.margin),
            "facts": None if self.facts is None else [asdict(f) for f in self.facts],
            "labels": None if self.labels is None else [asdict(x) for x in self.labels],
            "timing": asdict(self.timing),
        }


def _seat_stats(results: Sequence[GameResult], seat: int, bot: str) -> SeatStats:
    points = [r.scores[seat] for r in results]
    wins = 0.0
    for r in results:
        if r.ranking[seat] == 1:
            wins += 1.0 / sum(1 for place in r.ranking if place == 1)
    return SeatStats(
        seat=seat,
        bot=bot,
        mean=statistics.fmean(points),
        stdev=statistics.stdev(points) if len(points) > 1 else 0.0,
        min=min(points),
        max=max(points),
        wins=wins,
        win_share=wins / len(results),
    )


def _mission_stats(
    results: Sequence[GameResult], players: int, tasks: Mapping[int, str]
) -> tuple[MissionStats, ...] | None:
    if any(r.rounds is None for r in results):
        return None
    played: dict[int, int] = {}
    completed: dict[int, int] = {}
    points: dict[int, int] = {}
    for r in results:
        for outcome in r.rounds or ():
            m = outcome.mission
            played[m] = played.get(m, 0) + 1
            completed[m] = completed.get(m, 0) + sum(outcome.completed)
            points[m] = points.get(m, 0) + sum(outcome.points)
    return tuple(
        MissionStats(
            mission=m,
            task=tasks.get(m, ""),
            played=played[m],
            completed=completed[m],
            completion_rate=completed[m] / (played[m] * players),
            mean_points=points[m] / (played[m] * players),
        )
        for m in sorted(played)
    )


def summarize(played: Played[GameResult], tasks: Mapping[int, str] | None = None) -> Summary:
    """The summary of a run's games (``tasks``: the missions' names, by number)."""
    game, options, seed, bots = played.game, played.options, played.seed, played.bots
    results, elapsed = played.results, played.elapsed
    if not results:
        raise ValueError("nothing to summarize: no games were played")
    players = len(bots)
    lengths = [r.decisions for r in results]
    rounds = [r.rounds_played for r in results if r.rounds_played is not None]
    return Summary(
        game=game,
        options=dict(options),
        players=players,
        games=len(results),
        seed=seed,
        bots=tuple(bots),
        seats=tuple(_seat_stats(results, s, bots[s]) for s in range(players)),
        length=LengthStats(mean=statistics.fmean(lengths), min=min(lengths), max=max(lengths)),
        missions=_mission_stats(results, players, tasks or {}),
        timing=Timing(
            elapsed_seconds=elapsed,
            games_per_second=len(results) / max(elapsed, 1e-9),
        ),
        results=tuple(results),
        round_length=LengthStats(statistics.fmean(rounds), min(rounds), max(rounds))
        if len(rounds) == len(results)
        else None,
        margin=margins([r.scores for r in results]),
        facts=fact_stats([r.facts for r in results]),
        labels=label_stats(
            [r.labels for r in results], [r.ranking for r in results], [r.items for r in results]
        ),
    )
