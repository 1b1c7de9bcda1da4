"""One name, "heuristic", for every game's own baseline bot.

A game's heuristic registers here as "module:Class" (the class takes a seed); the agent picks
the right one from the observation's game, the first time it is asked to act.
"""

from __future__ import annotations

import importlib
from typing import Any

from .base import Agent, Observation, UnknownAgent

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
