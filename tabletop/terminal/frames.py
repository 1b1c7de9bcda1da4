"""The frames the games' terminal screens share: the screen that gives the log what room the
terminal's height leaves (:class:`LogScreen`), the help panel with its notation and commands, and the
panel around the final result with its verdict."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from ..words.seats import seat_name
from .style import DIM

MIN_LOG = 4  # lines of the log (with its borders) shown however short the terminal
COMMANDS = "Commands: a number or the action's text · s save · q save and quit · h this help"


def log_panel(log: Sequence[Text], most: int, title: str) -> Panel:
    """The last ``most`` lines of the log, the title saying when some are left out."""
    lines = list(log)[-most:] if most > 0 else []
    more = f" (last {len(lines)} of {len(log)})" if len(lines) < len(log) else ""
    return Panel(
        Group(*(lines or [Text("Nothing yet.", style=DIM)])),
        title=title + more,
        title_align="left",
        border_style="grey50",
    )


class LogScreen:
    """``top``, the log, ``bottom``: as much of the log as the terminal's height leaves room for (a
    few lines at least), so that the table and the choices stay in sight above the prompt."""

    def __init__(
        self, top: list[RenderableType], log: Sequence[Text], bottom: list[RenderableType], title: str
    ) -> None:
        self.top, self.log, self.bottom, self.title = Group(*top), log, Group(*bottom), title

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        top = console.render_lines(self.top, options, pad=False)  # rendered once, measured and shown
        bottom = console.render_lines(self.bottom, options, pad=False)
        room = max(MIN_LOG, console.height - len(top) - len(bottom) - 2)  # the prompt's line, a spare
        most = min(len(self.log), room - 2)  # the panel's borders
        log = console.render_lines(log_panel(self.log, most, self.title), options, pad=False)
        while most > 1 and len(log) > room:
            most -= 1  # long lines wrap: fewer of them
            log = console.render_lines(log_panel(self.log, most, self.title), options, pad=False)
        for line in (*top, *log, *bottom):
            yield from line
            yield Segment.line()


def notation_grid(examples: Iterable[tuple[str, str]]) -> Table:
    """Each example of the notation beside what it means."""
    grid = Table.grid(padding=(0, 2))
    for text, meaning in examples:
        grid.add_row(Text(text, style="bold cyan"), meaning)
    return grid


def help_panel(*parts: RenderableType, commands: str = COMMANDS) -> Panel:
    """The help: ``parts`` (the rules, tables, the notation), then the commands."""
    return Panel(
        Group(*parts, Text(commands, style=DIM)), title="Help", title_align="left", border_style="cyan"
    )


def won_text(winners: Sequence[int], me: int | None, labels: Sequence[str] | None) -> Text:
    """``Game over. You win!`` for the reader alone, else the winners by name ("you" among them)."""
    if list(winners) == [me]:
        return Text("Game over. You win!", style="bold magenta")
    who = " and ".join("you" if w == me else seat_name(labels, w) for w in winners)
    return Text(f"Game over. Winner{'s' if len(winners) > 1 else ''}: {who}", style="bold magenta")


def game_over(
    view: Mapping[str, Any], labels: Sequence[str], title: str, *parts: RenderableType, winners: Sequence[int]
) -> Panel:
    """The game's end under the game's name ``title``: who won, then ``parts`` (the ranking...)."""
    return final_panel(Group(won_text(winners, view["seat"], labels), *parts), title)


def final_panel(body: RenderableType, title: str) -> Panel:
    """The game's end: the verdict and the ranking in ``body``, under the game's name."""
    return Panel(body, title=title, border_style="magenta", box=box.HEAVY)
