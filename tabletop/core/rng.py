"""Seeded randomness without any global generator.

A state carries ``(seed, counter)``.  Every random event draws a fresh
:class:`random.Random` seeded from the pair and advances the counter, so the
stream is serializable in two integers, replays exactly, and is untouched by
anything else in the process that uses :mod:`random`.
"""

from __future__ import annotations

import random

MASK64 = (1 << 64) - 1


def splitmix64(x: int) -> int:
    """One step of SplitMix64: a fast, well-mixed 64-bit hash."""
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


def derive(seed: int, counter: int) -> int:
    """The seed of draw number ``counter`` of stream ``seed``."""
    return splitmix64(splitmix64(seed & MASK64) ^ (counter & MASK64))


def stream(seed: int, counter: int) -> random.Random:
    """A private generator for one random event."""
    return random.Random(derive(seed, counter))


def fresh_seed(rng: random.Random) -> int:
    """A new 64-bit seed drawn from a caller's generator."""
    return rng.getrandbits(64)
