"""The clan game's actions and events in words; Summon 7's own are in summon7.py.

Everything in the clan game is open (docs/rulings.md, C3), but this still reads only a seat's view
and the events it may see.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..games.summon7.clan.actions import DATA
from . import summon7
from .line import Line, Tone, line
from .seats import Names, actor, said, seat_name, subject, verb
from .summon7 import View, bust_chance, percent, round_line

POWER = {p.id: p for p in DATA.powers}
HUMAN = {h.id: h.name for h in DATA.humans}
CHARACTER = {c.id: c for c in DATA.characters}
LOCATION = {loc.id: loc.name for loc in DATA.locations}
REASONS = {
    "takeover": "the Head of House is overthrown",
    "uprising": "the humans rise",
    "rounds": "the last round is played",
}


def content() -> dict[str, Any]:
    """The printed texts a table shows (all provisional, from data/clan.toml): power cards,
    characters, humans and city locations, by id."""
    return {
        "powers": {
            p.id: {"name": p.name, "phase": p.phase, "cost": p.cost, "text": p.text} for p in DATA.powers
        },
        "characters": {
            c.id: {"name": c.name, "diet": DATA.humans[c.diet].id, "text": c.text} for c in DATA.characters
        },
        "humans": {h.id: {"name": h.name, "plural": plural(h.id)} for h in DATA.humans},
        "locations": {loc.id: {"name": loc.name} for loc in DATA.locations},
    }


def plural(human: str, count: int = 2) -> str:
    return HUMAN.get(human, human) + ("s" if count != 1 else "")


def humans_text(humans: Mapping[str, int]) -> str:
    shown = [f"{count} {plural(h, count)}" for h, count in humans.items() if count]
    return ", ".join(shown) or "nobody"


def member_name(member: Any, me: int | None, names: Names) -> str:
    return "the Head of House" if member == "head" else subject(int(member), me, names)


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe_action(text: str, view: View, names: Names = None) -> str:
    me = view["seat"]
    mine = view["seats"][me]
    key, _, arg = text.partition("=")
    if text == "hit":
        hungry = " two cards, you keep the worse:" if mine["hungry"] else ""
        return f"Hit:{hungry} bust chance {percent(bust_chance(view, me, mine['hungry']))}"
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
        on = f" on {seat_name(names, int(target))}" if target else ""
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
        blamed = int(arg)
        cards = len(view["seats"][blamed]["hand"])
        return f"{subject(blamed, me, names)} {verb(blamed, me, 'discards')} a random power card (of {cards})"
    return text


# the events worded from their data alone (seats.said), with their tone
SAID: dict[str, tuple[str, Tone]] = {
    "threshold": ("The Uprising Meter reaches {meter}: {name}!", "alarm"),
    "claim": ("{does:claims} {card}.", ""),
    "gift": ("{who} (busted) {verb:gets} {card} at random.", ""),
    "pay": ("{does:dumpsters} a {human}.", ""),
    "warded": ("The Ward turns away the {value}: {does:stays} in.", ""),
    "boast": ("{who} now {verb:has} +{bonus} on the round.", ""),
    "scraps": ("{does:lives} on scraps (fed).", ""),
    "tribute": ("{does:takes} tribute: leadership {leadership}.", ""),
    "calm": ("The Uprising Meter falls to {meter}.", ""),
    "takeover": ("{does:overthrows} the Head of House!", "special"),
    "power-reshuffle": ("The power deck is out: its discard pile is shuffled.", "quiet"),
}
NAMED: dict[str, Callable[[Any], str]] = {
    "card": lambda card: POWER[card].name,
    "human": lambda human: HUMAN[human],
}


def describe_event(kind: str, data: Mapping[str, Any], me: int | None, names: Names = None) -> Line | None:
    seat, who = actor(data, me, names)

    def does(word: str) -> str:
        return f"{who} {verb(seat, me, word)}"

    def member(key: str) -> str:
        return sentence(member_name(data[key], me, names))

    def ends(key: str, word: str) -> str:
        return word[:-1] if data[key] == me else word

    if kind in SAID:
        template, tone = SAID[kind]
        return line(said(template, data, me, names, NAMED), tone=tone)
    if kind == "choose-start":
        return line("Each player chooses a character card.", tone="strong")
    if kind == "choose":
        return line(f"{does('chooses')} {CHARACTER[data['character']].name}.")
    if kind == "head":
        c = CHARACTER[data["character"]]
        return line(f"{c.name} is the Head of House, with {data['leadership']} leadership.", tone="strong")
    if kind == "stage":
        if data["stage"] == "pre-game":
            return line(
                f"The pre-game: Summon 7 until a player reaches {data['target']} leadership.", tone="strong"
            )
        return line(f"The main game begins. The pantry: {humans_text(data['pantry'])}.", tone="strong")
    if kind == "home-end":
        main = data.get("stage") == "main"
        extra = f"  House score {data['house_score']}, Uprising Meter {data['meter']}." if main else ""
        return round_line(data, me, names, extra)
    if kind == "city":
        order = ", ".join(f"{n} ({s})" for n, s in zip(data["order"], data["scores"], strict=True))
        return line(f"The City phase, in order of House score: {order}.")
    if kind == "place":
        bumped = f", bumping {data['bumped']} out" if "bumped" in data else ""
        return line(f"{sentence(data['clan'])} places a meeple at {LOCATION[data['location']]}{bumped}.")
    if kind == "capture":
        where = LOCATION[data["location"]]
        return line(f"{sentence(data['clan'])} captures a {HUMAN[data['human']]} at {where}.")
    if kind == "power-cards":
        cards = ", ".join(POWER[c].name for c in data["cards"])
        return line(f"{does('brings')} home: {cards}.", tone="strong")
    if kind == "play":
        on = f" on {subject(data['target'], me, names)}" if "target" in data else ""
        return line(f"{does('plays')} {POWER[data['card']].name}{on}.", tone="strong")
    if kind in ("bribe", "raid"):
        return line(f"The house may place {data['meeples']} meeple(s) and capture {data['claim']} human(s).")
    if kind == "dining":
        return line(f"The Dining phase. The pantry: {humans_text(data['pantry'])}.", tone="strong")
    if kind == "eat":
        return line(f"{member('member')} {ends('member', 'eats')} a {HUMAN[data['human']]}.")
    if kind == "unfed":
        finds = ends("member", "finds")
        return line(f"{member('member')} {finds} no {HUMAN[data['diet']]}: hungry next round.", tone="bad")
    if kind == "discard":
        return line(f"{member('by')} {ends('by', 'makes')} {who} discard {POWER[data['card']].name}.")
    if kind == "round-end":
        last = len(data["hungry"]) - 1
        hungry = [
            member_name("head" if i == last else i, me, names) for i, h in enumerate(data["hungry"]) if h
        ]
        return line(f"Round {data['round']} ends." + (f" Hungry: {', '.join(hungry)}." if hungry else ""))
    if kind == "game-over":
        return line(f"The game is over: {REASONS.get(data['reason'], data['reason'])}.", tone="strong")
    return summon7.describe_event(kind, data, me, names)
