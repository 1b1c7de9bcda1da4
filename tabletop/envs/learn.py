"""A tiny learner for docs/envs.md: tabular Monte Carlo control on Summon 7, through the Gymnasium
environment, that beats a uniformly random player.

The table is indexed by two numbers read off the observation vector (so from the seat's view
only): my bust chance (the ``bust`` section's first entry, in tenths) and my card total (the
``seat_total`` section's first entry, in eight bands).  Each cell holds the mean final return of
``hit`` and ``hold`` from there (every visit), and the learner plays epsilon-greedy on it.

    from tabletop.envs.learn import evaluate, random_policy, train
    table = train(episodes=400, seed=1)
    print(evaluate(table.act, episodes=200, seed=2), evaluate(random_policy(3), episodes=200, seed=2))
"""

from __future__ import annotations

import random
from pathlib import Path
from statistics import fmean
from typing import Any

import numpy as np

from .agent import Policy
from .encoding import Mask, Vector
from .single import TabletopGym

HIT, HOLD = 0, 1  # the Summon 7 enumeration: hit, hold
BUST_BANDS, TOTAL_BANDS = 11, 8
OPTIONS: dict[str, Any] = {"players": 2, "target": 40}  # a short game: a few rounds to the end


def make_env(seed: int, opponents: str = "random") -> TabletopGym:
    env = TabletopGym("summon7", seat=0, opponents=opponents, **OPTIONS)
    env.reset(seed=seed)
    return env


class Table:
    """Mean returns of hit and hold per (bust band, total band)."""

    def __init__(self, bust_at: int, total_at: int) -> None:
        self.bust_at, self.total_at = bust_at, total_at  # where the two numbers are in the vector
        self.sums = np.zeros((BUST_BANDS, TOTAL_BANDS, 2))
        self.counts = np.zeros((BUST_BANDS, TOTAL_BANDS, 2))

    @classmethod
    def of(cls, env: TabletopGym) -> Table:
        """An empty table for ``env``'s observations."""
        layout = env.encoding.layout
        return cls(layout.section("bust").offset, layout.section("seat_total").offset)

    def save(self, path: str | Path) -> None:
        """Keep the table in a NumPy ``.npz`` file (what a trained policy ships as)."""
        with Path(path).open("wb") as out:
            np.savez(out, at=np.array([self.bust_at, self.total_at]), sums=self.sums, counts=self.counts)

    @classmethod
    def load(cls, path: str | Path) -> Table:
        """The table :meth:`save` kept in ``path``."""
        with np.load(Path(path)) as data:
            bust_at, total_at = (int(x) for x in data["at"])
            table = cls(bust_at, total_at)
            table.sums, table.counts = data["sums"], data["counts"]
        return table

    def cell(self, obs: Vector) -> tuple[int, int]:
        bust = min(BUST_BANDS - 1, int(obs[self.bust_at] * 10 + 0.5))
        total = min(TOTAL_BANDS - 1, int(obs[self.total_at] * TOTAL_BANDS * 2))
        return bust, total

    def values(self, obs: Vector) -> Any:
        b, t = self.cell(obs)
        return self.sums[b, t] / np.maximum(self.counts[b, t], 1)

    def act(self, obs: Vector, mask: Mask) -> int:
        """The greedy action (among the legal ones)."""
        legal = [a for a in (HIT, HOLD) if mask[a]]
        values = self.values(obs)
        return max(legal, key=lambda a: (values[a], a))

    def learn(self, visits: list[tuple[int, int, int]], outcome: float) -> None:
        for b, t, a in visits:
            self.sums[b, t, a] += outcome
            self.counts[b, t, a] += 1


def train(episodes: int = 400, seed: int = 1, epsilon: float = 0.2) -> Table:
    """Monte Carlo control against random opponents, ``episodes`` whole games."""
    rng = random.Random(seed)
    env = make_env(seed)
    table = Table.of(env)
    for episode in range(episodes):
        obs, info = env.reset(seed=seed * 100_000 + episode)
        visits: list[tuple[int, int, int]] = []
        done, reward = False, 0.0
        while not done:
            mask = info["action_mask"]
            legal = [a for a in (HIT, HOLD) if mask[a]]
            action = rng.choice(legal) if rng.random() < epsilon else table.act(obs, mask)
            visits.append((*table.cell(obs), action))
            obs, reward, done, _, info = env.step(action)
        table.learn(visits, reward)
    return table


def random_policy(seed: int = 0) -> Policy:
    """A uniformly random player (seeded)."""
    rng = random.Random(seed)

    def act(obs: Vector, mask: Mask) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return act


def returns(policy: Policy, episodes: int = 200, seed: int = 2) -> list[float]:
    """The final return of ``policy`` in seat 0 against random opponents, game by game (the same
    deals for every policy given the same seed)."""
    env = make_env(seed)
    found = []
    for episode in range(episodes):
        obs, info = env.reset(seed=seed * 100_000 + episode)
        done, reward = False, 0.0
        while not done:
            obs, reward, done, _, info = env.step(policy(obs, info["action_mask"]))
        found.append(reward)
    return found


def evaluate(policy: Policy, episodes: int = 200, seed: int = 2) -> float:
    return fmean(returns(policy, episodes, seed))
