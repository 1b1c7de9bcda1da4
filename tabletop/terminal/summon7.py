"""Summon 7 on the terminal: the table, the log and the choices, drawn from one seat's view.

Every function here reads a view (``state.view(seat)``) or the events the seat may see, never
the state.  The clan game's screen (clan.py) reuses the table and the card chips.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..words.seats import seat_name as name
from ..words.seats import subject, verb
from ..words.summon7 import next_card_counts
from .frames import game_over, help_panel, notation_grid
from .screens import your_turn
from .style import DIM, YOU, number_card_style, number_chip

View = Mapping[str, Any]
LOG_LINES = 14
PLACES = {1: "1st", 2: "2nd", 3: "3rd"}
STATUS_STYLE = {"active": "bold", "held": "green", "busted": "red"}


def chips(values: Sequence[int], dim: bool = False) -> Text:
    """Summon 7 cards as a row of coloured badges."""
    out = Text()
    for i, value in enumerate(values):
        if i:
            out.append(" ")
        out.append_text(number_chip(value, dim))
    return out


def seat_label(labels: Sequence[str], seat: int, me: int | None) -> Text:
    return Text(name(labels, seat), style=YOU if seat == me else "bold")


Column = tuple[str, Callable[[Mapping[str, Any]], RenderableType]]


def table_of_seats(view: View, labels: Sequence[str], extra: Sequence[Column] = ()) -> Table:
    """One row per seat: cards, total, status, leadership (and the clan game's ``extra`` columns:
    a title and a function of the seat's entry in the view)."""
    me, to_act = view["seat"], view["to_act"]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column("")
    table.add_column("Player")
    for title, _ in extra:
        table.add_column(title)
    table.add_column("Cards")
    table.add_column("Total", justify="right")
    table.add_column("Status")
    table.add_column("Leadership", justify="right")
    for seat in view["seats"]:
        i = seat["seat"]
        marks = ("▶" if i == to_act else " ") + ("D" if i == view["dealer"] else " ")
        status = Text(seat["status"], style=STATUS_STYLE.get(seat["status"], ""))
        cells: list[Any] = [marks, seat_label(labels, i, me)]
        cells += [cell(seat) for _, cell in extra]
        total = str(seat["total"]) + (f" (+{seat['bonus']})" if seat.get("bonus") else "")
        cells += [
            chips(seat["cards"], dim=seat["status"] == "busted"),
            total,
            status,
            str(seat["leadership"]),
        ]
        table.add_row(*cells)
    return table


def log_panel(log: Sequence[Text]) -> Panel:
    lines = list(log)[-LOG_LINES:] or [Text("Nothing yet.", style=DIM)]
    return Panel(Group(*lines), title="Since your last turn", title_align="left", border_style="grey50")


def deck_line(view: View) -> Text:
    counts = next_card_counts(view)
    line = Text(f"Deck {view['deck']} cards, discard pile {sum(view['discard'])}.  Next card: ", style=DIM)
    for value, count in enumerate(counts):
        if count:
            line.append(str(value), style=number_card_style(value))
            line.append(f"×{count} ", style=DIM)
    return line


# -- the screen ------------------------------------------------------------------------------------
def render_view(view: View, labels: Sequence[str], log: Sequence[Text], wide: bool = True) -> RenderableType:
    me = view["seat"]
    head = Text()
    head.append("SUMMON 7", style="bold magenta")
    head.append(f"   Round {view['round']}   first to {view['target']} leadership   ")
    head.append(f"{subject(view['dealer'], me, labels)} {verb(view['dealer'], me, 'deals')}")
    parts: list[RenderableType] = [head, table_of_seats(view, labels)]
    parts.append(Text(f"House total: {view['house_total']}", style="italic"))
    parts.append(deck_line(view))
    parts.append(log_panel(log))
    parts += your_turn("summon7", view, labels)
    return Group(*parts)


def ranking_table(
    view: View, labels: Sequence[str], extra: Mapping[str, Sequence[Any]] | None = None
) -> Table:
    me = view["seat"]
    table = Table(box=box.ROUNDED, title="Final ranking", title_style="bold", title_justify="left")
    table.add_column("Place")
    table.add_column("Player")
    table.add_column("Leadership", justify="right")
    for column in extra or {}:
        table.add_column(column)
    ranking = view["ranking"]
    for seat in sorted(range(view["players"]), key=lambda s: (ranking[s], s)):
        place = Text(
            PLACES.get(ranking[seat], f"{ranking[seat]}th"), style="bold yellow" if ranking[seat] == 1 else ""
        )
        cells: list[Any] = [place, seat_label(labels, seat, me), str(view["seats"][seat]["leadership"])]
        cells += [str(values[seat]) for values in (extra or {}).values()]
        table.add_row(*cells)
    return table


def winners(view: View) -> list[int]:
    """The seats ranked first (an equal leadership shares the place)."""
    return [s for s, r in enumerate(view["ranking"]) if r == 1]


def render_final(view: View, labels: Sequence[str]) -> RenderableType:
    house = Text(f"House total: {view['house_total']}")
    return game_over(view, labels, "SUMMON 7", ranking_table(view, labels), house, winners=winners(view))


def render_help() -> RenderableType:
    rules = Text(
        "Everyone starts with one card face up.  In turn, from the dealer's left, you hit (one more card, "
        "face up) or hold (you are done for the round; your sum goes to the house total).  A card of a "
        "value you already have busts you: no score this round.  When all have held or busted, the highest "
        "total wins the round and adds it to their leadership; equal totals each score.  The leader deals "
        "the next round.  The deck holds one 0, one 1, two 2s ... twelve 12s; the discard pile is shuffled "
        "in when it runs out.  The first to the target (100) ends the game.",
    )
    return help_panel(rules, notation_grid([("hit", "one more card"), ("hold", "stop for this round")]))
