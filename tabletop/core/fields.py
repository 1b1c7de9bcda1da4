"""Checked reads of a saved state's JSON fields, shared by the games' serialize modules: each raises
CorruptRecord naming the field and what is wrong with it.  And the check every game's
``new_state(seed, setup)`` starts with."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .errors import CorruptRecord, InvalidOptions


def checked_setup(seed: int, setup: Mapping[str, Any] | None, keys: Iterable[str]) -> dict[str, Any]:
    """A copy of ``setup`` once ``seed`` is an integer (TypeError) and every key one of ``keys``."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"a seed is an integer, not {seed!r}")
    given = dict(setup or {})
    unknown = set(given) - set(keys)
    if unknown:
        raise InvalidOptions(f"unknown set-up key(s): {', '.join(sorted(unknown))}")
    return given


def check_header(data: Any, format: str, players: int) -> None:
    """A saved state's format and player count, before its fields are read."""
    if not isinstance(data, Mapping) or data.get("format") != format:
        raise CorruptRecord(f"not a {format} state")
    if data.get("players") != players:
        raise CorruptRecord(f"the state is for {data.get('players')!r} players, the game for {players}")


def ints(
    value: Any, name: str, length: int | None = None, low: int | None = None, high: int | None = None
) -> list[int]:
    """A list of integers (of ``length`` entries, each from ``low`` to ``high``, when given)."""
    if not isinstance(value, list) or not all(type(x) is int for x in value):
        raise CorruptRecord(f"state field {name!r} must be a list of integers")
    if length is not None and len(value) != length:
        raise CorruptRecord(f"state field {name!r} needs {length} entries, not {len(value)}")
    if low is not None and any(x < low for x in value):
        raise CorruptRecord(f"state field {name!r} holds a number below {low}")
    if high is not None and any(x > high for x in value):
        raise CorruptRecord(f"state field {name!r} holds a number above {high}")
    return list(value)


def integer(data: Mapping[str, Any], name: str, low: int | None = None, high: int | None = None) -> int:
    """``data[name]``, an integer (from ``low`` to ``high`` when both are given)."""
    value = data.get(name)
    if low is not None and high is not None:
        if type(value) is not int or not low <= value <= high:
            raise CorruptRecord(f"state field {name!r} must be an integer from {low} to {high}")
    elif type(value) is not int:
        raise CorruptRecord(f"state field {name!r} must be an integer")
    return value
