"""Event cards (MC78-MC82) and the cards that change the board (MC95-MC100; rulings A15-A17,
A33-A35): when they may be played, their effects, Oversupply and Shortages."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core.errors import IllegalAction

from .helpers import act, hand, industry, kinds, legal, new, owner, phase, ruler, settle, start


def plays(choices: list[str]) -> list[str]:
    return sorted(a.split()[1] for a in choices if a.startswith("play "))


# -- MC78: keep them as long as you like ----------------------------------------------------------------
def test_event_cards_may_be_kept_and_are_never_forced() -> None:
    state = new(3, hands=[["coup"], ["scandal"], ["clone-soldiers"]], deck=["privatization", "l5-station"])
    while not state.is_terminal():
        assert "pass" in legal(state)
        act(state, f"{state.current_seat}: pass")
    assert hand(state, 0) == ["coup", "privatization"] and hand(state, 1) == ["scandal", "l5-station"]


# -- MC79-MC82: when and how they are played ---------------------------------------------------------
def test_turn_cards_are_played_by_their_holder_on_his_turn_before_his_action() -> None:
    state = new(3, hands=[[], ["scandal", "oversupply"], []], countries={"jpn": 1})
    with pytest.raises(IllegalAction, match="turn to decide"):
        act(state, "1: play scandal")  # not on another's turn
    act(state, "0: pass")
    assert plays(legal(state)) == ["scandal"]  # a payout card is not played on a turn
    governments = state.view(None)["governments"]
    act(state, "1: play scandal")
    assert phase(state) == "target"
    assert legal(state) == [
        f"target {c}" for c, g in governments.items() if g in ("democracy", "dictatorship")
    ]


def test_an_event_resolves_at_once_and_nothing_else_happens_meanwhile() -> None:
    state = new(3, hands=[["kleptocrats", "coup"], [], []], countries={"rus": 2})
    act(state, "0: play kleptocrats")
    assert phase(state) == "target" and all(a.startswith("target ") for a in legal(state))
    act(state, "0: target rus")
    assert phase(state) == "bid" and set(state.to_act()) == {0, 1, 2}
    assert all(a.startswith("bid ") for a in legal(state, 0))  # no other card, no offer, no Action
    act(state, "0: bid 0", "1: bid 0", "2: bid 0")
    assert phase(state) == "turn" and state.current_seat == 0 and "play coup" in legal(state)


def test_a_played_card_is_discarded_face_up() -> None:
    state = new(3, hands=[["scandal"], [], []])
    events = act(state, "0: play scandal", "0: target jpn")
    assert kinds(events, "event") == [{"seat": 0, "card": "scandal"}]
    assert state.view(1)["discard"] == ["scandal"] and hand(state, 0) == ["coup"]
    assert kinds(events, "target") == [{"seat": 0, "card": "scandal", "target": "jpn"}]


def test_a_card_is_offered_only_when_it_has_something_to_act_on() -> None:
    state = new(3, hands=[["privatization", "antitrust-ruling", "l5-station"], [], []])
    assert plays(legal(state)) == ["coup", "l5-station"]  # nothing Nationalized, nobody with three
    act(state, "0: play l5-station")
    assert "play l5-station" not in legal(state)


def test_events_may_be_played_in_the_round_they_are_drawn() -> None:
    state = new(3, deck=["wikisyndicalism", "coup"])
    assert hand(state, 0) == ["wikisyndicalism"] and "play wikisyndicalism" in legal(state)


# -- MC80: Oversupply and Shortages ---------------------------------------------------------------------
def test_oversupply_and_shortages_cancel_each_other() -> None:
    aer = industry(new(3), "aer")
    state = new(3, companies={aer[0]: 0, aer[1]: 0}, hands=[[], ["oversupply"], ["shortages"]])
    act(state, "0: payout aer", "0: pass")
    assert (
        phase(state) == "respond" and state.to_act() == (1,) and legal(state) == ["play oversupply", "pass"]
    )
    events = act(state, "1: play oversupply")
    assert kinds(events, "event") == [{"seat": 1, "card": "oversupply", "cancels": False}]
    assert state.to_act() == (2,) and legal(state) == ["play shortages", "pass"]
    assert state.view(None)["decision"]["modifier"] == 1
    events = act(state, "2: play shortages") + settle(state)
    assert kinds(events, "event") == [{"seat": 2, "card": "shortages", "cancels": True}]
    (paid,) = kinds(events, "payout")
    assert (paid["competitors"], paid["modifier"], paid["rate"]) == (4, 0, 4)  # as if neither was played
    assert sorted(state.view(None)["discard"]) == ["oversupply", "shortages"]


def test_oversupply_and_shortages_may_answer_a_payout_triggered_by_an_event() -> None:
    sof = industry(new(3), "sof")
    owned = [c for c in sof if c != "sof.oss"]
    state = new(3, companies=dict.fromkeys(owned, 0), hands=[["tech-boom"], ["shortages"], []])
    events = act(state, "0: play tech-boom", "0: target sof", "0: pass", "1: play shortages")
    events += settle(state)
    (paid,) = kinds(events, "payout")
    # the Syndicalized Open Source company competes: two competitors, one with Shortages
    assert (paid["competitors"], paid["modifier"], paid["rate"]) == (2, -1, 10)
    assert paid["paid"][0] == 10 * len(owned) and phase(state) == "turn" and state.current_seat == 0


def test_the_payout_window_asks_every_holder_clockwise_from_the_payout_s_player() -> None:
    state = new(5, active=1, hands=[["coup"], [], [], ["oversupply"], ["scandal"]])
    act(state, "1: payout aer")
    asked = []
    while phase(state) == "respond":
        asked.append(state.current_seat)
        act(state, f"{state.current_seat}: pass")
    assert asked == [1, 3, 4, 0]  # holders only (not seat 2), the caller first (he drew a card)


def test_no_payout_window_once_both_cards_are_discarded() -> None:
    state = new(3, hands=[["oversupply"], ["shortages"], []], deck=["coup", "scandal"])
    act(state, "0: payout aer", "0: play oversupply", "1: play shortages")
    assert phase(state) == "turn"
    act(state, "1: pass", "2: pass", "1: payout aer")
    assert phase(state) == "turn" and state.current_seat == 2  # nobody asked


# -- MC95-MC100: Syndicalized companies, independent places, L-5, Asteroid, Wikisyndicalism -----------
def test_open_source_software_starts_syndicalized_and_can_never_be_owned() -> None:
    state = new(3)
    assert owner(state, "sof.oss") == -3
    assert "buy sof.oss" not in legal(state)
    game_draft = start(state.game, 0, {"active": 0})
    assert "take sof.oss" not in legal(game_draft)


def test_general_strike_syndicalizes_a_company_and_pays_its_former_owner() -> None:
    state = new(3, hands=[["general-strike"], [], []], companies={"aer.jpn": 1})
    act(state, "0: play general-strike")
    targets = [a.split()[1] for a in legal(state)]
    assert "aer.jpn" in targets and "fin.swi" not in targets and "sof.oss" not in targets
    act(state, "0: target aer.jpn")
    assert owner(state, "aer.jpn") == -3 and state.money == [40, 44, 40]
    assert "buy aer.jpn" not in legal(state)


def test_the_independent_places_are_never_controlled_nor_invaded() -> None:
    state = new(3, mercs=[5, 5, 5])
    places = [c.code for c in state.game.data.countries if c.neutral]
    assert sorted(places) == ["ast", "l5", "oss", "swi"]
    assert set(places).isdisjoint(state.view(None)["countries"])
    assert not {f"war {p}" for p in places} & set(legal(state))


def test_l5_and_asteroid_exist_only_once_their_cards_are_played() -> None:
    state = new(3, hands=[["l5-station", "asteroid-mine"], [], []])
    assert (owner(state, "nan.l5"), owner(state, "met.ast")) == (-4, -4)
    events = act(state, "0: play asteroid-mine")
    assert kinds(events, "effect") == [{"seat": 0, "card": "asteroid-mine"}]
    assert (owner(state, "nan.l5"), owner(state, "met.ast")) == (-4, -1)


def test_wikisyndicalism_turns_a_democracy_chosen_by_its_player() -> None:
    state = new(3, hands=[["wikisyndicalism", "elections"], [], []], countries={"jpn": 0})
    democracies = [c for c, g in state.view(None)["governments"].items() if g == "democracy"]
    act(state, "0: play wikisyndicalism")
    assert sorted(a.split()[1] for a in legal(state)) == sorted(democracies)
    act(state, "0: target jpn")
    assert state.view(None)["governments"]["jpn"] == "wikisyndicalism"
    act(state, "0: play elections")
    assert "target jpn" not in legal(state)  # no longer a Democracy (A33)


def test_government_cards_change_a_country_of_the_types_they_name() -> None:
    state = new(3, hands=[["coup", "people-power", "scandal"], [], []])
    governments = state.view(None)["governments"]
    for card, source, result in (
        ("coup", ("democracy", "kleptocracy"), "dictatorship"),
        ("people-power", ("dictatorship", "kleptocracy"), "democracy"),
    ):
        act(state, f"0: play {card}")
        targets = sorted(a.split()[1] for a in legal(state))
        assert targets == sorted(c for c, g in state.view(None)["governments"].items() if g in source)
        act(state, f"0: target {targets[0]}")
        assert state.view(None)["governments"][targets[0]] == result
    assert governments != state.view(None)["governments"]


def test_privatization_frees_a_nationalized_company() -> None:
    state = new(3, hands=[["privatization"], [], []], companies={"aer.jpn": "nationalized"})
    act(state, "0: play privatization")
    assert legal(state) == ["target aer.jpn"]
    act(state, "0: target aer.jpn", "0: buy aer.jpn")
    assert owner(state, "aer.jpn") == 0


def test_the_antitrust_ruling_breaks_up_a_big_holding() -> None:
    aer = industry(new(3), "aer")
    companies: dict[str, Any] = {aer[0]: 1, aer[1]: 1, aer[2]: 1, aer[3]: 2, "fin.swi": 1}
    state = new(3, hands=[["antitrust-ruling"], [], []], companies=companies)
    card = state.game.data.events[state.game.board.event_index["antitrust-ruling"]]
    assert card.minimum == 3
    act(state, "0: play antitrust-ruling")
    assert sorted(a.split()[1] for a in legal(state)) == sorted(aer[:3])
    act(state, f"0: target {aer[1]}")
    assert owner(state, aer[1]) == -1 and state.money == [40, 40 + card.amount, 40]


def test_a_payout_card_lets_its_player_choose_among_its_industries() -> None:
    state = new(3, hands=[["arms-race"], [], []])
    act(state, "0: play arms-race")
    card = state.game.data.events[state.game.board.event_index["arms-race"]]
    assert legal(state) == [f"target {i}" for i in card.industries]
    assert ruler(state, "jpn") == -1 and phase(state) == "target"
