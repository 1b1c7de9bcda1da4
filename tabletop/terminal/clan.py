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
from .screens import describe_choices
from .style import DIM
from .summon7 import (
    View,
    bust_chance,
    chips,
    deck_line,
    log_panel,
    name,
    ranking_table,
    round_line,
    subject,
    table_of_seats,
    verb,
    verdict,
)
from .summon7 import describe_event as summon7_event

POWER = {p.id: p for p in DATA.powers}
HUMAN = {h.id: h.name for h in DATA.humans}
CHARACTER = {c.id: c for c in DATA.characters}
LOCATION = {loc.id: loc.name for loc in DATA.locations}
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


def plural(human: str, count: int = 2) -> str:
    return HUMAN.get(human, human) + ("s" if count != 1 else "")


def humans_text(humans: Mapping[str, int]) -> str:
    shown = [f"{count} {plural(h, count)}" for h, count in humans.items() if count]
    return ", ".join(shown) or "nobody"


def character_text(character: Mapping[str, Any] | None) -> Text:
    if character is None:
        return Text("—", style=DIM)
    return Text(f"{character['name'].removeprefix('The ')} ({plural(character['diet'])})")


def member_name(member: Any, me: int | None, labels: Sequence[str] | None) -> str:
    return "the Head of House" if member == "head" else subject(int(member), me, labels)


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


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
    if view["legal"]:
        parts.append(Text("Your turn:", style="bold green"))
        parts += describe_choices(view["legal"], view, describe_action)
    return Group(*parts)


def describe_action(text: str, view: View) -> str:
    me = view["seat"]
    mine = view["seats"][me]
    key, _, arg = text.partition("=")
    if text == "hit":
        hungry = " two cards, you keep the worse:" if mine["hungry"] else ""
        return f"Hit:{hungry} bust chance {bust_chance(view, me, mine['hungry']):.0%}"
    if text == "hold":
        return f"Hold at {mine['total']}"
    if text == "bust":
        return "Accept the bust (keep your Ward)"
    if text == "done":
        return "Play no more city cards: place the meeples"
    if text == "eat":
        diet = mine["character"]["diet"]
        if view["pantry"].get(diet):
            return f"Eat a {HUMAN[diet]}"
        return f"Eat: there is no {HUMAN[diet]} in the pantry (you go hungry)"
    if key == "choose":
        c = CHARACTER[arg]
        return f"Be {c.name}, who eats {plural(DATA.humans[c.diet].id)}: {c.text}"
    if key == "play":
        card, _, target = arg.partition("@")
        power = POWER[card]
        cost = f"cost {power.cost} human{'s' if power.cost != 1 else ''}" if power.cost else "free"
        on = f" on {name(None, int(target))}" if target else ""
        return f"Play {power.name}{on} ({cost}): {power.text}"
    if key == "pay":
        return f"Dumpster a {HUMAN[arg]} from the pantry"
    if key == "place":
        place = next(p for p in view["city"] if p["id"] == arg)
        return f"A meeple into the first slot of {place['name']} ({humans_text(place['humans'])})"
    if key == "capture":
        where, human = arg.split("/")
        return f"Capture a {HUMAN[human]} at {LOCATION[where]}"
    if key == "claim":
        return f"Claim {POWER[arg].name}: {POWER[arg].text}"
    if key == "blame":
        seat = view["seats"][int(arg)]
        return f"{subject(int(arg), me, None)} discards a random power card (of {len(seat['hand'])})"
    return text


def describe_event(
    kind: str, data: Mapping[str, Any], me: int | None, labels: Sequence[str] | None
) -> Text | None:
    seat = data.get("seat", -1)
    who = subject(seat, me, labels) if isinstance(seat, int) and seat >= 0 else ""
    if kind == "choose-start":
        return Text("Each player chooses a character card.", style="bold")
    if kind == "choose":
        return Text(f"{who} {verb(seat, me, 'chooses')} {CHARACTER[data['character']].name}.")
    if kind == "head":
        c = CHARACTER[data["character"]]
        return Text(f"{c.name} is the Head of House, with {data['leadership']} leadership.", style="bold")
    if kind == "stage":
        if data["stage"] == "pre-game":
            return Text(
                f"The pre-game: Summon 7 until a player reaches {data['target']} leadership.", style="bold"
            )
        return Text(f"The main game begins. The pantry: {humans_text(data['pantry'])}.", style="bold")
    if kind == "home-end":
        line = round_line(data, me, labels)
        if data.get("stage") == "main":
            line.append(f"  House score {data['house_score']}, Uprising Meter {data['meter']}.")
        return line
    if kind == "threshold":
        return Text(f"The Uprising Meter reaches {data['meter']}: {data['name']}!", style="bold red")
    if kind == "city":
        order = ", ".join(f"{n} ({s})" for n, s in zip(data["order"], data["scores"], strict=True))
        return Text(f"The City phase, in order of House score: {order}.")
    if kind == "place":
        bumped = f", bumping {data['bumped']} out" if "bumped" in data else ""
        return Text(f"{sentence(data['clan'])} places a meeple at {LOCATION[data['location']]}{bumped}.")
    if kind == "capture":
        return Text(
            f"{sentence(data['clan'])} captures a {HUMAN[data['human']]} at {LOCATION[data['location']]}."
        )
    if kind == "power-cards":
        cards = ", ".join(POWER[c].name for c in data["cards"])
        return Text(f"{who} {verb(seat, me, 'brings')} home: {cards}.", style="bold")
    if kind == "claim":
        return Text(f"{who} {verb(seat, me, 'claims')} {POWER[data['card']].name}.")
    if kind == "gift":
        return Text(f"{who} (busted) {verb(seat, me, 'gets')} {POWER[data['card']].name} at random.")
    if kind == "play":
        on = f" on {subject(data['target'], me, labels)}" if "target" in data else ""
        return Text(f"{who} {verb(seat, me, 'plays')} {POWER[data['card']].name}{on}.", style="bold")
    if kind == "pay":
        return Text(f"{who} {verb(seat, me, 'dumpsters')} a {HUMAN[data['human']]}.")
    if kind == "warded":
        return Text(f"The Ward turns away the {data['value']}: {who} {verb(seat, me, 'stays')} in.")
    if kind == "boast":
        return Text(f"{who} now {verb(seat, me, 'has')} +{data['bonus']} on the round.")
    if kind in ("bribe", "raid"):
        return Text(f"The house may place {data['meeples']} meeple(s) and capture {data['claim']} human(s).")
    if kind == "dining":
        return Text(f"The Dining phase. The pantry: {humans_text(data['pantry'])}.", style="bold")
    if kind == "eat":
        eater = sentence(member_name(data["member"], me, labels))
        return Text(f"{eater} {'eat' if data['member'] == me else 'eats'} a {HUMAN[data['human']]}.")
    if kind == "unfed":
        eater = sentence(member_name(data["member"], me, labels))
        finds = "find" if data["member"] == me else "finds"
        return Text(f"{eater} {finds} no {HUMAN[data['diet']]}: hungry next round.", style="red")
    if kind == "scraps":
        return Text(f"{who} {verb(seat, me, 'lives')} on scraps (fed).")
    if kind == "tribute":
        return Text(f"{who} {verb(seat, me, 'takes')} tribute: leadership {data['leadership']}.")
    if kind == "calm":
        return Text(f"The Uprising Meter falls to {data['meter']}.")
    if kind == "discard":
        by = sentence(member_name(data["by"], me, labels))
        return Text(
            f"{by} {'make' if data['by'] == me else 'makes'} {who} discard {POWER[data['card']].name}."
        )
    if kind == "round-end":
        hungry = [member_name("head" if i == len(data["hungry"]) - 1 else i, me, labels)
                  for i, h in enumerate(data["hungry"]) if h]  # fmt: skip
        return Text(f"Round {data['round']} ends." + (f" Hungry: {', '.join(hungry)}." if hungry else ""))
    if kind == "takeover":
        return Text(f"{who} {verb(seat, me, 'overthrows')} the Head of House!", style="bold magenta")
    if kind == "power-reshuffle":
        return Text("The power deck is out: its discard pile is shuffled.", style="italic")
    if kind == "game-over":
        reason = {"takeover": "the Head of House is overthrown", "uprising": "the humans rise",
                  "rounds": "the last round is played"}.get(data["reason"], "")  # fmt: skip
        return Text(f"The game is over: {reason}.", style="bold")
    return summon7_event(kind, data, me, labels)


def render_final(view: View, labels: Sequence[str]) -> RenderableType:
    usurper = view.get("usurper")
    ending = {
        "takeover": f"{name(labels, usurper) if usurper is not None else ''} overthrew the Head of House.",
        "uprising": "The humans rose: the Head of House keeps the house; the ranking is by leadership.",
        "rounds": "The rounds ran out: the Head of House keeps the house; the ranking is by leadership.",
    }.get(view["end"], "")
    extra = {"Character": [character_text(s["character"]).plain for s in view["seats"]]}
    body = Group(verdict(view, labels), Text(ending), ranking_table(view, labels, extra))
    return Panel(body, title="SUMMON 7 · THE CLAN", border_style="magenta", box=box.HEAVY)


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
    notation = Table.grid(padding=(0, 2))
    for text, meaning in (
        ("hit / hold", "Summon 7"),
        ("play=ward, play=hex@2", "play a power card (on seat 2)"),
        ("pay=peasant", "pay a card's cost with a Peasant"),
        ("place=market, capture=market/peasant", "the City phase"),
        ("claim=ward, eat, blame=2, choose=crone", "the draft, dining, choosing a character"),
    ):
        notation.add_row(Text(text, style="bold cyan"), meaning)
    commands = Text(
        "Commands: a number or the action's text · s save · q save and quit · h this help", style=DIM
    )
    return Panel(
        Group(rules, cards, notation, commands), title="Help", title_align="left", border_style="cyan"
    )


__all__ = ["chips", "describe_action", "describe_event", "render_final", "render_help", "render_view"]
