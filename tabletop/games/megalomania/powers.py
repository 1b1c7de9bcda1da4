"""The card powers and cubes after a card is played: what may be used, and what it does.

A power costs a crystal and goes on one card, once.  The card's player uses it in the after-play
step (with cubes); with scroll 20 its user may use any power on its own cards; with scroll 18 its
user may also spend crystals on the others' cards, in an assist step right after each of their
cards (docs/rulings.md, M4 and M30).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.protocol import JSON, Event
from ...core.rng import below
from . import actions as A
from . import knowledge
from .actions import CUBE_DOWN, CUBE_UP, DONE, Action, Kind
from .cards import (
    CARD_TEXT,
    COLOURS,
    DWARF,
    EMPEROR,
    EXPLORER,
    FARMER,
    KNIGHT,
    ORACLE,
    RANK_NAMES,
    WIZARD,
    bits,
    colour_of,
    rank_of,
)
from .deals import LAID
from .rules import oracle_colours
from .scrolls import can_declare

if TYPE_CHECKING:
    from .state import MegalomaniaState


def power_options(st: MegalomaniaState, actor: int, i: int, own: bool) -> list[Action]:
    """The powers ``actor`` may put a crystal on for card ``i`` of the trick.  A power that can
    change nothing is not offered (docs/rulings.md M20)."""
    if st.emperor or not st.crystals[actor] or st.t_power[i]:
        return []
    card = st.t_cards[i]
    printed = rank_of(card)
    options: list[Action] = []
    if own and st.effect == 20 and st.effect_seat == actor:
        for rank in range(8):
            _add_power(st, rank, card, options)
    else:  # (the usual case, without a loop)
        _add_power(st, printed, card, options)
    return options


def _add_power(st: MegalomaniaState, rank: int, card: int, options: list[Action]) -> None:
    """Offer the power of ``rank`` on ``card`` (the last card of the trick) if it can change
    anything: the card's own power, or another by scroll 20."""
    if rank == FARMER:
        last_trick = len(st.round_tricks) == st.round_cards - 1
        if st.farmer < 0 and not last_trick and st.effect != 19:
            options.extend(A.LEAD[: st.n])
        return
    if rank == ORACLE:
        options += [A.COLOUR[c] for c in oracle_colours(colour_of(card), st.dom)]
        return
    others_to_play = len(st.t_cards) < st.n
    if (
        (rank == EXPLORER and st.round_tricks)
        or (rank == DWARF and not st.dwarf)
        # these three act on the cards still to come: not for the turn's last card
        or (rank == WIZARD and not st.wizard and others_to_play and st.deal != LAID)
        or (rank == KNIGHT and not st.knight and others_to_play)
        or (rank == EMPEROR and others_to_play)
    ):
        options.append(A.POWER if rank == rank_of(card) else A.POWER_AS[rank])


def after_options(st: MegalomaniaState, s: int) -> list[Action]:
    """The after-play step of the card ``s`` just played: powers, cubes, a declared colour, done."""
    i = len(st.t_cards) - 1
    options = power_options(st, s, i, own=True)
    if st.cubes[s] and not st.emperor:
        cubes = st.t_cubes[i]
        if cubes >= 0:
            options.append(CUBE_UP)
        if cubes <= 0:
            options.append(CUBE_DOWN)
    if st.effect == 16 and can_declare(st, s):
        options += [A.DECLARE[c] for c in range(4) if c != st.t_colours[0]]
    options.append(DONE)
    return options


def assist_options(st: MegalomaniaState) -> list[Action]:
    """Scroll 18: after another player's card, its user may put a crystal on that card's power."""
    if st.effect != 18 or st.t_seats[-1] == st.effect_seat:
        return []
    options = power_options(st, st.effect_seat, len(st.t_cards) - 1, own=False)
    return [*options, A.PASS] if options else []


def return_options(st: MegalomaniaState, s: int) -> list[Action]:
    return [A.RETURN[c] for c in bits(st.hands[s] & ~st.open[s])]


def use(st: MegalomaniaState, actor: int, action: Action, events: list[Event]) -> bool:
    """Spend ``actor``'s crystal on the last card; True when an Explorer's return is pending."""
    i = len(st.t_cards) - 1
    card = st.t_cards[i]
    kind = action.kind
    if kind == Kind.LEAD:
        rank = FARMER
    elif kind == Kind.COLOUR:
        rank = ORACLE
    else:
        rank = action.arg if kind == Kind.POWER_AS else rank_of(card)
    st.crystals[actor] = st.crystals[actor] - 1  # (not -=: see knowledge.leave)
    st.t_power[i] = True
    if rank == FARMER:
        st.farmer = action.arg
    elif rank == ORACLE:
        st.t_colours[i] = action.arg
    elif rank == DWARF:
        st.dwarf = True
    elif rank == WIZARD:
        st.wizard = True
    elif rank == KNIGHT:
        st.knight = True
    elif rank == EMPEROR:
        st.emperor = True
    if not st.quiet:
        data: dict[str, JSON] = {"seat": actor, "card": CARD_TEXT[card]}
        if rank != rank_of(card):
            data["power"] = RANK_NAMES[rank]
        if actor != st.t_seats[i]:
            data["owner"] = st.t_seats[i]
        if rank == FARMER:
            data["lead"] = action.arg
        elif rank == ORACLE:
            data["colour"] = COLOURS[action.arg]
        events.append(Event("power", data))
    if rank != EXPLORER:
        return False
    previous = st.round_tricks[-1][1]
    taken = previous.pop(below(st._rng(), len(previous)))  # in the hand until returned
    st.hands[actor] = st.hands[actor] | 1 << taken
    st.known[actor] = st.known[actor] | 1 << taken
    st.explored = taken
    events.append(Event("explore", {"seat": actor, "card": CARD_TEXT[taken]}))
    return True


def explorer_return(st: MegalomaniaState, s: int, c: int) -> Event:
    """Put card ``c`` into the previous trick.  Mission 15: the find takes the returned card's
    place in the laid-out sequence."""
    st.round_tricks[-1][1].append(c)
    if c != st.explored and c in st.laid[s]:
        st.laid[s][st.laid[s].index(c)] = st.explored
    knowledge.leave(st, s, 1 << c)
    st.explored = -1
    return Event("explore-return", {"seat": s, "card": CARD_TEXT[c]})
