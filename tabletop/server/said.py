"""What a seat is told in words: each event's line and each legal action's label.

The words are the game's own (:mod:`tabletop.words`), the same the terminal prints, so the
browser needs no copy of them.  They are built per seat from what that seat may see.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core.protocol import JSON, Event
from ..words import wording


def seat_names(seats: Iterable[Mapping[str, Any]]) -> list[str]:
    """``Ana``, ``BOT Zeta`` (a bot account, ``"bot": true``), ``Bot 2 (easy)`` or ``Seat 3``: how the
    log names each seat."""
    out = []
    for s in seats:
        if s.get("name"):
            out.append(f"BOT {s['name']}" if s.get("bot") else str(s["name"]))
        elif s.get("kind") == "bot":
            out.append(f"Bot {s['seat']} ({s.get('level')})")
        else:
            out.append(f"Seat {s['seat']}")
    return out


def told_events(
    game: str, events: Iterable[tuple[int, Event]], seat: int | None, everything: bool, names: Sequence[str]
) -> list[JSON]:
    """The events ``seat`` may see (all of them once ``everything`` is public), each with its line
    of the log under ``words`` when it is worth one."""
    return Teller(game, events, everything, names).told(seat)


class Teller:
    """:func:`told_events` for every seat of one update: each event's JSON is made once, its words
    once per seat (the words differ by seat: "you take" or "Ana takes")."""

    def __init__(
        self, game: str, events: Iterable[tuple[int, Event]], everything: bool, names: Sequence[str]
    ) -> None:
        self.describe = wording(game).describe_event
        self.events = list(events)
        self.everything = everything
        self.names = names
        self.json: list[dict[str, JSON] | None] = [None] * len(self.events)

    def told(self, seat: int | None) -> list[JSON]:
        out: list[JSON] = []
        for i, (step, event) in enumerate(self.events):
            if self.everything or event.visible(seat):
                shared = self.json[i]
                if shared is None:
                    shared = self.json[i] = {"step": step, **event.to_json()}
                line = self.describe(event.kind, event.data, seat, self.names)
                out.append(shared if line is None else {**shared, "words": line.to_json()})
        return out
