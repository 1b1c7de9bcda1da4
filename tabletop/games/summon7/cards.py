"""The Summon 7 cards as ids: card ``c`` is worth ``CARD_VALUE[c]``, whatever the deck.

The packaged deck (data/deck.toml, the printed one: one 0, one 1, two 2s ... twelve 12s, 79 cards)
holds ids 0..78 in order of value (``VALUES``, ``NUM_CARDS``, ``IDS_OF``).  A designer's deck (the
game's ``data`` option) may hold from 0 to ``MAX_COPIES`` cards of each value: its cards of a value
are the first ones of ``ALL_IDS_OF[value]``, the printed ids first, then ids from 79 up.  So an id
means the same value in every deck, and the printed deck's ids never change.

Cards of one value are alike; ids only let every card be in exactly one place (the
conservation checks count them).  Views and events show values, never ids.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .data import HIGHEST, MAX_COPIES, load_copies

COPIES: tuple[int, ...] = load_copies()  # the packaged deck
MAX_VALUE = HIGHEST
VALUES: tuple[int, ...] = tuple(v for v, count in enumerate(COPIES) for _ in range(count))
NUM_CARDS = len(VALUES)
# the ids of each value's cards in the packaged deck
IDS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(NUM_CARDS) if VALUES[c] == v) for v in range(MAX_VALUE + 1)
)
# every id any deck may use: the packaged deck's, then MAX_COPIES - COPIES[v] more of each value v
CARD_VALUE: tuple[int, ...] = VALUES + tuple(
    v for v in range(MAX_VALUE + 1) for _ in range(MAX_COPIES - COPIES[v])
)
ALL_IDS_OF: tuple[tuple[int, ...], ...] = tuple(
    IDS_OF[v] + tuple(c for c in range(NUM_CARDS, len(CARD_VALUE)) if CARD_VALUE[c] == v)
    for v in range(MAX_VALUE + 1)
)


class Deck:
    """One deck's cards: ``copies[v]`` cards of value ``v``, with their ids."""

    __slots__ = ("cards", "copies", "ids_of")

    def __init__(self, copies: Sequence[int]) -> None:
        self.copies: tuple[int, ...] = tuple(copies)
        self.ids_of: tuple[tuple[int, ...], ...] = tuple(
            ALL_IDS_OF[v][: self.copies[v]] for v in range(MAX_VALUE + 1)
        )
        self.cards: tuple[int, ...] = tuple(sorted(c for ids in self.ids_of for c in ids))

    @property
    def size(self) -> int:
        return len(self.cards)

    def ids_for_values(self, wanted: Iterable[int], taken: set[int] | None = None) -> list[int]:
        """Card ids for the values ``wanted``: for each, the lowest id of that value not yet used.
        Raises ValueError when the deck holds too few cards of a value."""
        used = set(taken or ())
        out = []
        for v in wanted:
            if type(v) is not int or not 0 <= v <= MAX_VALUE:
                raise ValueError(f"{v!r} is not a Summon 7 card value (0 to {MAX_VALUE})")
            free = [c for c in self.ids_of[v] if c not in used]
            if not free:
                raise ValueError(f"the deck holds only {self.copies[v]} card(s) of value {v}")
            used.add(free[0])
            out.append(free[0])
        return out


PRINTED_DECK = Deck(COPIES)


def load_deck(path: str = "") -> Deck:
    """The packaged deck, or a designer's deck file (validated; raises InvalidOptions)."""
    return PRINTED_DECK if not path else Deck(load_copies(path))


def values(cards: Iterable[int]) -> list[int]:
    return [CARD_VALUE[c] for c in cards]


def value_counts(cards: Iterable[int]) -> list[int]:
    """How many of ``cards`` have each value (a list indexed by value)."""
    counts = [0] * (MAX_VALUE + 1)
    for c in cards:
        counts[CARD_VALUE[c]] += 1
    return counts


def ids_for_values(wanted: Iterable[int], taken: set[int] | None = None) -> list[int]:
    """:meth:`Deck.ids_for_values` of the packaged deck."""
    return PRINTED_DECK.ids_for_values(wanted, taken)
