"""The Home phase of the clan game: the cards dealt, hits and holds, busts and the Ward, then the
phase's end: the leadership and the board re-sorted, and the Uprising Meter's thresholds (rules
of the clan game, "Home phase").  Functions of the state (state.py dispatches to them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.protocol import JSON, Event
from ....core.rng import choice
from ..cards import CARD_VALUE
from ..state import sort_board
from ..table import BUSTED, HELD
from . import actions as A
from . import city
from .phases import TURN, WARD

if TYPE_CHECKING:
    from .state import ClanState

# after a Ward decision: the turn passes (the player's own hit) or returns to the Hex's player
PASS, RETURN = 0, 1


def most_numerous(counts: list[int]) -> int:
    """The index of the largest count (the first on a tie)."""
    return max(range(len(counts)), key=lambda i: (counts[i], -i))


def home_start(st: ClanState, events: list[Event]) -> None:
    # the first round is dealt by the first dealer (drawn at set-up); then by the leader
    first = st.round == 0 and st.pregame_round == 0
    dealer = st.table.dealer if first else st.players_by_leadership()[0]
    if st.main:
        st.round += 1
        st.challengers = [lead > st.head_score for lead in st.leadership]
    else:
        st.pregame_round += 1
    events.append(
        Event(
            "round",
            {
                "stage": "main" if st.main else "pre-game",
                "round": st.round or st.pregame_round,
                "dealer": dealer,
            },
        )
    )
    st.bonus = [0] * st.n
    st.table.start_round(dealer, [st.hungry_now(s) for s in range(st.n)], st._rng, events)
    st.phase, st.turn = TURN, st.table.turn


def deal_to(st: ClanState, seat: int, events: list[Event]) -> bool:
    """Deal ``seat`` a card; True when it would bust and a Ward could stop it."""
    t = st.table
    card = t.deal(seat, st.hungry_now(seat), st._rng, events)
    assert card is not None  # only offered when a card can be dealt
    busts = t.busts(seat, card)
    t.cards[seat].append(card)
    events.append(Event("card", {"seat": seat, "value": CARD_VALUE[card], "first": False}))
    if not busts:
        return False
    if st.can_ward(seat):
        return True
    bust(st, seat, events)
    return False


def bust(st: ClanState, seat: int, events: list[Event]) -> None:
    t = st.table
    t.status[seat] = BUSTED
    events.append(
        Event("bust", {"seat": seat, "value": CARD_VALUE[t.cards[seat][-1]], "total": st.total(seat)})
    )


def hit(st: ClanState, s: int, events: list[Event]) -> None:
    if deal_to(st, s, events):
        st.ward = [s, PASS]
        st.phase, st.turn = WARD, s
        return
    next_turn(st, events)


def hold(st: ClanState, s: int, events: list[Event]) -> None:
    st.table.status[s] = HELD
    total = st.total(s)
    st.house_total += total
    events.append(Event("hold", {"seat": s, "total": total, "house_total": st.house_total}))
    next_turn(st, events)


def next_turn(st: ClanState, events: list[Event]) -> None:
    if st.table.advance():
        st.phase, st.turn = TURN, st.table.turn
    else:
        home_end(st, events)


def after_ward(st: ClanState, events: list[Event]) -> None:
    seat, after = st.ward
    st.ward = []
    if after == PASS:
        st.turn = seat
        next_turn(st, events)
    else:  # back to the player who played the Hex, whose turn goes on
        st.phase, st.turn = TURN, st.table.turn


def home_end(st: ClanState, events: list[Event]) -> None:
    t = st.table
    totals = st.totals()
    winners = t.winners(totals)
    for w in winners:
        st.leadership[w] += totals[w]
    st.board = sort_board(st.board, member_scores(st))
    busted = [t.status[s] == BUSTED for s in range(st.n)]
    entry: dict[str, JSON] = {
        "stage": "main" if st.main else "pre-game",
        "round": st.round if st.main else st.pregame_round,
        "dealer": t.dealer,
        "totals": totals,
        "busted": busted,
        "winners": winners,
    }
    if not st.main:
        st.history.append(entry)
        events.append(Event("home-end", {**entry, "leadership": list(st.leadership)}))
        t.collect()
        target = st.game.options["pregame"]
        if max(st.leadership) >= target or st.pregame_round >= st.data.pregame_round_limit:
            st._main_start(events)
        else:
            home_start(st, events)
        return
    fed_meter = sum(totals[s] for s in range(st.n) if busted[s])
    st.meter += fed_meter
    hungry = sum(st.hungry)
    st.house_score = sum(totals[s] for s in range(st.n) if t.status[s] == HELD)
    st.house_score -= st.data.hungry_penalty * hungry
    st.city_seat = next((m for m in st.board if m in winners), -1)
    entry.update({"house_score": st.house_score, "meter": st.meter, "city_seat": st.city_seat})
    st.history.append(entry)
    events.append(Event("home-end", {**entry, "leadership": list(st.leadership), "hungry": hungry}))
    thresholds(st, events)
    city.city_start(st, events)


def thresholds(st: ClanState, events: list[Event]) -> None:
    steps = st.data.uprising
    while st.fired < len(steps) and st.meter >= steps[st.fired].per_player * st.n:
        step = steps[st.fired]
        st.fired += 1
        data: dict[str, JSON] = {"name": step.name, "effect": step.effect, "meter": st.meter}
        if step.effect == "flee":
            for row in st.city:
                for _ in range(step.amount):
                    if any(row):
                        row[most_numerous(row)] -= 1
        elif step.effect == "riot":
            lost = []
            for _ in range(step.amount):
                tokens = [h for h, count in enumerate(st.pantry) for _ in range(count)]
                if tokens:
                    h = choice(st._rng(), tokens)
                    st.pantry[h] -= 1
                    lost.append(A.HUMANS[h])
            data["lost"] = lost
        elif step.effect == "crackdown":
            st.head_score += step.amount
            st.board = sort_board(st.board, member_scores(st))
            data["head"] = st.head_score
        else:
            st.uprising = True
        events.append(Event("threshold", data))


def member_scores(st: ClanState) -> list[int]:
    return [*st.leadership, st.head_score]
