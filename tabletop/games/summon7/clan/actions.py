"""The clan game's actions: small interned values with one canonical text each.

=========================  =========================================================
text                       meaning
=========================  =========================================================
``choose=glutton``         take a character card (before the pre-game)
``hit`` / ``hold``         Summon 7: one more card, or stop for the round
``play=boast``             play a power card (in its phase)
``play=hex@2``             play a Hex on seat 2
``bust``                   accept a bust rather than play a Ward
``pay=peasant``            dumpster a Peasant from the pantry towards a card's cost
``done``                   the City phase's winner plays no (more) city cards
``place=market``           put a dominance meeple in the first slot of the Market
``capture=market/priest``  capture a Priest at the Market
``claim=ward``             draft a Ward from the cards the winner brought home
``eat``                    eat (a human of your diet, if the pantry has one)
``blame=2``                an unfed member makes seat 2 discard a random power card
=========================  =========================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from ....core.errors import InvalidActionText
from ....core.protocol import interned
from .data import load_clan

DATA = load_clan()
HUMANS = tuple(h.id for h in DATA.humans)
CHARACTERS = tuple(c.id for c in DATA.characters)
LOCATIONS = tuple(loc.id for loc in DATA.locations)
POWERS = tuple(p.id for p in DATA.powers)
MAX_SEATS = 8


class Kind(IntEnum):
    CHOOSE = 0
    HIT = 1
    HOLD = 2
    PLAY = 3
    BUST = 4
    PAY = 5
    DONE = 6
    PLACE = 7
    CAPTURE = 8
    CLAIM = 9
    EAT = 10
    BLAME = 11


@dataclass(frozen=True, slots=True, eq=False)
class ClanAction:
    kind: Kind
    a: int = 0
    b: int = -1  # a Hex's target seat, a capture's human type
    text: str = field(init=False, repr=False)  # the canonical text, written once

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", self._written())

    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, ClanAction) and (self.kind, self.a, self.b) == (other.kind, other.a, other.b)
        )

    def __hash__(self) -> int:
        return (self.kind * 64 + self.a) * 16 + self.b + 1

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[Any, ...]:
        return (ClanAction, (self.kind, self.a, self.b))  # a compiled frozen class has no __setstate__

    def _written(self) -> str:
        k, a, b = self.kind, self.a, self.b
        if k == Kind.CHOOSE:
            return f"choose={CHARACTERS[a]}"
        if k == Kind.PLAY:
            return f"play={POWERS[a]}" + (f"@{b}" if b >= 0 else "")
        if k == Kind.PAY:
            return f"pay={HUMANS[a]}"
        if k == Kind.PLACE:
            return f"place={LOCATIONS[a]}"
        if k == Kind.CAPTURE:
            return f"capture={LOCATIONS[a]}/{HUMANS[b]}"
        if k == Kind.CLAIM:
            return f"claim={POWERS[a]}"
        if k == Kind.BLAME:
            return f"blame={a}"
        return _PLAIN_TEXT[k]

    def __repr__(self) -> str:
        return f"ClanAction.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> ClanAction:
        return parse_action(text)


_PLAIN_TEXT = {Kind.HIT: "hit", Kind.HOLD: "hold", Kind.BUST: "bust", Kind.DONE: "done", Kind.EAT: "eat"}

# every action exists once
CHOOSE = tuple(ClanAction(Kind.CHOOSE, c) for c in range(len(CHARACTERS)))
PLAY = tuple(ClanAction(Kind.PLAY, p) for p in range(len(POWERS)))
PLAY_AT = tuple(tuple(ClanAction(Kind.PLAY, p, s) for s in range(MAX_SEATS)) for p in range(len(POWERS)))
PAY = tuple(ClanAction(Kind.PAY, h) for h in range(len(HUMANS)))
PLACE = tuple(ClanAction(Kind.PLACE, loc) for loc in range(len(LOCATIONS)))
CAPTURE = tuple(
    tuple(ClanAction(Kind.CAPTURE, loc, h) for h in range(len(HUMANS))) for loc in range(len(LOCATIONS))
)
CLAIM = tuple(ClanAction(Kind.CLAIM, p) for p in range(len(POWERS)))
BLAME = tuple(ClanAction(Kind.BLAME, s) for s in range(MAX_SEATS))
HIT = ClanAction(Kind.HIT)
HOLD = ClanAction(Kind.HOLD)
BUST = ClanAction(Kind.BUST)
DONE = ClanAction(Kind.DONE)
EAT = ClanAction(Kind.EAT)

_BY_TEXT: dict[str, ClanAction] = {
    str(a): a
    for group in (CHOOSE, PLAY, PAY, PLACE, CLAIM, BLAME, (HIT, HOLD, BUST, DONE, EAT))
    for a in group
}
_BY_TEXT.update({str(a): a for row in PLAY_AT for a in row})
_BY_TEXT.update({str(a): a for row in CAPTURE for a in row})


def parse_action(text: str) -> ClanAction:
    """The action written ``text`` (see the module docstring); raises InvalidActionText."""
    found = interned(text, _BY_TEXT)
    if found is not None:
        return found
    key, sep, _ = text.strip().partition("=")
    known = {
        "choose": CHARACTERS,
        "play": POWERS,
        "pay": HUMANS,
        "place": LOCATIONS,
        "claim": POWERS,
    }
    if sep and key in known:
        raise InvalidActionText(f"{text!r}: {key}= takes one of {', '.join(known[key])}")
    if sep and key == "capture":
        raise InvalidActionText(
            f"{text!r}: capture= takes LOCATION/HUMAN, e.g. capture={LOCATIONS[0]}/{HUMANS[0]}"
        )
    raise InvalidActionText(
        f"{text!r} is not a clan game action (see docs/notation.md): hit, hold, bust, done, eat, "
        "choose=CHARACTER, play=CARD[@SEAT], pay=HUMAN, place=LOCATION, capture=LOCATION/HUMAN, "
        "claim=CARD, blame=SEAT"
    )
