"""What the others' play says: a seat's worlds filtered by the decisions it saw them make.

A plain search samples every world the seat cannot tell from the real one alike.  But a player
who played low where a high card would have won probably holds no high card: the others' play
makes some worlds likelier than others.  :class:`Belief` is a particle filter over sampled
worlds, kept by a bot between its decisions:

- After the bot's decision, each particle (a world it could not tell from the real one) takes
  the bot's own action.
- At its next decision, each particle is played forward to the bot's next question, the others
  deciding as a *model* of them would (the game's heuristic bot, softened: a uniformly random
  legal action ``epsilon`` of the time) and chance as the particle's own generator draws it.  A
  particle is kept only if the seat then sees in it exactly the view it sees at the table.  That
  is rejection sampling: a world survives in proportion to how likely the model made what the
  seat saw, the others' decisions included (approximate Bayesian computation, exact for the
  model).
- The particles kept are topped up with fresh samples of the view (the prior) to ``size``.  A
  particle that survives several steps has passed each step's evidence.

The filter never reads the true state: its worlds are the observation's samples, and it compares
views.  Where chance shows the seat something between its decisions (a card drawn face up), few
particles survive and the belief falls back on fresh samples, as a plain search has.

:class:`InferringISMCTS` searches over the belief's worlds (each iteration clones one of them and
gives it a fresh generator, so that the future is drawn anew).
"""

from __future__ import annotations

import random
from typing import Any

from ..core.errors import TabletopError
from ..core.protocol import JSON, State
from ..core.rng import below, choice, fresh_seed
from .base import Agent, Observation, observe
from .heuristics import HEURISTICS, heuristic_for
from .parallel import ParallelISMCTS

SIZE = 64  # particles
EPSILON = 0.25  # how often the model of the others plays at random
STEPS = 500  # decisions a particle may take to reach the seat's next question


def seen(view: dict[str, JSON]) -> dict[str, JSON]:
    """A view as the game makes it (a server's question adds the previews to it)."""
    return {k: v for k, v in view.items() if k != "previews"}


class Belief:
    """The worlds a seat holds possible, filtered by what it saw (see the module's text)."""

    def __init__(self, seat: int, size: int = SIZE, epsilon: float = EPSILON) -> None:
        self.seat, self.size, self.epsilon = seat, size, epsilon
        self.particles: list[State[Any]] = []
        self.models: dict[int, Agent[Any]] = {}
        self.kept = 0  # particles that survived the last update

    def _model(self, state: State[Any], seat: int) -> Agent[Any] | None:
        name = state.get_game().name
        if name not in HEURISTICS:
            return None
        found = self.models.get(seat)
        if found is None:
            found = self.models[seat] = heuristic_for(name, seat)
        return found

    def _forward(self, world: State[Any], rng: random.Random) -> bool:
        """Play ``world`` on by the model to the seat's next question; whether it got there."""
        for _ in range(STEPS):
            if world.is_terminal():
                return False
            seat = world.current_seat
            if seat is None:
                return False
            if seat == self.seat:
                return True
            model = self._model(world, seat)
            if model is None or rng.random() < self.epsilon:
                action = choice(rng, world.legal_actions())
            else:
                action = model.act(observe(world, seat))
            world.advance(action, seat)
        return False

    def update(self, obs: Observation[Any], rng: random.Random) -> list[State[Any]]:
        """The particles showing ``obs``'s view: the last ones that the others' play (as the model
        plays) brought there, topped up with fresh samples."""
        view = seen(obs.view)
        kept = []
        for world in self.particles:
            try:
                if self._forward(world, rng) and world.view(self.seat) == view:
                    kept.append(world)
            except TabletopError:  # the model asked something the world refuses: not this world
                continue
        self.kept = len(kept)
        self.particles = kept + [obs.sample_world(rng) for _ in range(self.size - len(kept))]
        return self.particles

    def chosen(self, action: Any) -> None:
        """The seat's own decision, taken in every particle."""
        moved = []
        for world in self.particles:
            try:
                world.advance(action, self.seat)
            except TabletopError:
                continue
            moved.append(world)
        self.particles = moved


class FromBelief:
    """Worlds drawn from a belief's particles, each a copy with a fresh generator (picklable)."""

    def __init__(self, particles: list[State[Any]]) -> None:
        self.particles = particles

    def __call__(self, rng: random.Random) -> State[Any]:
        world = self.particles[below(rng, len(self.particles))].clone()
        if world.get_game().metadata.chance == "carried-rng":  # its future, drawn anew
            world.seed = fresh_seed(rng)  # type: ignore[attr-defined]
            if hasattr(world, "counter"):
                world.counter = 0
        return world


class InferringISMCTS(ParallelISMCTS):
    """The search over a :class:`Belief`'s worlds, kept between the decisions of one seat in one
    game (a new agent for each game, as the arena and the terminal make them)."""

    name = "inferring"

    def __init__(self, *args: Any, particles: int = SIZE, epsilon: float = EPSILON, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.particles, self.epsilon = particles, epsilon
        self.belief: Belief | None = None

    def act(self, obs: Observation[Any]) -> Any:
        if self.belief is None or self.belief.seat != obs.seat:
            self.belief = Belief(obs.seat, self.particles, self.epsilon)
        worlds = self.belief.update(obs, self.rng)
        action = obs.legal[0] if len(obs.legal) == 1 else self.search(obs, FromBelief(worlds))
        self.belief.chosen(action)
        return action
