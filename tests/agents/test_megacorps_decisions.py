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
# their sha256, recorded with the heuristic of commit ceb2261
RECORDED: dict[tuple[int, int, tuple[int, ...]], tuple[int, str]] = {
    (3, 11, ()): (139, "a72735d2215818a5"),
    (4, 12, ()): (354, "dc607956d4da574f"),
    (4, 13, (1, 2)): (309, "1e1b5f54c2c89601"),
    (5, 14, (0,)): (390, "8c7420a6ee24649e"),
    (6, 15, (3,)): (375, "7e27cee00c957b89"),
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
