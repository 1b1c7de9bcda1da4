"""Mission scoring: one function per task, each given every seat's taken tricks.

Scoring counts the printed colours and values of the cards in a seat's tricks:
cubes and the Oracle's colour change act only on the turn they are used
(docs/rulings.md, "Cubes and Oracle at scoring").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import BLACK, BLUE, CARD_COLOUR, CARD_VALUE, DWARF, RED, WIZARD, YELLOW, rank_of, value_of
from .data import Mission

Trick = tuple[int, ...]
Tricks = Sequence[Sequence[Trick]]  # per seat, the tricks it took this round


def _cards(tricks: Sequence[Trick]) -> list[int]:
    return [c for trick in tricks for c in trick]


def _colour_count(tricks: Sequence[Trick], colour: int) -> int:
    return sum(1 for trick in tricks for c in trick if CARD_COLOUR[c] == colour)


def _all_colours(tricks: Sequence[Trick]) -> bool:
    return len({CARD_COLOUR[c] for trick in tricks for c in trick}) == 4


def _total_value(tricks: Sequence[Trick]) -> int:
    return sum(CARD_VALUE[c] for trick in tricks for c in trick)


def _most(counts: Sequence[int]) -> list[bool]:
    """Who alone has the most (none when several are equal: docs/rulings.md, M16)."""
    best = max(counts)
    return [n == best and best > 0 and counts.count(best) == 1 for n in counts]


# Fixed missions: does the seat meet the task?
FIXED: dict[int, Callable[[Tricks, int], bool]] = {
    1: lambda t, s: len(t[s]) == 3,
    2: lambda t, s: _all_colours(t[s]),
    5: lambda t, s: len(t[s]) >= 4,
    6: lambda t, s: not any(rank_of(c) in (DWARF, WIZARD) for c in _cards(t[s])),
    8: lambda t, s: _all_colours(t[s]),
    11: lambda t, s: _total_value(t[s]) >= 80,
    12: lambda t, s: len(t[s]) % 2 == 1,
    13: lambda t, s: len(t[s]) == 1,
    14: lambda t, s: len(t[s]) == 2,
    15: lambda t, s: _most([len(x) for x in t])[s],
    16: lambda t, s: len(t[s]) >= 4,
    17: lambda t, s: len(t[s]) == 2,
    22: lambda t, s: _most([len(x) for x in t])[s],
    24: lambda t, s: len(t[s]) == 0,
}


def _sole_majorities(t: Tricks, s: int) -> int:
    wins = 0
    for colour in range(4):
        counts = [_colour_count(x, colour) for x in t]
        mine = counts[s]
        if mine > 0 and all(mine > n for i, n in enumerate(counts) if i != s):
            wins += 1
    return wins


# Variable missions: how many units does the seat count?
VARIABLE: dict[int, Callable[[Tricks, int], int]] = {
    3: lambda t, s: _colour_count(t[s], BLUE),
    4: lambda t, s: _colour_count(t[s], YELLOW),
    7: lambda t, s: sum(1 for trick in t[s] if sum(map(value_of, trick)) <= 25),
    9: lambda t, s: _colour_count(t[s], RED),
    10: lambda t, s: _colour_count(t[s], BLACK),
    18: lambda t, s: len(t[s]),
    19: lambda t, s: sum(1 for c in _cards(t[s]) if rank_of(c) in (DWARF, WIZARD)),
    23: _sole_majorities,
    25: lambda t, s: len(t[s]),
}


def _pair_scores(mission: Mission, tricks: Tricks) -> list[int]:
    """Missions 20 and 21: seats s and s+2 form a pair (four players)."""
    pairs = [len(tricks[0]) + len(tricks[2]), len(tricks[1]) + len(tricks[3])]
    if pairs[0] == pairs[1]:
        return [0, 0, 0, 0]
    winner = 0 if pairs[0] > pairs[1] else 1
    scoring_pair = winner if mission.number == 20 else 1 - winner
    return [mission.points if s % 2 == scoring_pair else 0 for s in range(4)]


def score_round(mission: Mission, tricks: Tricks) -> list[int]:
    """Each seat's points for ``mission`` given the tricks every seat took."""
    n = mission.number
    if n in (20, 21):
        return _pair_scores(mission, tricks)
    fixed = FIXED.get(n)
    if fixed is not None:
        return [mission.points if fixed(tricks, s) else 0 for s in range(len(tricks))]
    units = VARIABLE[n]
    return [mission.points * units(tricks, s) for s in range(len(tricks))]
