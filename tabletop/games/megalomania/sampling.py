"""Worlds a seat cannot tell from the real one, for search bots.

Everything the seat has not seen is drawn again: the other seats' unknown
cards (respecting the colours they showed out of and what a Wizard forced
them to reveal), the undealt cards, the order of the mission and scroll decks,
the others' scrolls, and the random stream itself.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.rng import fresh_seed
from .cards import bits

if TYPE_CHECKING:
    from .state import MegalomaniaState


def sample_world(state: MegalomaniaState, seat: int, rng: random.Random) -> MegalomaniaState:
    w = state.clone()
    others = [o for o in range(w.n) if o != seat]
    unknown = [w.hands[o] & ~w.known[o] for o in others]
    # every pool is sorted before it is shuffled, so that a sample depends only on what the
    # seat has seen and on rng, never on where the hidden things really are
    cards = sorted(c for mask in [*unknown, w.stock] for c in bits(mask))
    slots = [(m.bit_count(), w.forbidden[o]) for o, m in zip(others, unknown, strict=True)]
    slots.append((w.stock.bit_count(), 0))
    hands = deal_constrained(cards, slots, rng)
    for o, hand in zip(others, hands, strict=False):
        w.hands[o] = w.known[o] | hand
    w.stock = hands[-1]
    w.mission_deck.sort()
    rng.shuffle(w.mission_deck)
    hidden_scrolls = sorted([*w.scroll_deck, *(x for o in others for x in w.scrolls[o])])
    rng.shuffle(hidden_scrolls)
    for o in others:
        count = len(w.scrolls[o])
        w.scrolls[o], hidden_scrolls = hidden_scrolls[:count], hidden_scrolls[count:]
    w.scroll_deck = hidden_scrolls
    w.seed, w.counter = fresh_seed(rng), 0
    w.setup_deals = {}  # a fixed future deal is not the seat's to know
    w._legal = None
    return w


def deal_constrained(cards: list[int], slots: list[tuple[int, int]], rng: random.Random) -> list[int]:
    """Share ``cards`` among slots of (size, forbidden mask); return one mask per slot.

    Shuffle-and-check first (uniform among consistent deals when it succeeds);
    under heavy constraints, a randomized bipartite matching that always finds
    a consistent deal when one exists.
    """
    cards = list(cards)
    for _ in range(20):
        rng.shuffle(cards)
        out, pos = [], 0
        for size, forbidden in slots:
            mask = 0
            for c in cards[pos : pos + size]:
                mask |= 1 << c
            if mask & forbidden:
                break
            out.append(mask)
            pos += size
        else:
            return out
    return _match(cards, slots, rng)


def _match(cards: list[int], slots: list[tuple[int, int]], rng: random.Random) -> list[int]:
    units = [i for i, (size, _) in enumerate(slots) for _ in range(size)]
    holder = [-1] * len(units)  # card placed in each unit

    def place(c: int, seen: list[bool]) -> bool:
        order = list(range(len(units)))
        rng.shuffle(order)
        for u in order:
            if seen[u] or slots[units[u]][1] >> c & 1:
                continue
            seen[u] = True
            if holder[u] < 0 or place(holder[u], seen):
                holder[u] = c
                return True
        return False

    rng.shuffle(cards)
    for c in cards:
        if not place(c, [False] * len(units)):
            raise RuntimeError("no deal is consistent with what was seen (a rules bug)")
    out = [0] * len(slots)
    for u, c in enumerate(holder):
        out[units[u]] |= 1 << c
    return out
