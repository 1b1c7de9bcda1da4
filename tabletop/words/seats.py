"""Seats in words, for every game: by name, ``You`` for the reader, and verbs that agree."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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


class _Verb:
    """A seat's verb in a template: ``{verb:gets}`` gives ``gets`` (``get`` for you), ``{does:gets}``
    its subject too (``Alice gets``, ``You get``)."""

    def __init__(self, seat: int, me: int | None, who: str | None) -> None:
        self.seat, self.me, self.who = seat, me, who

    def __format__(self, word: str) -> str:
        agreed = verb(self.seat, self.me, word)
        return agreed if self.who is None else f"{self.who} {agreed}"


class _Fields(dict[str, Any]):
    """What a template names, worked out when asked (see :func:`said`)."""

    def __init__(
        self, data: Mapping[str, Any], me: int | None, names: Names, named: Mapping[str, Callable[[Any], str]]
    ) -> None:
        super().__init__()
        self.data, self.named = data, named
        seat, who = actor(data, me, names)
        self.update(who=who, does=_Verb(seat, me, who), verb=_Verb(seat, me, None))

    def __missing__(self, key: str) -> Any:
        value = self.data[key]
        return self.named[key](value) if key in self.named else value


def said(
    template: str,
    data: Mapping[str, Any],
    me: int | None,
    names: Names,
    named: Mapping[str, Callable[[Any], str]] | None = None,
) -> str:
    """An event's words from a template and its data: ``{who}`` is its seat's subject, ``{does:VERB}``
    the subject and its verb, ``{verb:VERB}`` the verb alone, any other name a field of the data, in
    words by ``named`` (field -> function) where a game gives them."""
    return template.format_map(_Fields(data, me, names, named or {}))
