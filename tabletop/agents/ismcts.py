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
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..core.protocol import State
from ..core.rng import choice
from .base import Agent, Observation

Rollout = Callable[[State[Any], random.Random], Any]
# (state, the seat choosing, its legal actions, the depth in the tree: 0 at the root) -> the
# actions the tree considers there
Candidates = Callable[[State[Any], int, list[Any], int], list[Any]]


class Evaluation(Protocol):
    """Where a simulation stops, and what each seat got.

    An evaluation may also have a method ``candidates(state, seat, legal, depth)``
    (:data:`Candidates`): the non-empty part of ``legal``, the choices of ``seat``, that the tree
    considers in ``state`` at ``depth`` below the root (a game with many similar actions keeps a few
    sensible ones).  Without it, every legal action.
    """

    def start(self, state: State[Any]) -> Any:
        """A marker of the state the simulation starts from (e.g. its round and scores)."""

    def done(self, state: State[Any], marker: Any) -> bool:
        """Whether the simulation may stop here."""

    def rewards(self, state: State[Any], marker: Any) -> list[float]:
        """Each seat's reward, roughly in [-1, 1]."""


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


@dataclass
class Node:
    seat: int = -1  # the seat whose choice led here
    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[Any, Node] = field(default_factory=dict)


# game name -> "module:function" returning (rollout, evaluation) for that game
PLUGINS: dict[str, str] = {
    "megalomania": "tabletop.agents.megalomania.search:plugins",
    "summon7": "tabletop.agents.summon7.search:plugins",
    "clan": "tabletop.agents.clan.search:plugins",
    "manasurge": "tabletop.agents.manasurge.search:plugins",
    "megacorps": "tabletop.agents.megacorps.search:plugins",
}


def _plugins(game_name: str) -> tuple[Rollout, Evaluation]:
    target = PLUGINS.get(game_name)
    if target is None:
        return random_rollout, ToTheEnd()
    module, _, function = target.partition(":")
    found: tuple[Rollout, Evaluation] = getattr(importlib.import_module(module), function)()
    return found


class ISMCTS(Agent[Any]):
    """Search by iterations (deterministic for a seed) or by seconds per decision."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 300,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: Rollout | None = None,
        evaluation: Evaluation | None = None,
    ) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.evaluation = evaluation
        self.last_iterations = 0

    def act(self, obs: Observation[Any]) -> Any:
        if len(obs.legal) == 1:
            return obs.legal[0]
        default_rollout, default_evaluation = _plugins(obs.game.name)
        rollout = self.rollout or default_rollout
        evaluation = self.evaluation or default_evaluation
        narrow: Candidates | None = getattr(evaluation, "candidates", None)
        root = Node()
        deadline = time.perf_counter() + self.seconds if self.seconds else math.inf
        done = 0
        while done < self.iterations or (self.seconds and time.perf_counter() < deadline):
            if self.seconds and time.perf_counter() >= deadline:
                break
            self._iterate(root, obs.sample_world(self.rng), rollout, evaluation, obs.seat, narrow)
            done += 1
        self.last_iterations = done
        legal = {a: a for a in obs.legal}
        best = max((a for a in root.children if a in legal), key=lambda a: (root.children[a].visits, str(a)))
        return legal[best]

    def _iterate(
        self,
        root: Node,
        world: State[Any],
        rollout: Rollout,
        evaluation: Evaluation,
        me: int,
        narrow: Candidates | None = None,
    ) -> None:
        rng, c = self.rng, self.exploration
        marker = evaluation.start(world)
        node, path = root, [root]
        while not evaluation.done(world, marker):
            legal = world.legal_actions()
            seat = world.current_seat
            acting: int | None = None
            if node is root and seat != me and me in world.to_act():  # secret choices made at once
                legal, seat, acting = world.legal_actions_for(me), me, me
            if narrow is not None:
                legal = narrow(world, -1 if seat is None else seat, legal, len(path) - 1)
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = choice(rng, untried)
                child = node.children[action] = Node(seat=seat if seat is not None else -1, available=1)
                world.apply(action, acting)
                path.append(child)
                break
            log_total = {a: math.log(node.children[a].available) for a in legal}
            action = max(
                legal,
                key=lambda a: (
                    node.children[a].total / node.children[a].visits
                    + c * math.sqrt(log_total[a] / node.children[a].visits)
                ),
            )
            node = node.children[action]
            world.apply(action, acting)
            path.append(node)
        while not evaluation.done(world, marker):
            world.apply(rollout(world, rng))
        rewards = evaluation.rewards(world, marker)
        for visited in path[1:]:
            visited.visits += 1
            visited.total += rewards[visited.seat]
