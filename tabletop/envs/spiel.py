"""An OpenSpiel game per project game, registered with pyspiel as ``python_tabletop_<game>``.

    import pyspiel
    from tabletop.envs.spiel import register
    register()
    game = pyspiel.load_game("python_tabletop_summon7(players=3)")

Parameters are the game's options (``players=3``, ``target=50``...) and ``seeds``: a game starts
with one chance node that draws the deal's seed uniformly from ``0..seeds-1`` (the games carry their
randomness in the state, docs/architecture.md); after it, every node is a player's decision.
Actions are the indexes of the game's fixed enumeration (docs/envs.md).  Observations (tensor and
string) are made from ``view(player)`` only; the public observation type (no private information)
uses the spectator's view ``view(None)``.  There is no perfect-recall information state: search
with ``use_observation_string=True`` (OpenSpiel's ISMCTS bot), which ``resample_from_infostate``
serves with the game's own ``sample_world``.  Rewards come at the end: ``returns()``, in [-1, 1].
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from ..core.protocol import Game, State
from ..core.registry import game_class, make, names
from .encoding import Encoding, Vector
from .registry import encoding_for

PREFIX = "python_tabletop_"
DEFAULT_SEEDS = 1000


class Held:
    """The tabletop state inside an OpenSpiel state.  pyspiel clones a Python state by deep-copying
    its attributes; this makes that copy the game's own (cheap) ``clone()``."""

    __slots__ = ("state",)

    def __init__(self, state: State[Any] | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return Held(None if self.state is None else self.state.clone())


class Shared:
    """What every state of one game shares (its rules and encoding): copied as itself."""

    __slots__ = ("encoding", "seeds", "tabletop")

    def __init__(self, tabletop: Game[Any], encoding: Encoding[Any], seeds: int) -> None:
        self.tabletop = tabletop
        self.encoding = encoding
        self.seeds = seeds

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self


def game_type(name: str) -> Any:
    cls = game_class(name)
    meta = make(name).metadata
    spec: dict[str, Any] = {o.name: o.default for o in cls.option_specs if o.default is not None}
    spec["seeds"] = DEFAULT_SEEDS
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"Tabletop {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=meta.max_players,
        min_num_players=meta.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """One project game with its options, as an OpenSpiel game."""

    name = ""  # set per registered subclass

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.seeds = int(params.pop("seeds", DEFAULT_SEEDS))
        if self.seeds < 1:
            raise ValueError("seeds must be at least 1")
        self.tabletop: Game[Any] = make(self.name, **params)
        self.encoding: Encoding[Any] = encoding_for(self.tabletop)
        meta = self.tabletop.metadata
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=self.seeds,
            num_players=meta.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=meta.max_decisions,
        )
        super().__init__(GAME_TYPES[self.name], info, {**params, "seeds": self.seeds})
        self.shared = Shared(self.tabletop, self.encoding, self.seeds)

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("no perfect-recall information state: observe with the default observation")
        private = iig_obs_type is None or iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        return Observer(self.encoding, private)


class SpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self.held = Held(None)
        self.shared = game.shared

    def current_player(self) -> int:
        state = self.held.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = state.current_seat
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        state = self.held.state
        if state is None or player != state.current_seat:
            return []
        index_of = self.shared.encoding.index_of
        return sorted({index_of(str(a)) for a in state.legal_actions_for(player)})

    def chance_outcomes(self) -> list[tuple[int, float]]:
        seeds = self.shared.seeds
        return [(seed, 1.0 / seeds) for seed in range(seeds)]

    def _apply_action(self, action: int) -> None:
        state = self.held.state
        if state is None:
            self.held = Held(self.shared.tabletop.new_state(int(action)))
            return
        state.advance(self.shared.encoding.action(int(action)), state.current_seat)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self.shared.encoding.texts[action]

    def is_terminal(self) -> bool:
        state = self.held.state
        return state is not None and state.is_terminal()

    def returns(self) -> list[float]:
        state = self.held.state
        if state is None or not state.is_terminal():
            return [0.0] * self.shared.tabletop.players
        return [float(r) for r in state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state ``player_id`` cannot tell from this one: the game's ``sample_world``."""
        state = self.held.state
        copy: SpielState = self.clone()
        if state is not None:
            seed = int(probability_sampler() * 2**32)
            copy.held = Held(state.sample_world(player_id, random.Random(seed)))
        return copy

    def view(self, player: int | None) -> dict[str, Any] | None:
        state = self.held.state
        return None if state is None else state.view(player)

    def __str__(self) -> str:
        view = self.view(None)
        return "(the deal's seed is drawn next)" if view is None else json.dumps(view, sort_keys=True)


class Observer:
    """OpenSpiel's observer protocol: ``tensor``, ``dict`` and ``set_from``/``string_from``."""

    def __init__(self, encoding: Encoding[Any], private: bool) -> None:
        self.encoding = encoding
        self.private = private
        self.tensor: Vector = np.zeros(encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        view = state.view(player if self.private else None)
        if view is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.encoding.observation(view)

    def string_from(self, state: SpielState, player: int) -> str:
        view = state.view(player if self.private else None)
        return "" if view is None else json.dumps(view, sort_keys=True)


GAME_TYPES: dict[str, Any] = {}


def register() -> list[str]:
    """Register every project game with pyspiel (once); returns their OpenSpiel names."""
    registered = set(pyspiel.registered_names())
    found = []
    for name in names():
        short = PREFIX + name
        found.append(short)
        if short in registered:
            continue
        GAME_TYPES[name] = game_type(name)
        cls = type(f"Spiel_{name}", (SpielGame,), {"name": name})
        pyspiel.register_game(GAME_TYPES[name], cls)
    return found
