"""A single-agent Gymnasium environment: the learner plays one seat against the project's bots.

The observation is the learner's vector (from its own view, as in the PettingZoo environment), the
action an index of the game's fixed enumeration, and ``info["action_mask"]`` marks the legal ones.
Opponents are made by name (``random``, ``heuristic``, ``ismcts``, ``easy``, ``normal``,
``hard``: tabletop/agents), one name for all or one per other seat, or given as agents; they see
only their own observation (``agents.observe``).  The reward is the learner's ``returns()`` at the
end, 0 before.  An action outside the mask ends the episode with ``illegal_reward`` (the state is
left as it was) and ``info["illegal_action"] = True``: a learner that ignores the mask learns
quickly not to, and a random sampler (Gymnasium's ``check_env``) never crashes the environment.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..agents import Agent, make_agent, observe
from ..core.protocol import State
from ..core.registry import make
from .encoding import Encoding, Mask, Vector
from .registry import encoding_for
from .render import render_text

Opponents = str | Sequence[str | Agent[Any]]


class TabletopGym(gymnasium.Env[Vector, np.int64]):
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: Opponents = "heuristic",
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        self.game = make(game, **options)
        n = self.game.players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be from 0 to {n - 1}, not {seat}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}"
            )
        self.seat = seat
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        others = [s for s in range(n) if s != seat]
        if isinstance(opponents, str):
            self.opponent_specs: list[str | Agent[Any]] = [opponents] * len(others)
        else:
            self.opponent_specs = list(opponents)
            if len(self.opponent_specs) != len(others):
                raise ValueError(
                    f"{len(others)} opponents needed (seats {others}), not {len(self.opponent_specs)}"
                )
        for spec in self.opponent_specs:
            if isinstance(spec, str):
                make_agent(spec)  # an unknown name fails here, not at the first reset
        self.encoding: Encoding[Any] = encoding_for(self.game)
        low, high = self.encoding.bounds()
        self.observation_space = spaces.Box(low, high, (self.encoding.size,), np.float32)
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self.state: State[Any] | None = None
        self.done = True
        self.opponents: dict[int, Agent[Any]] = {}

    # -- an episode ------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        others = [s for s in range(self.game.players) if s != self.seat]
        self.opponents = {}
        for s, spec in zip(others, self.opponent_specs, strict=True):
            self.opponents[s] = make_agent(spec, int(draw(2**31))) if isinstance(spec, str) else spec
        self.state = self.game.new_state(int(draw(2**32)))
        self.done = False
        self._play_opponents()
        if self.render_mode == "human":
            self.render()
        obs, mask = self._observe()
        return obs, {"action_mask": mask}

    def step(self, action: Any) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None:
            raise RuntimeError("call reset() before step()")
        if self.done:
            raise RuntimeError("the episode is over: call reset()")
        obs, mask = self._observe()
        index = int(action)
        if not (0 <= index < len(mask) and mask[index]):
            self.done = True
            return obs, self.illegal_reward, True, False, {"action_mask": mask, "illegal_action": True}
        state.advance(self.encoding.action(index), self.seat)
        self._play_opponents()
        if self.render_mode == "human":
            self.render()
        obs, mask = self._observe()
        if state.is_terminal():
            self.done = True
            return obs, float(state.returns()[self.seat]), True, False, {"action_mask": mask}
        return obs, 0.0, False, False, {"action_mask": mask}

    def _play_opponents(self) -> None:
        state = self.state
        assert state is not None
        while not state.is_terminal():
            seat = state.current_seat
            assert seat is not None
            if seat == self.seat:
                return
            state.advance(self.opponents[seat].act(observe(state, seat)), seat)

    def _observe(self) -> tuple[Vector, Mask]:
        assert self.state is not None
        view = self.state.view(self.seat)
        return self.encoding.observation(view), self.encoding.mask(view.get("legal", ()))

    def legal_actions(self) -> list[int]:
        """The indexes the learner may choose now."""
        return [int(i) for i in np.flatnonzero(self._observe()[1])]

    # -- the screen -------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        if self.state is None:
            raise RuntimeError("call reset() before render()")
        text = render_text(self.game.name, self.state.view(self.seat), self.state.is_terminal())
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text
