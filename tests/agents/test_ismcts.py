"""The generic search bot: sees only its observation, is seeded, and plays legal moves."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tabletop import make
from tabletop.agents import observe
from tabletop.agents.base import Agent
from tabletop.agents.belief import InferringISMCTS
from tabletop.agents.heuristics import HeuristicRollout
from tabletop.agents.ismcts import ISMCTS, ToTheEnd
from tabletop.agents.parallel import ParallelISMCTS
from tabletop.games.megalomania.state import PLAY, MegalomaniaState


def mid_round(seed: int, players: int = 4) -> MegalomaniaState:
    """A state a few tricks into round 1, at a card play with a real choice."""
    s = make("megalomania", players=players).new_state(seed)
    rng = random.Random(seed)
    while not (s.phase == PLAY and len(s.round_tricks) >= 2 and len(s.legal_actions()) > 1):
        s.apply(rng.choice(s.legal_actions()))
    return s


SEARCHES: dict[str, Callable[[], Agent[Any]]] = {
    "one tree": lambda: ISMCTS(seed=5, iterations=60),
    # a tree per worker process, each given a world sampled from the view, never the state
    "a tree per worker": lambda: ParallelISMCTS(seed=5, iterations=60, workers=2),
    # over the worlds a belief holds (at a first decision, the view's samples alone)
    "inferring": lambda: InferringISMCTS(seed=5, iterations=60, particles=16, workers=2),
    # finished by the heuristic's play in the sampled worlds (the hard level's roll-outs)
    "heuristic roll-outs": lambda: ParallelISMCTS(5, iterations=24, workers=2, rollout=HeuristicRollout()),
}


@pytest.mark.parametrize("search", SEARCHES.values(), ids=SEARCHES)
def test_decision_does_not_depend_on_the_others_hidden_cards(search: Callable[[], Agent[Any]]) -> None:
    for seed in range(4):
        s = mid_round(seed)
        seat = s.current_seat
        assert seat is not None
        redealt = s.sample_world(seat, random.Random(99))
        assert redealt.hands != s.hands  # the others really hold other cards
        assert redealt.hands[seat] == s.hands[seat]
        assert search().act(observe(s, seat)) == search().act(observe(redealt, seat))


def test_same_seed_same_decision_and_always_legal() -> None:
    s = mid_round(1)
    seat = s.current_seat
    assert seat is not None
    obs = observe(s, seat)
    choices = {ISMCTS(seed=k, iterations=40).act(obs) for k in range(6)}
    assert choices <= set(s.legal_actions())
    assert ISMCTS(seed=2, iterations=40).act(obs) == ISMCTS(seed=2, iterations=40).act(obs)


def test_one_legal_action_costs_nothing() -> None:
    s = make("megalomania").new_state(0, {"dealer": 3, "missions": [1], "scrolls": [4]})
    for text in ("take=crystals", "take=cubes", "take=scroll"):
        s.apply_text(text)
    bot = ISMCTS(seed=0, iterations=500)
    assert [str(a) for a in s.legal_actions()] == ["take=crystals", "take=cubes", "take=mixed"]
    s2 = mid_round(0)
    while len(s2.legal_actions()) != 1:
        s2.apply(s2.legal_actions()[0])
    seat = s2.current_seat
    assert seat is not None
    assert bot.act(observe(s2, seat)) == s2.legal_actions()[0]
    assert bot.last_iterations == 0


def test_plays_whole_games_with_the_generic_evaluation_too() -> None:
    game = make("megalomania", players=2)
    s = game.new_state(3)
    bots = [ISMCTS(seed=1, iterations=8), ISMCTS(seed=2, iterations=8, evaluation=ToTheEnd())]
    decisions = 0
    while not s.is_terminal() and s.round < 1:
        seat = s.current_seat
        assert seat is not None
        s.apply(bots[seat].act(observe(s, seat)), seat)
        decisions += 1
    assert decisions > 10 and s.round == 1


def test_search_by_time_budget_stops() -> None:
    s = mid_round(2)
    seat = s.current_seat
    assert seat is not None
    bot = ISMCTS(seed=0, iterations=0, seconds=0.05)
    assert bot.act(observe(s, seat)) in s.legal_actions()
    assert bot.last_iterations > 0


DECISIONS = r"""
import random, tabletop
from tabletop.agents import observe
from tabletop.agents.ismcts import ISMCTS
out = [tabletop.BUILD]
for name, players in (("megalomania", 4), ("summon7", 2), ("clan", 3), ("manasurge", 4), ("megacorps", 4)):
    state, rng = tabletop.make(name, players=players).new_state(11), random.Random(5)
    for k in range(24):
        if state.is_terminal():
            break
        seat = state.current_seat if state.current_seat is not None else state.to_act()[0]
        if k % 6 == 0:
            out.append(str(ISMCTS(seed=k, iterations=40).act(observe(state, seat))))
        state.apply(rng.choice(list(state.legal_actions_for(seat))), seat)
print("\n".join(out))
"""


def test_the_search_decides_alike_compiled_and_pure() -> None:
    """The compiled search (agents/tree.py, the games' search.py) draws and decides as the pure
    Python does: the same decisions in every game, whichever build runs them."""
    import os
    import subprocess
    import sys

    import tabletop

    runs = {}
    for pure in ("", "1"):
        env = {**os.environ, "TABLETOP_PURE": pure}
        done = subprocess.run(
            [sys.executable, "-c", DECISIONS], env=env, capture_output=True, text=True, check=True
        )
        build, *decisions = done.stdout.splitlines()
        runs[build] = decisions
    assert len(runs["pure"]) >= 15  # four or so a game
    if tabletop.BUILD == "compiled":  # both builds ran (a machine without a compiler has one)
        assert runs["compiled"] == runs["pure"]
