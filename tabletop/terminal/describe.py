"""Actions and events in words, for the list of choices and the log.

Everything here reads a seat's view or the events that seat may see, never
the state itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from .style import card_name, card_parts, chips, seat_name, signed

POWERS = {
    "Farmer": "choose who leads the next turn",
    "Assassin": "play on any colour",
    "Explorer": "take a random card from the previous trick, then put one back",
    "Dwarf": "the lowest card takes the trick",
    "Wizard": "the players after you must play their lowest card",
    "Knight": "dominant cards played after it lose their advantage",
    "Oracle": "change the Oracle's colour (not into the dominant one)",
    "Emperor": "nobody may use powers or cubes for the rest of this turn",
}
RESOURCE_WORDS = {
    "crystals": "2 power crystals",
    "cubes": "10 cubes",
    "mixed": "1 power crystal and 5 cubes",
    "scroll": "a scroll",
}


def _last_play(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    plays = view["trick"]["plays"]
    return plays[-1] if plays else None


def describe_action(text: str, view: Mapping[str, Any]) -> str:
    """A legal action of ``view``'s seat in words, e.g. ``Play the blue Knight (9)``."""
    me = view["seat"]
    key, _, arg = text.partition("=")
    last = _last_play(view)
    if key == "take":
        return f"Take {RESOURCE_WORDS.get(arg, arg)}"
    if key == "lead":
        who = "you lead" if int(arg) == me else f"Seat {arg} leads"
        return f"Use the Farmer's power: {who} the next turn"
    if key == "colour":
        colour = {"b": "black", "r": "red", "y": "yellow", "u": "blue"}.get(arg, arg)
        return f"Use the Oracle's power: it becomes {colour}"
    if key == "return":
        return f"Put {card_name(arg)} back into the previous trick"
    if text == "power":
        rank = card_parts(last["card"])[1] if last else "card"
        return f"Use the {rank}'s power: {POWERS.get(rank, 'its power')}"
    if text in ("cube+", "cube-"):
        delta = 1 if text == "cube+" else -1
        value = f", value {last['value'] + delta}" if last else ""
        return f"Add a cube ({signed(delta)}{value})"
    if text == "done":
        return "Done: no more powers or cubes on this card"
    if text.endswith("!"):
        return f"Play {card_name(text[:-1])} by its power, on any colour (1 crystal)"
    return f"Play {card_name(text)}"


def _subject(seat: int, me: int | None, labels: Sequence[str] | None) -> str:
    return "You" if seat == me else seat_name(labels, seat)


def _verb(seat: int, me: int | None, verb: str) -> str:
    """``plays`` for a seat, ``play`` for you (only regular verbs are used)."""
    return verb[:-1] if seat == me and verb.endswith("s") else verb


def describe_event(
    kind: str, data: Mapping[str, Any], me: int | None, labels: Sequence[str] | None = None
) -> Text | None:
    """One line of the log for an event ``me`` may see; None for events not worth a line."""
    seat = data.get("seat", -1)
    who = _subject(seat, me, labels)

    def does(verb: str) -> str:
        return f"{who} {_verb(seat, me, verb)}"

    if kind == "round":
        dealer = _subject(data["dealer"], me, labels)
        return Text(
            f"Round {data['round']} begins: dominant {data['dominant']}, mission {data['mission']}, "
            f"{dealer} {'deal' if data['dealer'] == me else 'deals'}.",
            style="bold",
        )
    if kind == "hand":
        return Text(f"You are dealt {len(data['cards'])} cards.")
    if kind == "resources":
        return Text(f"{does('takes')} {RESOURCE_WORDS.get(data['choice'], data['choice'])}.")
    if kind == "scroll-drawn":
        return Text(f"{does('draws')} scroll {data['scroll']}.")
    if kind == "play":
        line = Text(f"{does('plays')} ")
        line.append_text(chips([data["card"]], named=True))
        if data.get("power"):
            line.append(" by its power, off the rule")
        return line
    if kind == "power":
        rank = card_parts(data["card"])[1]
        if "lead" in data:
            chosen = _subject(data["lead"], me, labels)
            detail = f"{chosen} will lead the next turn"
        elif "colour" in data:
            detail = f"the Oracle becomes {data['colour']}"
        else:
            detail = POWERS.get(rank, "")
        return Text(f"{does('uses')} the {rank}'s power: {detail}.")
    if kind == "cube":
        return Text(f"{does('adds')} a cube ({signed(data['delta'])}): value now {data['value']}.")
    if kind == "explore":
        owner = "Your" if seat == me else f"{who}'s"
        line = Text(f"{owner} Explorer finds ")
        line.append_text(chips([data["card"]], named=True))
        return line.append(" in the previous trick.")
    if kind == "explore-return":
        line = Text(f"{does('puts')} ")
        line.append_text(chips([data["card"]], named=True))
        return line.append(" back into the previous trick.")
    if kind == "trick":
        return _trick_line(data, me, labels)
    if kind == "scored":
        parts = ", ".join(f"{_subject(s, me, labels)} {signed(p)}" for s, p in enumerate(data["points"]))
        return Text(f"Round {data['round']} scored (mission {data['mission']}): {parts}.", style="bold")
    if kind == "game-over":
        return Text("The game is over.", style="bold")
    return None


def _trick_line(data: Mapping[str, Any], me: int | None, labels: Sequence[str] | None) -> Text:
    winner = data["winner"]
    line = Text(f"{_subject(winner, me, labels)} {_verb(winner, me, 'takes')} the trick ")
    line.stylize("bold")
    line.append_text(chips(data["cards"], short=True))
    leader = data.get("next_leader", winner)
    if leader != winner:
        line.append(f"; {_subject(leader, me, labels)} {_verb(leader, me, 'leads')} next (Farmer)")
    return line.append(".")
