"""PettingZoo's own checks on every game at every player count: ``api_test`` (long enough to play a
whole game) and ``seed_test``; rewards at the end; the render modes."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed (pip install -e '.[rl]')")

from pettingzoo.test import api_test, seed_test

from tabletop.envs import pettingzoo_env

from .helpers import CASE_IDS, CASES, SMALL, SMALL_IDS

CYCLES = 1000  # api_test plays num_agents x CYCLES steps at most: enough for a whole game of each
SEED_CYCLES = 150
# what PettingZoo says of every environment whose observation is a dict (as its own card games)
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)


@pytest.fixture(autouse=True)
def quiet() -> Iterator[None]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)]
    assert not unexpected, unexpected


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_api(name: str, players: int) -> None:
    env = pettingzoo_env(name, players=players)
    api_test(env, num_cycles=CYCLES)


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_seed(name: str, players: int) -> None:
    seed_test(lambda: pettingzoo_env(name, players=players), num_cycles=SEED_CYCLES)


@pytest.mark.parametrize(("name", "players"), SMALL, ids=SMALL_IDS)
def test_a_whole_game_ends_with_the_returns(name: str, players: int) -> None:
    env = pettingzoo_env(name, players=players)
    env.reset(seed=7)
    rng = np.random.default_rng(7)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert agent == f"player_{env.game_state.current_seat}"
        mask = obs["action_mask"]
        assert mask.any()
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps > 10 and not env.agents
    assert [totals[a] for a in env.possible_agents] == env.game_state.returns()


def test_sealed_bids_are_asked_one_seat_at_a_time() -> None:
    """MegaCorps asks several seats at once in an auction; the environment asks ``current_seat``."""
    env = pettingzoo_env("megacorps", players=4)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    several = 0
    for agent in env.agent_iter(4000):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        state = env.game_state
        several += len(state.to_act()) > 1
        assert agent == f"player_{state.current_seat}" == f"player_{state.to_act()[0]}"
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert several > 0


@pytest.mark.parametrize(("name", "players"), SMALL, ids=SMALL_IDS)
def test_render_modes(name: str, players: int, capsys: pytest.CaptureFixture[str]) -> None:
    env = pettingzoo_env(name, players=players, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "\x1b[" in text and len(text.splitlines()) > 3
    human = pettingzoo_env(name, players=players, render_mode="human")
    human.reset(seed=1)
    assert capsys.readouterr().out.strip()
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo_env(name, players=players, render_mode="rgb_array")
