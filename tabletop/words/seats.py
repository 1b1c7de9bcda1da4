"""Seats in words, for every game: by name, ``You`` for the reader, and verbs that agree."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Names = Sequence[str] | None  # the seats' names as the front end shows them (``Seat 2`` when absent)


def seat_name(names: Names, seat: int) -> str:
    return names[seat] if names is not None and 0 <= seat < len(names) else f"Seat {seat}"


def subject(seat: int, me: int | None, names: Names) -> str:
    return "You" if seat == me else seat_name(names, seat)


def actor(data: Mapping[str, Any], me: int | None, names: Names) -> tuple[Any, str]:
    """An event's ``seat`` (-1 when it names none) and its subject: ``You``, ``Alice``, "" for none."""
    seat = data.get("seat", -1)
    return seat, subject(seat, me, names) if isinstance(seat, int) and seat >= 0 else ""


def verb(seat: int, me: int | None, word: str) -> str:
    """``plays`` for a seat, ``play`` for you (only regular verbs are used)."""
    return word[:-1] if seat == me and word.endswith("s") else word


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)
