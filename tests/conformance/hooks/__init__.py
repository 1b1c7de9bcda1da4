"""Per-game knowledge the conformance suite needs and the protocol does not give.

The protocol says nothing about cards, so checks that count them (conservation), look at
one seat's hidden holding (do samples vary? do they guess the truth?), look for another
seat's secrets in a view, or replay a round with sampled cards ask a small hook, registered
here under the game's name.  A game without hooks still runs every other check; the checks
that cannot do without a hook are skipped with a message saying so.

To cover a new game, add a module here with its :class:`GameHooks`, and add them to ``HOOKS``.
"""

from __future__ import annotations

from .base import GameHooks, conservation_problems
from .clan import CLAN
from .manasurge import MANASURGE
from .megacorps import MEGACORPS
from .megalomania import MEGALOMANIA
from .summon7 import SUMMON7

__all__ = [
    "CLAN",
    "HOOKS",
    "MANASURGE",
    "MEGACORPS",
    "MEGALOMANIA",
    "SUMMON7",
    "GameHooks",
    "conservation_problems",
]

HOOKS: dict[str, GameHooks] = {
    "megalomania": MEGALOMANIA,
    "summon7": SUMMON7,
    "clan": CLAN,
    "manasurge": MANASURGE,
    "megacorps": MEGACORPS,
}
