"""The random streams Megalomania's rules draw from (tabletop.core.rng): the two ways derive computes
a stream's seeds (whole 64-bit numbers interpreted, 32-bit halves compiled) give the same numbers,
and the thread's reused generator draws exactly as a new generator of the same stream."""

from __future__ import annotations

import random

from tabletop.core import rng

MASK64 = (1 << 64) - 1
EDGES = [0, 1, 2**31, 2**32 - 1, 2**32, 2**63 - 1, 2**63, MASK64, MASK64 + 1, 2**100 + 7, -1, -(2**70) - 3]


def numbers(count: int) -> list[int]:
    """Edge cases, then integers of every size up to 140 bits, of both signs."""
    draw = random.Random(18)
    found = list(EDGES)
    for _ in range(count):
        found.append(draw.getrandbits(draw.randrange(140)) * draw.choice((1, -1)))
    return found


def test_splitmix64_on_halves_is_splitmix64() -> None:
    for x in numbers(3000):
        hi, lo = rng._splitmix64(x >> 32 & 0xFFFFFFFF, x & 0xFFFFFFFF)
        assert int(hi) << 32 | int(lo) == rng.splitmix64(x & MASK64), x


def test_derive_is_splitmix64_of_the_seed_mixed_with_the_counter() -> None:
    values = numbers(3000)
    for seed, counter in zip(values, reversed(values), strict=True):
        assert rng.derive(seed, counter) == rng.splitmix64(rng.splitmix64(seed & MASK64) ^ (counter & MASK64))


def test_a_reused_stream_draws_as_a_new_one() -> None:
    for seed in numbers(200):
        for counter in (0, 1, 41):
            reused = rng.reused_stream(seed, counter)
            drawn = [reused.getrandbits(64), reused.random(), reused.getrandbits(3)]
            fresh = rng.stream(seed, counter)
            assert drawn == [fresh.getrandbits(64), fresh.random(), fresh.getrandbits(3)]
