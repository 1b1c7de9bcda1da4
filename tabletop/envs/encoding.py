"""The shared machinery of the observation and action encodings (docs/envs.md).

An :class:`Encoding` turns one seat's view (``state.view(seat)``, never the state) into a
fixed-size ``float32`` vector, and numbers a fixed enumeration of the game's actions so that the
view's legal actions become a mask.  Each game writes its own subclass (one module per game in
this package): it lays out named sections once (:class:`Layout`) and fills them from the view.

An encoder writes into a buffer of zeros (``array("f")``: a store is a plain subscript, the
cheapest write Python has), only where something is; :meth:`Encoding.observation` wraps it as a
numpy vector without copying.  Every value is within its section's bounds by construction: one-hots
and shares are in [0, 1], and a number that could grow past its section's bound (money, scores,
leadership...) is capped where it is written, so that an observation always lies in its space
without a pass over the vector (tests/envs checks it over random games).  Seats are written
egocentrically: slot 0 is the observing seat, slot ``k`` the seat ``k`` places to its left
(``(seat - me) % players``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeAlias, TypeVar

import numpy as np
import numpy.typing as npt

from ..core.errors import TabletopError
from ..core.protocol import JSON, Game

A = TypeVar("A")
View = Mapping[str, Any]
Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]
if TYPE_CHECKING:
    Buffer: TypeAlias = array[float]  # of "f": float32, the vector being written
else:
    Buffer = array


class UnknownAction(TabletopError, ValueError):
    """An action outside the game's fixed enumeration (a bug in the enumeration) or an index out
    of range."""


@dataclass(frozen=True)
class Section:
    """A named run of the observation vector."""

    name: str
    offset: int
    size: int
    low: float
    high: float
    meaning: str


class Layout:
    """The sections of an observation vector, in order."""

    def __init__(self) -> None:
        self.sections: list[Section] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str, low: float = 0.0, high: float = 1.0) -> int:
        """Append a section; returns its offset."""
        if size <= 0:
            raise ValueError(f"section {name!r} needs a positive size")
        offset = self.size
        self.sections.append(Section(name, offset, size, low, high, meaning))
        self.size += size
        return offset

    def bounds(self) -> tuple[Vector, Vector]:
        low = np.zeros(self.size, np.float32)
        high = np.zeros(self.size, np.float32)
        for s in self.sections:
            low[s.offset : s.offset + s.size] = s.low
            high[s.offset : s.offset + s.size] = s.high
        return low, high

    def section(self, name: str) -> Section:
        for s in self.sections:
            if s.name == name:
                return s
        raise KeyError(name)


class Encoding(ABC, Generic[A]):
    """The observation vector and the action enumeration of one game (with its options)."""

    def __init__(self, game: Game[A], texts: Sequence[str]) -> None:
        self.game = game
        self.players = game.players
        self.layout = Layout()
        self.texts: tuple[str, ...] = tuple(texts)
        self.index: dict[str, int] = {t: i for i, t in enumerate(self.texts)}
        if len(self.index) != len(self.texts):
            raise ValueError(f"{game.name}: the action enumeration repeats a text")
        self.actions: tuple[A, ...] = tuple(game.parse_action(t) for t in self.texts)
        self._low: Vector | None = None
        self._high: Vector | None = None
        self._zeros = array("f")

    # -- actions ------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return len(self.texts)

    def index_of(self, text: str) -> int:
        """The index of the action written ``text``; :class:`UnknownAction` when it is outside the
        enumeration."""
        found = self.index.get(text)
        if found is None:
            found = self.index_outside(text)
        return found

    def index_outside(self, text: str) -> int:
        """A game whose enumeration buckets some actions maps them here (MegaCorps' large bids)."""
        raise UnknownAction(f"{self.game.name}: {text!r} is not in the action enumeration")

    def action(self, index: int) -> A:
        if not 0 <= index < len(self.actions):
            raise UnknownAction(f"{self.game.name}: no action number {index} (0 to {len(self.actions) - 1})")
        return self.actions[index]

    def mask(self, legal: Iterable[str]) -> Mask:
        """1 at the index of every action in ``legal`` (texts, e.g. a view's ``legal``)."""
        marks = bytearray(len(self.texts))
        index = self.index
        try:
            for i in map(index.__getitem__, legal):
                marks[i] = 1
        except KeyError:  # an action outside the enumeration's texts (MegaCorps' large bids)
            for text in legal:
                marks[index[text] if text in index else self.index_outside(text)] = 1
        found: Mask = np.frombuffer(marks, np.int8)
        return found

    # -- observations -----------------------------------------------------------------
    def bounds(self) -> tuple[Vector, Vector]:
        if self._low is None or self._high is None:
            self._low, self._high = self.layout.bounds()
            self._zeros = array("f", bytes(4 * self.layout.size))
        return self._low, self._high

    @property
    def size(self) -> int:
        return self.layout.size

    def observation(self, view: View) -> Vector:
        """The vector of ``view`` (a seat's view, or the spectator's)."""
        if self._low is None:
            self.bounds()
        buffer = self._zeros[:]
        self.write(view, buffer)
        out: Vector = np.frombuffer(buffer, np.float32)
        return out

    def forget(self) -> None:
        """Drop the parts kept from earlier views (an encoder that keeps some overrides this)."""

    @abstractmethod
    def write(self, view: View, b: Buffer) -> None:
        """Write ``view`` into ``b`` (zeros; offsets from this encoding's layout)."""

    def describe(self) -> list[tuple[str, int, int, str]]:
        """(name, offset, size, meaning) of every section, for docs/envs.md."""
        return [(s.name, s.offset, s.size, s.meaning) for s in self.layout.sections]


# -- small helpers the encoders share ----------------------------------------------------------
def rel(seat: JSON, me: int, players: int) -> int:
    """The egocentric slot of ``seat`` (0: the observer), -1 for no seat."""
    if not isinstance(seat, int) or seat < 0:
        return -1
    return (seat - me) % players


def me_of(view: View) -> int:
    seat = view.get("seat")
    return seat if isinstance(seat, int) else 0


def tally(items: Iterable[str]) -> dict[str, int]:
    """How many times each item occurs (an encoder writes each count once)."""
    found: dict[str, int] = {}
    for item in items:
        found[item] = found.get(item, 0) + 1
    return found


def names_index(names: Sequence[str]) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}
