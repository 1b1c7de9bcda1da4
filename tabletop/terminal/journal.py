"""What the person has seen happen: the log since their last decision, and the last round's result.

A :class:`Journal` is fed every event of the game and keeps only those the
person's seat may see.  Replaying a saved game through it rebuilds the same
log, so a resumed game shows what the interrupted one showed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from ..core.protocol import Event
from ..words.megalomania import describe_event
from .lines import rich_line


@dataclass
class RoundResult:
    """One finished round as the person saw it: the mission, who took which trick, the points."""

    round: int
    mission: Mapping[str, Any]
    tricks: list[tuple[int, list[str]]]
    points: list[int]


@dataclass
class Journal:
    seat: int
    labels: Sequence[str]
    missions: Mapping[int, Mapping[str, Any]]
    lines: list[Text] = field(default_factory=list)
    last_round: RoundResult | None = None
    _tricks: list[tuple[int, list[str]]] = field(default_factory=list)
    _found: str | None = None  # the card an Explorer just took from the previous trick

    def new_decision(self) -> None:
        """The person is about to act: what they saw so far is now old."""
        self.lines.clear()
        self.last_round = None

    def add(self, events: Iterable[Event]) -> None:
        for event in events:
            if event.visible(self.seat):
                self.note(event.kind, event.data)

    def note(self, kind: str, data: Mapping[str, Any]) -> None:
        line = describe_event(kind, data, self.seat, self.labels)
        if line is not None:
            self.lines.append(rich_line(line))
        if kind == "round":
            self._tricks = []
        elif kind == "trick":
            self._tricks.append((data["winner"], list(data["cards"])))
        elif kind == "explore":
            self._found = data["card"]
        elif kind == "explore-return" and self._tricks and self._found in self._tricks[-1][1]:
            cards = self._tricks[-1][1]
            cards[cards.index(self._found)] = data["card"]
        elif kind == "scored":
            mission = self.missions.get(data["mission"], {"number": data["mission"]})
            self.last_round = RoundResult(data["round"], mission, self._tricks, list(data["points"]))
