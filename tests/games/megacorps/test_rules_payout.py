"""Payout Industry, the Paid card, competitors and payment (MC37-MC52; rulings A13, A14, A16)."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.games.megacorps.state import MegaCorpsState

from .helpers import act, industry, kinds, legal, new, phase, settle


def pay(state: MegaCorpsState, code: str) -> dict[str, Any]:
    """The seat whose turn it is calls ``code`` to pay out; every holder asked passes."""
    events = act(state, f"{state.current_seat}: payout {code}") + settle(state)
    (paid,) = kinds(events, "payout")
    return paid


# -- MC37-MC41: the Action and the Paid card --------------------------------------------------------
def test_any_industry_may_be_named_and_pays_out_at_once() -> None:
    state = new(3)
    offered = [a.split()[1] for a in legal(state) if a.startswith("payout ")]
    assert offered == [i.code for i in state.game.data.industries]
    aer = industry(state, "aer")
    state = new(3, companies={aer[0]: 1, aer[1]: 1, aer[2]: 2})
    paid = pay(state, "aer")
    # competitors: seats 1 and 2 and two unowned companies
    assert paid == {"industry": "aer", "competitors": 4, "modifier": 0, "rate": 4, "paid": [0, 8, 4]}
    assert state.money == [40, 48, 44] and state.current_seat == 1  # the Action ended the turn


def test_the_paid_card_goes_to_the_caller_and_frees_the_previous_holder() -> None:
    state = new(3, deck=["coup", "scandal", "people-power"])
    pay(state, "aer")
    assert state.paid == 0 and state.view(None)["paid"] == 0
    act(state, "1: pass", "2: pass")  # round 2: seat 1 is active
    pay(state, "fin")
    assert state.paid == 1
    act(state, "2: pass")
    assert state.current_seat == 0 and not [a for a in legal(state) if a.startswith("payout")]  # done
    act(state, "0: pass")  # round 3: seat 2 active
    act(state, "2: pass")
    assert state.current_seat == 0 and "payout aer" in legal(state)  # seat 0 is free again
    act(state, "0: pass")
    assert state.current_seat == 1 and not [a for a in legal(state) if a.startswith("payout")]


def test_the_holder_of_the_paid_card_may_not_take_the_action() -> None:
    state = new(3, paid=0)
    assert not [a for a in legal(state) if a.startswith("payout")]
    act(state, "0: pass")
    assert "payout aer" in legal(state)


def test_the_paid_card_holder_may_still_trigger_a_payout_with_an_event() -> None:
    fin = industry(new(3), "fin")
    state = new(3, paid=0, hands=[["market-rally"], [], []], companies={fin[0]: 0})
    events = act(state, "0: play market-rally", "0: target fin") + settle(state)
    assert kinds(events, "payout-called") == [{"seat": 0, "industry": "fin", "action": False}]
    assert state.money[0] > 40
    # not an Action: his turn goes on, the Paid card stays, and the round's payout is still free (A13)
    assert phase(state) == "turn" and state.current_seat == 0 and state.paid == 0
    assert not state.payout_done
    act(state, "0: pass")
    assert "payout fin" in legal(state)


# -- MC42-MC49: competitors and payment ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("owned", "competitors", "rate"), [(5, 1, 10), (4, 2, 8), (3, 3, 6), (2, 4, 4), (1, 5, 3)]
)
def test_each_unowned_company_is_a_competitor_and_the_table_sets_the_rate(
    owned: int, competitors: int, rate: int
) -> None:
    aer = industry(new(3), "aer")
    assert len(aer) == 5
    state = new(3, companies=dict.fromkeys(aer[:owned], 0))
    paid = pay(state, "aer")
    assert (paid["competitors"], paid["rate"]) == (competitors, rate)
    assert paid["paid"] == [owned * rate, 0, 0]  # times the companies he owns (MC48)


def test_each_owning_player_is_one_competitor_however_many_he_owns() -> None:
    aer = industry(new(4), "aer")
    state = new(4, companies={aer[0]: 0, aer[1]: 0, aer[2]: 0, aer[3]: 1, aer[4]: 2})
    assert pay(state, "aer")["competitors"] == 3
    assert state.money == [40 + 18, 46, 46, 40]


def test_the_payout_table_is_the_printed_one() -> None:
    assert new(3).game.data.economy.payout == (12, 10, 8, 6, 4, 3)


def test_unowned_nationalized_and_syndicalized_companies_earn_nothing() -> None:
    fin = industry(new(3), "fin")
    state = new(3, companies={fin[0]: "nationalized", fin[1]: "syndicalized", fin[2]: 1})
    paid = pay(state, "fin")
    # unowned x2, syndicalized, nationalized in an unowned country, seat 1: five competitors
    assert paid["competitors"] == 5 and paid["paid"] == [0, 3, 0]
    assert sum(state.money) == 3 * 40 + 3


# -- MC44, MC45: Nationalized and Syndicalized competitors ---------------------------------------------
def nationalized_case(china: int, **setup: Any) -> MegaCorpsState:
    """Finance: China's company Nationalized, seat 0 two others, seat 1 one, one more unowned."""
    fin = [c for c in industry(new(3), "fin") if c != "fin.chn"]
    assert len(fin) == 4
    companies: dict[str, Any] = {"fin.chn": "nationalized", fin[0]: 0, fin[1]: 0, fin[2]: 1}
    return new(3, companies=companies, countries={"chn": china}, **{"active": 2, **setup})


@pytest.mark.parametrize(
    ("china", "competitors"),
    [(0, 3), (1, 3), (-1, 4), (2, 4)],  # owner with Finance: not a competitor; unowned or none: one
)
def test_a_nationalized_company_competes_unless_its_country_s_owner_is_in_the_industry(
    china: int, competitors: int
) -> None:
    state = nationalized_case(china)
    assert pay(state, "fin")["competitors"] == competitors


def test_a_nationalized_company_s_status_is_judged_at_each_payout() -> None:
    state = nationalized_case(0, active=0, hands=[["market-rally"], [], []])
    events = act(state, "0: play market-rally", "0: target fin") + settle(state)
    assert kinds(events, "payout")[0]["competitors"] == 3
    act(state, "0: offer 2", "0: give chn", "0: send", "2: accept")  # China to a seat without Finance
    events = act(state, "0: payout fin") + settle(state)
    assert kinds(events, "payout")[0]["competitors"] == 4


def test_a_syndicalized_company_competes_even_for_the_owner_of_its_country() -> None:
    fin = [c for c in industry(new(3), "fin") if c != "fin.chn"]
    companies: dict[str, Any] = {"fin.chn": "syndicalized", fin[0]: 0, fin[1]: 0, fin[2]: 1}
    state = new(3, active=1, companies=companies, countries={"chn": 0})
    assert pay(state, "fin")["competitors"] == 4


def test_a_company_not_yet_built_is_no_competitor() -> None:
    nan = industry(new(3), "nan")
    earth = [c for c in nan if c != "nan.l5"]
    state = new(3, companies=dict.fromkeys(earth, 0), hands=[["l5-station"], [], []])
    assert pay(state, "nan")["competitors"] == 1
    state = new(3, companies=dict.fromkeys(earth, 0), hands=[["l5-station"], [], []])
    act(state, "0: play l5-station")
    assert pay(state, "nan")["competitors"] == 2


# -- MC50, MC51: Shortages and Oversupply against the table's ends -------------------------------------
def test_zero_competitors_only_for_a_sole_owner_with_shortages() -> None:
    aer = industry(new(3), "aer")
    state = new(3, companies=dict.fromkeys(aer, 0), hands=[[], ["shortages"], []])
    events = act(state, "0: payout aer", "0: pass", "1: play shortages") + settle(state)
    assert kinds(events, "payout") == [
        {"industry": "aer", "competitors": 1, "modifier": -1, "rate": 12, "paid": [60, 0, 0]}
    ]
    state = new(3, companies=dict.fromkeys(aer[1:], 0), hands=[[], ["shortages"], []])
    events = act(state, "0: payout aer", "0: pass", "1: play shortages") + settle(state)
    assert kinds(events, "payout")[0]["rate"] == 10  # two competitors less one: never below what is owned


@pytest.mark.parametrize("unowned", [4, 3])
def test_oversupply_at_five_competitors_or_four_pays_the_five_rate(unowned: int) -> None:
    aer = industry(new(3), "aer")
    state = new(3, companies=dict.fromkeys(aer[unowned:], 0), hands=[[], ["oversupply"], []])
    events = act(state, "0: payout aer", "0: pass", "1: play oversupply") + settle(state)
    (paid,) = kinds(events, "payout")
    assert paid["rate"] == 3 and paid["paid"][0] == 3 * (5 - unowned)


# -- MC52: the rulebook's three examples ---------------------------------------------------------------
def test_example_one_the_mouse_owns_all_four_nanotech_companies_and_earns_40() -> None:
    earth = [c for c in industry(new(3), "nan") if c != "nan.l5"]
    assert len(earth) == 4
    state = new(3, corporations=["mouse", "mokia", "globbo"], companies=dict.fromkeys(earth, 0))
    paid = pay(state, "nan")
    assert paid["competitors"] == 1 and paid["paid"] == [40, 0, 0]


def test_example_two_mokia_and_windoze_earn_12_and_nonintendo_6() -> None:
    aer = industry(new(3), "aer")
    owners = dict(zip(aer, [0, 0, 1, 2, 2], strict=True))
    state = new(3, corporations=["mokia", "nonintendo", "windoze"], companies=owners)
    paid = pay(state, "aer")
    assert paid["competitors"] == 3 and paid["paid"] == [12, 6, 12]


def test_example_three_lenogo_earns_12_and_globbo_6() -> None:
    fin = [c for c in industry(new(3), "fin") if c != "fin.chn"]
    companies: dict[str, Any] = {"fin.chn": "nationalized", fin[0]: 0, fin[1]: 0, fin[2]: 1}
    state = new(3, corporations=["lenogo", "globbo", "mouse"], printed=True, companies=companies)
    assert state.view(None)["countries"]["chn"] == 0  # Lenogo controls China
    paid = pay(state, "fin")
    assert paid["competitors"] == 3 and paid["paid"] == [12, 6, 0]
