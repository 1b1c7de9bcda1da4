"""Which games and player counts the environments' tests run, and random play to reach positions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import tabletop
from tabletop.core.protocol import State
from tabletop.core.registry import names


def counts(name: str) -> list[int]:
    meta = tabletop.make(name).metadata
    return list(range(meta.min_players, meta.max_players + 1))


# every registered game at every player count it allows
CASES: list[tuple[str, int]] = [(name, n) for name in names() for n in counts(name)]
CASE_IDS = [f"{name}-{n}p" for name, n in CASES]
# one count per game, for the slower checks
SMALL: list[tuple[str, int]] = [(name, counts(name)[0]) for name in names()]
SMALL_IDS = [f"{name}-{n}p" for name, n in SMALL]


def positions(name: str, players: int, seed: int, every: int = 1, **options: Any) -> Iterator[State[Any]]:
    """The positions of one random game (every ``every``-th), the final one excluded."""
    game = tabletop.make(name, players=players, **options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        state.apply(rng.choice(state.legal_actions()))
        step += 1
