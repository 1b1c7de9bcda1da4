"""Launch a War (MC63-MC77; rulings A22-A27, D5, D6): targets, the donation window, the totals,
the losses, control and the winner's Government Intervention."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core.errors import IllegalAction

from .helpers import act, country, kinds, legal, new, owner, phase, ruler


def wars(choices: list[str]) -> list[str]:
    return sorted(a.split()[1] for a in choices if a.startswith("war "))


def result(events: list[Any]) -> dict[str, Any]:
    (found,) = kinds(events, "war-result")
    return found


# -- MC63, MC64: who may attack what ------------------------------------------------------------------
def test_a_war_needs_a_mercenary() -> None:
    state = new(3, mercs=[0, 1, 1])
    assert wars(legal(state)) == []
    with pytest.raises(IllegalAction, match="at least one mercenary"):
        act(state, "0: war jpn")


def test_any_country_but_his_own_and_the_independent_places_may_be_attacked() -> None:
    state = new(3, countries={"jpn": 0, "eu": 1})
    ownable = sorted(c.code for c in state.game.data.countries if not c.neutral)
    assert wars(legal(state)) == sorted(set(ownable) - {"jpn"})  # unowned ones and others' ones
    for place in ("swi", "l5", "ast", "oss"):
        with pytest.raises(IllegalAction):
            act(state, f"0: war {place}")


# -- MC65-MC70: the totals and who wins -----------------------------------------------------------------
def test_the_attack_adds_the_force_of_all_his_countries_and_all_his_mercenaries() -> None:
    state = new(3, countries={"rus": 0, "cal": 0, "eu": 1, "naf": 1}, mercs=[3, 2, 0])
    events = act(state, "0: war eu")  # seat 2 holds no mercenary: nobody is asked
    found = result(events)
    assert found["attack"] == country(state, "rus").force + country(state, "cal").force + 3
    # only the target defends, with all of its owner's mercenaries
    assert found["defence"] == country(state, "eu").defense + 2


@pytest.mark.parametrize("extra", [-1, 0, 1])
def test_the_attacker_wins_only_with_a_strictly_bigger_total(extra: int) -> None:
    japan = country(new(3), "jpn").defense
    force = country(new(3), "rus").force
    mercs = japan + 1 - force + extra  # the defender has one mercenary
    assert mercs >= 1
    state = new(3, countries={"rus": 0, "jpn": 1}, mercs=[mercs, 1, 0])
    found = result(act(state, "0: war jpn"))
    assert found["attack"] - found["defence"] == extra
    assert found["won"] is (extra > 0)
    assert ruler(state, "jpn") == (0 if extra > 0 else 1)  # a tie keeps the country
    assert state.current_seat == 1  # nobody owns a company in Japan: no intervention, turn over


# -- MC71-MC73: losses ----------------------------------------------------------------------------------
@pytest.mark.parametrize("mercs", [1, 9])
def test_an_attacker_alone_with_mercenaries_loses_one_win_or_lose(mercs: int) -> None:
    state = new(3, countries={"jpn": 1}, mercs=[mercs, 0, 0])
    found = result(act(state, "0: war jpn"))
    assert found["won"] is (mercs > country(state, "jpn").defense)
    assert (found["attacker_lost"], found["defender_lost"]) == (1, 0)
    assert state.mercs == [mercs - 1, 0, 0]


@pytest.mark.parametrize("defender_force", ["weak", "strong"])
def test_the_loss_example_3_against_1_each_loses_1(defender_force: str) -> None:
    # the Force and Defense values do not matter: the same losses whoever wins
    countries = {"jpn": 1} if defender_force == "weak" else {"jpn": 1, "rus": 0, "cal": 0, "naf": 0}
    state = new(3, countries=countries, mercs=[3, 1, 0])
    found = result(act(state, "0: war jpn"))
    assert (found["attacker_lost"], found["defender_lost"]) == (1, 1)
    assert state.mercs == [2, 0, 0]


def test_the_smaller_force_is_removed_and_the_larger_loses_as_many() -> None:
    state = new(3, countries={"jpn": 1}, mercs=[2, 5, 0])
    found = result(act(state, "0: war jpn"))
    assert not found["won"] and (found["attacker_lost"], found["defender_lost"]) == (2, 2)
    assert state.mercs == [0, 3, 0]


def test_equal_forces_are_both_removed() -> None:
    state = new(3, countries={"jpn": 1}, mercs=[4, 4, 0])
    found = result(act(state, "0: war jpn"))
    assert (found["attacker_lost"], found["defender_lost"]) == (4, 4)
    assert state.mercs == [0, 0, 0]


# -- MC67: the donation window --------------------------------------------------------------------------
def test_the_others_holding_mercenaries_may_give_them_clockwise_from_the_attacker_s_left() -> None:
    state = new(5, countries={"jpn": 2}, mercs=[1, 1, 1, 0, 2])
    act(state, "0: war jpn")
    assert phase(state) == "donate" and state.to_act() == (1,)  # seat 2 is at war, seat 3 has none
    assert {"aid a", "aid d", "done", "sell a 1", "sell d 1"} <= set(legal(state))
    events = act(state, "1: aid d")
    assert kinds(events, "aid") == [{"seat": 1, "side": "d", "to": 2}]
    assert state.to_act() == (4,) and state.mercs == [1, 0, 2, 0, 2]  # seat 1 has no more to give
    act(state, "4: aid a")
    assert state.to_act() == (4,) and state.mercs == [2, 0, 2, 0, 1]  # he may give more, or be done
    act(state, "4: done")
    assert state.to_act() == (4,) and state.view(None)["decision"]["lap"] == 2  # something changed
    events = act(state, "4: done")  # a lap without change ends the window
    assert result(events)["attack"] == 2 and result(events)["defence"] == country(state, "jpn").defense + 2


def test_a_mercenary_sold_to_a_warring_player_is_paid_for_if_he_accepts() -> None:
    state = new(3, countries={"jpn": 2}, mercs=[1, 2, 0])
    act(state, "0: war jpn", "1: sell d 3")
    assert phase(state) == "sale" and state.to_act() == (2,) and legal(state) == ["pay", "decline"]
    assert state.view(None)["decision"]["price"] == 3
    act(state, "2: pay")
    assert state.money == [40, 43, 37] and state.mercs[1:] == [1, 1]
    assert state.to_act() == (1,) and state.view(None)["decision"]["lap"] == 2  # his turn in lap 1 ended
    events = act(state, "1: sell a 2", "0: decline")  # nothing changed in lap 2: the war is fought
    assert state.money == [40, 43, 37] and state.mercs[1] == 1
    assert result(events)["defence"] == country(state, "jpn").defense + 1


def test_the_window_lasts_three_laps_at_most() -> None:
    state = new(3, countries={"jpn": 2}, mercs=[1, 9, 0])
    assert state.game.data.economy.donation_laps == 3
    events = act(state, "0: war jpn", *["1: aid a", "1: done"] * 3)
    assert kinds(events, "war-result") and state.mercs[1] == 6
    assert result(events)["attack"] == 1 + 3  # no fourth lap although lap 3 changed something
    assert state.mercs[0] == 3


# -- MC74-MC76: after the war ---------------------------------------------------------------------------
def test_the_winning_attacker_may_intervene_against_one_company_of_the_loser_there() -> None:
    state = new(3, countries={"jpn": 1}, mercs=[9, 0, 0], companies={"aer.jpn": 1, "aer.eu": 1})
    act(state, "0: war jpn")
    assert ruler(state, "jpn") == 0 and phase(state) == "war-gi" and state.to_act() == (0,)
    assert legal(state) == ["intervene aer.jpn", "pass"]  # only the loser's companies in Japan
    act(state, "0: intervene aer.jpn")  # Japan, now his, is a Democracy: divestment
    assert owner(state, "aer.jpn") == -1 and state.money == [40, 44, 40] and state.current_seat == 1


def test_the_winning_defender_intervenes_by_the_country_s_government() -> None:
    companies = {"aer.jpn": 0}
    state = new(
        3, countries={"jpn": 1}, mercs=[1, 3, 0], companies=companies, governments={"jpn": "kleptocracy"}
    )
    act(state, "0: war jpn")
    assert ruler(state, "jpn") == 1 and phase(state) == "war-gi" and state.to_act() == (1,)
    act(state, "1: intervene aer.jpn")  # a Kleptocracy: theft
    assert owner(state, "aer.jpn") == 1 and state.money == [40, 40, 40] and state.current_seat == 1


@pytest.mark.parametrize(
    ("government", "result", "money"), [("kleptocracy", 0, 40), ("dictatorship", -2, 40)]
)
def test_the_winning_attacker_s_intervention_follows_the_government_he_now_controls(
    government: str, result: int, money: int
) -> None:
    state = new(
        3, countries={"jpn": 1}, mercs=[9, 0, 0], companies={"aer.jpn": 1}, governments={"jpn": government}
    )
    act(state, "0: war jpn", "0: intervene aer.jpn")
    assert owner(state, "aer.jpn") == result and state.money == [40, money, 40]


def test_the_intervention_after_a_war_is_optional_and_no_action() -> None:
    state = new(3, countries={"jpn": 1}, mercs=[9, 0, 0], companies={"aer.jpn": 1})
    act(state, "0: war jpn", "0: pass")
    assert owner(state, "aer.jpn") == 1 and state.current_seat == 1


def test_no_intervention_when_the_loser_owns_no_company_there() -> None:
    state = new(3, countries={"jpn": 1}, mercs=[9, 0, 0], companies={"aer.eu": 1, "aer.jpn": 0})
    act(state, "0: war jpn")
    assert phase(state) == "turn" and state.current_seat == 1


def test_a_war_on_an_unowned_country_mercenaries_lent_to_it_are_lost_and_no_intervention() -> None:
    state = new(4, mercs=[3, 1, 1, 1], companies={"aer.jpn": 1})
    act(state, "0: war jpn", "1: aid d", "2: aid d", "3: done")
    assert state.view(None)["decision"]["lent"] == 2
    events = act(state, "3: done")
    found = result(events)
    assert found["defender"] == -1 and found["defence"] == country(state, "jpn").defense + 2
    assert (found["attacker_lost"], found["defender_lost"]) == (2, 2)
    assert state.mercs == [1, 0, 0, 1] and state.lent == 0
    assert phase(state) == "turn" and state.current_seat == 1 and owner(state, "aer.jpn") == 1


def test_a_war_won_on_an_unowned_country_gives_it_without_intervention() -> None:
    state = new(3, mercs=[9, 0, 0], companies={"aer.jpn": 1})
    act(state, "0: war jpn")
    assert ruler(state, "jpn") == 0 and phase(state) == "turn" and state.current_seat == 1


# -- MC77: the rulebook's example -----------------------------------------------------------------------
def test_war_example_lenogo_takes_japan_from_nonintendo_with_globbo_s_mercenary() -> None:
    corps = ["lenogo", "nonintendo", "globbo"]
    companies = {"aer.jpn": 1}
    state = new(
        3,
        corporations=corps,
        countries={"rus": 0, "jpn": 1},
        mercs=[2, 0, 1],
        companies=companies,
        governments={"jpn": "democracy"},  # "may force Nonintendo to divest"
    )
    assert country(state, "rus").force == 2 and country(state, "jpn").defense == 4  # printed
    act(state, "0: war jpn")
    found = result(act(state, "2: aid a"))
    assert (found["attack"], found["defence"], found["won"]) == (5, 4, True)
    assert ruler(state, "jpn") == 0
    assert state.mercs == [2, 0, 0]  # Lenogo loses one (the attacker always loses at least one)
    act(state, "0: intervene aer.jpn")  # Nonintendo must divest
    assert owner(state, "aer.jpn") == -1 and state.money == [40, 44, 40]
