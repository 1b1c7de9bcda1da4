"""ManaSurge's own shuffle draws exactly what ``random.Random.shuffle`` draws (shuffling.py)."""

from __future__ import annotations

import random

from tabletop.games.manasurge.shuffling import shuffle


def test_the_same_order_as_random_shuffle() -> None:
    for seed in range(300):
        for size in (*range(20), 31, 32, 33, 50, 63, 64, 65, 72, 130):
            ours, theirs = list(range(size)), list(range(size))
            mine, reference = random.Random(seed), random.Random(seed)
            shuffle(mine, ours)
            reference.shuffle(theirs)
            assert ours == theirs, (seed, size)
            assert mine.getrandbits(64) == reference.getrandbits(64)  # the same numbers drawn
