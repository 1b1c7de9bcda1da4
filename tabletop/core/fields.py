"""Checked reads of a saved state's JSON fields, shared by the games' serialize modules: each raises
CorruptRecord naming the field and what is wrong with it; and the header and plain fields every
saved state starts with.  Also the checks of a ``new_state(seed, setup)``'s set-up that several
games share: each raises InvalidOptions naming the set-up key."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .errors import CorruptRecord, InvalidOptions
from .protocol import JSON
from .rng import below


def checked_setup(seed: int, setup: Mapping[str, Any] | None, keys: Iterable[str]) -> dict[str, Any]:
    """A copy of ``setup`` once ``seed`` is an integer (TypeError) and every key one of ``keys``."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"a seed is an integer, not {seed!r}")
    given = dict(setup or {})
    unknown = set(given) - set(keys)
    if unknown:
        raise InvalidOptions(f"unknown set-up key(s): {', '.join(sorted(unknown))}")
    return given


def setup_seat(setup: Mapping[str, Any], key: str, players: int, draw: Callable[[], random.Random]) -> int:
    """The seat ``setup[key]`` names (the first dealer, the first Caster), or one drawn with
    ``draw()`` when it names none (only then: drawing moves the state's random stream on).  A
    seat is a whole number, never true or false (a state made so could not be saved and read)."""
    seat = setup.get(key)
    if seat is None:
        return below(draw(), players)
    if type(seat) is not int or not 0 <= seat < players:
        raise InvalidOptions(f"set-up {key} must be a seat from 0 to {players - 1}")
    found: int = seat
    return found


def setup_counts(value: Any, length: int, key: str, unit: str = "integer(s)") -> list[int]:
    """``value``, the set-up's ``key``, as ``length`` whole numbers of 0 or more (one per seat:
    points, Shards); ``unit`` is what the error calls them."""
    if (
        not isinstance(value, list)
        or len(value) != length
        or not all(type(x) is int and x >= 0 for x in value)
    ):
        raise InvalidOptions(f"set-up {key} needs {length} {unit} of 0 or more")
    return list(value)


def saved(
    format: str, players: int, state: object, plain: Iterable[str], lists: Iterable[str] = ()
) -> dict[str, JSON]:
    """The start of a saved state: the header :func:`check_header` reads, then the fields named in
    ``plain`` as they are and a copy of each list named in ``lists``."""
    out: dict[str, JSON] = {"format": format, "players": players}
    for name in plain:
        out[name] = getattr(state, name)
    for name in lists:
        out[name] = list(getattr(state, name))
    return out


def check_header(data: Any, format: str, players: int) -> None:
    """A saved state's format and player count, before its fields are read."""
    if not isinstance(data, Mapping) or data.get("format") != format:
        raise CorruptRecord(f"not a {format} state")
    if data.get("players") != players:
        raise CorruptRecord(f"the state is for {data.get('players')!r} players, the game for {players}")


def restore(
    data: Any, format: str, players: int, state: object, plain: Iterable[str], flags: Iterable[str] = ()
) -> None:
    """Read back the start of what :func:`saved` wrote: check ``data``'s header
    (:func:`check_header`), then set on ``state`` each integer field named in ``plain`` and each
    true/false field named in ``flags``."""
    check_header(data, format, players)
    for name in plain:
        setattr(state, name, integer(data, name))
    for name in flags:
        setattr(state, name, flag(data, name))


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


def bools(value: Any, name: str, length: int | None = None) -> list[bool]:
    """A list of true/false values (of ``length`` entries, when given)."""
    if not isinstance(value, list) or not all(type(x) is bool for x in value):
        raise CorruptRecord(f"state field {name!r} must be a list of true/false")
    if length is not None and len(value) != length:
        raise CorruptRecord(f"state field {name!r} needs {length} entries, not {len(value)}")
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


def flag(data: Mapping[str, Any], name: str) -> bool:
    """``data[name]``, true or false."""
    value = data.get(name)
    if type(value) is not bool:
        raise CorruptRecord(f"state field {name!r} must be true or false")
    return value


def named(data: Mapping[str, Any], name: str, names: Sequence[str]) -> int:
    """``data[name]``, one of ``names`` (a phase's name), as its index."""
    value = data.get(name)
    if value not in names:
        raise CorruptRecord(f"state field {name!r} must be one of {', '.join(names)}")
    return names.index(str(value))


Kind = type | tuple[type]
"""A value's kind in :func:`entries`: ``int``, ``bool`` or ``str``, or ``(int,)`` for a list of them."""


def entries(
    data: Mapping[str, Any], name: str, fields: Mapping[str, Kind], optional: Mapping[str, Kind] | None = None
) -> list[dict[str, JSON]]:
    """``data[name]``, a list of objects (a history of rounds), each copied: each has the keys of
    ``fields`` and may have those of ``optional``, no other, each holding a value of its kind; or
    it is empty, a round counted whose summary is not known (an online bot's world, client/worlds)."""
    value = data.get(name)
    if not isinstance(value, list) or not all(isinstance(h, dict) for h in value):
        raise CorruptRecord(f"state field {name!r} must be a list of objects")
    kinds = {**fields, **(optional or {})}
    for entry in value:
        if entry and not fields.keys() <= entry.keys() <= kinds.keys():
            raise CorruptRecord(f"state field {name!r} holds an entry without its keys, or with others")
        for key, item in entry.items():
            if not _of_kind(item, kinds[key]):
                raise CorruptRecord(f"state field {name!r} holds a {key!r} that is not of its kind")
    return [dict(h) for h in value]


def _of_kind(value: Any, kind: Kind) -> bool:
    """(``type() is``, not ``isinstance``: True is no whole number here.)"""
    if isinstance(kind, tuple):
        return isinstance(value, list) and all(type(x) is kind[0] for x in value)
    return type(value) is kind
