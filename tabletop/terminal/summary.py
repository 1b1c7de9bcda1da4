"""The end of the game (scoresheet and ranking) and the help screen."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..games.megalomania.cards import COLOURS, RANK_LETTERS, RANK_NAMES, VALUES
from ..games.megalomania.rules import DOMINANT_BY_ROUND
from ..words.megalomania import POWERS
from .frames import final_panel, help_panel, notation_grid
from .render import View, default_labels
from .style import DIM, colour_badge, seat_text, signed

SCROLL_BONUS = 2
PLACES = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def render_scoresheet(
    view: View, labels: Sequence[str], tasks: Mapping[int, str] | None = None
) -> RenderableType:
    """Round by round: the dominant colour, the mission and each seat's points."""
    me = view["seat"]
    table = Table(
        box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, title="Scoresheet", title_justify="left"
    )
    table.add_column("Round", justify="right")
    table.add_column("Dominant")
    table.add_column("Mission", justify="right")
    table.add_column("Task")
    for seat in range(view["players"]):
        table.add_column(seat_text(labels, seat, me), justify="right")
    for i, (mission, points) in enumerate(zip(view["missions_played"], view["round_points"], strict=False)):
        task = (tasks or {}).get(mission, "")
        table.add_row(
            str(i + 1),
            colour_badge(COLOURS[DOMINANT_BY_ROUND[i]], COLOURS[DOMINANT_BY_ROUND[i]]),
            str(mission),
            task,
            *(Text(signed(p) if p else "·", style="" if p else DIM) for p in points),
        )
    rounds = [*view.get("bonus_points", []), view.get("round_bonus", [])]
    scroll_points = [sum(r[seat] for r in rounds if r) for seat in range(view["players"])]
    if any(scroll_points):
        label = Text("scroll points (12, 17)", style="italic")
        table.add_row("", "", "", label, *(signed(b) if b else "·" for b in scroll_points))
    if view["phase"] == "over":
        bonus = [SCROLL_BONUS if s["scrolls"] else 0 for s in view["seats"]]
        label = Text("unused scroll bonus", style="italic")
        table.add_row("", "", "", label, *(signed(b) if b else "·" for b in bonus))
    table.add_section()
    totals = (Text(str(s["score"]), style="bold") for s in view["seats"])
    table.add_row("", "", "", Text("Total", style="bold"), *totals)
    return table


def render_ranking(view: View, labels: Sequence[str]) -> RenderableType:
    me = view["seat"]
    table = Table(box=box.ROUNDED, title="Final ranking", title_style="bold", title_justify="left")
    for name, justify in (
        ("Place", "left"),
        ("Player", "left"),
        ("Score", "right"),
        ("Negative points", "right"),
        ("Unused scrolls", "right"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    ranking, negative = view["ranking"], view["negative_points"]
    for seat in sorted(range(view["players"]), key=lambda s: (ranking[s], s)):
        place = Text(
            PLACES.get(ranking[seat], str(ranking[seat])), style="bold yellow" if ranking[seat] == 1 else ""
        )
        entry = view["seats"][seat]
        table.add_row(
            place,
            seat_text(labels, seat, me),
            str(entry["score"]),
            str(negative[seat]),
            str(entry["scrolls"]),
        )
    return table


def render_final(
    view: View, labels: Sequence[str] | None = None, tasks: Mapping[int, str] | None = None
) -> RenderableType:
    names = list(labels) if labels is not None else default_labels(view)
    winners = [names[s] for s, r in enumerate(view["ranking"]) if r == 1]
    verdict = (
        "You win!"
        if names[view["seat"]] in winners and len(winners) == 1
        else f"Winner: {' and '.join(winners)}"
    )
    if view.get("pairs"):
        pair = view["pair_scores"]
        mine = (
            "" if view["seat"] is None else f" (you play in seats {view['seat'] % 2}+{view['seat'] % 2 + 2})"
        )
        verdict = f"Pairs: seats 0+2 {pair[0]}, seats 1+3 {pair[1]}; winner: {' and '.join(winners)}{mine}"
    headline = Text(f"Game over. {verdict}", style="bold magenta")
    body = Group(headline, render_ranking(view, names), render_scoresheet(view, names, tasks))
    return final_panel(body, "MEGALOMANIA")


def render_help() -> RenderableType:
    cards = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for name in ("Card", "Letter", "Value", "Power (spend 1 crystal after playing it)"):
        cards.add_column(name)
    for rank in reversed(range(8)):
        name = RANK_NAMES[rank]
        cards.add_row(name, RANK_LETTERS[rank], str(VALUES[rank]), POWERS[name])
    notation = notation_grid(
        [
            ("Ku", "play a card: rank letter + colour letter (b black, r red, y yellow, u blue)"),
            ("Au!", "play an Assassin by its power, off the following rule"),
            ("power", "use the power of the card you just played"),
            ("lead=2", "Farmer: seat 2 leads the next turn"),
            ("colour=r", "Oracle: it becomes red"),
            ("cube+ / cube-", "spend a cube: +1 or -1 to the card you just played"),
            ("return=Wr", "Explorer: put the red Wizard back into the previous trick"),
            ("done", "no more powers or cubes on your card"),
            ("take=crystals", "resources: crystals (2), cubes (10), mixed (1 + 5) or scroll"),
            ("scroll=4 / pass", "scroll phase: use scroll 4, or pass (pass also declines a scroll's offer)"),
            ("lay=Ku, pile=Ku, give=Ku", "missions 15, 24, 25: lay out, put in your first pile, hand over"),
            ("others", "each scroll's own choices are listed in words when it asks (see docs/notation.md)"),
        ]
    )
    rules = Text(
        "Follow the colour led; if you cannot, play the dominant colour; otherwise anything.  The highest "
        "dominant card takes the trick, else the highest card of the colour led; on equal values the card "
        "played first wins.  Crystals and cubes are lost at the end of the round.",
        style="italic",
    )
    return help_panel(notation, cards, rules)
