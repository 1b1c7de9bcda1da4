"""Summon 7's two actions, ``hit`` and ``hold``: interned values with one canonical text each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.errors import InvalidActionText
from ...core.protocol import interned


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    text: str
    code: int

    # interned: identity settles almost every comparison
    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Action) and self.text == other.text)

    def __hash__(self) -> int:
        return self.code  # not hash(text): that changes with PYTHONHASHSEED

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action.parse({self.text!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (parse_action, (self.text,))  # pickles and copies are the interned action

    @staticmethod
    def parse(text: str) -> Action:
        return parse_action(text)


HIT = Action("hit", 1)
HOLD = Action("hold", 2)
_BY_TEXT = {"hit": HIT, "hold": HOLD}


def parse_action(text: str) -> Action:
    """``hit`` or ``hold``; raises InvalidActionText."""
    found = interned(text, _BY_TEXT)
    if found is None:
        raise InvalidActionText(f"{text!r} is not a Summon 7 action: hit or hold (see docs/notation.md)")
    return found
