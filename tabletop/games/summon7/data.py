"""The Summon 7 deck, loaded from its TOML file (the packaged one or a designer's copy) and validated.

The deck is Summon 7's only numbers: how many cards of each value 0 to 12 it holds.  The packaged
file (data/deck.toml) is the printed deck; a designer may pass an edited copy with the ``data``
option (``tabletop.make("summon7", data="my-deck.toml")``).  Loading checks every field and names
the file, the entry and the problem in the error.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ...core.datafile import data_file, read_toml
from ...core.errors import InvalidOptions

# the package's folder (a compiled module's __file__ names its library's folder instead)
DATA_DIR = Path(str(resources.files("tabletop.games.summon7"))) / "data"
DECK_FILE = DATA_DIR / "deck.toml"
HIGHEST = 12  # card values run from 0 to 12 (the rules)
MAX_COPIES = 40  # the most cards of one value a deck may hold
MIN_CARDS = 12  # a first card and one more for each of six players
FIELDS = ("provisional", "copies")


def load_copies(path: str = "") -> tuple[int, ...]:
    """``copies[v]``: how many cards of value ``v`` the deck holds (values 0 to 12).

    ``path``: a designer's deck file; empty for the packaged one.  Raises InvalidOptions."""
    return _load(data_file(path, DECK_FILE))


@cache
def _load(file: str) -> tuple[int, ...]:
    raw = read_toml(file, "the Summon 7 deck")
    unknown = sorted(set(raw) - set(FIELDS))
    if unknown:
        raise InvalidOptions(
            f"{file}: unknown field(s) {', '.join(unknown)} (a deck has {', '.join(FIELDS)})"
        )
    if "provisional" in raw and not isinstance(raw["provisional"], bool):
        raise InvalidOptions(f"{file}: 'provisional' must be true or false, not {raw['provisional']!r}")
    return _copies(file, raw.get("copies"))


def _copies(file: str, copies: Any) -> tuple[int, ...]:
    if copies is None:
        raise InvalidOptions(f"{file}: lacks 'copies' (the number of cards of each value 0 to {HIGHEST})")
    if not isinstance(copies, list) or len(copies) != HIGHEST + 1:
        raise InvalidOptions(
            f"{file}: 'copies' must list {HIGHEST + 1} counts, one for each value 0 to {HIGHEST}, "
            f"not {copies!r}"
        )
    for value, count in enumerate(copies):
        if type(count) is not int or not 0 <= count <= MAX_COPIES:
            raise InvalidOptions(
                f"{file}: 'copies', value {value}: the count must be a whole number from 0 to "
                f"{MAX_COPIES}, not {count!r}"
            )
    if sum(copies) < MIN_CARDS:
        raise InvalidOptions(
            f"{file}: 'copies': the deck must hold at least {MIN_CARDS} cards (a first card and one "
            f"more for each of six players), not {sum(copies)}"
        )
    return tuple(copies)
