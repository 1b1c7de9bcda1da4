"""The search on every core: root-parallel ISMCTS is seeded and adds up its workers' trees (that it
reads only the view: tests/agents/test_ismcts.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop import make
from tabletop.agents import Observation, observe
from tabletop.agents.heuristics import HeuristicRollout, heuristic_for
from tabletop.agents.ismcts import ISMCTS, Budget, plugins_for
from tabletop.agents.parallel import FromView, ParallelISMCTS, merged, search_part, shutdown, split
from tabletop.core.protocol import State
from tests.agents.test_ismcts import mid_round

GAMES = ("megalomania", "summon7", "clan", "manasurge", "megacorps")


def a_choice(game_name: str, seed: int) -> tuple[State[Any], int]:
    """A position of a random game of ``game_name`` where the seat to act has a real choice."""
    state = make(game_name, players=3).new_state(seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(5, 40)):
        state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            state = make(game_name, players=3).new_state(seed + 1)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat = state.current_seat
    assert seat is not None
    return state, seat


@pytest.fixture(scope="module", autouse=True)
def _pools() -> Any:
    yield
    shutdown()


def test_a_budget_is_shared_out_whole() -> None:
    assert split(10, 3) == [4, 3, 3]
    assert split(2, 4) == [1, 1, 0, 0]
    assert split(None, 2) == [None, None]
    with pytest.raises(ValueError):
        Budget(None, None)


@pytest.mark.parametrize("game_name", GAMES)
def test_the_same_seed_and_workers_give_the_same_decision_and_trees(game_name: str) -> None:
    state, seat = a_choice(game_name, 3)
    obs = observe(state, seat)
    runs = []
    for _ in range(2):
        bot = ParallelISMCTS(seed=7, iterations=41, workers=2)
        action = bot.act(obs)
        assert action in obs.legal
        assert bot.last_root is not None
        stats = sorted((str(a), n.visits, round(n.total, 9)) for a, n in bot.last_root.children.items())
        runs.append((str(action), bot.last_iterations, stats))
    assert runs[0] == runs[1]
    # every iteration of every worker went through one of the root's children
    assert runs[0][1] == 41 == sum(visits for _, visits, _ in runs[0][2])


def asked(seed: int) -> Observation[Any]:
    """The observation of the seat to play a card a few tricks into a Megalomania round."""
    state = mid_round(seed)
    seat = state.current_seat
    assert seat is not None
    return observe(state, seat)


def test_the_workers_trees_are_added_up() -> None:
    obs = asked(2)
    worlds = FromView(obs.sample_world(random.Random(1)), obs.seat)
    parts = [search_part(worlds, obs.seat, Budget(30), 11, k, 0.7, "megalomania") for k in range(2)]
    assert parts[0][1] != parts[1][1]  # each worker its own stream of worlds
    done, root = merged(parts, obs.legal)
    assert done == 60
    for action, node in root.children.items():
        text = str(action)
        assert action in obs.legal
        assert node.visits == sum(v for _, children in parts for t, v, _ in children if t == text)


def test_one_worker_is_the_plain_search() -> None:
    obs = asked(4)
    one = ParallelISMCTS(seed=3, iterations=50, workers=1)
    plain = ISMCTS(seed=3, iterations=50)
    assert one.act(obs) == plain.act(obs)
    assert one.last_root is not None and plain.last_root is not None
    assert {str(a): n.visits for a, n in one.last_root.children.items()} == {
        str(a): n.visits for a, n in plain.last_root.children.items()
    }


def test_seconds_with_a_cap_stop_at_the_cap() -> None:
    bot = ParallelISMCTS(seed=1, seconds=30.0, cap=24, workers=2)
    bot.act(asked(5))
    assert bot.last_iterations == 24


@pytest.mark.parametrize("game_name", GAMES)
def test_the_heuristic_rollout_plays_legal_moves_and_its_search_is_seeded(game_name: str) -> None:
    rollout = HeuristicRollout(epsilon=0.2)
    rng = random.Random(5)
    for seed in range(3):  # played on to the end by the rollout alone: every move legal
        world, _ = a_choice(game_name, seed)
        moves = 0
        while not world.is_terminal() and moves < 3000:
            action = rollout(world, rng)
            assert action in world.legal_actions()
            world.apply(action)
            moves += 1
        assert world.is_terminal()
    state, seat = a_choice(game_name, 8)
    obs = observe(state, seat)
    runs = []
    for _ in range(2):  # on two workers, each given the rollout as it is (pickled)
        bot = ParallelISMCTS(seed=2, iterations=24, workers=2, rollout=HeuristicRollout())
        action = bot.act(obs)
        assert action in obs.legal and bot.last_root is not None
        runs.append((str(action), sorted((str(a), n.visits) for a, n in bot.last_root.children.items())))
    assert runs[0] == runs[1]


def test_the_heuristic_rollout_follows_the_heuristic_in_its_games_else_the_cheap_rollout() -> None:
    state = mid_round(3)
    seat = state.current_seat
    assert seat is not None
    obs = observe(state, seat)
    heuristic = heuristic_for("megalomania", seat)
    assert HeuristicRollout(epsilon=0.0)(state, random.Random(1)) == heuristic.act(obs)
    cheap, _ = plugins_for("megalomania")
    elsewhere = HeuristicRollout(epsilon=0.0, games=frozenset({"clan"}))
    for k in range(20):
        assert HeuristicRollout(epsilon=1.0)(state, random.Random(k)) == cheap(state, _after_one(k))
        # outside its games, the cheap rollout itself, on the same draws
        assert elsewhere(state, random.Random(k)) == cheap(state, random.Random(k))


def _after_one(seed: int) -> random.Random:
    """A generator as the rollout leaves it for the cheap policy: one draw (epsilon's) taken."""
    rng = random.Random(seed)
    rng.random()
    return rng
