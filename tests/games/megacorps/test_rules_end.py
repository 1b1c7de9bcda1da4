"""The end of the game (MC25, MC41, MC104-MC107; rulings A6, A40): the round that draws the last
card is played in full, every industry pays out once more without event cards, most money wins."""

from __future__ import annotations

import random

import pytest

from tabletop.games.megacorps.state import MegaCorpsState

from .helpers import act, industry, kinds, make, new, start


def pass_round(state: MegaCorpsState) -> None:
    for _ in range(len(state.in_game())):
        act(state, f"{state.current_seat}: pass")


def test_the_round_drawing_the_last_card_is_played_in_full_then_the_game_ends() -> None:
    state = new(3, deck=["coup", "scandal"])
    pass_round(state)
    assert state.round == 2 and state.deck == [] and not state.is_terminal()
    for seat in (1, 2):  # everyone still takes his final Action
        act(state, f"{seat}: pass")
        assert not state.is_terminal()
    events = act(state, "0: pass")
    assert state.is_terminal() and state.current_seat is None and state.to_act() == ()
    assert state.round == 2 and not kinds(events, "round") and kinds(events, "game-over")
    assert state.legal_actions() == []


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_game_lasts_as_many_rounds_as_the_deck_has_cards(players: int) -> None:
    game = make(players)
    state = start(game, players)
    rng = random.Random(players)
    while not state.is_terminal():
        seat = rng.choice(state.to_act())
        state.apply(rng.choice(state.legal_actions_for(seat)), seat)
    assert state.round == game.data.economy.deck[players] and state.deck == []


def test_every_industry_pays_out_a_final_time() -> None:
    aer, fin, sol = (industry(new(3), code) for code in ("aer", "fin", "sol"))
    companies: dict[str, int] = dict.fromkeys(aer, 0)  # a sole owner: one competitor
    companies.update({fin[0]: 1, fin[1]: 2, sol[0]: 1})  # the others unowned: one competitor each
    state = new(3, companies=companies, deck=["coup"])
    events = act(state, "0: pass", "1: pass", "2: pass")
    finals = {e["industry"]: e["paid"] for e in kinds(events, "final-payout")}
    table = state.game.data.economy.payout
    fin_rate, sol_rate = table[min(len(fin), 5)], table[min(len(sol), 5)]
    assert finals == {"aer": [10 * len(aer), 0, 0], "fin": [0, fin_rate, fin_rate], "sol": [0, sol_rate, 0]}
    assert state.money == [40 + 10 * len(aer), 40 + fin_rate + sol_rate, 40 + fin_rate]
    assert kinds(events, "game-over") == [{"money": state.money, "winners": [0]}]


def test_no_event_card_is_played_during_the_final_payouts() -> None:
    aer = industry(new(3), "aer")
    hands = [["shortages"], ["oversupply"], ["tech-boom"]]
    state = new(3, companies=dict.fromkeys(aer, 0), hands=hands, deck=["coup"])
    act(state, "0: pass", "1: pass")
    events = act(state, "2: pass")  # nobody is asked: the cards are lost
    assert state.is_terminal()
    (final,) = [e for e in kinds(events, "final-payout") if e["industry"] == "aer"]
    assert final["paid"] == [10 * len(aer), 0, 0]
    assert [len(h) for h in state.hands] == [2, 1, 1]  # kept, worthless


def test_the_player_with_the_most_money_wins() -> None:
    state = new(4, money=[10, 70, 30, 69], deck=["coup"])
    pass_round(state)
    assert state.winners == [1] and state.ranking() == [4, 1, 3, 2]
    assert state.scores() == [10, 70, 30, 69] and state.returns()[1] == 1.0


def test_players_tied_for_most_money_share_a_draw() -> None:
    state = new(4, money=[70, 10, 70, 30], deck=["coup"])
    pass_round(state)
    assert state.winners == [0, 2] and state.ranking() == [1, 4, 1, 3]
    assert state.view(None)["winners"] == [0, 2]
