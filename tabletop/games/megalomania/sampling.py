"""Worlds a seat cannot tell from the real one, for search bots.

Everything the seat has not seen is drawn again: the other seats' unknown
cards (respecting the colours they showed out of and what a Wizard forced
them to reveal), the undealt cards, the order of the mission and scroll decks,
the others' scrolls, and the random stream itself.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

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
    slots = [
        Slot(m.bit_count(), w.forbidden[o], tuple(w.must[o])) for o, m in zip(others, unknown, strict=True)
    ]
    slots.append(Slot(w.stock.bit_count(), 0, ()))
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


class Slot(NamedTuple):
    """A place to deal hidden cards to: how many, which it cannot hold, and the sets it must
    hold at least one card of."""

    size: int
    forbidden: int
    must: tuple[int, ...]

    def accepts(self, mask: int) -> bool:
        return not mask & self.forbidden and all(mask & m for m in self.must)


def deal_constrained(cards: list[int], slots: list[Slot], rng: random.Random) -> list[int]:
    """Share ``cards`` among ``slots``; return one mask per slot.

    Shuffle-and-check first (uniform among consistent deals when it succeeds); under heavy
    constraints, a card for each "must" set placed at random, then a randomized bipartite
    matching of the rest, which finds a consistent deal whenever the placements allow one.
    """
    cards = list(cards)
    for _ in range(2):  # enough when little is known, as early in a round
        rng.shuffle(cards)
        out, pos = [], 0
        for slot in slots:
            mask = 0
            for c in cards[pos : pos + slot.size]:
                mask |= 1 << c
            if not slot.accepts(mask):
                break
            out.append(mask)
            pos += slot.size
        else:
            return out
    for _ in range(20):
        found = _greedy(cards, slots, rng)
        if found is not None:
            return found
    for _ in range(500):
        found = _place_and_match(cards, slots, rng)
        if found is not None:
            return found
    raise RuntimeError("no deal is consistent with what was seen (a rules bug)")


def _greedy(cards: list[int], slots: list[Slot], rng: random.Random) -> list[int] | None:
    """Cards with the fewest possible places first, each to a place drawn in proportion to
    the room left there; None on a dead end or an unmet "must"."""
    room = [slot.size for slot in slots]
    allowed = {c: [i for i, slot in enumerate(slots) if not slot.forbidden >> c & 1] for c in cards}
    order = sorted(cards, key=lambda c: (len(allowed[c]), rng.random()))
    out = [0] * len(slots)
    for c in order:
        places = [i for i in allowed[c] if room[i]]
        if not places:
            return None
        pick = rng.randrange(sum(room[i] for i in places))
        for i in places:
            pick -= room[i]
            if pick < 0:
                break
        out[i] |= 1 << c
        room[i] -= 1
    return out if all(slot.accepts(mask) for slot, mask in zip(slots, out, strict=True)) else None


def _place_and_match(cards: list[int], slots: list[Slot], rng: random.Random) -> list[int] | None:
    placed = [0] * len(slots)
    pool = set(cards)
    for i, slot in enumerate(slots):
        for need in slot.must:
            if placed[i] & need:
                continue
            options = sorted(c for c in pool if need >> c & 1 and not slot.forbidden >> c & 1)
            if not options or placed[i].bit_count() >= slot.size:
                return None
            c = rng.choice(options)
            placed[i] |= 1 << c
            pool.discard(c)
    rest = [Slot(s.size - placed[i].bit_count(), s.forbidden, ()) for i, s in enumerate(slots)]
    matched = _match(sorted(pool), rest, rng)
    if matched is None:
        return None
    return [p | m for p, m in zip(placed, matched, strict=True)]


def _match(cards: list[int], slots: list[Slot], rng: random.Random) -> list[int] | None:
    units = [i for i, slot in enumerate(slots) for _ in range(slot.size)]
    holder = [-1] * len(units)  # card placed in each unit

    def place(c: int, seen: list[bool]) -> bool:
        order = list(range(len(units)))
        rng.shuffle(order)
        for u in order:
            if seen[u] or slots[units[u]].forbidden >> c & 1:
                continue
            seen[u] = True
            if holder[u] < 0 or place(holder[u], seen):
                holder[u] = c
                return True
        return False

    rng.shuffle(cards)
    for c in cards:
        if not place(c, [False] * len(units)):
            return None
    out = [0] * len(slots)
    for u, c in enumerate(holder):
        out[units[u]] |= 1 << c
    return out
