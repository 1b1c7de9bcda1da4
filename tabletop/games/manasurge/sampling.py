"""Worlds a seat cannot tell from the real one, for search bots.

What a seat does not see: the other players' hands (but for the cards it gave them, R-MS24),
every damage pile (its own included) and the deck's order.  A sample pools those cards, shuffles
them by kind and deals them back in the same numbers.  Ids are handed out kind by kind, lowest
first, so a sample depends only on what the seat sees and on the generator, never on which of
two alike cards really lies where.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.rng import fresh_seed, shuffle

if TYPE_CHECKING:
    from .state import ManaSurgeState


def sample_world(s: ManaSurgeState, seat: int, rng: random.Random) -> ManaSurgeState:
    """A world ``seat`` cannot tell from ``s``, with a random stream of its own."""
    world = s.clone()
    cards = s.game.cards
    kept: list[list[int]] = [[] for _ in range(s.n)]  # cards the seat knows in each hand
    for giver, receiver, card in s.gifts:
        if giver == seat:
            kept[receiver].append(card)
    pool: list[int] = list(s.deck)
    for o in range(s.n):
        pool.extend(s.damage[o])
        if o != seat:
            pool.extend(c for c in s.hands[o] if c not in kept[o])
    kinds = sorted(cards.kind[c] for c in pool)
    shuffle(rng, kinds)
    free: dict[int, list[int]] = {}
    for c in sorted(pool, reverse=True):
        free.setdefault(cards.kind[c], []).append(c)  # popped from the end: lowest id first
    dealt = [free[k].pop() for k in kinds]
    at = 0
    for o in range(s.n):
        if o != seat:
            count = len(s.hands[o]) - len(kept[o])
            world.hands[o] = kept[o] + dealt[at : at + count]
            at += count
        count = len(s.damage[o])
        world.damage[o] = dealt[at : at + count]
        at += count
    world.deck = dealt[at:]
    world.gifts = [g for g in s.gifts if g[0] == seat]
    world.seed, world.counter = fresh_seed(rng), 0
    world._legal = None
    return world
