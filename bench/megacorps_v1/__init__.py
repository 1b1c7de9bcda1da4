"""The MegaCorps heuristic as it was before it was made fast (commit 2dce708), frozen here to be
measured against: bench/heuristic_speed.py plays it beside the package's heuristic, for speed and in
the arena.  Only imports changed (absolute, from the package); it is not part of the package.
"""

from __future__ import annotations

from typing import Any

from tabletop.agents.base import AGENTS, Agent

NAME = "heuristic-v1"


def make(seed: int) -> Agent[Any]:
    from .heuristic import MegaCorpsHeuristic

    return MegaCorpsHeuristic(seed)


def register() -> str:
    """Registers the old heuristic as a bot (``heuristic-v1``) in this process; its name."""
    AGENTS[NAME] = make
    return NAME
