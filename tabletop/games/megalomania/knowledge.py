"""Who knows which cards are where, and the bookkeeping when cards move between places.

Per seat ``s`` (all masks over the 32 cards):

``known[s]``      cards everybody knows ``s`` holds (an Explorer's find)
``open[s]``       ``s``'s face-up table cards (missions 13, 18): part of its hand for play, seen by all
``forbidden[s]``  cards everybody knows ``s`` does not hold among its unknown cards (shown voids,
                  what a Wizard forced)
``must[s]``       sets of cards everybody knows ``s`` holds one of (an Assassin played by its power)

and per observer ``o`` and seat ``s``:

``told[o][s]``    cards ``o`` knows ``s`` holds though the others do not (cards ``o`` handed to ``s``,
                  or saw ``s`` receive)
``pvoid[o][s]``   colours (4 bits) ``o`` knows ``s`` lacks (scroll 2: ``s`` had to give another colour)

When a seat cannot tell which cards moved, it loses what it knew rather than learn from the change
of its own view (docs/rulings.md, M18).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import MegalomaniaState


def reset(st: MegalomaniaState) -> None:
    """Nothing is known at a (re)deal beyond each seat's own cards and the face-up ones."""
    # in place, as play changes these lists (leave, arrive): cheaper than making 17 new ones at
    # every deal, and a state shares none of its lists (not with its clones either)
    clear(st.known)
    clear(st.forbidden)
    for s in range(st.n):
        st.must[s].clear()
        clear(st.told[s])
        clear(st.pvoid[s])


def clear(masks: list[int]) -> None:
    """Set every mask of ``masks`` to 0."""
    for i in range(len(masks)):
        masks[i] = 0


def visible(st: MegalomaniaState, observer: int, s: int) -> int:
    """The cards of ``s``'s hand that ``observer`` (another seat) can place there."""
    return st.known[s] | st.open[s] | st.told[observer][s]


def leave(st: MegalomaniaState, s: int, mask: int, seen_by: tuple[int, ...] | None = None) -> None:
    """Cards leave ``s``'s hand; ``seen_by`` are the seats that see which (None: everybody)."""
    # (called at every card played: most of these masks are empty, and writing `x = x & keep`
    # rather than `x &= keep` keeps the compiled code's arithmetic on machine integers)
    keep = ~mask
    st.hands[s] = st.hands[s] & keep
    if st.open[s]:
        st.open[s] = st.open[s] & keep
    if st.must[s]:
        st.must[s] = [m for m in st.must[s] if not m & mask]
    if seen_by is None:
        if st.known[s]:
            st.known[s] = st.known[s] & keep
        for row in st.told:
            if row[s]:
                row[s] = row[s] & keep
        return
    st.known[s] = 0
    for o, row in enumerate(st.told):
        row[s] = row[s] & keep if o in seen_by else 0


def arrive(st: MegalomaniaState, s: int, mask: int, seen_by: tuple[int, ...] = ()) -> None:
    """Cards join ``s``'s hand face down; ``seen_by`` are the other seats that know which."""
    st.hands[s] = st.hands[s] | mask  # (not |=: see leave)
    st.forbidden[s] = 0  # what the table knew of the hand no longer holds for the new cards
    st.must[s] = []
    for o in range(st.n):
        if o == s:
            continue
        if o in seen_by:
            st.told[o][s] = st.told[o][s] | mask
        else:
            st.pvoid[o][s] = 0


def move_hands(st: MegalomaniaState, to: list[int], givers_know: bool = True) -> None:
    """Every seat ``a``'s dealt cards (hand, face-up and face-down table cards) go to seat
    ``to[a]`` (a permutation), with all that is known about them.  The giver knows the hand
    it gave (except face-down cards, which nobody has seen)."""
    n = st.n
    seen = [st.hands[a] & ~st.open[a] for a in range(n)]

    def moved(values: list[int]) -> list[int]:
        out = [0] * n
        for a in range(n):
            out[to[a]] = values[a]
        return out

    st.hands, st.open, st.down = moved(st.hands), moved(st.open), moved(st.down)
    st.known, st.forbidden = moved(st.known), moved(st.forbidden)
    must: list[list[int]] = [[] for _ in range(n)]
    for a in range(n):
        must[to[a]] = st.must[a]
    st.must = must
    for o in range(n):
        st.told[o] = moved(st.told[o])
        st.pvoid[o] = moved(st.pvoid[o])
        st.told[o][o] = st.pvoid[o][o] = 0
    if givers_know:
        for a in range(n):
            if to[a] != a:
                st.told[a][to[a]] |= seen[a]
