"""A policy of the environments as a player (tabletop/envs/agent.py): it gets the vector and the
mask of its own view, exactly those the environments give, and plays the action of its index; an
index outside the mask is refused, never played."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from tabletop.agents import observe
from tabletop.core.registry import make, names
from tabletop.envs import encoding_for
from tabletop.envs.agent import IllegalChoice, PolicyAgent
from tabletop.envs.encoding import Mask, Vector


class Recorder:
    """A seeded policy choosing uniformly among the marked indexes, keeping what it was given."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seen: list[tuple[Vector, Mask]] = []

    def __call__(self, observation: Vector, mask: Mask) -> int:
        self.seen.append((observation.copy(), mask.copy()))
        return int(self.rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("game_name", names())
def test_a_policy_plays_whole_games_from_the_vector_and_mask_of_its_own_view(game_name: str) -> None:
    game = make(game_name, players=3)
    encoding = encoding_for(game)
    for seed in (1, 2):
        state = game.new_state(seed=seed)
        policy = Recorder(seed)
        agents = [PolicyAgent(policy, seat) for seat in range(game.players)]
        steps = 0
        while not state.is_terminal():
            seat = state.to_act()[0]
            view = state.view(seat)
            action = agents[seat].act(observe(state, seat))
            vector, mask = policy.seen[-1]
            assert np.array_equal(vector, encoding.observation(view))  # what the environments give
            assert np.array_equal(mask, encoding.mask(view["legal"]))
            assert action in state.legal_actions_for(seat)
            assert mask[encoding.index_of(str(action))]  # the index it chose
            state.apply(action, seat)
            steps += 1
            assert steps < 20_000, "the game did not end"
        assert steps == len(policy.seen)


def test_an_index_outside_the_mask_is_refused_and_nothing_is_played() -> None:
    state = make("summon7", players=2).new_state(seed=3)
    seat = state.to_act()[0]
    encoding = encoding_for(state.get_game())
    mask = encoding.mask(state.view(seat)["legal"])
    outside = int(np.flatnonzero(mask == 0)[0]) if not mask.all() else encoding.num_actions
    agent = PolicyAgent(lambda observation, mask: outside)
    with pytest.raises(IllegalChoice, match=f"chose action {outside}, which its mask did not mark"):
        agent.act(observe(state, seat))


def test_a_policy_factory_plays_as_a_bot_through_the_client() -> None:
    from tabletop.client.agent import make_agent

    def factory(seat: int, seed: int) -> Any:
        return Recorder(seed)

    agent = make_agent(factory, "t1", 1)
    assert isinstance(agent, PolicyAgent)
    state = make("megalomania", players=3).new_state(seed=4)
    seat = state.to_act()[0]
    assert agent.act(observe(state, seat)) in state.legal_actions_for(seat)
