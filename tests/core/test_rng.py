"""The state's draws take exactly the numbers ``random.Random``'s own methods take (core/rng.py)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tabletop.core.rng import below, choice, shuffle

SIZES = (*range(20), 31, 32, 33, 50, 63, 64, 65, 72, 130)


def test_shuffle_gives_the_same_order_as_random_shuffle() -> None:
    for seed in range(300):
        for size in SIZES:
            ours, theirs = list(range(size)), list(range(size))
            mine, reference = random.Random(seed), random.Random(seed)
            shuffle(mine, ours)
            reference.shuffle(theirs)
            assert ours == theirs, (seed, size)
            assert mine.getrandbits(64) == reference.getrandbits(64)  # the same numbers drawn


@given(st.integers(0, 2**64), st.integers(1, 10**12))
def test_below_draws_as_randrange(seed: int, n: int) -> None:
    mine, reference = random.Random(seed), random.Random(seed)
    for _ in range(5):
        assert below(mine, n) == reference.randrange(n)
    assert mine.getrandbits(64) == reference.getrandbits(64)


@given(st.integers(0, 2**64), st.lists(st.integers(), min_size=1, max_size=70))
def test_choice_picks_as_random_choice(seed: int, items: list[int]) -> None:
    mine, reference = random.Random(seed), random.Random(seed)
    for _ in range(5):
        assert choice(mine, items) == reference.choice(items)
    assert mine.getrandbits(64) == reference.getrandbits(64)
