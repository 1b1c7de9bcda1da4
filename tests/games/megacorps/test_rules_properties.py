"""Property tests over random legal play (hypothesis): money and mercenaries never negative, every
event card in exactly one place, every owner valid, nobody asked without a choice, the game over
after exactly the deck's number of rounds, the state's JSON reading back equal; sealed choices
answered in any order give the same position."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games.megacorps.board import DORMANT, SYNDICALIZED
from tabletop.games.megacorps.phases import SEALED
from tabletop.games.megacorps.state import MegaCorpsState

from .helpers import make, start

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check(state: MegaCorpsState, where: str) -> None:
    game, board, n = state.game, state.game.board, state.n
    assert all(m >= 0 for m in state.money), f"{where}: negative money {state.money}"
    assert all(m >= 0 for m in state.mercs), f"{where}: negative mercenaries {state.mercs}"
    cards = [c for h in state.hands for c in h] + state.deck + state.box + state.discard
    assert sorted(cards) == list(range(board.cards)), f"{where}: a card lost or doubled"
    for company, holder in enumerate(state.owner):
        place = board.countries[board.company_country[company]]
        assert DORMANT <= holder < n, f"{where}: owner {holder}"
        if holder == DORMANT:
            assert place.exists_after and place.exists_after not in state.view(None)["discard"]
        if place.syndicalized:
            assert holder == SYNDICALIZED, f"{where}: Open Source owned"
        if holder >= 0:
            assert not state.left[holder]
    for k, holder in enumerate(state.country_owner):
        assert -1 <= holder < n and (holder == -1 or not board.neutral[k]), f"{where}: country owner"
    assert -1 <= state.paid < n
    if not state.is_terminal():
        asked = state.to_act()
        assert asked and state.current_seat == asked[0], where
        for seat in asked:
            assert state.legal_actions_for(seat), f"{where}: seat {seat} asked without a choice"
    view = state.view(None)
    assert view["deck"] == len(state.deck) and view["cards"] == [len(h) for h in state.hands]
    assert game.state_from_json(state.to_json()).to_json() == state.to_json(), f"{where}: JSON"


@SETTINGS
@given(players=st.integers(3, 6), seed=st.integers(0, 2**31), driver=st.integers(0, 2**31))
def test_random_legal_play_keeps_every_invariant(players: int, seed: int, driver: int) -> None:
    game = make(players)
    state = start(game, seed)
    rng = random.Random(driver)
    rounds_seen = 0
    step = 0
    check(state, "start")
    while not state.is_terminal():
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions_for(seat))
        events = state.apply(action, seat)
        step += 1
        rounds_seen += sum(1 for e in events if e.kind == "round")
        where = f"step {step} ({seat}: {action})"
        check(state, where)
        if step % 7 == 0:
            assert state.clone().to_json() == state.to_json(), where
    deck = game.data.economy.deck[players]
    assert state.round == deck and rounds_seen == deck  # round 1 begins with the last draft pick
    assert state.winners and all(state.money[w] == max(state.money) for w in state.winners)


@SETTINGS
@given(seed=st.integers(0, 2**31), order=st.randoms(use_true_random=False))
def test_sealed_choices_in_any_order_give_the_same_position(seed: int, order: random.Random) -> None:
    game = make(5)
    state = start(game, seed % 1000)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.phase in SEALED and len(state.to_act()) > 1:
            choices = {s: rng.choice(state.legal_actions_for(s)) for s in state.to_act()}
            ahead, shuffled = state.clone(), state.clone()
            for s in ahead.to_act():
                ahead.apply(choices[s], s)
            seats = list(choices)
            order.shuffle(seats)
            for s in seats:
                assert s in shuffled.to_act()
                shuffled.apply(choices[s], s)
            assert shuffled.to_json() == ahead.to_json()
        seat = rng.choice(state.to_act())
        state.apply(rng.choice(state.legal_actions_for(seat)), seat)
