"""Buy Company and Antitrust (MC32-MC36, MC99; rulings A7-A9)."""

from __future__ import annotations

import pytest

from tabletop.core.errors import IllegalAction, InvalidOptions

from .helpers import act, industry, kinds, legal, new, owner, phase


def test_a_company_costs_4_paid_to_the_game_box() -> None:
    state = new(3)
    assert state.game.data.economy.company_price == 4
    events = act(state, "0: buy aer.jpn")
    assert owner(state, "aer.jpn") == 0 and state.money == [36, 40, 40]  # nobody receives it (A7)
    assert kinds(events, "buy") == [{"seat": 0, "company": "aer.jpn", "price": 4}]


def test_only_a_box_without_any_marker_may_be_bought() -> None:
    marked = {"aer.jpn": 1, "aer.eu": "nationalized", "aer.naf": "syndicalized"}
    state = new(3, companies=marked)
    offered = [a.split()[1] for a in legal(state) if a.startswith("buy ")]
    assert set(offered) == {state.game.board.company_code[c] for c, o in enumerate(state.owner) if o == -1}
    for company in (*marked, "sof.oss", "nan.l5", "met.ast"):
        assert company not in offered
        before = state.to_json()
        with pytest.raises(IllegalAction, match="not for sale"):
            act(state, f"0: buy {company}")
        assert state.to_json() == before


def test_a_player_without_4_euros_cannot_buy() -> None:
    state = new(3, money=[3, 40, 40])
    assert not [a for a in legal(state) if a.startswith("buy ")]
    with pytest.raises(IllegalAction, match="costs 4"):
        act(state, "0: buy aer.jpn")


def test_l5_and_asteroid_cannot_be_bought_before_their_cards() -> None:
    state = new(3, deck=["l5-station", "coup", "scandal"], hands=[["asteroid-mine"], [], []])
    assert "buy nan.l5" not in legal(state) and "buy met.ast" not in legal(state)
    act(state, "0: play l5-station")
    assert "buy nan.l5" in legal(state) and "buy met.ast" not in legal(state)
    act(state, "0: play asteroid-mine", "0: buy met.ast")
    assert owner(state, "met.ast") == 0 and owner(state, "nan.l5") == -1


# -- MC34: the rulebook's example, then each condition -----------------------------------------------
def test_antitrust_example_mokia_may_bar_nonintendo_from_the_eu_aerospace_company() -> None:
    # Nonintendo owns the Japanese Aerospace company; Mokia owns the European Union
    state = new(3, printed=True, corporations=["mokia", "nonintendo", "mouse"], companies={"aer.jpn": 1})
    assert (state.view(None)["countries"]["eu"], owner(state, "aer.jpn")) == (0, 1)
    act(state, "0: pass")
    events = act(state, "1: buy aer.eu")
    assert kinds(events, "ask-permission") == [{"seat": 1, "company": "aer.eu", "owner": 0}]
    assert phase(state) == "veto" and state.to_act() == (0,) and legal(state) == ["allow", "veto"]
    assert owner(state, "aer.eu") == -1 and state.money[1] == 40  # nothing happens before the answer
    act(state, "0: allow")
    assert owner(state, "aer.eu") == 1 and state.money[1] == 36 and state.current_seat == 2


def test_a_veto_leaves_the_buyer_only_another_company_or_pass() -> None:
    state = new(3, countries={"eu": 0, "naf": 2}, companies={"aer.jpn": 1}, mercs=[1, 3, 1])
    act(state, "0: pass", "1: buy aer.eu", "0: veto")
    assert phase(state) == "rebuy" and state.current_seat == 1 and state.money[1] == 40
    choices = legal(state)
    assert "buy aer.eu" not in choices and "pass" in choices
    assert {a.split()[0] for a in choices} == {"buy", "pass"}  # no other Action (MC35)
    with pytest.raises(IllegalAction):
        act(state, "1: mercs")
    act(state, "1: buy aer.naf")  # NAFTA is seat 2's: asked in turn
    assert phase(state) == "veto" and state.to_act() == (2,)
    act(state, "2: veto")
    assert "buy aer.eu" not in legal(state) and "buy aer.naf" not in legal(state)
    company = industry(state, "sol")[0]
    act(state, f"1: buy {company}")
    assert owner(state, company) == 1 and state.money[1] == 36 and state.current_seat == 2


def test_after_a_veto_the_buyer_may_pass_and_pays_nothing() -> None:
    state = new(3, countries={"eu": 0}, companies={"aer.jpn": 1})
    events = act(state, "0: pass", "1: buy aer.eu", "0: veto", "1: pass")
    assert kinds(events, "permission") == [{"seat": 0, "company": "aer.eu", "allowed": False}]
    assert state.money == [40, 40, 40] and owner(state, "aer.eu") == -1 and state.current_seat == 2


@pytest.mark.parametrize(
    ("countries", "companies", "asked"),
    [
        ({"eu": 0}, {"aer.jpn": 1}, True),  # another's country, another company of the industry
        ({"eu": 0}, {}, False),  # no other company of the industry
        ({"eu": 0}, {"fin.swi": 1}, False),  # another industry
        ({}, {"aer.jpn": 1}, False),  # the country is unowned
        ({"eu": 1}, {"aer.jpn": 1}, False),  # the buyer's own country
        ({"eu": 0}, {"aer.jpn": 0}, False),  # the owner holds the other company, not the buyer
        ({"eu": 0}, {"aer.jpn": "nationalized"}, False),  # only a control marker counts
    ],
)
def test_antitrust_needs_another_s_country_and_a_company_of_the_buyer_in_the_industry(
    countries: dict[str, int], companies: dict[str, object], asked: bool
) -> None:
    state = new(3, active=1, countries=countries, companies=companies)
    act(state, "1: buy aer.eu")
    assert (phase(state) == "veto") is asked
    assert (owner(state, "aer.eu") == 1) is not asked


def test_antitrust_never_bars_a_purchase_in_an_independent_place() -> None:
    state = new(3, companies={"fin.chn": 1}, countries={"chn": 0})
    with pytest.raises(InvalidOptions):  # nobody can own Switzerland
        new(3, countries={"swi": 0})
    swiss = state.game.board.country_index["swi"]
    state.country_owner[swiss] = 0  # even if somebody did
    act(state, "0: pass", "1: buy fin.swi")
    assert owner(state, "fin.swi") == 1 and phase(state) == "turn"


def test_the_swiss_finance_company_exists_all_game_and_is_bought_as_any_other() -> None:
    state = new(3)
    assert owner(state, "fin.swi") == -1 and "buy fin.swi" in legal(state)
    act(state, "0: buy fin.swi")
    assert owner(state, "fin.swi") == 0 and state.money[0] == 36
