"""Trades and gifts (MC101, MC102; rulings A37, A38, D10): anything given, accepted or declined
as a whole; only what is handed over binds."""

from __future__ import annotations

import pytest

from tabletop.core.errors import IllegalAction

from .helpers import act, hand, holdings, kinds, legal, new, owner, phase, ruler


def test_money_mercenaries_companies_countries_and_cards_may_change_hands_in_one_exchange() -> None:
    state = new(3, companies={"aer.jpn": 0, "aer.eu": 1}, countries={"jpn": 0}, mercs=[2, 0, 0])
    act(state, "0: offer 1")
    assert phase(state) == "compose" and state.to_act() == (0,)
    choices = set(legal(state))
    assert {"give 1", "give 20", "ask 20", "give merc", "give aer.jpn", "ask aer.eu", "give jpn"} <= choices
    assert "give coup" in choices and "ask merc" not in choices  # seat 1 has no mercenary
    act(state, "0: give 5", "0: give 2", "0: give merc", "0: give jpn", "0: give coup", "0: ask aer.eu")
    events = act(state, "0: send")
    assert kinds(events, "offer") == [
        {"seat": 0, "to": 1, "ask": ["aer.eu"], "give": ["7", "merc", "jpn", "card"]}
    ]
    assert phase(state) == "answer" and state.to_act() == (1,) and legal(state) == ["accept", "decline"]
    events = act(state, "1: accept")
    assert kinds(events, "trade") == [{"seat": 1, "from": 0, "accepted": True}]
    assert state.money == [33, 47, 40] and state.mercs == [1, 1, 0]
    assert ruler(state, "jpn") == 1 and owner(state, "aer.eu") == 0 and owner(state, "aer.jpn") == 0
    assert hand(state, 1) == ["coup"] and hand(state, 0) == []
    assert phase(state) == "turn" and state.current_seat == 0  # his turn goes on: no Action


def test_an_offer_may_ask_only_what_the_other_player_holds() -> None:
    state = new(3, money=[40, 3, 40], mercs=[1, 0, 1])
    act(state, "0: offer 1")
    choices = legal(state)
    assert "ask 2" in choices and "ask 5" not in choices and "ask merc" not in choices
    act(state, "0: ask 2")
    assert "ask 1" in legal(state) and "ask 2" not in legal(state)  # 3 in all at most
    assert not [a for a in legal(state) if a.startswith("give ") and a.split()[1].isdigit()]


def test_a_declined_offer_changes_nothing() -> None:
    state = new(3, companies={"aer.jpn": 0})
    before = holdings(state)
    act(state, "0: offer 2", "0: give aer.jpn", "0: ask 20", "0: send", "2: decline")
    assert holdings(state) == before and state.offers_left == 2 and state.current_seat == 0


def test_a_gift_must_still_be_accepted() -> None:
    state = new(3)
    act(state, "0: offer 2", "0: give 10", "0: send")
    assert state.money == [40, 40, 40] and state.to_act() == (2,)
    act(state, "2: accept")
    assert state.money == [30, 40, 50]


def test_an_event_card_in_an_offer_is_seen_only_by_the_two_traders() -> None:
    state = new(3)
    events = act(state, "0: offer 1", "0: give coup", "0: send")
    shown = [e for e in events if e.kind == "offer-cards"]
    assert shown[0].visible_to == (0, 1) and shown[0].data["give"] == ["coup"]
    assert state.view(1)["decision"]["give"] == ["coup"] and state.view(2)["decision"]["give"] == ["card"]
    assert state.view(None)["decision"]["give"] == ["card"]
    act(state, "1: decline")
    assert state.view(1)["known"] == [[0, "coup"]] and state.view(2)["known"] == []


def test_transfers_ignore_antitrust_and_a_country_keeps_its_markers() -> None:
    state = new(
        3,
        companies={"aer.jpn": 1, "aer.eu": 2, "fin.chn": "nationalized"},
        countries={"eu": 0, "chn": 2},
    )
    act(state, "0: pass", "1: offer 2", "1: ask aer.eu", "1: send", "2: accept")
    assert owner(state, "aer.eu") == 1  # Mokia (seat 0) is not asked
    act(state, "1: pass", "2: offer 0", "2: give chn", "2: send", "0: accept")
    assert ruler(state, "chn") == 0 and owner(state, "fin.chn") == -2


def test_the_active_player_and_paid_cards_cannot_be_traded() -> None:
    state = new(3, paid=0)
    act(state, "0: offer 1")
    assert not [a for a in legal(state) if a.split()[-1] in ("active", "paid")]
    for text in ("0: give paid", "0: give active"):
        with pytest.raises(IllegalAction):
            act(state, text)


def test_offers_are_made_on_one_s_own_turn_a_few_at_most() -> None:
    state = new(3, countries={"jpn": 0}, companies={"aer.jpn": 1})
    assert state.game.data.economy.trade_offers == 3
    for _ in range(3):
        act(state, "0: offer 1", "0: give 1", "0: send", "1: decline")
    assert not [a for a in legal(state) if a.startswith("offer")]
    act(state, "0: pass")
    assert "offer 0" in legal(state)  # the next player's turn, his own offers
    with pytest.raises(IllegalAction):
        act(state, "0: offer 1")  # not on another's turn


def test_an_offer_holds_a_limited_number_of_items_and_may_be_dropped() -> None:
    state = new(3, money=[200, 40, 40])
    items = state.game.data.economy.trade_items
    act(state, "0: offer 1", *["0: give 1"] * items)
    assert legal(state) == ["send", "drop"]
    act(state, "0: drop")
    assert phase(state) == "turn" and state.money == [200, 40, 40] and state.offers_left == 2


def test_promises_do_not_bind_paid_for_permission_may_still_be_refused() -> None:
    state = new(3, active=1, companies={"aer.jpn": 1}, countries={"eu": 0})
    act(state, "1: offer 0", "1: give 5", "1: send", "0: accept")  # "I'll allow it, I promise"
    act(state, "1: buy aer.eu", "0: veto")
    assert state.money == [45, 35, 40] and owner(state, "aer.eu") == -1 and phase(state) == "rebuy"
