"""Rounds and Actions (MC26-MC31): the Active Player draws, one Action each clockwise, the card
passes left, one Payout Industry Action a round."""

from __future__ import annotations

from .helpers import act, hand, holdings, industry, kinds, legal, new, owner, phase

ACTIONS = {"buy", "payout", "intervene", "mercs", "war", "pass"}


def test_only_the_active_player_draws_one_card_at_the_start_of_each_round() -> None:
    state = new(3, active=1, deck=["coup", "scandal", "people-power"])
    assert [len(h) for h in state.hands] == [0, 1, 0] and hand(state, 1) == ["coup"]
    events = act(state, "1: pass", "2: pass", "0: pass")
    assert [e["seat"] for e in kinds(events, "draw")] == [2]
    assert hand(state, 2) == ["scandal"] and [len(h) for h in state.hands] == [0, 1, 1]
    drew = [e for e in events if e.kind == "drew"]
    assert drew[0].visible_to == (2,) and drew[0].data["card"] == "scandal"  # only he sees it


def test_the_active_player_acts_first_then_each_player_clockwise() -> None:
    state = new(4, active=2)
    order = []
    for _ in range(4):
        assert phase(state) == "turn"
        order.append(state.current_seat)
        act(state, f"{state.current_seat}: pass")
    assert order == [2, 3, 0, 1]


def test_the_round_ends_when_all_have_acted_and_the_active_player_card_passes_left() -> None:
    state = new(4, active=3, deck=["coup", "scandal", "people-power"])
    events = act(state, "3: pass", "0: pass", "1: pass", "2: pass")
    assert kinds(events, "round") == [{"round": 2, "active": 0, "deck": 1}]
    assert state.active == 0 and state.round == 2 and state.current_seat == 0
    act(state, "0: pass", "1: pass", "2: pass", "3: pass")
    assert state.active == 1 and state.round == 3 and hand(state, 1) == ["people-power"]


def test_only_one_payout_industry_action_a_round() -> None:
    state = new(3, companies={"aer.jpn": 0, "fin.swi": 1})
    assert "payout aer" in legal(state)
    act(state, "0: payout aer", "0: pass")  # seat 0 holds the drawn card: asked in the window
    assert state.payout_done and phase(state) == "turn" and state.current_seat == 1
    assert not [a for a in legal(state) if a.startswith("payout")]
    act(state, "1: pass")
    assert not [a for a in legal(state) if a.startswith("payout")]
    act(state, "2: pass")  # a new round: seat 1 is active and may call a payout again
    assert state.current_seat == 1 and "payout fin" in legal(state)


def test_a_turn_offers_exactly_the_six_actions_besides_events_and_offers() -> None:
    state = new(4, companies={"aer.jpn": 1}, countries={"jpn": 0})
    kinds_offered = {a.split()[0] for a in legal(state)}
    assert kinds_offered == ACTIONS | {"play", "offer"}


def test_one_action_ends_the_turn_but_events_and_offers_do_not() -> None:
    state = new(4, deck=["scandal", "coup"], countries={"jpn": 2})
    act(state, "0: play scandal", "0: target jpn")
    assert phase(state) == "turn" and state.current_seat == 0  # an event is no Action
    act(state, "0: offer 1", "0: give 1", "0: send", "1: decline")
    assert phase(state) == "turn" and state.current_seat == 0  # nor is a trade
    company = industry(state, "sol")[0]
    act(state, f"0: buy {company}")
    assert owner(state, company) == 0 and state.current_seat == 1  # the Action ends the turn
    assert f"buy {industry(state, 'sol')[1]}" in legal(state)


def test_pass_takes_no_action() -> None:
    state = new(3, countries={"jpn": 0}, companies={"aer.jpn": 1})
    before = holdings(state)
    events = act(state, "0: pass")
    assert [e.kind for e in events] == ["pass"]
    assert holdings(state) == before and state.current_seat == 1
