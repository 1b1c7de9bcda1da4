"""Difficulty levels for people, mapped to bots and search budgets.

Budgets are counted in iterations, not seconds, so that a level plays the same on any machine
and a seeded game replays exactly; docs/benchmarks.md gives the time each takes per decision.
"""

from __future__ import annotations

from typing import Any

from .base import Agent, UnknownAgent

LEVELS = ("easy", "normal", "hard")
ITERATIONS = {"normal": 500, "hard": 3000}


def agent_for(level: str, seed: int = 0) -> Agent[Any]:
    """The bot behind a difficulty level: easy is the heuristic, normal and hard search."""
    if level == "easy":
        from .heuristics import Heuristic

        return Heuristic(seed)
    if level in ITERATIONS:
        from .ismcts import ISMCTS

        return ISMCTS(seed, iterations=ITERATIONS[level])
    raise UnknownAgent(f"no difficulty {level!r}; choose one of {', '.join(LEVELS)}")
