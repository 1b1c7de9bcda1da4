"""What an agent is given, and what it must do.

An agent never holds the true state.  It gets an :class:`Observation`: its
seat's view, the legal actions, and a ``sample_world`` that draws a full state
consistent with that view (for search).  The true state stays behind a closure.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..core.errors import TabletopError
from ..core.protocol import JSON, Game, State
from ..core.rng import choice

A = TypeVar("A")


class UnknownAgent(TabletopError, ValueError):
    """No bot is registered under that name."""


@dataclass(frozen=True)
class Observation(Generic[A]):
    seat: int
    view: dict[str, JSON]
    legal: list[A]
    game: Game[A]
    _sampler: Callable[[random.Random], State[A]] = field(repr=False)

    def sample_world(self, rng: random.Random) -> State[A]:
        """A full state the seat cannot tell from the real one."""
        return self._sampler(rng)


def observe(state: State[A], seat: int) -> Observation[A]:
    """The observation of ``seat`` (normally one of the seats to act).  Its worlds are sampled from
    ``state`` when asked, so use it before the state moves on (or observe a clone)."""
    return Observation(
        seat=seat,
        view=state.view(seat),
        legal=list(state.legal_actions_for(seat)),
        game=state.get_game(),
        _sampler=lambda rng: state.sample_world(seat, rng),
    )


class Agent(ABC, Generic[A]):
    """A player.  Seeded: the same seed and observations give the same actions."""

    name = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def act(self, obs: Observation[A]) -> A:
        """One of ``obs.legal``."""

    def explain(self, obs: Observation[A], action: A) -> str | None:
        """Why this agent takes ``action`` (one of ``obs.legal``) where it sees ``obs``, in one short
        clause for the player it concerns (the maker of an offer it declines), reasoned from
        ``obs`` alone; None when it has nothing to say (the default)."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(Agent[Any]):
    """Uniform over the legal actions."""

    name = "random"

    def act(self, obs: Observation[Any]) -> Any:
        return choice(self.rng, obs.legal)


def _heuristic(seed: int) -> Agent[Any]:
    from .heuristics import Heuristic

    return Heuristic(seed)


def _ismcts(seed: int) -> Agent[Any]:
    from .ismcts import ISMCTS

    return ISMCTS(seed)


def _inferring(seed: int) -> Agent[Any]:
    from .belief import InferringISMCTS

    # a second a decision on every core, the cheap roll-outs, over the worlds the others' play
    # leaves likely (docs/benchmarks.md, "The hard level")
    return InferringISMCTS(seed, seconds=1.0, cap=12_000)


def _level(level: str) -> Callable[[int], Agent[Any]]:
    def make(seed: int) -> Agent[Any]:
        from .levels import agent_for

        return agent_for(level, seed)

    return make


AGENTS: dict[str, Callable[[int], Agent[Any]]] = {
    "random": RandomAgent,
    "heuristic": _heuristic,
    "ismcts": _ismcts,
    "inferring": _inferring,
    "easy": _level("easy"),
    "normal": _level("normal"),
    "hard": _level("hard"),
}


def make_agent(name: str, seed: int = 0) -> Agent[Any]:
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise UnknownAgent(f"no bot called {name!r}; known bots: {', '.join(sorted(AGENTS))}") from None
