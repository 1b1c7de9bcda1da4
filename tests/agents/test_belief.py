"""The others' play as evidence: the belief's worlds all show the seat's view, it keeps worlds the
others' observed decisions agree with, and the search over them is seeded and legal in every game
(that it reads only the view: tests/agents/test_ismcts.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop import make
from tabletop.agents import observe
from tabletop.agents.belief import Belief, FromBelief, InferringISMCTS, seen
from tabletop.agents.heuristics import heuristic_for
from tabletop.core.protocol import State

GAMES = ("megalomania", "summon7", "clan", "manasurge", "megacorps")


def play(game_name: str, seed: int, bot: InferringISMCTS, until: int = 10**6) -> tuple[list[str], list[int]]:
    """A game of ``bot`` in seat 0 against heuristics, to its end or ``until`` of the bot's
    decisions: the bot's actions, and how many particles survived at each decision, each of
    which is checked to show the bot's view."""
    state = make(game_name, players=4).new_state(seed)
    others = [heuristic_for(game_name, s) for s in range(4)]
    actions: list[str] = []
    kept: list[int] = []
    while not state.is_terminal() and len(actions) < until:
        seat = state.current_seat
        assert seat is not None
        obs = observe(state, seat)
        if seat == 0:
            action = bot.act(obs)
            assert action in obs.legal
            actions.append(str(action))
            assert bot.belief is not None
            kept.append(bot.belief.kept)
        else:
            action = others[seat].act(obs)
        state.advance(action, seat)
    return actions, kept


@pytest.mark.parametrize("game_name", GAMES)
def test_every_world_shows_the_seats_view_and_the_search_is_seeded(game_name: str) -> None:
    class Checked(InferringISMCTS):
        def search(self, obs: Any, worlds: Any) -> Any:
            assert isinstance(worlds, FromBelief) and len(worlds.particles) == 16
            view = seen(obs.view)
            assert all(w.view(obs.seat) == view for w in worlds.particles)
            return super().search(obs, worlds)

    first = play(game_name, 2, Checked(4, iterations=25, particles=16, workers=1), until=25)
    again = play(game_name, 2, Checked(4, iterations=25, particles=16, workers=1), until=25)
    assert first == again


@pytest.mark.parametrize("game_name", ["megalomania", "megacorps"])
def test_the_others_play_keeps_the_worlds_it_agrees_with(game_name: str) -> None:
    """Heuristic players, watched from seat 0 by two beliefs: one models the others as the
    heuristic (softened), one as random players.  Where the others made real choices since the
    seat's last decision, the first keeps many more worlds: their play is likelier there."""
    state = make(game_name, players=4).new_state(3)
    players = [heuristic_for(game_name, s) for s in range(4)]
    beliefs = [Belief(0, 32, epsilon) for epsilon in (0.1, 1.0)]
    kept, choices = [0, 0], 0
    while not state.is_terminal():
        seat = state.current_seat
        assert seat is not None
        obs = observe(state, seat)
        action = players[seat].act(obs)
        if seat == 0:
            for k, belief in enumerate(beliefs):
                belief.update(obs, random.Random(k))
                kept[k] += belief.kept if choices else 0
                belief.chosen(action)
            choices = 0
        else:
            choices += len(obs.legal) > 1
        state.advance(action, seat)
    modelled, at_random = kept
    assert modelled > 3 * at_random


def test_a_world_that_cannot_show_the_view_is_dropped() -> None:
    state = make("megalomania", players=4).new_state(5)
    while state.current_seat != 0 or len(state.legal_actions()) < 2:
        state.advance(state.legal_actions()[0])
    belief = Belief(0, size=8)
    obs = observe(state, 0)
    worlds: list[State[Any]] = belief.update(obs, random.Random(1))
    assert len(worlds) == 8 and belief.kept == 0  # nothing to keep yet: the prior
    belief.chosen(obs.legal[0])
    moved = state.clone()
    moved.advance(obs.legal[-1], 0)  # the seat did something else at the table
    while moved.current_seat != 0 and not moved.is_terminal():
        moved.advance(moved.legal_actions()[0])
    belief.update(observe(moved, 0), random.Random(2))
    assert belief.kept == 0  # no particle took the table's road
