"""Leaving the game (MC103; ruling A39, R-MC31): for any seat at any moment, nothing handed over,
every marker removed, cards discarded, money and mercenaries gone."""

from __future__ import annotations

import random

import pytest

from tabletop.core.errors import IllegalAction
from tabletop.core.protocol import Event
from tabletop.games.megacorps import flow
from tabletop.games.megacorps.state import MegaCorpsState

from .helpers import act, hand, kinds, legal, make, new, owner, phase, ruler, start


def test_a_player_who_leaves_loses_everything_and_hands_nothing_over() -> None:
    state = new(
        4,
        companies={"aer.jpn": 0, "fin.swi": 0},
        countries={"jpn": 0, "eu": 0},
        hands=[["scandal"], [], [], []],
    )
    events = act(state, "0: leave")
    assert kinds(events, "leave") == [{"seat": 0, "discarded": ["scandal", "coup"]}]
    assert (owner(state, "aer.jpn"), owner(state, "fin.swi"), ruler(state, "jpn"), ruler(state, "eu")) == (
        -1,
        -1,
        -1,
        -1,
    )
    assert state.money == [0, 40, 40, 40] and state.mercs == [0, 1, 1, 1]
    assert hand(state, 0) == [] and state.view(None)["discard"] == ["scandal", "coup"]
    assert state.view(None)["left"] == [True, False, False, False]
    assert state.current_seat == 1  # his turn is skipped


def test_a_seat_may_leave_while_another_decides() -> None:
    state = new(4, companies={"aer.jpn": 2}, countries={"eu": 3})
    assert state.current_seat == 0
    act(state, "2: leave")
    assert state.current_seat == 0 and owner(state, "aer.jpn") == -1
    act(state, "0: pass", "1: pass")
    assert state.current_seat == 3  # seat 2 is passed by
    with pytest.raises(IllegalAction, match="not in the game"):
        act(state, "2: leave")


def test_the_paid_card_of_a_player_who_leaves_is_held_by_nobody() -> None:
    state = new(4, paid=2)
    act(state, "2: leave")
    assert state.paid == -1 and state.view(None)["paid"] == -1


def test_the_active_player_card_passes_left_at_once_and_its_new_holder_begins_the_next_round() -> None:
    # R-MC31: the neighbour the card would have passed to at the round's end holds it from the
    # moment its holder leaves, and begins the next round: draws the Event card, acts first
    state = new(4, active=0, deck=["coup", "scandal", "people-power"])
    act(state, "0: leave")
    assert state.active == 1 and state.current_seat == 1
    act(state, "1: pass", "2: pass", "3: pass")
    assert state.round == 2 and state.active == 1 and state.current_seat == 1
    assert hand(state, 1) == ["scandal"] and hand(state, 2) == []
    act(state, "1: pass", "2: pass", "3: pass")  # from then on it passes left as always
    assert state.round == 3 and state.active == 2 and hand(state, 2) == ["people-power"]


def test_the_active_player_who_leaves_after_his_action_still_hands_the_next_round_to_his_neighbour() -> None:
    state = new(4, active=0, deck=["coup", "scandal", "people-power"])
    act(state, "0: pass", "1: pass", "0: leave")
    assert state.active == 1 and state.current_seat == 2
    act(state, "2: pass", "3: pass")
    assert state.round == 2 and state.active == 1 and hand(state, 1) == ["scandal"]


def test_when_the_new_holder_leaves_too_the_card_passes_on_and_the_round_after_is_his_neighbours() -> None:
    state = new(5, active=0, deck=["coup", "scandal", "people-power"])
    act(state, "0: leave", "1: leave")
    assert state.active == 2 and state.current_seat == 2
    act(state, "2: pass", "3: pass", "4: pass")
    assert state.round == 2 and state.active == 2 and hand(state, 2) == ["scandal"]


def test_a_player_who_is_not_the_active_player_leaving_leaves_the_rotation_as_it_was() -> None:
    state = new(4, active=0, deck=["coup", "scandal", "people-power"])
    act(state, "2: leave", "0: pass", "1: pass", "3: pass")
    assert state.round == 2 and state.active == 1 and hand(state, 1) == ["scandal"]
    act(state, "1: pass", "3: pass", "0: pass")
    assert state.round == 3 and state.active == 3  # seat 2 is passed by


def test_an_offer_of_a_player_who_leaves_is_never_handed_over() -> None:
    state = new(4)
    act(state, "0: offer 1", "0: give 20", "0: send")
    act(state, "0: leave")
    assert state.money == [0, 40, 40, 40] and state.current_seat == 1
    state = new(4)
    act(state, "0: offer 1", "0: give 20", "0: send", "1: leave")  # the receiver leaves: declined
    assert state.money == [40, 0, 40, 40] and phase(state) == "turn" and state.current_seat == 0


def test_a_country_owner_asked_for_permission_who_leaves_lets_the_purchase_through() -> None:
    state = new(4, active=1, companies={"aer.jpn": 1}, countries={"eu": 3})
    act(state, "1: buy aer.eu")
    assert phase(state) == "veto" and state.to_act() == (3,)
    act(state, "3: leave")
    assert owner(state, "aer.eu") == 1 and state.money[1] == 36 and state.current_seat == 2


def test_a_bidder_who_leaves_bids_nothing_and_the_others_go_on() -> None:
    state = new(
        4, hands=[["kleptocrats"], [], [], []], countries={"rus": 3}, governments={"rus": "kleptocracy"}
    )
    act(state, "0: play kleptocrats", "0: target rus", "1: bid 9")
    act(state, "3: leave")
    assert state.to_act() == (0, 2)
    act(state, "2: bid 5", "0: bid 2")
    assert ruler(state, "rus") == 1 and state.money == [40, 31, 40, 0]


def test_an_attacker_who_leaves_during_the_donation_window_ends_the_war() -> None:
    state = new(4, countries={"jpn": 2}, mercs=[3, 1, 1, 1])
    act(state, "0: war jpn")
    assert phase(state) == "donate"
    act(state, "0: leave")
    assert phase(state) == "turn" and state.current_seat == 1 and ruler(state, "jpn") == 2


def test_a_defender_who_leaves_leaves_an_unowned_country_to_fight() -> None:
    state = new(4, countries={"jpn": 2}, mercs=[9, 1, 5, 0])
    act(state, "0: war jpn", "2: leave")
    events = act(state, "1: done")
    (war,) = kinds(events, "war-result")
    assert war["defender"] == -1 and ruler(state, "jpn") == 0 and state.current_seat == 1


def test_a_leaver_in_the_draft_gives_up_his_picks() -> None:
    game = make(4)
    state = start(game, 2, {"active": 0})
    act(state, "0: take aer.jpn", "1: take fin.swi")
    act(state, "0: leave")
    assert owner(state, "aer.jpn") == -1 and state.current_seat == 2
    picks = 0
    while phase(state) == "draft":
        seat = state.current_seat
        assert seat != 0
        act(state, f"{seat}: {legal(state)[0]}")
        picks += 1
    assert picks == 5 and phase(state) == "turn" and state.current_seat == 1  # the card passed left


def test_with_fewer_than_three_players_left_the_game_ends_with_the_final_payout() -> None:
    state = new(3, companies={"aer.jpn": 1})
    events = act(state, "2: leave")
    assert state.is_terminal() and kinds(events, "final-payout")
    assert state.winners == [1] and state.ranking() == [2, 1, 3]  # the leaver ranks last


def test_a_player_who_left_ranks_below_a_player_still_in_with_nothing() -> None:
    state = new(4, money=[0, 10, 20, 30], deck=["coup"])
    act(state, "3: leave", "0: pass", "1: pass", "2: pass")
    assert state.is_terminal() and state.money == [0, 10, 20, 0]
    assert state.ranking() == [3, 2, 1, 4] and state.winners == [2]


def test_remove_seat_clears_every_holding_of_the_seat() -> None:
    state = new(4, companies={"aer.jpn": 1}, countries={"jpn": 1}, paid=1, hands=[[], ["scandal"], [], []])
    out: list[Event] = []
    flow.remove_seat(state, 1, out)
    assert state.left[1] and state.money[1] == 0 and state.mercs[1] == 0 and state.hands[1] == []
    assert owner(state, "aer.jpn") == -1 and ruler(state, "jpn") == -1 and state.paid == -1
    assert kinds(out, "leave") == [{"seat": 1, "discarded": ["scandal"]}]
    assert state.view(None)["discard"] == ["scandal"] and state.current_seat == 0


def test_a_card_whose_every_target_leaves_is_spent_without_effect() -> None:
    # regression: the card's player was left asked to choose among no targets
    state = new(4, hands=[["no-confidence"], [], [], []], countries={"jpn": 2})
    act(state, "0: play no-confidence")
    assert legal(state) == ["target jpn"]
    act(state, "2: leave")
    assert (
        phase(state) == "turn"
        and state.current_seat == 0
        and state.view(None)["discard"][0] == "no-confidence"
    )


def test_no_intervention_after_a_war_whose_loser_left() -> None:
    # regression: the winner was offered the unowned companies, and the last seat paid for them
    state = new(4, countries={"jpn": 2}, mercs=[9, 0, 0, 0], companies={"aer.jpn": 2})
    act(state, "0: war jpn")
    assert phase(state) == "war-gi" and legal(state) == ["intervene aer.jpn", "pass"]
    act(state, "2: leave")
    assert phase(state) == "turn" and state.current_seat == 1 and state.money == [40, 40, 0, 40]


def check_after_leaving(state: MegaCorpsState, seat: int, rng: random.Random, moves: int) -> None:
    cards = sorted([c for h in state.hands for c in h] + state.deck + state.box + state.discard)
    state.apply(state.game.parse_action("leave"), seat)
    assert state.left[seat] and state.money[seat] == state.mercs[seat] == 0 and not state.hands[seat]
    assert seat not in state.owner and seat not in state.country_owner and state.paid != seat
    assert sorted([c for h in state.hands for c in h] + state.deck + state.box + state.discard) == cards
    for _ in range(moves):
        if state.is_terminal():
            break
        assert seat not in state.to_act()
        mover = rng.choice(state.to_act())
        choices = state.legal_actions_for(mover)
        assert choices, f"seat {mover} asked without a choice"
        state.apply(rng.choice(choices), mover)
        assert min(state.money) >= 0 and min(state.mercs) >= 0
    assert state.game.state_from_json(state.to_json()).to_json() == state.to_json()
    if state.is_terminal():
        assert seat not in state.winners and state.ranking()[seat] == len(state.in_game()) + 1


@pytest.mark.parametrize("seed", range(8))
def test_any_seat_may_leave_at_any_moment_and_the_game_goes_on(seed: int) -> None:
    players = 3 + seed % 4
    state = start(make(players), seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        step += 1
        leaver = step % players
        if step % 3 == 0 and not state.left[leaver]:
            check_after_leaving(state.clone(), leaver, random.Random(step), 40 if step % 30 == 0 else 12)
        seat = rng.choice(state.to_act())
        state.apply(rng.choice(state.legal_actions_for(seat)), seat)
