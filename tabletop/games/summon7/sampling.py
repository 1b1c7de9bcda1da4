"""Worlds a seat cannot tell from the real one, for search bots.

In Summon 7 every dealt card is face up and the discard pile is open, so the only thing nobody
sees is the order of the deck (and the random stream that will shuffle the discard pile).  A
sample deals the deck's cards (whose values everybody can work out) in a new order.  Card ids are
relabelled canonically, place by place, so that a sample depends only on what the seat sees and
on the generator, never on which of two alike cards really lies where.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.rng import fresh_seed, shuffle
from .cards import ALL_IDS_OF, CARD_VALUE, MAX_VALUE
from .table import Table

if TYPE_CHECKING:
    from .state import Summon7State


class Relabel:
    """Hands out card ids value by value, lowest first (a deck's cards of a value are the first ids
    of ``ALL_IDS_OF[value]``, so the ids handed out are the deck's own)."""

    def __init__(self) -> None:
        self.next = [0] * (MAX_VALUE + 1)

    def __call__(self, value: int) -> int:
        card = ALL_IDS_OF[value][self.next[value]]
        self.next[value] += 1
        return card


def resample_table(t: Table, rng: random.Random) -> None:
    """Shuffle the deck again (from its sorted values) and relabel every card canonically."""
    deck = sorted(CARD_VALUE[c] for c in t.deck)
    shuffle(rng, deck)
    label = Relabel()
    t.cards = [[label(CARD_VALUE[c]) for c in hand] for hand in t.cards]
    t.discard = [label(v) for v in sorted(CARD_VALUE[c] for c in t.discard)]
    t.deck = [label(v) for v in deck]


def sample_world(state: Summon7State, seat: int, rng: random.Random) -> Summon7State:
    """A world any seat (all see the same) cannot tell from ``state``, with a random stream of its
    own."""
    world = state.clone()
    resample_table(world.table, rng)
    world.seed, world.counter = fresh_seed(rng), 0
    world._legal = None
    return world
