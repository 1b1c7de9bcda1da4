"""The 79 Summon 7 cards as ids 0..78, in order of value: card ``c`` is worth ``VALUES[c]``.

Cards of one value are alike; ids only let every card be in exactly one place (the
conservation checks count them).  Views and events show values, never ids.
"""

from __future__ import annotations

from collections.abc import Iterable

from .data import load_copies

COPIES: tuple[int, ...] = load_copies()
MAX_VALUE = len(COPIES) - 1
VALUES: tuple[int, ...] = tuple(v for v, count in enumerate(COPIES) for _ in range(count))
NUM_CARDS = len(VALUES)
# the ids of each value's cards
IDS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(NUM_CARDS) if VALUES[c] == v) for v in range(MAX_VALUE + 1)
)


def values(cards: Iterable[int]) -> list[int]:
    return [VALUES[c] for c in cards]


def value_counts(cards: Iterable[int]) -> list[int]:
    """How many of ``cards`` have each value (a list indexed by value)."""
    counts = [0] * (MAX_VALUE + 1)
    for c in cards:
        counts[VALUES[c]] += 1
    return counts


def ids_for_values(wanted: Iterable[int], taken: set[int] | None = None) -> list[int]:
    """Card ids for the values ``wanted``: for each, the lowest id of that value not yet used.
    Raises ValueError when the deck holds too few cards of a value."""
    used = set(taken or ())
    out = []
    for v in wanted:
        if type(v) is not int or not 0 <= v <= MAX_VALUE:
            raise ValueError(f"{v!r} is not a Summon 7 card value (0 to {MAX_VALUE})")
        free = [c for c in IDS_OF[v] if c not in used]
        if not free:
            raise ValueError(f"the deck holds only {COPIES[v]} card(s) of value {v}")
        used.add(free[0])
        out.append(free[0])
    return out
