"""Actions and events in words, shared by every front end (the terminal, the server, the browser).

Each game has a module with ``describe_action(text, view, names) -> str`` and
``describe_event(kind, data, me, names) -> Line | None``; :func:`wording` finds it by the game's
name.  Lines hold cards as :class:`Card` / :class:`Number` parts, so each front end draws them in
its own way.  This layer reads views and visible events only, and imports no front end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from . import clan, generic, manasurge, megacorps, megalomania, summon7
from .line import Card, Line, Mana, Number, Segment, Tone, line

WORDING: dict[str, ModuleType] = {
    "megalomania": megalomania,
    "summon7": summon7,
    "clan": clan,
    "manasurge": manasurge,
    "megacorps": megacorps,
}


def wording(game: str) -> ModuleType:
    """The words module of the game called ``game`` (a plain fallback for a game without one)."""
    return WORDING.get(game, generic)


def content(game: str) -> dict[str, Any]:
    """The printed texts a front end may need to draw the game (card names and texts by id), from
    its words module's ``content()``; empty for a game whose views carry their own."""
    make = getattr(wording(game), "content", None)
    return dict(make()) if make is not None else {}


def labels(game: str, view: Mapping[str, Any], names: Sequence[str] | None = None) -> dict[str, str]:
    """Every legal action of ``view`` in words, by its text."""
    describe = wording(game).describe_action
    return {text: describe(text, view, names) for text in view.get("legal") or ()}


__all__ = ["Card", "Line", "Mana", "Number", "Segment", "Tone", "content", "labels", "line", "wording"]
