"""Terminal play for games other than Megalomania: a session that draws with a per-game *screen*.

A screen is a module (registered in :data:`SCREENS`) with three functions that read a seat's view,
never the state:

- ``render_view(view, labels, log, wide)``: the whole screen for the seat to act;
- ``render_final(view, labels)`` and ``render_help()``.

The words of the log and of the choices are the game's, from :mod:`tabletop.words`, as in the browser.

:class:`ScreenSession` reuses the Megalomania session's playing, saving and resuming, and swaps its
drawing, its log and its reading of the person's answers for the screen's.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from ..core.protocol import Event
from ..words import labels, wording
from .app import Session
from .lines import rich_line
from .prompt import Choice, Command, Invalid, interpret

SCREENS: dict[str, str] = {
    "summon7": "tabletop.terminal.summon7",
    "clan": "tabletop.terminal.clan",
    "manasurge": "tabletop.terminal.manasurge",
}


def screen_for(game_name: str) -> ModuleType:
    return importlib.import_module(SCREENS[game_name])


@dataclass
class ScreenJournal:
    """What the person has seen happen since their last decision (the lines of the log)."""

    seat: int
    labels: Sequence[str]
    words: ModuleType
    lines: list[Text] = field(default_factory=list)
    last_round: Any = None  # the Megalomania session asks for it; screens show rounds in the log

    def new_decision(self) -> None:
        self.lines.clear()

    def add(self, events: Iterable[Event]) -> None:
        for event in events:
            if event.visible(self.seat):
                line = self.words.describe_event(event.kind, event.data, self.seat, self.labels)
                if line is not None:
                    self.lines.append(rich_line(line))


class ScreenSession(Session):
    """A terminal game drawn by a screen module (see the module docstring)."""

    def _greet(self) -> None:
        # called by Session.__init__ right after it made its (Megalomania) journal and before any
        # event is logged: this game's journal takes its place
        self.screen = screen_for(self.game.name)
        self.journal = ScreenJournal(self.seat, self.labels, wording(self.game.name))  # type: ignore[assignment]
        bots = ", ".join(sorted(set(self.seating.bots)))
        self.journal.lines.append(Text(f"You are seat {self.seat}; the other seats are bots ({bots})."))
        self.journal.add(self.state.opening_events())

    def _render(self, view: dict[str, Any], wide: bool) -> RenderableType:
        rendered: RenderableType = self.screen.render_view(view, self.labels, self.journal.lines, wide)
        return rendered

    def _interpret(self, raw: str, view: dict[str, Any]) -> Choice | Command | Invalid | None:
        # a screen may read answers its own way (ManaSurge takes a card's text alone)
        custom = getattr(self.screen, "interpret", None)
        if custom is not None:
            answer: Choice | Command | Invalid | None = custom(raw, view)
            return answer
        return interpret(raw, view)

    def _help(self) -> RenderableType:
        rendered: RenderableType = self.screen.render_help()
        return rendered

    def _draw_final(self) -> None:
        view = self.state.view(self.seat)
        self.console.clear()
        for line in self.journal.lines[-12:]:
            self.console.print(line)
        self.console.print(self.screen.render_final(view, self.labels))
        self.console.print(f"The game is saved in {self.save_path}.")


def your_turn(game: str, view: Mapping[str, Any], names: Sequence[str]) -> list[Text]:
    """When the seat is to act: a heading and the numbered choices in the game's words
    (``1. hit  Hit: one more card``); nothing otherwise."""
    if not view["legal"]:
        return []
    out = [Text("Your turn:", style="bold green")]
    for number, (text, words) in enumerate(labels(game, view, names).items(), start=1):
        line = Text(f"{number:>2}. ", style="bold")
        line.append(text, style="bold cyan")
        line.append(f"  {words}")
        out.append(line)
    return out
