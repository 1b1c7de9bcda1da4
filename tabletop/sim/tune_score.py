"""An objective of a tune spec scored on the games played: a target objective scores how far the
worst matching figure is outside its target (0: met), to be made as small as possible; a direction
objective scores the mean of the matching figures."""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable
from dataclasses import dataclass

from .measures import Tallies
from .tune_spec import Objective


def matching(pattern: str, keys: Iterable[str]) -> list[str]:
    return [k for k in keys if fnmatch.fnmatchcase(k.lower(), pattern.lower())]


@dataclass(frozen=True)
class Score:
    value: float  # what the sampler sees (smaller is better for a target)
    met: bool  # a target met by every figure (True for a direction)
    figures: dict[str, float]  # each matching figure's value


def score(objective: Objective, found: Tallies) -> Score | None:
    """``objective`` on the games ``found`` holds; None when no figure matches (yet)."""
    values: dict[str, float] = {}
    pars: dict[str, float | None] = {}
    for key in matching(objective.figure, found.found):
        t = found.found[key]
        num = sum(n for n, _ in t.parts.values())
        den = sum(d for _, d in t.parts.values())
        if den > 0:
            values[key], pars[key] = num / den, t.figure.par
    if not values:
        return None
    if objective.kind == "direction":
        mean = sum(values.values()) / len(values)
        return Score(mean, True, values)
    worst = 0.0
    for key, v in values.items():
        low, high = objective.low, objective.high
        if objective.kind == "within":
            centre = objective.of if objective.of is not None else pars[key]
            assert centre is not None
            low, high = centre - objective.within, centre + objective.within
        worst = max(worst, low - v, v - high)
    return Score(worst, worst <= 1e-12, values)
