"""Shuffling with the state's generators, faster than ``random.Random.shuffle`` and drawing the
same numbers: the same Fisher-Yates walk from the end, each index drawn as ``Random._randbelow``
draws it (``getrandbits`` of the bound's bit length, again while too large), without its call per
card and with the bit length kept as the bound falls.  tests/games/manasurge/test_shuffling.py
checks that both give the same order."""

from __future__ import annotations

import random


def shuffle(rng: random.Random, items: list[int]) -> None:
    """Shuffle ``items`` in place, exactly as ``rng.shuffle(items)`` would."""
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
