"""Worlds a seat cannot tell from the real one, for search bots.

Everything the seat has not seen is drawn again: the other seats' unknown
cards (respecting the colours they showed out of, what a Wizard forced them to
reveal, and what the seat privately knows of them), the undealt cards, every
face-down card (the seat's own included: nobody has seen them), the cards the
others set aside, the others' hidden choices (the order they laid out, the
cards they are putting in a pile or handing over), the order of the mission
and scroll decks, the others' scrolls, and the random stream itself.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from ...core.rng import below, choice, fresh_seed, shuffle
from .cards import COLOUR_MASK, NUM_CARDS, bits, card_list, count
from .knowledge import clear, visible

if TYPE_CHECKING:
    from .state import MegalomaniaState


# the cards of the colours in a 4-bit set of colours (pvoid)
_COLOURS_CARDS: Final = tuple(sum(COLOUR_MASK[c] for c in range(4) if bits4 >> c & 1) for bits4 in range(16))


def _subset(mask: int, size: int, rng: random.Random) -> list[int]:
    """``size`` cards of ``mask`` in a random order (the pool sorted first)."""
    pool = sorted(bits(mask))
    shuffle(rng, pool)
    return pool[:size]


def sample_world(state: MegalomaniaState, seat: int, rng: random.Random) -> MegalomaniaState:
    w = state.clone()
    n = w.n
    others = [o for o in range(n) if o != seat]
    seen = [visible(w, seat, o) for o in others]
    unknown = [w.hands[o] & ~seen[k] for k, o in enumerate(others)]
    # every pool is sorted before it is shuffled, so that a sample depends only on what the
    # seat has seen and on rng, never on where the hidden things really are
    hidden = [*unknown, w.stock, *w.down, *[w.out[o] for o in others]]
    pool = 0
    for mask in hidden:
        pool |= mask  # the places are disjoint: every card is in one place
    cards = card_list(pool)
    slots = [
        Slot(
            count(unknown[k]),
            w.forbidden[o] | _COLOURS_CARDS[w.pvoid[seat][o]],
            tuple([m for m in w.must[o] if not m & seen[k]]),  # a set met by a card the seat sees
        )
        for k, o in enumerate(others)
    ]
    slots += [FREE_SLOTS[count(m)] for m in hidden[len(others) :]]
    dealt = deal_constrained(cards, slots, rng)
    for k, o in enumerate(others):
        w.hands[o] = (w.hands[o] & ~unknown[k]) | dealt[k]
    rest = dealt[len(others) :]
    w.stock = rest[0]
    w.down = rest[1 : 1 + n]
    for k, o in enumerate(others):
        w.out[o] = rest[1 + n + k]
    for o in others:  # the others' hidden choices, drawn again from their sampled hands
        choosable = w.hands[o] & ~w.open[o]
        if w.laid[o]:
            pending = 1 << w.explored if w.explored >= 0 else 0  # an Explorer's find is not laid
            w.laid[o] = _subset(choosable & ~pending, len(w.laid[o]), rng)
        if w.split[o]:
            w.split[o] = sum(1 << c for c in _subset(choosable, count(w.split[o]), rng))
        if w.handing[o]:
            w.handing[o] = sum(1 << c for c in _subset(choosable, count(w.handing[o]), rng))
        # what the others know privately is not the seat's to know (the clone's own lists)
        clear(w.told[o])
        clear(w.pvoid[o])
    w.mission_deck.sort()
    shuffle(rng, w.mission_deck)
    _sample_scrolls(w, seat, others, rng)
    w.seed, w.counter = fresh_seed(rng), 0
    w.setup_deals = {}  # a fixed future deal is not the seat's to know
    w._legal = None
    return w


def _sample_scrolls(w: MegalomaniaState, seat: int, others: list[int], rng: random.Random) -> None:
    """The deck, the others' hidden scrolls (5 is shown), the scrolls they discarded unseen and
    the three another seat is choosing from (scroll 8) are shuffled together and dealt again."""
    drawing = w.round_scrolls[-1][0] if w.drawn else -1
    hidden = [*w.scroll_deck]
    for o in others:
        hidden += [x for x in w.scrolls[o] if x != 5] + w.gone[o]
    if drawing != seat:
        hidden += w.drawn
    # a held scroll is never 5 (shown when drawn) nor 17 (acts when drawn)
    held = sorted(x for x in hidden if x not in (5, 17))
    shuffle(rng, held)
    for o in others:
        shown = [x for x in w.scrolls[o] if x == 5]
        count = len(w.scrolls[o]) - len(shown)
        w.scrolls[o], held = shown + held[:count], held[count:]
    hidden = sorted(held + [x for x in hidden if x in (5, 17)])
    shuffle(rng, hidden)
    for o in others:
        count = len(w.gone[o])
        w.gone[o], hidden = hidden[:count], hidden[count:]
    if drawing != seat:
        count = len(w.drawn)
        w.drawn, hidden = hidden[:count], hidden[count:]
    w.scroll_deck = hidden


class Slot:
    """A place to deal hidden cards to: how many, which it cannot hold, and the sets it must
    hold at least one card of.  (A plain class: the compiled code reads its fields directly.)"""

    def __init__(self, size: int, forbidden: int, must: tuple[int, ...]) -> None:
        self.size = size
        self.forbidden = forbidden
        self.must = must

    def accepts(self, mask: int) -> bool:
        if mask & self.forbidden:
            return False
        return not self.must or all(mask & m for m in self.must)


FREE_SLOTS: Final = tuple(Slot(size, 0, ()) for size in range(NUM_CARDS + 1))  # by size: no constraints


def deal_constrained(cards: list[int], slots: list[Slot], rng: random.Random) -> list[int]:
    """Share ``cards`` among ``slots``; return one mask per slot.

    Shuffle-and-check first (uniform among consistent deals when it succeeds); under heavy
    constraints, a card for each "must" set placed at random, then a randomized bipartite
    matching of the rest, which finds a consistent deal whenever the placements allow one.
    """
    cards = list(cards)
    for _ in range(2):  # enough when little is known, as early in a round
        shuffle(rng, cards)
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
        pick = below(rng, sum(room[i] for i in places))
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
            c = choice(rng, options)
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
        shuffle(rng, order)
        for u in order:
            if seen[u] or slots[units[u]].forbidden >> c & 1:
                continue
            seen[u] = True
            if holder[u] < 0 or place(holder[u], seen):
                holder[u] = c
                return True
        return False

    shuffle(rng, cards)
    for c in cards:
        if not place(c, [False] * len(units)):
            return None
    out = [0] * len(slots)
    for u, c in enumerate(holder):
        out[units[u]] |= 1 << c
    return out
