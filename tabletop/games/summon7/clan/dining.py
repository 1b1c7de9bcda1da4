"""The Power phase's draft and the Dining phase of the clan game: the power cards claimed in
order and given out to the busted players, then each household member fed from the pantry, an
unfed one making a player discard (rules of the clan game, "Power phase", "Dining phase").
Functions of the state (state.py dispatches to them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.protocol import JSON, Event
from ....core.rng import choice
from ..table import BUSTED, HELD
from . import actions as A
from .phases import BLAME, DINING, DRAFT

if TYPE_CHECKING:
    from .state import ClanState


def draft_start(st: ClanState, events: list[Event]) -> None:
    status = st.table.status
    players = st.players_by_leadership()
    st.claimers = [st.city_seat] if st.city_seat >= 0 else []
    st.claimers += [s for s in players if status[s] == HELD and s != st.city_seat]
    st.draft_busted = [s for s in players if status[s] == BUSTED]
    st.draft_step = st.draft_index = 0
    draft_next(st, events)


def draft_next(st: ClanState, events: list[Event]) -> None:
    """Claims in order (the winner first, then the held players by leadership); then each
    busted player gets a random card of those left; again, until none is left."""
    while st.pool:
        if st.draft_step == 0:
            if st.draft_index < len(st.claimers):
                st.phase, st.turn = DRAFT, st.claimers[st.draft_index]
                return
            st.draft_step, st.draft_index = 1, 0
        elif st.draft_index < len(st.draft_busted):
            seat = st.draft_busted[st.draft_index]
            card = choice(st._rng(), st.pool)
            st.pool.remove(card)
            give(st, seat, card)
            events.append(Event("gift", {"seat": seat, "card": A.POWERS[st.kind(card)]}))
            st.draft_index += 1
        else:
            st.draft_step, st.draft_index = 0, 0
    dining_start(st, events)


# ---------------------------------------------------------- Dining phase
def dining_start(st: ClanState, events: list[Event]) -> None:
    st.dine_order = list(st.board)  # leadership order, the Head of House included
    st.dine_index = 0
    st.fed = [False] * (st.n + 1)
    events.append(Event("dining", {"order": list(st.dine_order), "pantry": st.pantry_json()}))
    dine_next(st, events)


def dine_next(st: ClanState, events: list[Event]) -> None:
    while st.dine_index < len(st.dine_order):
        member = st.dine_order[st.dine_index]
        if member < st.n and not st.fed[member] and st._playable(member, "dining"):
            st.phase, st.turn = DINING, member
            return
        if not st.fed[member] and eat(st, member, events):
            return  # the unfed player chooses who discards
        st.dine_index += 1
    st._round_end(events)


def eat(st: ClanState, member: int, events: list[Event]) -> bool:
    """The member dumpsters a human of its diet; True when it went unfed and a player must
    now choose who discards a random power card."""
    diet = st.diet(member)
    who: JSON = "head" if member == st.n else member
    if st.pantry[diet]:
        st.pantry[diet] -= 1
        st.fed[member] = True
        events.append(Event("eat", {"member": who, "human": A.HUMANS[diet]}))
        return False
    events.append(Event("unfed", {"member": who, "diet": A.HUMANS[diet]}))
    holders = [s for s in range(st.n) if st.hands[s]]
    if not holders:
        return False
    if member == st.n:
        # the Head of House punishes whoever holds most cards (the highest on the board on a tie)
        victim = max(st.players_by_leadership(), key=lambda s: len(st.hands[s]))
        blame(st, st.n, victim, events)
        return False
    st.phase, st.turn = BLAME, member
    return True


def blame(st: ClanState, by: int, victim: int, events: list[Event]) -> None:
    card = choice(st._rng(), st.hands[victim])
    st.hands[victim].remove(card)
    st.power_discard.append(card)
    who: JSON = "head" if by == st.n else by
    events.append(Event("discard", {"by": who, "seat": victim, "card": A.POWERS[st.kind(card)]}))


def give(st: ClanState, seat: int, card: int) -> None:
    """``card`` into ``seat``'s hand, kept sorted."""
    st.hands[seat].append(card)
    st.hands[seat].sort()
