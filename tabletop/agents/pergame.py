"""Tables a bot derives from a game's data, made once per game object.

Keyed by the game object's identity and holding it, so that an identity is never reused while its
entry lives; the last ``keep`` games are kept.  Not a ``weakref.WeakKeyDictionary``: a compiled
(mypyc) game class clears no weak references when its object is freed, so a weakly held game
would leave a dangling entry behind.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

G = TypeVar("G")
T = TypeVar("T")


class PerGame(Generic[G, T]):
    def __init__(self, make: Callable[[G], T], keep: int = 32) -> None:
        self._make = make
        self._keep = keep
        self._found: OrderedDict[int, tuple[G, T]] = OrderedDict()

    def get(self, game: G) -> T:
        key = id(game)
        entry = self._found.get(key)
        if entry is not None and entry[0] is game:
            self._found.move_to_end(key)
            return entry[1]
        made = self._make(game)
        self._found[key] = (game, made)
        while len(self._found) > self._keep:
            self._found.popitem(last=False)
        return made
