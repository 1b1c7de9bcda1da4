"""One list of offers (issue 29): the players' lists (tabletop/server/offers.py) hold the offers
made on a turn (R-MC30: ``offer``, then ``send``, answered at once) next to the offers made at any
time, numbered -1, -2, ... in the order they were sent: open while the receiver is asked, then
carried out or declined; their event cards named only to their two players; no countdown on a
timed table (the receiver's question has its own clock) and nothing for the server to expire."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import tabletop
from tabletop.core.record import parse_entry
from tabletop.server.offers import Offers

from ..games.megacorps.helpers import FIXED

SETUP = FIXED


def table() -> tuple[Any, Offers]:
    state = tabletop.make("megacorps", players=3).new_state(1, setup=SETUP)
    control = SimpleNamespace(timed=True, window=20.0)
    settings = SimpleNamespace(clock=lambda: 100.0)
    room = SimpleNamespace(hub=SimpleNamespace(settings=settings), state=state, now=lambda: 100.0)
    room.clocks = SimpleNamespace(control=control)
    room.conns = {}
    return state, Offers(room)  # type: ignore[arg-type]


def play(state: Any, offers: Offers, *entries: str) -> set[int]:
    changed: set[int] = set()
    for text in entries:
        seat, action = parse_entry(text)
        events = state.apply(state.get_game().parse_action(action), seat)
        changed |= offers.see(events, 100.0, None)
    return changed


def test_an_offer_made_on_a_turn_is_in_its_two_players_lists_until_answered() -> None:
    state, offers = table()
    assert play(state, offers, "offer 1", "give 5", "give kleptocrats", "ask med.jpn") == set()
    assert offers.for_seat(0) == [], "nothing is listed while the offer is put together"
    assert play(state, offers, "send") == {0, 1}
    for seat in (0, 1):
        (listed,) = offers.for_seat(seat)
        assert (listed["id"], listed["from"], listed["to"], listed["turn"]) == (-1, 0, 1, True)
        wanted = (["5", "kleptocrats"], ["med.jpn"], "open")  # its cards named to its two players
        assert (listed["give"], listed["ask"], listed["status"]) == wanted
        assert listed["ends"] is None, "its answer is the receiver's question: no countdown of its own"
    assert offers.for_seat(2) == [] and offers.for_seat(None) == []
    assert offers.next_deadline() is None
    assert play(state, offers, "decline") == {0, 1}
    assert [o["status"] for o in offers.for_seat(1)] == ["declined"]
    # a second one, accepted: numbered -2, carried out
    play(state, offers, "offer 2", "give 1", "send")
    assert [o["id"] for o in offers.for_seat(0)] == [-2, -1]
    assert [(o["id"], o["status"]) for o in offers.for_seat(2)] == [(-2, "open")]
    play(state, offers, "accept")
    assert [(o["id"], o["status"]) for o in offers.for_seat(2)] == [(-2, "done")]
    assert [(o["id"], o["status"]) for o in offers.for_seat(0)] == [(-2, "done"), (-1, "declined")]


def test_offers_on_a_turn_and_at_any_time_share_one_list() -> None:
    state, offers = table()
    play(state, offers, "@2 propose 0 1/-")  # an offer at any time: seat 2 gives seat 0 1
    play(state, offers, "offer 2", "give 2", "send")
    listed = offers.for_seat(2)
    assert [(o["id"], o["turn"], o["status"]) for o in listed] == [(-1, True, "open"), (1, False, "open")]
    assert offers.next_deadline() == 100.0 + 4 * 20.0, "only the offer at any time has a countdown"
