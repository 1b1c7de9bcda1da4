"""The clan game on the terminal: the house, the table, the city, the log and the choices, drawn
from one seat's view (everything in the clan game is open: docs/rulings.md, C3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..games.summon7.clan.actions import DATA
from ..words.clan import POWER, humans_text, plural
from ..words.seats import seat_name as name
from .frames import game_over, help_panel, notation_grid
from .screens import your_turn
from .style import DIM
from .summon7 import View, chips, deck_line, log_panel, ranking_table, table_of_seats, winners

PHASES = {
    "choose": "choosing characters",
    "home": "Home phase",
    "ward": "Home phase (a Ward?)",
    "pay": "paying for a power card",
    "city-cards": "City phase (city cards)",
    "place": "City phase (placing meeples)",
    "capture": "City phase (capturing humans)",
    "draft": "Power phase (the draft)",
    "dining": "Dining phase",
    "blame": "Dining phase (an unfed member)",
    "over": "game over",
}


def character_text(character: Mapping[str, Any] | None) -> Text:
    if character is None:
        return Text("—", style=DIM)
    return Text(f"{character['name'].removeprefix('The ')} ({plural(character['diet'])})")


# -- the screen ------------------------------------------------------------------------------------
def header(view: View, labels: Sequence[str]) -> Text:
    line = Text()
    line.append("SUMMON 7 · THE CLAN", style="bold magenta")
    if view["stage"] == "main":
        line.append(f"   Round {view['round']} of at most {view['rounds']}")
    elif view["stage"] == "pre-game":
        line.append(f"   Pre-game round {view['pregame_round']} (first to {view['pregame_target']})")
    line.append(f"   {PHASES.get(view['phase'], view['phase'])}", style="bold")
    return line


def house_panel(view: View) -> Panel:
    head = view["head"]
    rows = Table.grid(padding=(0, 2))
    rows.add_column(style="bold")
    rows.add_column()
    hungry = " (hungry)" if head["hungry"] else ""
    rows.add_row(
        "Head of House",
        Text.assemble(character_text(head["character"]), f", leadership {head['leadership']}{hungry}"),
    )
    rows.add_row("Pantry", humans_text(view["pantry"]))
    meter = view["meter"]
    ahead = [t for t in meter["thresholds"] if not t["reached"]]
    nxt = f", next: {ahead[0]['name']} at {ahead[0]['at']} ({ahead[0]['text']})" if ahead else ""
    rows.add_row("Uprising Meter", f"{meter['value']}{nxt}")
    city = view["phase"] in ("city-cards", "place", "capture") or view["round"] > 1
    score = f"House score {view['house_score']}" + ("" if view["phase"] != "home" else " (last City phase)")
    rows.add_row("House", f"{score if city else 'no House score yet'}, House total {view['house_total']}")
    return Panel(rows, title="The house", title_align="left", border_style="magenta")


def city_panel(view: View) -> Panel:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for title in ("Location", "Slots", "Humans", "Meeples (first slot first)"):
        table.add_column(title)
    for place in view["city"]:
        meeples = ", ".join(place["meeples"]) or "—"
        table.add_row(place["name"], str(place["slots"]), humans_text(place["humans"]), meeples)
    parts: list[RenderableType] = [table]
    if view["clans"] and view["phase"] in ("city-cards", "place", "capture"):
        order = "  ".join(
            f"{i + 1}. {c['name']} ({c['score']}; meeples {c['meeples_left']}, claim {c['claim_left']})"
            for i, c in enumerate(view["clans"])
        )
        parts.append(Text(f"Turn order: {order}", style="italic"))
    return Panel(Group(*parts), title="The city", title_align="left", border_style="cyan")


def render_view(view: View, labels: Sequence[str], log: Sequence[Text], wide: bool = True) -> RenderableType:
    extra = [
        ("Character", lambda seat: character_text(seat["character"])),
        ("Power cards", lambda seat: Text(", ".join(POWER[c].name for c in seat["hand"]) or "—")),
        ("", lambda seat: Text("hungry" if seat["hungry"] else "", style="red")),
    ]
    parts: list[RenderableType] = [header(view, labels), table_of_seats(view, labels, extra)]
    if view["stage"] != "choose":
        parts.append(deck_line(view))
    if view["stage"] == "main":
        parts.append(house_panel(view))
        if view["phase"] in ("city-cards", "place", "capture") or view["round"]:
            parts.append(city_panel(view))
        if view["pool"]:
            parts.append(
                Text(f"Cards brought home: {', '.join(POWER[c].name for c in view['pool'])}", style="bold")
            )
    parts.append(log_panel(log))
    parts += your_turn("clan", view, labels)
    return Group(*parts)


def render_final(view: View, labels: Sequence[str]) -> RenderableType:
    usurper = view.get("usurper")
    ending = {
        "takeover": f"{name(labels, usurper) if usurper is not None else ''} overthrew the Head of House.",
        "uprising": "The humans rose: the Head of House keeps the house; the ranking is by leadership.",
        "rounds": "The rounds ran out: the Head of House keeps the house; the ranking is by leadership.",
    }.get(view["end"], "")
    extra = {"Character": [character_text(s["character"]).plain for s in view["seats"]]}
    table = ranking_table(view, labels, extra)
    return game_over(view, labels, "SUMMON 7 · THE CLAN", Text(ending), table, winners=winners(view))


def render_help() -> RenderableType:
    rules = Text(
        "You are household members of one clan.  A pre-game of Summon 7 sets the leaderboard; then each "
        "round: Home phase (a round of Summon 7; a hungry member is dealt two cards and keeps the worse; "
        "busted totals feed the Uprising Meter), City phase (the winner places meeples and captures humans "
        "for the house, against two rival houses, in order of House score, -10 per hungry member), Power "
        "phase (the winner, then the held players, claim the power cards brought home; the busted get the "
        "rest at random), Dining phase (each member eats a human of its diet from the pantry; an unfed "
        "member goes hungry and makes a player discard a random power card).  Power cards cost humans from "
        "the pantry.  A player above the Head of House's leadership who wins a round, and is fed, "
        "overthrows the Head and wins.",
    )
    cards = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for title in ("Card", "Phase", "Cost", "Effect"):
        cards.add_column(title)
    for p in DATA.powers:
        cards.add_row(p.name, p.phase, str(p.cost), p.text)
    notation = notation_grid(
        [
            ("hit / hold", "Summon 7"),
            ("play=ward, play=hex@2", "play a power card (on seat 2)"),
            ("pay=peasant", "pay a card's cost with a Peasant"),
            ("place=market, capture=market/peasant", "the City phase"),
            ("claim=ward, eat, blame=2, choose=crone", "the draft, dining, choosing a character"),
        ]
    )
    return help_panel(rules, cards, notation)


__all__ = ["chips", "render_final", "render_help", "render_view"]
