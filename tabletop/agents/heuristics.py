"""One name, "heuristic", for every game's own baseline bot.

A game's heuristic registers here as "module:Class" (the class takes a seed); the agent picks
the right one from the observation's game, the first time it is asked to act.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from ..core.protocol import State
from .base import Agent, Observation, UnknownAgent, observe
from .tree import Rollout

HEURISTICS: dict[str, str] = {
    "megalomania": "tabletop.agents.megalomania.heuristic:MegalomaniaHeuristic",
    "summon7": "tabletop.agents.summon7.heuristic:Summon7Heuristic",
    "clan": "tabletop.agents.clan.heuristic:ClanHeuristic",
    "manasurge": "tabletop.agents.manasurge.heuristic:ManaSurgeHeuristic",
    "megacorps": "tabletop.agents.megacorps.heuristic:MegaCorpsHeuristic",
}


def heuristic_for(game_name: str, seed: int) -> Agent[Any]:
    try:
        module, _, cls = HEURISTICS[game_name].partition(":")
    except KeyError:
        raise UnknownAgent(f"no heuristic bot for {game_name!r}") from None
    agent: Agent[Any] = getattr(importlib.import_module(module), cls)(seed)
    return agent


class Heuristic(Agent[Any]):
    """The heuristic bot of whatever game it is playing."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.seed = seed
        self.inner: Agent[Any] | None = None

    def act(self, obs: Observation[Any]) -> Any:
        if self.inner is None:
            self.inner = heuristic_for(obs.game.name, self.seed)
        return self.inner.act(obs)

    def explain(self, obs: Observation[Any], action: Any) -> str | None:
        if self.inner is None:
            self.inner = heuristic_for(obs.game.name, self.seed)
        return self.inner.explain(obs, action)


class HeuristicRollout:
    """A rollout policy for the search: each seat plays on as the game's heuristic would in the
    sampled world, from its own view of that world, except that with chance ``epsilon`` it plays
    as the game's cheap rollout does (so that the search does not trust one model of the others
    blindly).  Dearer than the cheap rollout, but the futures it plays are the ones good players
    make.  Only in ``games`` (None: every game with a heuristic); elsewhere it is the game's cheap
    rollout.  Picklable: a search's worker processes take it as it is."""

    def __init__(self, epsilon: float = 0.2, games: frozenset[str] | None = None) -> None:
        self.epsilon = epsilon
        self.games = frozenset(HEURISTICS) if games is None else games & frozenset(HEURISTICS)
        self.models: dict[tuple[str, int], Agent[Any]] = {}
        self.cheap: dict[str, Rollout] = {}

    def __call__(self, state: State[Any], rng: random.Random) -> Any:
        name, seat = state.get_game().name, state.current_seat
        if name not in self.games or seat is None or rng.random() < self.epsilon:
            return self._cheap(name)(state, rng)
        model = self.models.get((name, seat))
        if model is None:
            model = self.models[name, seat] = heuristic_for(name, seat)
        return model.act(observe(state, seat))

    def _cheap(self, name: str) -> Rollout:
        found = self.cheap.get(name)
        if found is None:
            from .ismcts import plugins_for

            found = self.cheap[name] = plugins_for(name)[0]
        return found
