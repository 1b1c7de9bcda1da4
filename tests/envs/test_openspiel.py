"""OpenSpiel's own tools on every game, registered as ``python_tabletop_*``: its random-simulation
test, and its ISMCTS bot (random roll-outs, a small budget) playing a whole game of each."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed (pip install -e '.[rl]')")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from tabletop.core.registry import names  # noqa: E402
from tabletop.envs.spiel import register  # noqa: E402

from .helpers import SMALL, SMALL_IDS, counts  # noqa: E402

register()
SIM_CASES = [(name, n) for name in names() for n in {counts(name)[0], counts(name)[-1]}]


def test_every_game_is_registered() -> None:
    assert {f"python_tabletop_{name}" for name in names()} <= set(pyspiel.registered_names())
    assert register() == [f"python_tabletop_{name}" for name in names()]  # twice is harmless


@pytest.mark.parametrize(("name", "players"), SIM_CASES, ids=[f"{n}-{p}p" for n, p in SIM_CASES])
def test_random_simulation(name: str, players: int) -> None:
    game = pyspiel.load_game(f"python_tabletop_{name}(players={players})")
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize(("name", "players"), SMALL, ids=SMALL_IDS)
def test_ismcts_plays_a_whole_game(name: str, players: int) -> None:
    game = pyspiel.load_game(f"python_tabletop_{name}(players={players},seeds=100)")
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=2,
        random_state=rng,
        use_observation_string=True,
    )
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(int(action))
        decisions += 1
    assert decisions > 10
    assert sorted(state.returns())[-1] == 1.0


def test_observations_come_from_the_view_and_resampling_keeps_them() -> None:
    game = pyspiel.load_game("python_tabletop_manasurge(players=3)")
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1000
    state.apply_action(17)
    rng = np.random.RandomState(0)
    for _ in range(20):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    world = state.resample_from_infostate(player, sampler)
    assert world.observation_string(player) == state.observation_string(player)
    assert np.array_equal(world.observation_tensor(player), state.observation_tensor(player))
    assert world.legal_actions() == state.legal_actions()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.history() != state.history()
