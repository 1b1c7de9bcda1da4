"""Seeded randomness without any global generator.

A state carries ``(seed, counter)``.  Every random event draws from a
:class:`random.Random` seeded from the pair (``stream``: a new one; ``reused_stream``: the
thread's own, seeded again) and advances the counter, so the stream is serializable in two
integers, replays exactly, and is untouched by anything else in the process that uses
:mod:`random`.

The draws below (``shuffle``, ``below``, ``choice``) take exactly the numbers that
``random.Random``'s own methods take (``shuffle``, ``randrange(n)``, ``choice``), so a game gives
the same results with either; they skip the standard library's pure-Python layers (a call per
card to ``_randbelow``), which matters most once the rules are compiled.
"""

from __future__ import annotations

import random
import threading
from _random import Random as _BaseRandom
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, TypeVar

import tabletop

if TYPE_CHECKING:  # a type for the compiler only: plain int when interpreted
    from mypy_extensions import i64

T = TypeVar("T")

MASK64: Final = (1 << 64) - 1
_MASK32: Final = 0xFFFFFFFF


def splitmix64(x: int) -> int:
    """One step of SplitMix64: a fast, well-mixed 64-bit hash."""
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


def derive(seed: int, counter: int) -> int:
    """The seed of draw number ``counter`` of stream ``seed``."""
    if _INTERPRETED:
        return splitmix64(splitmix64(seed & MASK64) ^ (counter & MASK64))
    hi, lo = _splitmix64(seed >> 32 & _MASK32, seed & _MASK32)  # seed & MASK64, in halves
    hi, lo = _splitmix64(hi ^ (counter >> 32 & _MASK32), lo ^ (counter & _MASK32))
    return int(hi) << 32 | int(lo)


# derive computes the same numbers two ways.  Compiled, on 32-bit halves (_splitmix64): on whole
# 64-bit numbers every operation would make a new Python int, as they pass the compiled code's
# machine integers.  Interpreted, on whole numbers (splitmix64): a third as many operations,
# each on a Python int anyway.  Both builds' tests replay the same golden games through it.
_INTERPRETED: Final = tabletop.BUILD == "pure"

# SplitMix64's multipliers in 32-bit halves: the low halves are below 2**29, and each high half
# is taken less 2**32 (the same modulo 2**32), above -2**31
_M1_HI: Final = -0x40A7B893  # 0xBF58476D - 2**32
_M1_LO: Final = 0x1CE4E5B9
_M2_HI: Final = -0x6B2FB645  # 0x94D049BB - 2**32
_M2_LO: Final = 0x133111EB


def _splitmix64(hi: i64, lo: i64) -> tuple[i64, i64]:
    """SplitMix64 of the number hi * 2**32 + lo, in its two 32-bit halves.

    Every value here stays within 63 bits, so that the compiled code computes in machine
    integers (i64), and the same numbers interpreted.  A product mod 2**64 is lo * m_lo whole,
    plus 2**32 times (hi * m_lo + lo * m_hi) mod 2**32."""
    lo += 0x7F4A7C15  # x += 0x9E3779B97F4A7C15
    hi = (hi + 0x9E3779B9 + (lo >> 32)) & _MASK32
    lo &= _MASK32
    lo ^= (hi << 2 & _MASK32) | lo >> 30  # x ^= x >> 30
    hi ^= hi >> 30
    low = lo * _M1_LO  # x *= 0xBF58476D1CE4E5B9
    hi = ((low >> 32) + hi * _M1_LO + lo * _M1_HI) & _MASK32
    lo = low & _MASK32
    lo ^= (hi << 5 & _MASK32) | lo >> 27  # x ^= x >> 27
    hi ^= hi >> 27
    low = lo * _M2_LO  # x *= 0x94D049BB133111EB
    hi = ((low >> 32) + hi * _M2_LO + lo * _M2_HI) & _MASK32
    lo = low & _MASK32
    lo ^= (hi << 1 & _MASK32) | lo >> 31  # x ^= x >> 31
    hi ^= hi >> 31
    return hi, lo


def stream(seed: int, counter: int) -> random.Random:
    """A private generator for one random event."""
    return random.Random(derive(seed, counter))


# random.Random.seed without its pure-Python layer (which also resets the gauss() cache, which
# these generators never use): for an int, the state random.Random(seed) starts from
_SEED: Final = _BaseRandom.seed
_THREAD: Final = threading.local()  # .rng: the thread's generator for reused_stream()


def reused_stream(seed: int, counter: int) -> random.Random:
    """A generator that draws as ``stream(seed, counter)`` does, for one random event used at
    once: the calling thread's own generator, seeded again at each call, which costs a third
    less than a new one (and no allocation).  Done with it before the next call in the thread."""
    rng: random.Random | None = getattr(_THREAD, "rng", None)
    if rng is None:
        rng = _THREAD.rng = random.Random(0)
    _SEED(rng, derive(seed, counter))
    return rng


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
