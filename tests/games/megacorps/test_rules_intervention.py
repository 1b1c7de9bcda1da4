"""Government Intervention (MC53-MC58; rulings A11, A15): by the country's current government."""

from __future__ import annotations

import pytest

from tabletop.core.errors import IllegalAction

from .helpers import act, kinds, legal, located, new, owner


def interventions(choices: list[str]) -> list[str]:
    return sorted(a.split()[1] for a in choices if a.startswith("intervene "))


def test_only_a_player_controlling_a_country_may_intervene() -> None:
    state = new(3, companies={"aer.jpn": 1, "aer.eu": 2})
    assert interventions(legal(state)) == []
    with pytest.raises(IllegalAction, match="country you control"):
        act(state, "0: intervene aer.jpn")


def test_the_targets_are_other_players_companies_in_countries_he_controls() -> None:
    japan = located(new(3), "jpn")
    assert "aer.jpn" in japan and len(japan) >= 3
    companies = {japan[0]: 1, japan[1]: 2, japan[2]: 0, "aer.eu": 1}
    state = new(3, countries={"jpn": 0}, companies=companies)
    # not his own company, not an unowned one, not one in a country of someone else (A11)
    assert interventions(legal(state)) == sorted([japan[0], japan[1]])


def test_democracy_forced_divestment_the_company_becomes_unowned_and_its_owner_gains_4() -> None:
    state = new(3, countries={"jpn": 0}, companies={"aer.jpn": 1}, governments={"jpn": "democracy"})
    assert state.game.data.economy.divest_compensation == 4
    events = act(state, "0: intervene aer.jpn")
    assert owner(state, "aer.jpn") == -1 and state.money == [40, 44, 40]
    assert kinds(events, "intervene") == [{"seat": 0, "company": "aer.jpn", "from": 1, "result": -1}]
    assert state.current_seat == 1  # an Action: the turn is over
    assert "buy aer.jpn" in legal(state)


def test_kleptocracy_theft_the_country_s_owner_takes_the_company_and_no_money_moves() -> None:
    state = new(3, countries={"jpn": 0}, companies={"aer.jpn": 1}, governments={"jpn": "kleptocracy"})
    act(state, "0: intervene aer.jpn")
    assert owner(state, "aer.jpn") == 0 and state.money == [40, 40, 40]


def test_dictatorship_nationalization_the_company_is_nationalized_for_good() -> None:
    state = new(3, countries={"jpn": 0}, companies={"aer.jpn": 1}, governments={"jpn": "dictatorship"})
    act(state, "0: intervene aer.jpn")
    assert owner(state, "aer.jpn") == -2 and state.money == [40, 40, 40]
    assert "buy aer.jpn" not in legal(state)  # it can no longer be bought
    events = act(state, "1: payout aer", "0: pass")
    assert kinds(events, "payout")[0]["paid"] == [0, 0, 0]  # and earns for no one


def test_wikisyndicalism_syndicalization_the_company_is_syndicalized_and_its_owner_gains_4() -> None:
    state = new(3, countries={"jpn": 0}, companies={"aer.jpn": 1}, governments={"jpn": "wikisyndicalism"})
    assert state.game.data.economy.syndicalize_compensation == 4
    act(state, "0: intervene aer.jpn")
    assert owner(state, "aer.jpn") == -3 and state.money == [40, 44, 40]
    assert "buy aer.jpn" not in legal(state)


def test_the_current_government_decides_after_an_event_changed_it() -> None:
    state = new(3, countries={"jpn": 0}, companies={"aer.jpn": 1}, hands=[["scandal"], [], []])
    assert state.government[state.game.board.country_index["jpn"]] == 0  # printed: a Democracy
    act(state, "0: play scandal", "0: target jpn")
    assert state.view(None)["governments"]["jpn"] == "kleptocracy"  # a marker over the printed type
    act(state, "0: intervene aer.jpn")
    assert owner(state, "aer.jpn") == 0 and state.money == [40, 40, 40]


def test_no_intervention_ever_against_a_company_of_an_independent_place() -> None:
    state = new(3, companies={"fin.swi": 1, "fin.chn": 1})
    for place in ("swi", "l5", "ast", "oss"):
        state.country_owner[state.game.board.country_index[place]] = 0  # even if someone held them
    assert interventions(legal(state)) == []
    with pytest.raises(IllegalAction):
        act(state, "0: intervene fin.swi")
    assert owner(state, "fin.swi") == 1


def test_nationalized_and_syndicalized_markers_stay_when_the_government_changes() -> None:
    companies = {"aer.jpn": "nationalized", "aer.eu": "syndicalized", "fin.chn": 1}
    governments = {"jpn": "dictatorship", "eu": "wikisyndicalism", "chn": "dictatorship"}
    state = new(3, companies=companies, governments=governments, hands=[["people-power", "scandal"], [], []])
    act(state, "0: play people-power", "0: target jpn", "0: play scandal", "0: target chn")
    assert state.view(None)["governments"]["jpn"] == "democracy"
    assert (owner(state, "aer.jpn"), owner(state, "aer.eu"), owner(state, "fin.chn")) == (-2, -3, 1)
