"""Gymnasium's ``check_env`` on every game; the learner's seat, its opponents, the mask in ``info``
and what an action outside it does."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra is not installed (pip install -e '.[rl]')")

from gymnasium.utils.env_checker import check_env

from tabletop.agents import RandomAgent
from tabletop.envs import gymnasium_env

from .helpers import SMALL, SMALL_IDS


@pytest.mark.parametrize(("name", "players"), SMALL, ids=SMALL_IDS)
@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_check_env(name: str, players: int, opponents: str) -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*(render fps|alternative render modes|spec).*")
        check_env(gymnasium_env(name, seat=players - 1, opponents=opponents, players=players))
        check_env(gymnasium_env(name, opponents=opponents, render_mode="ansi", players=players))


@pytest.mark.parametrize(("name", "players"), SMALL, ids=SMALL_IDS)
def test_the_learner_plays_a_whole_game_with_the_mask(name: str, players: int) -> None:
    env = gymnasium_env(name, seat=1, opponents="heuristic", players=players)
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    done, reward, steps = False, 0.0, 0
    while not done:
        assert env.observation_space.contains(obs)
        assert env.state.current_seat == 1
        obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert not truncated and "illegal_action" not in info
        steps += 1
    assert env.state.is_terminal() and reward == env.state.returns()[1] and steps > 0
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_an_action_outside_the_mask_ends_the_episode() -> None:
    env = gymnasium_env("summon7", opponents="random", players=3, illegal_reward=-2.0)
    _, info = env.reset(seed=1)
    outside = int(np.flatnonzero(info["action_mask"] == 0)[0]) if not info["action_mask"].all() else 2
    before = env.state.to_json()
    _, reward, terminated, _, info = env.step(outside)
    assert terminated and reward == -2.0 and info["illegal_action"]
    assert env.state.to_json() == before


def test_opponents_one_per_seat_and_their_errors() -> None:
    env = gymnasium_env("manasurge", seat=2, opponents=["random", RandomAgent(3)], players=3)
    env.reset(seed=2)
    assert sorted(env.opponents) == [0, 1]
    with pytest.raises(ValueError, match="opponents needed"):
        gymnasium_env("manasurge", opponents=["random"], players=3)
    with pytest.raises(ValueError, match="seat"):
        gymnasium_env("summon7", seat=4, players=3)
