"""Difficulty levels for people, mapped to bots and search budgets.

``normal`` counts iterations, so that it plays the same on any machine and a seeded game replays
exactly.  ``hard`` thinks for at most a second a decision on every core it is given, with a cap on
iterations that a compiled build on two cores reaches first in most positions (a replay with the
same seed on the same machine then reproduces); docs/benchmarks.md gives the time each takes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .base import Agent, UnknownAgent


@dataclass(frozen=True)
class Level:
    """A search level's budget: ``iterations``, or ``seconds`` with at most ``iterations``; on
    every core it is given (``parallel``) or on one."""

    iterations: int
    seconds: float | None = None
    parallel: bool = False


LEVELS = ("easy", "normal", "hard")
SEARCH = {"normal": Level(500), "hard": Level(12_000, seconds=1.0, parallel=True)}


def agent_for(level: str, seed: int = 0, workers: int | None = None) -> Agent[Any]:
    """The bot behind a difficulty level: easy is the heuristic, normal and hard search; a
    parallel level searches on ``workers`` processes (None: every core of the machine)."""
    if level == "easy":
        from .heuristics import Heuristic

        return Heuristic(seed)
    found = SEARCH.get(level)
    if found is None:
        raise UnknownAgent(f"no difficulty {level!r}; choose one of {', '.join(LEVELS)}")
    if found.parallel:
        from .parallel import ParallelISMCTS

        return ParallelISMCTS(seed, seconds=found.seconds, cap=found.iterations, workers=workers)
    from .ismcts import ISMCTS

    if found.seconds:
        return ISMCTS(seed, seconds=found.seconds, cap=found.iterations)
    return ISMCTS(seed, iterations=found.iterations)
