"""The clan game's power cards played in the Home phase: paying their cost, or asking the player
to pay, and each card's effect (rules of the clan game, "Power cards").  Functions of the state
(state.py dispatches to them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.protocol import JSON, Event
from ..cards import CARD_VALUE
from ..state import sort_board
from . import actions as A
from . import city, dining, home
from .city import OUR_HOUSE
from .home import RETURN
from .phases import PAY, TURN, WARD

if TYPE_CHECKING:
    from .state import ClanState

# power card kinds (their order in data/clan.toml is checked)
WARD_CARD, HEX, BOAST, BRIBE, RAID, SCRAPS, TRIBUTE, CALM = range(8)


def play(st: ClanState, s: int, kind: int, target: int, events: list[Event]) -> None:
    card = min(c for c in st.hands[s] if st.kind(c) == kind)
    st.hands[s].remove(card)
    st.power_discard.append(card)
    data: dict[str, JSON] = {"seat": s, "card": A.POWERS[kind]}
    if target >= 0:
        data["target"] = target
    events.append(Event("play", data))
    st.pending = [kind, target, s, st.data.powers[kind].cost]
    pay_or_ask(st, events)


def pay_or_ask(st: ClanState, events: list[Event]) -> None:
    """Dumpster the pending card's cost: by itself while only one choice is left (one human
    type in the pantry, or exactly as many humans as the cost), else the player chooses."""
    kind, target, s, left = st.pending
    while left:
        present = [h for h, count in enumerate(st.pantry) if count]
        if len(present) > 1 and sum(st.pantry) > left:
            st.phase, st.turn = PAY, s
            return
        h = present[0]
        st.pantry[h] -= 1
        left = st.pending[3] = left - 1
        events.append(Event("pay", {"seat": s, "human": A.HUMANS[h]}))
    st.pending = []
    resolve(st, kind, target, s, events)


def resolve(st: ClanState, kind: int, target: int, s: int, events: list[Event]) -> None:
    power = st.data.powers[kind]
    if kind == WARD_CARD:
        t = st.table
        card = t.cards[s].pop()
        t.discard.append(card)
        events.append(Event("warded", {"seat": s, "value": CARD_VALUE[card]}))
        home.after_ward(st, events)
    elif kind == BOAST:
        st.bonus[s] += power.amount
        events.append(Event("boast", {"seat": s, "bonus": st.bonus[s]}))
        st.phase, st.turn = TURN, s
    elif kind == HEX:
        if home.deal_to(st, target, events):
            st.ward = [target, RETURN]
            st.phase, st.turn = WARD, target
        else:
            st.phase, st.turn = TURN, s
    elif kind in (BRIBE, RAID):
        if kind == BRIBE:
            st.meeples_left[OUR_HOUSE] += power.amount
        else:
            st.claim_left[OUR_HOUSE] += power.amount
        events.append(Event(power.id, {"seat": s, "meeples": st.meeples_left[0], "claim": st.claim_left[0]}))
        city.city_cards_or_place(st, events)
    elif kind == SCRAPS:
        st.fed[s] = True
        events.append(Event("scraps", {"seat": s}))
        st.dine_index += 1
        dining.dine_next(st, events)
    elif kind == TRIBUTE:
        st.leadership[s] += power.amount
        st.board = sort_board(st.board, home.member_scores(st))
        events.append(Event("tribute", {"seat": s, "leadership": st.leadership[s]}))
        dining.dine_next(st, events)
    else:  # CALM
        st.meter = max(0, st.meter - power.amount)
        events.append(Event("calm", {"seat": s, "meter": st.meter}))
        dining.dine_next(st, events)
