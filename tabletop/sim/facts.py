"""Per-game facts a designer wants from a batch: counts per game, and win shares by a seat's label.

Each game's facts (name -> a count for this game, e.g. MegaCorps' wars), labels (label kind -> one
label per seat, e.g. each seat's corporation) and items (kind -> several labels per seat, e.g. the
scrolls it played) are recorded by content.py, from the state's own ``game_facts()`` and
``seat_labels()`` where it has them.  The summary then shows each fact's mean per game and, for each
label, how often a seat carrying it won: a designer sees whether a corporation or a starting
country is favoured.  The winner's margin (the best score minus the next one) is computed for
every game.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from .stats import wilson


@dataclass(frozen=True, slots=True)
class FactStats:
    name: str
    mean: float  # per game
    min: int
    max: int


@dataclass(frozen=True, slots=True)
class LabelStats:
    kind: str  # e.g. "corporation"
    label: str  # e.g. "mokia"
    seated: int  # seats that carried it, over all games
    wins: float  # a win shared by k tied seats counts 1/k
    win_share: float  # wins / seated
    par: float  # the win share of a seat if every seat won as often (1 / players)
    low: float  # Wilson 95% interval of the win share
    high: float


def fact_stats(facts: Sequence[tuple[tuple[str, int], ...] | None]) -> tuple[FactStats, ...] | None:
    if not facts or any(f is None for f in facts):
        return None
    values: dict[str, list[int]] = {}
    for game in facts:
        for name, value in game or ():
            values.setdefault(name, []).append(value)
    return tuple(FactStats(name, statistics.fmean(v), min(v), max(v)) for name, v in values.items())


Labels = tuple[tuple[str, tuple[str, ...]], ...]
Items = tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]


def label_stats(
    labels: Sequence[Labels | None],
    rankings: Sequence[Sequence[int]],
    items: Sequence[Items | None] | None = None,
) -> tuple[LabelStats, ...] | None:
    """Win share by label (and by item: a seat holding an item several times counts once)."""
    held = [_merged(game, None if items is None else items[i]) for i, game in enumerate(labels)]
    if not held or any(h is None for h in held):
        return None
    seated: dict[tuple[str, str], int] = {}
    wins: dict[tuple[str, str], float] = {}
    players = len(rankings[0])
    for game, ranking in zip(held, rankings, strict=True):
        winners = sum(1 for place in ranking if place == 1)
        for kind, per_seat in game or ():
            for seat, found_here in enumerate(per_seat):
                for label in sorted(set(found_here)):
                    key = (kind, label)
                    seated[key] = seated.get(key, 0) + 1
                    wins[key] = wins.get(key, 0.0) + (1.0 / winners if ranking[seat] == 1 else 0.0)
    found = []
    for kind, label in sorted(seated):
        n, w = seated[(kind, label)], wins[(kind, label)]
        low, high = wilson(w, n)
        found.append(LabelStats(kind, label, n, w, w / n, 1 / players, low, high))
    return tuple(found)


def _merged(labels: Labels | None, items: Items | None) -> Items | None:
    """Labels as one-item tuples, then the items; None when there are neither."""
    if labels is None and items is None:
        return None
    return tuple((kind, tuple((x,) for x in seats)) for kind, seats in labels or ()) + (items or ())


def margins(scores: Sequence[Sequence[int]]) -> FactStats:
    """The winner's margin: the best score minus the next best (0 for a shared win)."""
    found = []
    for row in scores:
        ordered = sorted(row, reverse=True)
        found.append(ordered[0] - ordered[1] if len(ordered) > 1 else 0)
    return FactStats("winner's margin", statistics.fmean(found), min(found), max(found))
