"""The observation an online bot gets from its view is the one the server's bots get from the
state (tabletop/client/observe.py): the same view, legal actions and game, and, where the client
builds worlds from views (Summon 7 here; the other games in test_worlds_*.py), the same sampled
worlds and so the same search decisions."""

from __future__ import annotations

import json
import random
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from tabletop import make
from tabletop.agents import RandomAgent, observe
from tabletop.client import NoWorlds, load_factory, make_agent, observation, worlds
from tabletop.client.agent import takes_seed
from tabletop.core.protocol import State

from .helpers import positions, samples_alike, search_alike, turn_of


def canonical(state: State[Any]) -> str:
    data = state.to_json()
    data.pop("history", None)  # Summon 7's past rounds: the view shows only the last (below)
    return json.dumps(data, sort_keys=True)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_summon7_worlds_from_the_view_sample_what_the_true_state_samples(players: int) -> None:
    for state, seat, step in positions("summon7", players, seed=players, every=3)[:40]:
        assert samples_alike(state, seat, step, canonical, samples=3), step


def test_a_search_bot_decides_online_as_it_decides_in_the_server() -> None:
    checked = 0
    for game_seed in (11, 12, 13):
        for state, seat, step in positions("summon7", 3, seed=game_seed, every=2)[:10]:
            assert search_alike(state, seat, step, iterations=40)
            checked += 1
    assert checked == 30


def example_module() -> types.ModuleType:
    """docs/bots.md's complete example, as its module."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text()
    after = text.split("### A complete example", 1)[1]
    code = after.split("```python\n", 1)[1].split("```", 1)[0]
    module = types.ModuleType("mybot")
    exec(compile(code, "docs/bots.md", "exec"), module.__dict__)
    return module


@pytest.mark.parametrize(("game_name", "players"), [("summon7", 3), ("megalomania", 3)])
def test_the_example_in_docs_bots_md_plays_whole_games_from_its_views(game_name: str, players: int) -> None:
    factory = load_factory_from(example_module())
    assert takes_seed(factory)
    agent = make_agent(factory, "t1", 0)
    state = make(game_name, players=players).new_state(seed=7)
    rng, step, mine = random.Random(7), 0, 0
    while not state.is_terminal():
        seat = state.current_seat
        assert seat is not None
        if seat == 0:
            action, mine = agent.act(observation(turn_of(state, seat, step))), mine + 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        step += 1
    assert mine > 0


def load_factory_from(module: types.ModuleType) -> Any:
    sys.modules["mybot"] = module
    try:
        return load_factory("mybot:make")
    finally:
        del sys.modules["mybot"]


def test_without_a_world_builder_a_bot_still_gets_the_view_and_the_legal_actions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(worlds.MODULES, "megalomania")  # a game whose builder is not written yet
    state, seat, step = positions("megalomania", 4, seed=2)[5]
    obs, theirs = observation(turn_of(state, seat, step)), observe(state, seat)
    assert obs.view == theirs.view and obs.legal == theirs.legal
    assert RandomAgent(3).act(obs) == RandomAgent(3).act(theirs)
    with pytest.raises(NoWorlds, match=r"decides from obs\.view and obs\.legal"):
        obs.sample_world(random.Random(0))
