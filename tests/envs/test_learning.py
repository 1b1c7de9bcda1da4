"""The tiny learner of docs/envs.md (tabletop/envs/learn.py) beats a random player at Summon 7, on
the same deals, by a margin well outside the noise."""

from __future__ import annotations

from statistics import fmean, stdev

import pytest

pytest.importorskip("gymnasium", reason="the rl extra is not installed (pip install -e '.[rl]')")

from tabletop.envs.learn import evaluate, random_policy, returns, train

EPISODES = 300


def test_tabular_monte_carlo_beats_random_on_summon7() -> None:
    table = train(episodes=400, seed=1)
    learned = returns(table.act, EPISODES, seed=2)
    baseline = returns(random_policy(3), EPISODES, seed=2)  # the same deals, game by game
    gains = [a - b for a, b in zip(learned, baseline, strict=True)]
    margin = fmean(gains)
    error = stdev(gains) / len(gains) ** 0.5
    assert margin > 0.2 and margin > 4 * error, (margin, error)
    assert fmean(learned) > 0.3 > fmean(baseline)


def test_evaluate_is_the_mean_return() -> None:
    policy = random_policy(0)
    assert -1.0 <= evaluate(policy, episodes=20, seed=9) <= 1.0
