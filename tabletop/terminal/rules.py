"""A game's rules for players on the terminal: ``tabletop rules GAME``, and ``h`` at every table
(the summary above the screen's own help).

The text is the one the web app's rules page shows (tabletop/words/rules): the sections, their
cards drawn as the terminal draws them (:func:`~tabletop.terminal.lines.rich_line`), what the team
designed marked "(provisional)", and the glossary.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..core.errors import InvalidOptions
from ..words.rules import Rules, games, rules
from .lines import rich_line
from .style import DIM

PROVISIONAL = "bold yellow"
NOTE = "designed by the team where the printed game is unknown or silent (docs/rulings.md); it may change"


def provisional_mark() -> Text:
    return Text("(provisional)", style=PROVISIONAL)


def render_glossary(loaded: Rules) -> RenderableType:
    """The glossary: each term, its explanation, and its other forms."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False, expand=True)
    table.add_column("Term", style="bold", no_wrap=True, ratio=1)
    table.add_column("What it means", ratio=4)
    for term in loaded.terms:
        words = Text(term.text)
        if term.provisional:
            words.append(" ")
            words.append_text(provisional_mark())
        others = [f for f in term.forms if f.lower() != term.term.lower()]
        if others:
            words.append(f"  Also: {', '.join(others)}.", style=DIM)
        table.add_row(term.term, words)
    return table


def render_rules(game: str, glossary: bool = True) -> RenderableType:
    """The rules of ``game`` for players, in a panel (InvalidOptions when it has none)."""
    loaded = rules(game)
    parts: list[RenderableType] = [Text(loaded.pitch, style="italic"), Text(loaded.players, style=DIM)]
    marked = any(s.provisional for s in loaded.sections) or any(t.provisional for t in loaded.terms)
    if marked:
        note = provisional_mark()
        note.append(f" marks what was {NOTE}.", style=DIM)
        parts.append(note)
    for section in loaded.sections:
        heading = Text(section.title, style="bold cyan")
        if section.provisional:
            heading.append("  ")
            heading.append_text(provisional_mark())
        parts += [Text(), heading, *(rich_line(p) for p in section.paragraphs)]
    if glossary and loaded.terms:
        parts += [Text(), Text("Glossary", style="bold cyan"), render_glossary(loaded)]
    return Panel(
        Group(*parts),
        title=f"{loaded.title}: the rules",
        title_align="left",
        border_style="cyan",
        box=box.ROUNDED,
    )


def with_rules(game: str, help_: RenderableType) -> RenderableType:
    """What ``h`` shows at a table: the game's rules (when it has some) above the screen's help."""
    if game not in games():
        return help_
    try:
        summary = render_rules(game)
    except InvalidOptions as err:  # a broken rules file must not stop a game
        return Group(Text(f"The rules cannot be shown: {err}", style="red"), help_)
    return Group(summary, help_)


__all__ = ["render_glossary", "render_rules", "with_rules"]
