"""Difficulty levels for people, mapped to bots and search budgets.

``normal`` counts iterations, so that it plays the same on any machine and a seeded game replays
exactly.  ``hard`` thinks for at most a second a decision on every core it is given, with a cap on
iterations that a compiled build on two cores reaches first in most positions (a replay with the
same seed on the same machine then reproduces), and in the games of :data:`INFORMED` finishes its
iterations with the heuristic's play rather than the game's cheap roll-out
(heuristics.HeuristicRollout): fewer iterations, each a truer picture of how the hand goes on.
docs/benchmarks.md gives the time each takes and what it wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .base import Agent, UnknownAgent


@dataclass(frozen=True)
class Level:
    """A search level's budget: ``iterations``, or ``seconds`` with at most ``iterations``; on
    every core it is given (``parallel``) or on one; roll-outs by the game's heuristic in the games
    ``heuristic_rollouts`` names, elsewhere by the game's cheap policy."""

    iterations: int
    seconds: float | None = None
    parallel: bool = False
    heuristic_rollouts: frozenset[str] = frozenset()


LEVELS = ("easy", "normal", "hard")
# Where the heuristic's roll-outs made the search stronger against normal (docs/benchmarks.md, "The
# hard level"); in Summon 7, ManaSurge and MegaCorps they did not measurably help: those games'
# own roll-outs are already a card counter or the heuristic cut down to what is cheap.
INFORMED = frozenset({"megalomania", "clan"})
SEARCH = {
    "normal": Level(500),
    "hard": Level(3_000, seconds=1.0, parallel=True, heuristic_rollouts=INFORMED),
}


def agent_for(level: str, seed: int = 0, workers: int | None = None) -> Agent[Any]:
    """The bot behind a difficulty level: easy is the heuristic, normal and hard search; a
    parallel level searches on ``workers`` processes (None: every core of the machine)."""
    if level == "easy":
        from .heuristics import Heuristic

        return Heuristic(seed)
    found = SEARCH.get(level)
    if found is None:
        raise UnknownAgent(f"no difficulty {level!r}; choose one of {', '.join(LEVELS)}")
    from .heuristics import HeuristicRollout

    rollout = HeuristicRollout(games=found.heuristic_rollouts) if found.heuristic_rollouts else None
    if found.parallel:
        from .parallel import ParallelISMCTS

        return ParallelISMCTS(
            seed, seconds=found.seconds, cap=found.iterations, workers=workers, rollout=rollout
        )
    from .ismcts import ISMCTS

    if found.seconds:
        return ISMCTS(seed, seconds=found.seconds, cap=found.iterations, rollout=rollout)
    return ISMCTS(seed, iterations=found.iterations, rollout=rollout)
