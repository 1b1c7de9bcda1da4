"""Megalomania's actions: small interned values with one canonical text each.

=================  =====================================================
text               meaning
=================  =====================================================
``Ku``             play the blue Knight
``Au!``            play the blue Assassin by its power, off the following rule
                   (scroll 20: any card by the Assassin's power)
``power``          spend a crystal on the power of the card just played
``power=D``        scroll 20: the Dwarf's power (X, D, W, K, E) on the card just played
``lead=2``         Farmer's power: seat 2 leads the next turn
``colour=r``       Oracle's power: the card becomes red
``cube+``          spend a cube: +1 to the value of the card just played
``cube-``          spend a cube: -1
``return=Wr``      Explorer's power: put the red Wizard into the previous trick
``done``           finish your turn's powers and cubes
``take=X``         resources: crystals, cubes, mixed or scroll
``scroll=4``       scroll phase: use scroll 4
``pass``           decline: use no scroll, no crystal on another's card, no steal...
``dominant=r``     scroll 1: red is the dominant colour this round
``call=r``         scroll 2: call red
``give=Ku``        hand the blue Knight over (scroll 2's exchange; mission 25)
``echo=4``         scroll 7: use the effect of the used scroll 4
``keep=12``        scroll 8: keep scroll 12 of the three drawn
``swap=2``         scroll 13: swap hands with seat 2
``leader=2``       scroll 19: seat 2 leads every turn this round
``last``           scroll 14: play last in this turn
``decide=take``    scroll 16: take this trick (``decide=refuse``: do not)
``declare=r``      scroll 16, after leading: red decides this trick instead of the lead
``steal``          scroll 10: take the trick just won by another player
``lay=Ku``         mission 15: lay the blue Knight next in your sequence
``pile=Ku``        mission 24: put the blue Knight in your first pile
=================  =====================================================
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from ...core.errors import InvalidActionText
from ...core.protocol import interned
from .cards import (
    CARD_TEXT,
    COLOUR_LETTERS,
    DWARF,
    EMPEROR,
    EXPLORER,
    KNIGHT,
    NUM_CARDS,
    RANK_LETTERS,
    WIZARD,
    byte_table,
    parse_card,
    parse_colour,
)


class Kind(IntEnum):
    PLAY = 0
    PLAY_POWER = 1  # played by the Assassin's power
    POWER = 2
    LEAD = 3
    COLOUR = 4
    CUBE_UP = 5
    CUBE_DOWN = 6
    RETURN = 7
    DONE = 8
    TAKE = 9
    POWER_AS = 10  # scroll 20: another rank's power
    USE = 11  # use a scroll
    PASS = 12
    DOMINANT = 13
    CALL = 14
    GIVE = 15
    ECHO = 16
    KEEP = 17
    SWAP = 18
    LEADER = 19
    LAST = 20
    DECIDE = 21
    DECLARE = 22
    STEAL = 23
    LAY = 24
    PILE = 25


# Final, as the tables of cards.py: the compiled rules use these values without a look-up by name
RESOURCES: Final[tuple[str, ...]] = ("crystals", "cubes", "mixed", "scroll")
CRYSTALS: Final = 0
CUBES: Final = 1
MIXED: Final = 2
SCROLL: Final = 3
# (crystals, cubes) each combination gives
RESOURCE_AMOUNTS: Final[tuple[tuple[int, int], ...]] = ((2, 0), (0, 10), (1, 5), (0, 0))
DECISIONS: Final[tuple[str, ...]] = ("take", "refuse")
TAKE_TRICK: Final = 0
REFUSE_TRICK: Final = 1
# the others: lead=, colour=, '!'
POWER_AS_RANKS: Final[tuple[int, ...]] = (EXPLORER, DWARF, WIZARD, KNIGHT, EMPEROR)


_INTERNED: dict[tuple[int, int], Action] = {}


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Action:
    """An action: its kind and argument.  Interned: ``Action(kind, arg)`` is always the same object
    for the same pair, so equality is identity (object's own ``==``, which search and the legality
    check use a lot) and the hash stays the pair's."""

    kind: Kind
    arg: int = 0

    def __new__(cls, kind: Kind, arg: int = 0) -> Action:
        found = _INTERNED.get((kind, arg))
        if found is None:
            found = _INTERNED[kind, arg] = object.__new__(cls)
            object.__setattr__(found, "kind", kind)
            object.__setattr__(found, "arg", arg)
        return found

    def __hash__(self) -> int:
        return self.kind * 64 + self.arg

    def __reduce__(self) -> tuple[type[Action], tuple[Kind, int]]:
        return Action, (self.kind, self.arg)  # copies and pickles are the interned action too

    def __str__(self) -> str:
        return _TEXT[self.kind](self.arg)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Action:
        return parse_action(text)


def offered(action: Action, legal: list[Action]) -> bool:
    """``action in legal``, comparing identities (actions are interned): the compiled loop
    compares pointers, where ``in`` would ask each other action for ``==`` first.  (A plain
    loop: ``any()`` over a generator compiles as well, but costs more interpreted.)"""
    for other in legal:  # noqa: SIM110
        if other is action:
            return True
    return False


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
    Kind.POWER_AS: lambda a: f"power={RANK_LETTERS[a]}",
    Kind.USE: lambda a: f"scroll={a}",
    Kind.PASS: lambda a: "pass",
    Kind.DOMINANT: lambda a: f"dominant={COLOUR_LETTERS[a]}",
    Kind.CALL: lambda a: f"call={COLOUR_LETTERS[a]}",
    Kind.GIVE: lambda a: f"give={CARD_TEXT[a]}",
    Kind.ECHO: lambda a: f"echo={a}",
    Kind.KEEP: lambda a: f"keep={a}",
    Kind.SWAP: lambda a: f"swap={a}",
    Kind.LEADER: lambda a: f"leader={a}",
    Kind.LAST: lambda a: "last",
    Kind.DECIDE: lambda a: f"decide={DECISIONS[a]}",
    Kind.DECLARE: lambda a: f"declare={COLOUR_LETTERS[a]}",
    Kind.STEAL: lambda a: "steal",
    Kind.LAY: lambda a: f"lay={CARD_TEXT[a]}",
    Kind.PILE: lambda a: f"pile={CARD_TEXT[a]}",
}

# Every action exists once; legal-action lists hand out these objects.
PLAY: Final = tuple(Action(Kind.PLAY, c) for c in range(NUM_CARDS))
PLAY_POWER: Final = tuple(Action(Kind.PLAY_POWER, c) for c in range(NUM_CARDS))
RETURN: Final = tuple(Action(Kind.RETURN, c) for c in range(NUM_CARDS))
GIVE: Final = tuple(Action(Kind.GIVE, c) for c in range(NUM_CARDS))
LAY: Final = tuple(Action(Kind.LAY, c) for c in range(NUM_CARDS))
PILE: Final = tuple(Action(Kind.PILE, c) for c in range(NUM_CARDS))
LEAD: Final = tuple(Action(Kind.LEAD, s) for s in range(4))
SWAP: Final = tuple(Action(Kind.SWAP, s) for s in range(4))
LEADER: Final = tuple(Action(Kind.LEADER, s) for s in range(4))
COLOUR: Final = tuple(Action(Kind.COLOUR, c) for c in range(4))
DOMINANT: Final = tuple(Action(Kind.DOMINANT, c) for c in range(4))
CALL: Final = tuple(Action(Kind.CALL, c) for c in range(4))
DECLARE: Final = tuple(Action(Kind.DECLARE, c) for c in range(4))
TAKE: Final = tuple(Action(Kind.TAKE, r) for r in range(4))
DECIDE: Final = tuple(Action(Kind.DECIDE, d) for d in range(2))
# scrolls are numbered 1-20: index 0 is a placeholder, never legal
USE: Final = tuple(Action(Kind.USE, x) for x in range(21))
ECHO: Final = tuple(Action(Kind.ECHO, x) for x in range(21))
KEEP: Final = tuple(Action(Kind.KEEP, x) for x in range(21))
POWER_AS: Final = {r: Action(Kind.POWER_AS, r) for r in POWER_AS_RANKS}
POWER: Final = Action(Kind.POWER)
CUBE_UP: Final = Action(Kind.CUBE_UP)
CUBE_DOWN: Final = Action(Kind.CUBE_DOWN)
DONE: Final = Action(Kind.DONE)
PASS: Final = Action(Kind.PASS)
LAST: Final = Action(Kind.LAST)
STEAL: Final = Action(Kind.STEAL)

# the card actions by table, for cards.on_mask: on_mask(PLAY_ON, mask) plays each card of mask
PLAY_ON: Final = byte_table(PLAY)
PLAY_POWER_ON: Final = byte_table(PLAY_POWER)
RETURN_ON: Final = byte_table(RETURN)
GIVE_ON: Final = byte_table(GIVE)
LAY_ON: Final = byte_table(LAY)
PILE_ON: Final = byte_table(PILE)

_GROUPS: tuple[tuple[Action, ...], ...] = (
    PLAY, PLAY_POWER, RETURN, GIVE, LAY, PILE, LEAD, SWAP, LEADER, COLOUR, DOMINANT, CALL, DECLARE,
    TAKE, DECIDE, USE[1:], ECHO[1:], KEEP[1:], tuple(POWER_AS.values()),
    (POWER, CUBE_UP, CUBE_DOWN, DONE, PASS, LAST, STEAL),
)  # fmt: skip
_BY_TEXT: dict[str, Action] = {str(a): a for group in _GROUPS for a in group}

_TAKES = {
    "lead": "a seat number 0-3",
    "swap": "a seat number 0-3",
    "leader": "a seat number 0-3",
    "take": " or ".join(RESOURCES),
    "scroll": "a scroll number 1-20",
    "echo": "a scroll number 1-20",
    "keep": "a scroll number 1-20",
    "decide": "take or refuse",
    "power": "a rank letter: X, D, W, K or E (scroll 20)",
}
_COLOUR_KEYS = {"colour": COLOUR, "dominant": DOMINANT, "call": CALL, "declare": DECLARE}
_CARD_KEYS = {"return": RETURN, "give": GIVE, "lay": LAY, "pile": PILE}


def parse_action(text: str) -> Action:
    """The action written ``text`` (see the module docstring); raises InvalidActionText."""
    found = interned(text, _BY_TEXT)
    if found is not None:
        return found
    text = text.strip()
    key, sep, value = text.partition("=")
    if sep and key in _COLOUR_KEYS:
        return _COLOUR_KEYS[key][parse_colour(value)]
    if sep and key in _CARD_KEYS:
        return _CARD_KEYS[key][parse_card(value)]
    if sep and key in _TAKES:
        raise InvalidActionText(f"{text!r}: {key}= takes {_TAKES[key]}")
    if len(text) in (2, 3):
        parse_card(text[:2])  # raises a helpful message for bad cards
    raise InvalidActionText(
        f"{text!r} is not a Megalomania action (see docs/notation.md): a card like 'Ku', "
        "'Au!', power, lead=N, colour=X, cube+, cube-, return=CARD, done, take=RESOURCE, "
        "scroll=N, pass, ..."
    )
