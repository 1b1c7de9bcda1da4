"""Worlds a seat cannot tell from the real one, for search bots.

Everything in the clan game lies open on the table; what nobody sees is the order of the Summon 7
deck and of the power deck, and the random stream (which draws the rivals' House scores, the
humans who turn up in the city, the busted players' random cards and discards).  A sample deals
both decks again from their sorted contents and gives the world a fresh stream.  Card ids are
relabelled canonically so that a sample depends only on what the seat sees.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ....core.rng import fresh_seed, shuffle
from ..sampling import resample_table

if TYPE_CHECKING:
    from .state import ClanState


def sample_world(state: ClanState, seat: int, rng: random.Random) -> ClanState:
    w = state.clone()
    w.table = w.table.clone()
    resample_table(w.table, rng)
    kinds = w.game.power_kind
    deck = sorted(kinds[c] for c in w.power_deck)
    shuffle(rng, deck)
    ids = w.game.power_ids  # ids of each kind, lowest first
    used = [0] * len(ids)

    def label(kind: int) -> int:
        card = ids[kind][used[kind]]
        used[kind] += 1
        return card

    w.hands = [sorted(label(kinds[c]) for c in hand) for hand in w.hands]
    w.pool = sorted(label(kinds[c]) for c in w.pool)
    w.power_discard = [label(k) for k in sorted(kinds[c] for c in w.power_discard)]
    w.power_deck = [label(k) for k in deck]
    w.seed, w.counter = fresh_seed(rng), 0
    w._legal = None
    return w
