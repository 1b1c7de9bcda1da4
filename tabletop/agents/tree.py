"""The search tree of :mod:`.ismcts` and one iteration over it: the search's hot loop, compiled
with the rules (setup.py), apart from the agent class so that the bots' interpreted classes need
nothing compiled to derive from."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, Protocol

from ..core.protocol import State
from ..core.rng import choice

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


class Node:
    """A node of the tree: the statistics of the action that led here, by the seat that chose."""

    def __init__(self, seat: int = -1, available: int = 0) -> None:
        self.seat = seat  # the seat whose choice led here
        self.visits = 0
        self.total = 0.0
        self.available = available
        self.children: dict[Any, Node] = {}


def iterate(
    root: Node,
    world: State[Any],
    rollout: Rollout,
    evaluation: Evaluation,
    me: int,
    narrow: Candidates | None,
    rng: random.Random,
    c: float,
) -> None:
    """One iteration in the sampled ``world``: select by UCB with availability counts among the
    actions legal there, expand one node, roll out, and back each seat's reward up to the nodes
    where that seat chose."""
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
        children = node.children
        untried = [a for a in legal if a not in children]
        for a in legal:
            child = children.get(a)
            if child is not None:
                child.available += 1
        if untried:
            action = choice(rng, untried)
            child = children[action] = Node(seat if seat is not None else -1, 1)
            world.advance(action, acting)
            path.append(child)
            break
        best: Any = None
        best_value = -math.inf
        for a in legal:  # the first of the highest, as max() would choose
            child = children[a]
            value = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value:
                best, best_value = a, value
        node = children[best]
        world.advance(best, acting)
        path.append(node)
    while not evaluation.done(world, marker):
        world.advance(rollout(world, rng))
    rewards = evaluation.rewards(world, marker)
    for visited in path[1:]:
        visited.visits += 1
        visited.total += rewards[visited.seat]
