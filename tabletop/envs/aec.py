"""A PettingZoo AEC environment per game (docs/envs.md).

Agents are named ``player_<seat>``.  The agent asked is always the state's ``current_seat``: where
several seats decide at once (MegaCorps' sealed bids and votes), the protocol guarantees that
answering ``current_seat`` in turn is correct, so the environment asks them one after the other.
An observation is ``{"observation": float32 vector, "action_mask": int8 vector}``, both made from
``state.view(seat)`` alone (its ``legal`` list gives the mask).  Rewards are zero until the end,
then the game's ``returns()`` (in [-1, 1], from the final ranking).  The game's state is
``env.game_state`` (``env.state()`` stays PettingZoo's, which these environments do not offer).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ..core.protocol import State
from ..core.registry import make
from .encoding import Encoding
from .registry import encoding_for
from .render import render_text

Observation = dict[str, np.ndarray[Any, Any]]


class TabletopAEC(AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """One game of ``game`` per episode; ``reset(seed=...)`` seeds the deals."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.game = make(game, **options)
        self.metadata = {**TabletopAEC.metadata, "name": f"tabletop_{self.game.name}_v0"}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}"
            )
        self.render_mode = render_mode
        self.encoding: Encoding[Any] = encoding_for(self.game)
        n = self.game.players
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(n)]
        self.agents: list[str] = []
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        low, high = self.encoding.bounds()
        size, count = self.encoding.size, self.encoding.num_actions
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (count,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self.rng = random.Random()
        self.game_state: State[Any] | None = None
        self.steps = 0
        self._cached: tuple[int, str, Observation] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- an episode --------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.rng = random.Random(seed)
        self.game_state = self.game.new_state(self.rng.getrandbits(32))
        self.steps = 0
        self._cached = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self._seat_to_act()]
        if self.render_mode == "human":
            self.render()

    def _seat_to_act(self) -> int:
        assert self.game_state is not None
        seat = self.game_state.current_seat
        assert seat is not None, "a new game is already over"
        return seat

    def observe(self, agent: str) -> Observation:
        cached = self._cached
        if cached is not None and cached[0] == self.steps and cached[1] == agent:
            return cached[2]
        if self.game_state is None:
            raise RuntimeError("call reset() before observe()")
        view = self.game_state.view(self.seat_of[agent])
        found: Observation = {
            "observation": self.encoding.observation(view),
            "action_mask": self.encoding.mask(view.get("legal", ())),
        }
        self._cached = (self.steps, agent, found)
        return found

    def step(self, action: Any) -> None:
        state = self.game_state
        if state is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat_of[agent]
        state.advance(self.encoding.action(int(action)), seat)
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal():
            returns = state.returns()
            self.rewards = {a: float(returns[self.seat_of[a]]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            self._deads_step_first()
        else:
            self.agent_selection = self.possible_agents[self._seat_to_act()]
        if self.render_mode == "human":
            self.render()

    # -- the screen ------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        if self.game_state is None:
            raise RuntimeError("call reset() before render()")
        over = self.game_state.is_terminal()
        seat = 0 if over else self.seat_of[self.agent_selection]
        text = render_text(self.game.name, self.game_state.view(seat), over, colour=True)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        self._cached = None
