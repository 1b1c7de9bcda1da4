"""Buy Mercenaries (MC59-MC62; rulings A18, A19, D4): free ones, the bank's, the owners' prices,
Clone Soldiers."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core.errors import IllegalAction

from .helpers import act, industry, kinds, legal, new, phase


def defense() -> list[str]:
    found = industry(new(3), "def")
    assert len(found) == 5  # MC9: the mercenary example lists five Defense companies
    return found


def test_one_free_mercenary_for_each_defense_company_owned() -> None:
    d = defense()
    state = new(3, companies={d[0]: 0, d[1]: 0, d[2]: 1, d[3]: 1, d[4]: 2})
    events = act(state, "0: mercs")
    assert kinds(events, "mercs") == [{"seat": 0, "free": 2}]
    assert state.mercs[0] == 1 + 2 and state.money[0] == 40
    assert phase(state) == "price"  # no Defense company is free: the owners are asked next


def test_the_bank_sells_one_per_unowned_nationalized_or_syndicalized_defense_company_at_1() -> None:
    d = defense()
    state = new(3, companies={d[0]: "nationalized", d[1]: "syndicalized", d[2]: 0, d[3]: 0, d[4]: 0})
    assert state.game.data.economy.bank_mercenary_price == 1
    act(state, "0: mercs")
    assert state.mercs[0] == 1 + 3 and phase(state) == "bank"
    assert legal(state) == ["bank 0", "bank 1", "bank 2"]
    events = act(state, "0: bank 2")
    assert kinds(events, "bank-mercs") == [{"seat": 0, "count": 2, "price": 2}]
    assert state.mercs == [6, 1, 1] and state.money == [38, 40, 40]  # to the game box
    assert state.current_seat == 1


def test_the_bank_sells_no_more_than_the_buyer_can_pay() -> None:
    state = new(3, money=[2, 40, 40])
    act(state, "0: mercs")
    assert legal(state) == ["bank 0", "bank 1", "bank 2"]  # five unowned, but only 2 Euros
    act(state, "0: bank 0")
    assert state.mercs[0] == 1 and state.money[0] == 2


def test_mercenary_example_nonintendo_spends_2_and_gains_3() -> None:
    d = defense()
    companies: dict[str, Any] = {d[0]: "unowned", d[1]: "nationalized", d[2]: 2, d[3]: 3, d[4]: 1}
    corps = ["nonintendo", "lenogo", "mouse", "windoze"]
    state = new(4, corporations=corps, companies=companies)
    act(state, "0: mercs")
    assert phase(state) == "bank" and legal(state)[-1] == "bank 2"
    act(state, "0: bank 2")  # one from the unowned, one from the Nationalized company: 2 Euros
    # the owners are asked clockwise from the buyer: Lenogo, The Mouse, Windoze
    assert phase(state) == "price" and state.to_act() == (1,)
    assert state.view(None)["decision"] == {"company": d[4], "buyer": 0}
    act(state, "1: refuse")  # Lenogo refuses at any price
    assert state.to_act() == (2,)
    events = act(state, "2: price 0")  # The Mouse gives one for free
    assert kinds(events, "price") == [{"seat": 2, "company": d[2], "price": 0}]
    assert state.to_act() == (3,)
    act(state, "3: price 4")  # Windoze asks 4 ...
    assert phase(state) == "pay" and state.to_act() == (0,) and legal(state) == ["pay", "decline"]
    events = act(state, "0: decline")  # ... too expensive
    assert kinds(events, "declined-price") == [{"seat": 0, "seller": 3, "price": 4}]
    assert state.money == [38, 40, 40, 40] and state.mercs == [1 + 3, 1, 1, 1]
    assert state.current_seat == 1  # the Action is over


def test_a_price_agreed_is_paid_to_the_owner_one_mercenary_per_company() -> None:
    d = defense()
    state = new(3, companies={d[0]: 1, d[1]: 1, d[2]: 2, d[3]: 0, d[4]: 0})
    act(state, "0: mercs")
    assert state.mercs[0] == 3 and phase(state) == "price"
    act(state, "1: price 3", "0: pay", "1: price 5", "0: pay", "2: refuse")
    assert state.money == [32, 48, 40] and state.mercs == [5, 1, 1]


def test_a_price_is_at_most_what_the_buyer_holds() -> None:
    d = defense()
    state = new(3, money=[3, 40, 40], companies={d[0]: 1, d[1]: 0, d[2]: 0, d[3]: 0, d[4]: 0})
    act(state, "0: mercs")
    assert legal(state) == ["price 0", "price 1", "price 2", "price 3", "refuse"]
    with pytest.raises(IllegalAction):
        act(state, "1: price 4")


def test_clone_soldiers_biotech_counts_as_defense_in_every_way_for_the_rest_of_the_game() -> None:
    d, bio = defense(), industry(new(3), "bio")
    assert len(bio) >= 3
    companies: dict[str, Any] = {c: 2 for c in d}
    companies.update({bio[0]: 0, bio[1]: "nationalized", bio[2]: 1})
    free_bank = sum(1 for c in bio[3:]) + 1  # the unowned ones and the Nationalized one
    state = new(3, companies=companies, hands=[["clone-soldiers"], [], []], deck=["coup", "scandal"])
    before = state.clone()
    act(before, "0: mercs")  # before the card: only Defense, all seat 2's
    assert before.mercs[0] == 1 and phase(before) == "price" and before.to_act() == (2,)
    act(state, "0: play clone-soldiers")
    assert state.clones and state.view(None)["clones"] and "play clone-soldiers" not in legal(state)
    act(state, "0: mercs")
    assert state.mercs[0] == 2 and legal(state)[-1] == f"bank {free_bank}"
    act(state, "0: bank 1")
    sellers = []
    while phase(state) == "price":
        sellers.append((state.current_seat, state.view(None)["decision"]["company"]))
        act(state, f"{state.current_seat}: refuse")
    assert sellers == [(1, bio[2]), *((2, c) for c in d)]  # clockwise from the buyer's left
    act(state, "1: pass", "2: pass")  # round 2: Clone Soldiers still holds
    act(state, "1: mercs")
    assert state.mercs[1] == 2  # his Biotech company's free mercenary


def test_the_action_is_not_offered_when_no_mercenary_could_come() -> None:
    state = new(3, money=[0, 40, 40])  # no Defense company of his, none of another's, no money
    assert "mercs" not in legal(state)
    with pytest.raises(IllegalAction):
        act(state, "0: mercs")
    d = defense()
    state = new(3, money=[0, 40, 40], companies={d[0]: 2})
    assert "mercs" in legal(state)  # the owner of a Defense company may give one
