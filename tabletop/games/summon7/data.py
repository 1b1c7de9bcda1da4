"""The Summon 7 deck, loaded once from its TOML file and validated."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from ...core.errors import InvalidOptions

DATA_DIR = Path(__file__).parent / "data"
DECK_SIZE = 79


@cache
def load_copies() -> tuple[int, ...]:
    """``copies[v]``: how many cards of value ``v`` the deck holds (0 to 12, 79 cards)."""
    file = DATA_DIR / "deck.toml"
    try:
        raw = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise InvalidOptions(f"cannot read the Summon 7 deck {file}: {err}") from None
    copies = raw.get("copies")
    if not isinstance(copies, list) or not all(type(c) is int and c >= 1 for c in copies):
        raise InvalidOptions(f"{file}: 'copies' must list positive card counts, one per value")
    if sum(copies) != DECK_SIZE:
        raise InvalidOptions(f"{file}: the deck must hold {DECK_SIZE} cards, not {sum(copies)}")
    return tuple(copies)
