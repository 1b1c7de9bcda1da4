"""Drawing one seat's view of a Megalomania game with Rich.

Every function here takes the view (``state.view(seat)``) and nothing from the
state itself, so the screen cannot show what the seat may not see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, JustifyMethod, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..games.megalomania.cards import COLOURS
from ..games.megalomania.rules import trick_winner
from ..words.megalomania import describe_action, scroll_name
from .journal import RoundResult
from .style import DIM, YOU, card_parts, card_sort_key, chip, chips, colour_badge, seat_text, signed

View = Mapping[str, Any]
LOG_LINES = 14


def default_labels(view: View) -> list[str]:
    return ["You" if i == view["seat"] else f"Seat {i}" for i in range(view["players"])]


def mission_text(mission: Mapping[str, Any]) -> Text:
    """``Mission 7 · variable, +2 per unit · the task``."""
    points = mission.get("points", 0)
    unit = "per unit" if mission.get("kind") == "variable" else "points"
    out = Text(f"Mission {mission['number']}", style="bold")
    if "task" in mission:
        out.append(f"  {mission['kind']}, {signed(points)} {unit}  ", style="italic")
        out.append(mission["task"], style="bold")
    if mission.get("provisional"):
        out.append("  (provisional points)", style=DIM)
    return out


def render_header(view: View, labels: Sequence[str]) -> RenderableType:
    me = view["seat"]
    line = Text()
    line.append("MEGALOMANIA", style="bold magenta")
    line.append(f"   Round {view['round']} of {view['rounds']}   ")
    if view["dominant"]:
        line.append("Dominant ")
        line.append_text(colour_badge(view["dominant"]))
        line.append("   ")
    if me is not None:
        line.append(f"You are seat {me}", style=YOU)
    if view.get("pairs"):
        line.append(f"   Pairs: seats 0+2 {view['pair_scores'][0]}, seats 1+3 {view['pair_scores'][1]}")
    mission = mission_text(view["mission"])
    mission.append(f"  ({view['mission']['cards']} cards each)", style=DIM)
    rows: list[RenderableType] = [line, mission]
    if view.get("turned"):
        turned = Text("Turned for this turn's dominant colour: ").append_text(
            chip(view["turned"][-1], named=True)
        )
        rows.append(turned)
    effect = view.get("scroll_effect")
    if effect:
        who = "you" if effect["seat"] == me else f"Seat {effect['seat']}"
        words = f"In force: {scroll_name(effect['scroll'])}, used by {who}"
        if effect.get("leader") is not None:
            words += f"; Seat {effect['leader']} leads every turn"
        if effect.get("spent"):
            words += " (spent)"
        rows.append(Text(words, style="magenta"))
    return Panel(Group(*rows), box=box.HEAVY, padding=(0, 1))


TOOK = {"crystals": "2 crystals", "cubes": "10 cubes", "mixed": "1 crystal, 5 cubes", "scroll": "a scroll"}
SEAT_COLUMNS: tuple[tuple[str, JustifyMethod], ...] = (
    ("", "left"),
    ("Player", "left"),
    ("Cards", "left"),
    ("Took", "left"),
    ("Crystals", "right"),
    ("Cubes", "right"),
    ("Scrolls", "right"),
    ("Tricks", "right"),
    ("Score", "right"),
)


def render_seats(view: View, labels: Sequence[str], compact: bool = False) -> RenderableType:
    """Every seat's public counts; ``compact`` leaves out the resources taken (the counts remain)."""
    me = view["seat"]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, expand=True)
    columns = [c for c in SEAT_COLUMNS if not (compact and c[0] == "Took")]
    for heading, justify in columns:
        table.add_column(heading, justify=justify)
    for entry in view["seats"]:
        i = entry["seat"]
        marker = Text("▶", style="bold green") if view["to_act"] == i else Text("")
        name = seat_text(labels, i, me)
        if i == view["dealer"]:
            name.append(" (dealer)", style=DIM)
        cards = Text(str(entry["cards"]))
        if entry.get("table"):
            cards.append(" + table ").append_text(chips(entry["table"], short=True))
        for key, words in (
            ("face_down", "face down"),
            ("laid", "laid out"),
            ("pile", "in pile 1"),
            ("giving", "to hand on"),
            ("set_aside", "set aside"),
        ):
            if entry.get(key):
                cards.append(f" + {entry[key]} {words}")
        if entry["known_cards"]:
            cards.append(", seen: ").append_text(chips(entry["known_cards"], short=True))
        resource = entry["resource"]
        took = Text(TOOK[resource]) if resource else Text("-", style=DIM)
        counts = [str(entry[key]) for key in ("crystals", "cubes", "scrolls", "tricks")]
        score = Text(str(entry["score"]), style="bold")
        table.add_row(marker, name, cards, *([] if compact else [took]), *counts, score)
    return table


PRE_PLAY = ("scrolls", "scroll-effect", "resources", "lay-out", "split", "hand-over")
STEP_WORDS = {
    "scrolls": "Scroll phase: from the dealer's left, a player may use one scroll",
    "scroll-effect": "A scroll is being used",
    "resources": "Resources",
    "lay-out": "Each player lays out the cards face down in the order they will be played",
    "split": "Each player splits the cards into two piles; the right-hand player picks one at random",
    "hand-over": "Each player chooses three cards to hand to the right",
}


def _leader(view: View) -> int:
    if view["phase"] in PRE_PLAY:  # the dealer's left leads the first turn (or scroll 19's choice)
        effect = view.get("scroll_effect")
        if effect and effect.get("leader") is not None:
            return int(effect["leader"])
        return int((view["dealer"] + 1) % view["players"])
    return int(view["trick"]["leader"])


def effect_lines(view: View, labels: Sequence[str]) -> list[Text]:
    """The powers in force on the current trick."""
    trick = view["trick"]
    lines = []
    if trick["farmer"] is not None:
        lines.append(("Farmer", f"{labels[trick['farmer']]} will lead the next turn"))
    if trick["dwarf"]:
        lines.append(("Dwarf", "the LOWEST card takes this trick"))
    if trick["wizard"]:
        lines.append(("Wizard", "the players after it must play their lowest card"))
    if trick["knight"]:
        lines.append(("Knight", "dominant cards played after it lose their advantage"))
    if trick["emperor"]:
        lines.append(("Emperor", "no more powers or cubes this turn"))
    if trick.get("declared"):
        lines.append(("Scroll 16", f"{trick['declared']} decides this trick instead of the colour led"))
    if trick.get("deferred") is not None:
        lines.append(("Scroll 14", f"{labels[trick['deferred']]} plays last this turn"))
    out = [Text.assemble(("  ✦ ", "magenta"), (name, "bold magenta"), f": {what}") for name, what in lines]
    if view.get("explored"):
        found = Text.assemble(("  ✦ ", "magenta"), ("Explorer", "bold magenta"), ": found ")
        found.append_text(chip(view["explored"], named=True))
        out.append(found.append(" in the previous trick; a card goes back"))
    return out


def winning_seat(view: View) -> int | None:
    """Who takes the current trick if nothing more changes (public information only)."""
    plays = view["trick"]["plays"]
    if not plays or view["dominant"] is None:
        return None
    if view["trick"].get("taking") is not None:
        return int(view["trick"]["taking"])
    best = trick_winner(
        [COLOURS.index(p["colour"]) for p in plays],
        [p["value"] for p in plays],
        [p["advantage"] for p in plays],
        COLOURS.index(view["dominant"]),
        view["trick"]["dwarf"],
    )
    return int(plays[best]["seat"])


def _play_notes(play: Mapping[str, Any], dominant: str | None) -> Text:
    printed, rank, value = card_parts(play["card"])
    notes: list[str] = []
    if play["colour"] != printed:
        notes.append(f"{printed} {rank}, now {play['colour']}")
    if play["cubes"]:
        plural = "s" if abs(play["cubes"]) > 1 else ""
        notes.append(f"{signed(play['cubes'])} cube{plural} (printed {value})")
    if play["power"]:
        notes.append("power used")
    if not play["advantage"] and play["colour"] == dominant:
        notes.append("no dominant advantage (Knight)")
    return Text(" · ".join(notes), style="italic")


def tricks_in_round(view: View) -> int:
    """Tricks this round: the cards each seat plays (a fixed deal may give fewer cards than the
    mission; mission 24 halves them)."""
    return int(view["cards_each"])


def render_trick(view: View, labels: Sequence[str]) -> RenderableType:
    trick, me = view["trick"], view["seat"]
    title = f"Trick {len(view['tricks']) + 1} of {tricks_in_round(view)}"
    body: list[RenderableType] = []
    if view["phase"] == "over":
        body.append(Text("The game is over.", style=DIM))
    elif not trick["plays"]:
        leader = _leader(view)
        who = "you lead" if leader == me else f"{labels[leader]} leads"
        if view["phase"] in PRE_PLAY:
            body.append(Text(f"{STEP_WORDS[view['phase']]}; then {who} the first trick.", style=DIM))
            if view.get("call"):
                body.append(Text(f"Scroll 2: {view['call']} is called.", style="magenta"))
        else:
            body.append(Text(f"{who[0].upper()}{who[1:]} this trick.", style=DIM))
    else:
        lead = trick["lead"]
        head = Text("Led ").append_text(colour_badge(lead)) if lead else Text()
        body.append(head)
        grid = Table.grid(padding=(0, 1))
        for play in trick["plays"]:
            card = chip(play["card"], colour=play["colour"], value=play["value"], named=True)
            grid.add_row(seat_text(labels, play["seat"], me), card, _play_notes(play, view["dominant"]))
        body.append(grid)
        body.extend(effect_lines(view, labels))
        best = winning_seat(view)
        if best is not None:
            body.append(Text.assemble("Taking it so far: ", seat_text(labels, best, me)))
    return Panel(Group(*body), title=title, title_align="left", border_style="cyan")


def render_hand(view: View) -> RenderableType:
    """The person's own hand by colour and value: the only cards of a hand the screen shows."""
    me = view["seat"]
    entry = view["seats"][me] if me is not None else {}
    hand = sorted(entry.get("hand", []), key=card_sort_key)
    table = sorted(entry.get("table", []), key=card_sort_key)
    playing = view["phase"] == "play"
    playable = {a for a in view["legal"] if a in hand} if playing else set(hand)
    grid = Table.grid(padding=(0, 1))
    for colour in COLOURS:
        cards = [c for c in hand if card_parts(c)[0] == colour]
        if not cards:
            continue
        row = Text()
        for i, card in enumerate(cards):
            row.append(" " if i else "").append_text(chip(card, dim=card not in playable))
        label = colour_badge(colour, colour.ljust(6))
        if colour == view["dominant"]:
            label.append(" ★", style="bold magenta")
        grid.add_row(label, row)
    body: list[RenderableType] = [grid if hand else Text("No cards in hand.", style=DIM)]
    if table:
        row = Text("Face up on the table: ")
        for i, card in enumerate(table):
            row.append(" " if i else "").append_text(
                chip(card, named=True, dim=playing and card not in view["legal"])
            )
        body.append(row)
    body += _private_lines(view, entry)
    if entry.get("known_cards"):
        body.append(Text("Everyone has seen: ").append_text(chips(entry["known_cards"], named=True)))
    if entry.get("scroll_numbers"):
        numbers = ", ".join(str(n) for n in entry["scroll_numbers"])
        body.append(Text(f"Your scrolls: {numbers} (an unused scroll is worth +2 at the end)", style=DIM))
    return Panel(Group(*body), title=f"Your hand ({len(hand)} cards)", title_align="left", border_style=YOU)


def _private_lines(view: View, entry: Mapping[str, Any]) -> list[RenderableType]:
    """What only this seat knows: its face-down cards, hidden choices, others' cards it handed on."""
    lines: list[RenderableType] = []
    if entry.get("face_down"):
        lines.append(Text(f"Face down on the table, unseen: {entry['face_down']} cards", style=DIM))
    for key, words in (
        ("laid_cards", "Laid out, next first: "),
        ("pile_cards", "Your first pile: "),
        ("giving_cards", "To hand to the right: "),
        ("set_aside_cards", "Out of this round: "),
    ):
        if entry.get(key):
            lines.append(Text(words).append_text(chips(entry[key], short=True)))
    for seat, cards in enumerate(entry.get("knows", [])):
        if cards:
            lines.append(Text(f"You know Seat {seat} holds: ").append_text(chips(cards, short=True)))
    for seat, colours in enumerate(entry.get("knows_no", [])):
        if colours:
            lines.append(Text(f"You know Seat {seat} holds no {', '.join(colours)}", style=DIM))
    if entry.get("drawn_scrolls"):
        drawn = ", ".join(scroll_name(x) for x in entry["drawn_scrolls"])
        lines.append(Text(f"Drawn (keep one): {drawn}", style="magenta"))
    return lines


def render_tricks(view: View, labels: Sequence[str]) -> RenderableType:
    grid = Table.grid(padding=(0, 1))
    for i, trick in enumerate(view["tricks"], 1):
        winner = seat_text(labels, trick["winner"], view["seat"])
        grid.add_row(Text(f"{i}.", style=DIM), winner, chips(trick["cards"], short=True))
    body = grid if view["tricks"] else Text("No trick taken yet this round.", style=DIM)
    return Panel(body, title="Tricks this round", title_align="left", border_style="blue")


def render_round_result(result: RoundResult, labels: Sequence[str], me: int | None) -> RenderableType:
    """A finished round: each seat's tricks (cards as ``K9``: letter and value) and points."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, expand=True)
    table.add_column("Player")
    table.add_column("Tricks", justify="right")
    table.add_column("Cards taken", ratio=1)
    table.add_column("Points", justify="right")
    for seat, points in enumerate(result.points):
        taken = [cards for winner, cards in result.tricks if winner == seat]
        cards = Text("  ").join(chips(trick, short=True) for trick in taken)
        style = "bold green" if points > 0 else "bold red" if points < 0 else ""
        table.add_row(seat_text(labels, seat, me), str(len(taken)), cards, Text(signed(points), style=style))
    title = f"Round {result.round} is over"
    body = Group(mission_text(result.mission), table)
    return Panel(body, title=title, title_align="left", border_style="yellow")


def render_log(lines: Sequence[Text]) -> RenderableType:
    shown = list(lines[-LOG_LINES:])
    if len(lines) > LOG_LINES:
        shown.insert(0, Text(f"… {len(lines) - LOG_LINES} earlier lines", style=DIM))
    body = Group(*shown) if shown else Text("Nothing yet.", style=DIM)
    return Panel(body, title="Since your last move", title_align="left", border_style="grey50")


def render_actions(view: View) -> RenderableType:
    legal = view["legal"]
    if not legal:
        return Panel(Text("Not your turn.", style=DIM), title="Your move", title_align="left")
    grid = Table.grid(padding=(0, 2))
    for i, text in enumerate(legal, 1):
        grid.add_row(
            Text(str(i), style="bold cyan", justify="right"),
            describe_action(text, view),
            Text(text, style=DIM),
        )
    hint = Text("A number or the text on the right · s save · q quit · h help", style=DIM)
    return Panel(Group(grid, hint), title="Your move", title_align="left", border_style="bold green")


def _side_by_side(left: RenderableType, right: RenderableType, ratio: tuple[int, int] = (1, 1)) -> Table:
    grid = Table.grid(expand=True, padding=(0, 1))
    grid.add_column(ratio=ratio[0])
    grid.add_column(ratio=ratio[1])
    grid.add_row(left, right)
    return grid


def render_view(
    view: View,
    labels: Sequence[str] | None = None,
    log: Sequence[Text] = (),
    last_round: RoundResult | None = None,
    wide: bool = True,
) -> RenderableType:
    """The whole screen for one seat, drawn from its view and the events it saw."""
    names = list(labels) if labels is not None else default_labels(view)
    top: list[RenderableType] = [render_header(view, names), render_seats(view, names, compact=not wide)]
    if last_round is not None:
        top.append(render_round_result(last_round, names, view["seat"]))
    trick, tricks = render_trick(view, names), render_tricks(view, names)
    hand, log_panel, actions = render_hand(view), render_log(log), render_actions(view)
    if not wide:
        return Group(*top, trick, tricks, log_panel, hand, actions)
    return Group(*top, _side_by_side(trick, tricks, (3, 2)), hand, _side_by_side(log_panel, actions))
