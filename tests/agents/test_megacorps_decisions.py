"""MegaCorps' heuristic decides exactly as it did when these games were recorded: every decision of
seeded games (its own seats, and the seats a random bot plays, where it is asked too) is hashed and
compared with the hash recorded before its speed-ups (docs/benchmarks.md, "Heuristic bots' speed").
A faster heuristic must make the same decisions to the last one; bench/heuristic_speed.py --check
compares it with the old heuristic over many more games."""

from __future__ import annotations

import hashlib
import random

import pytest

from tabletop import make
from tabletop.agents import make_agent, observe

# (players, seed, seats a random bot plays): the decisions' count and the first 16 hex digits of
# their sha256, recorded on the packaged board with the heuristic of commit ceb2261's decisions
# (bench/heuristic_speed.py --check replays them against that heuristic, read from git history)
RECORDED: dict[tuple[int, int, tuple[int, ...]], tuple[int, str]] = {
    (3, 11, ()): (193, "0f0b4e3433497b05"),
    (4, 12, ()): (354, "dc607956d4da574f"),
    (4, 13, (1, 2)): (318, "b0f47f35437f877e"),
    (5, 14, (0,)): (382, "d7af86e1964e6abb"),
    (6, 15, (3,)): (376, "9a35f4d33a9dfc01"),
}


def decisions(players: int, seed: int, randoms: tuple[int, ...]) -> list[str]:
    """The heuristic's decision at every step of a seeded game (the random bots' seats played by
    them, the heuristic asked there too), in order."""
    s = make("megacorps", players=players).new_state(seed)
    heuristics = [make_agent("heuristic", seat) for seat in range(players)]
    randomly = {seat: make_agent("random", 100 * seed + seat) for seat in randoms}
    rng = random.Random(seed)
    made: list[str] = []
    while not s.is_terminal():
        asked = s.to_act()
        seat = rng.choice(asked) if len(asked) > 1 else asked[0]
        obs = observe(s, seat)
        action = heuristics[seat].act(obs)
        made.append(f"{seat} {obs.view['phase']} {action.text}")
        if seat in randomly:
            action = randomly[seat].act(obs)
        s.apply(action, seat)
    return made


@pytest.mark.parametrize("case", sorted(RECORDED))
def test_the_heuristic_decides_as_recorded(case: tuple[int, int, tuple[int, ...]]) -> None:
    made = decisions(*case)
    digest = hashlib.sha256("\n".join(made).encode()).hexdigest()[:16]
    assert (len(made), digest) == RECORDED[case]
