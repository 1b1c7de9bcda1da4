"""Megalomania's actions: small interned values with one canonical text each.

=============  =====================================================
text           meaning
=============  =====================================================
``Ku``         play the blue Knight
``Au!``        play the blue Assassin by its power, off the following rule
``power``      spend a crystal on the power of the card just played
``lead=2``     Farmer's power: seat 2 leads the next turn
``colour=r``   Oracle's power: the Oracle becomes red
``cube+``      spend a cube: +1 to the value of the card just played
``cube-``      spend a cube: -1
``return=Wr``  Explorer's power: put the red Wizard into the previous trick
``done``       finish your turn's powers and cubes
``take=X``     resources: crystals, cubes, mixed or scroll
=============  =====================================================
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum

from ...core.errors import InvalidActionText
from .cards import CARD_TEXT, COLOUR_LETTERS, NUM_CARDS, parse_card, parse_colour


class Kind(IntEnum):
    PLAY = 0
    PLAY_POWER = 1  # Assassin played by its power
    POWER = 2
    LEAD = 3
    COLOUR = 4
    CUBE_UP = 5
    CUBE_DOWN = 6
    RETURN = 7
    DONE = 8
    TAKE = 9


RESOURCES = ("crystals", "cubes", "mixed", "scroll")
CRYSTALS, CUBES, MIXED, SCROLL = range(4)
# (crystals, cubes) each combination gives
RESOURCE_AMOUNTS = ((2, 0), (0, 10), (1, 5), (0, 0))


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    kind: Kind
    arg: int = 0

    # Actions are interned, so identity settles almost every comparison (search compares a lot)
    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, Action) and self.kind == other.kind and self.arg == other.arg
        )

    def __hash__(self) -> int:
        return self.kind * 64 + self.arg

    def __str__(self) -> str:
        return _TEXT[self.kind](self.arg)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Action:
        return parse_action(text)


_TEXT: dict[Kind, Callable[[int], str]] = {
    Kind.PLAY: lambda a: CARD_TEXT[a],
    Kind.PLAY_POWER: lambda a: CARD_TEXT[a] + "!",
    Kind.POWER: lambda a: "power",
    Kind.LEAD: lambda a: f"lead={a}",
    Kind.COLOUR: lambda a: f"colour={COLOUR_LETTERS[a]}",
    Kind.CUBE_UP: lambda a: "cube+",
    Kind.CUBE_DOWN: lambda a: "cube-",
    Kind.RETURN: lambda a: f"return={CARD_TEXT[a]}",
    Kind.DONE: lambda a: "done",
    Kind.TAKE: lambda a: f"take={RESOURCES[a]}",
}

# Every action exists once; legal-action lists hand out these objects.
PLAY = tuple(Action(Kind.PLAY, c) for c in range(NUM_CARDS))
PLAY_POWER = tuple(Action(Kind.PLAY_POWER, c) for c in range(NUM_CARDS))
RETURN = tuple(Action(Kind.RETURN, c) for c in range(NUM_CARDS))
LEAD = tuple(Action(Kind.LEAD, s) for s in range(4))
COLOUR = tuple(Action(Kind.COLOUR, c) for c in range(4))
TAKE = tuple(Action(Kind.TAKE, r) for r in range(4))
POWER = Action(Kind.POWER)
CUBE_UP = Action(Kind.CUBE_UP)
CUBE_DOWN = Action(Kind.CUBE_DOWN)
DONE = Action(Kind.DONE)

_BY_TEXT: dict[str, Action] = {
    str(a): a
    for group in (PLAY, PLAY_POWER, RETURN, LEAD, COLOUR, TAKE, (POWER, CUBE_UP, CUBE_DOWN, DONE))
    for a in group
}


def parse_action(text: str) -> Action:
    """The action written ``text`` (see the module docstring); raises InvalidActionText."""
    if not isinstance(text, str):
        raise InvalidActionText(f"an action is text, not {type(text).__name__}")
    found = _BY_TEXT.get(text.strip())
    if found is not None:
        return found
    text = text.strip()
    key, sep, value = text.partition("=")
    if sep and key == "colour":
        return COLOUR[parse_colour(value)]
    if sep and key == "return":
        return RETURN[parse_card(value)]
    if sep and key in ("lead", "take"):
        raise InvalidActionText(
            f"{text!r}: {key}= takes " + ("a seat number 0-3" if key == "lead" else " or ".join(RESOURCES))
        )
    if len(text) in (2, 3):
        parse_card(text[:2])  # raises a helpful message for bad cards
    raise InvalidActionText(
        f"{text!r} is not a Megalomania action (see docs/notation.md): a card like 'Ku', "
        "'Au!', power, lead=N, colour=X, cube+, cube-, return=CARD, done, take=RESOURCE"
    )
