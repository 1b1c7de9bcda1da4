"""Seeded randomness without any global generator.

A state carries ``(seed, counter)``.  Every random event draws a fresh
:class:`random.Random` seeded from the pair and advances the counter, so the
stream is serializable in two integers, replays exactly, and is untouched by
anything else in the process that uses :mod:`random`.

The draws below (``shuffle``, ``below``, ``choice``) take exactly the numbers that
``random.Random``'s own methods take (``shuffle``, ``randrange(n)``, ``choice``), so a game gives
the same results with either; they skip the standard library's pure-Python layers (a call per
card to ``_randbelow``), which matters most once the rules are compiled.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

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


def below(rng: random.Random, n: int) -> int:
    """A number in ``range(n)`` (n >= 1), drawn as ``rng.randrange(n)`` draws it: the bits of
    n's bit length, again while too large."""
    size = n.bit_length()
    r = rng.getrandbits(size)
    while r >= n:
        r = rng.getrandbits(size)
    return r


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """One of ``items`` (not empty), as ``rng.choice(items)`` picks it."""
    return items[below(rng, len(items))]


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place, exactly as ``rng.shuffle(items)`` would: the same Fisher-Yates
    walk from the end, each index drawn as ``below`` draws it, with the bit length kept as the
    bound falls rather than computed per card."""
    bits = rng.getrandbits
    # items[i] swaps with items[j], 0 <= j <= i, drawn with the bit length of the bound i + 1
    size = len(items).bit_length()
    least = (1 << (size - 1)) - 1 if size else 0  # the least i whose bound has that bit length
    for i in range(len(items) - 1, 0, -1):
        if i < least:
            size -= 1
            least = ((least + 1) >> 1) - 1
        j = bits(size)
        while j > i:
            j = bits(size)
        items[i], items[j] = items[j], items[i]
