"""Information-set Monte Carlo tree search, written once against the protocol.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): every iteration draws a world
the searching seat cannot tell from the real one (``Observation.sample_world``), walks one
shared tree keyed by actions, choosing among the actions legal *in that world* by UCB with
availability counts, expands one node, finishes with a rollout policy, and backs up each
seat's reward to the nodes where that seat chose.  The bot never sees the true state.

A game may plug in a faster rollout policy and an evaluation that stops early (Megalomania
scores each round, so a rollout can stop at the round's end): see :data:`PLUGINS`.  An evaluation
may also narrow the actions the tree considers (see :class:`Evaluation`).

Where several seats choose at once in secret (``State.to_act``, MegaCorps' sealed bids), the root
is the searching seat's own choice, whichever of them the sampled world would ask first.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.protocol import State
from ..core.rng import choice
from .base import Agent, Observation
from .tree import Candidates, Evaluation, Node, Rollout, iterate

__all__ = [
    "ISMCTS",
    "PLUGINS",
    "Candidates",
    "Evaluation",
    "Node",
    "Rollout",
    "ToTheEnd",
    "random_rollout",
    "ranked",
]


def random_rollout(state: State[Any], rng: random.Random) -> Any:
    return choice(rng, state.legal_actions())


class ToTheEnd:
    """The generic evaluation: play to the end of the game; rewards from the final ranking."""

    def start(self, state: State[Any]) -> Any:
        return None

    def done(self, state: State[Any], marker: Any) -> bool:
        return state.is_terminal()

    def rewards(self, state: State[Any], marker: Any) -> list[float]:
        return state.returns()


# game name -> "module:function" returning (rollout, evaluation) for that game
PLUGINS: dict[str, str] = {
    "megalomania": "tabletop.agents.megalomania.search:plugins",
    "summon7": "tabletop.agents.summon7.search:plugins",
    "clan": "tabletop.agents.clan.search:plugins",
    "manasurge": "tabletop.agents.manasurge.search:plugins",
    "megacorps": "tabletop.agents.megacorps.search:plugins",
}


def plugins_for(game_name: str) -> tuple[Rollout, Evaluation]:
    target = PLUGINS.get(game_name)
    if target is None:
        return random_rollout, ToTheEnd()
    module, _, function = target.partition(":")
    found: tuple[Rollout, Evaluation] = getattr(importlib.import_module(module), function)()
    return found


class ISMCTS(Agent[Any]):
    """Search by iterations (deterministic for a seed), or by seconds per decision with at most
    ``cap`` iterations (reproducible where the cap is reached before the time is up)."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 300,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: Rollout | None = None,
        evaluation: Evaluation | None = None,
        cap: int | None = None,
    ) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.budget = Budget(cap, seconds) if seconds else Budget(iterations)
        self.exploration = exploration
        self.rollout = rollout
        self.evaluation = evaluation
        self.last_iterations = 0
        self.last_root: Node | None = None  # the last search's tree (read by advice.py's hints)

    def act(self, obs: Observation[Any]) -> Any:
        self.last_root = None
        if len(obs.legal) == 1:
            return obs.legal[0]
        default_rollout, default_evaluation = plugins_for(obs.game.name)
        rollout = self.rollout or default_rollout
        evaluation = self.evaluation or default_evaluation
        root = Node()
        c, budget = self.exploration, self.budget
        done = grow(root, obs.sample_world, rollout, evaluation, obs.seat, self.rng, c, budget)
        self.last_iterations, self.last_root = done, root
        return ranked(root, obs.legal)[0][0]

    def explain(self, obs: Observation[Any], action: Any) -> str | None:
        """The game's heuristic's reason, if it has one: the search weighs its leaves by that
        heuristic's valuation (where the game plugs one in), so its reason is the search's in short."""
        from .heuristics import HEURISTICS, heuristic_for

        if obs.game.name not in HEURISTICS:
            return None
        return heuristic_for(obs.game.name, 0).explain(obs, action)


@dataclass(frozen=True)
class Budget:
    """How long a search grows its tree: ``iterations``, or with ``seconds``, as many as fit in
    that time, ``iterations`` being then a cap (None: no cap)."""

    iterations: int | None = 300
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search budget needs iterations, seconds or both")


def grow(
    root: Node,
    sample: Callable[[random.Random], State[Any]],
    rollout: Rollout,
    evaluation: Evaluation,
    seat: int,
    rng: random.Random,
    exploration: float,
    budget: Budget,
) -> int:
    """Iterate on ``root`` with worlds from ``sample`` until ``budget`` is spent; how many
    iterations were made.  Without seconds, the count alone decides (a seed replays exactly)."""
    narrow: Candidates | None = getattr(evaluation, "candidates", None)
    cap = math.inf if budget.iterations is None else budget.iterations
    deadline = time.perf_counter() + budget.seconds if budget.seconds else math.inf
    done = 0
    while done < cap and (deadline == math.inf or time.perf_counter() < deadline):
        iterate(root, sample(rng), rollout, evaluation, seat, narrow, rng, exploration)
        done += 1
    return done


def ranked(root: Node, choices: list[Any]) -> list[tuple[Any, int, float]]:
    """The root's statistics: each of ``choices`` the search tried, as ``(action, visits, mean
    reward)``, best first: the most visited, ties broken by the larger text (the order in which
    :meth:`ISMCTS.act` chooses the first).  The actions are ``choices``' own objects."""
    legal = {a: a for a in choices}
    tried = [(legal[a], node) for a, node in root.children.items() if a in legal]
    tried.sort(key=lambda pair: (pair[1].visits, str(pair[0])), reverse=True)
    return [(a, node.visits, node.total / node.visits if node.visits else 0.0) for a, node in tried]
