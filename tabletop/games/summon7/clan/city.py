"""The City phase of the clan game: the city restocked, the houses' order by House score, the
meeples placed and the humans captured in turn, then the players' house's power cards drawn
(rules of the clan game, "City phase").  Functions of the state (state.py dispatches to them); the
rival houses are played here by the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.protocol import JSON, Event
from ....core.rng import choice, shuffle
from . import actions as A
from . import dining
from .phases import CAPTURE, CITY_CARDS, PLACE

if TYPE_CHECKING:
    from .state import ClanState

OUR_HOUSE = 0  # clans in the city: 0 is the players' house, 1.. the rival houses


def city_start(st: ClanState, events: list[Event]) -> None:
    d, n = st.data, st.n
    added = []
    for loc, place in enumerate(d.locations):
        row = st.city[loc]
        room = max(0, st.scaled(place.most) - sum(row))
        rng = st._rng()
        new = [choice(rng, place.humans) for _ in range(min(st.scaled(place.restock), room))]
        for h in new:
            row[h] += 1
        added.append([A.HUMANS[h] for h in new])
    rng = st._rng()
    low, high = d.rival_range
    st.scores_now = [st.house_score] + [rng.randint(low * n, high * n) for _ in d.rivals]
    clans = ([OUR_HOUSE] if st.city_seat >= 0 else []) + list(range(1, len(d.rivals) + 1))
    # highest House score first; on equal scores the players' house, then the rivals in order
    st.order = sorted(clans, key=lambda c: (-st.scores_now[c], c))
    st.meeples_left = [0] * (len(d.rivals) + 1)
    st.claim_left = [0] * (len(d.rivals) + 1)
    for rank, clan in enumerate(st.order):
        st.meeples_left[clan] = d.rank_meeples[rank]
        st.claim_left[clan] = st.scaled(d.rank_claim[rank])
    st.cursor = 0
    events.append(
        Event(
            "city",
            {
                "restocked": added,
                "order": [st.clan_name(c) for c in st.order],
                "scores": [st.scores_now[c] for c in st.order],
                "city_seat": st.city_seat,
            },
        )
    )
    city_cards_or_place(st, events)


def city_cards_or_place(st: ClanState, events: list[Event]) -> None:
    if st.city_seat >= 0 and st._playable(st.city_seat, "city"):
        st.phase, st.turn = CITY_CARDS, st.city_seat
        return
    place_next(st, events)


def place_next(st: ClanState, events: list[Event]) -> None:
    """In turn order, one meeple per clan at a time, until all are placed."""
    while any(st.meeples_left[c] for c in st.order):
        clan = st.order[st.cursor % len(st.order)]
        if not st.meeples_left[clan]:
            st.cursor += 1
            continue
        if clan == OUR_HOUSE:
            st.phase, st.turn = PLACE, st.city_seat
            return
        place(st, clan, rival_place(st, clan), events)
        st.cursor += 1
    st.cursor = 0
    capture_next(st, events)


def place(st: ClanState, clan: int, loc: int, events: list[Event]) -> None:
    """Into the first slot, bumping the others right; one pushed past the last slot leaves."""
    row = st.meeples[loc]
    row.insert(0, clan)
    st.meeples_left[clan] -= 1
    data: dict[str, JSON] = {"clan": st.clan_name(clan), "location": A.LOCATIONS[loc]}
    if len(row) > st.data.locations[loc].slots:
        data["bumped"] = st.clan_name(row.pop())
    events.append(Event("place", data))


def rival_place(st: ClanState, clan: int) -> int:
    """A rival goes where most humans are, preferring a location it is not in yet."""
    return max(
        range(len(st.city)),
        key=lambda loc: (clan not in st.meeples[loc], sum(st.city[loc]), -loc),
    )


def capture_next(st: ClanState, events: list[Event]) -> None:
    """In turn order, one human per clan at a time, until each has met its claim value (or
    has no human left where its meeples stand)."""
    while any(st.claim_left[c] for c in st.order):
        clan = st.order[st.cursor % len(st.order)]
        if not st.claim_left[clan]:
            st.cursor += 1
            continue
        options = st._capturable(clan)
        if not options:
            st.claim_left[clan] = 0
            st.cursor += 1
            continue
        if clan == OUR_HOUSE:
            st.phase, st.turn = CAPTURE, st.city_seat
            return
        loc, h = max(options, key=lambda o: (st.city[o[0]][o[1]], -o[0], -o[1]))
        capture(st, clan, loc, h, events)
        st.cursor += 1
    city_end(st, events)


def capture(st: ClanState, clan: int, loc: int, h: int, events: list[Event]) -> None:
    st.city[loc][h] -= 1
    st.claim_left[clan] -= 1
    if clan == OUR_HOUSE:
        st.pantry[h] += 1
    events.append(
        Event("capture", {"clan": st.clan_name(clan), "location": A.LOCATIONS[loc], "human": A.HUMANS[h]})
    )


def city_end(st: ClanState, events: list[Event]) -> None:
    st.meeples = [[] for _ in st.city]  # the meeples go home
    if st.city_seat >= 0:
        count = st.data.rank_cards[st.order.index(OUR_HOUSE)]
        for _ in range(count):
            card = draw_power(st, events)
            if card is None:
                break
            st.pool.append(card)
        st.pool.sort()
        events.append(
            Event(
                "power-cards",
                {"seat": st.city_seat, "cards": [A.POWERS[st.kind(c)] for c in st.pool]},
            )
        )
    st.table.collect()  # the round's cards stay in play until the end of the City phase
    dining.draft_start(st, events)


def draw_power(st: ClanState, events: list[Event]) -> int | None:
    if not st.power_deck:
        if not st.power_discard:
            return None
        st.power_deck = sorted(st.power_discard)
        st.power_discard = []
        shuffle(st._rng(), st.power_deck)
        events.append(Event("power-reshuffle", {"cards": len(st.power_deck)}))
    return st.power_deck.pop()
