"""Reading the person's choice: a number, an action's text, or a command."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidActionText
from ..games.megalomania.actions import Kind, parse_action
from .style import card_name

COMMANDS = {
    "s": "save",
    "save": "save",
    "q": "quit",
    "quit": "quit",
    "h": "help",
    "help": "help",
    "?": "help",
}


@dataclass(frozen=True)
class Choice:
    action: str  # canonical text of a legal action


@dataclass(frozen=True)
class Command:
    name: str  # "save", "quit" or "help"


@dataclass(frozen=True)
class Invalid:
    message: str


def not_possible(text: str, view: Mapping[str, Any]) -> str:
    return f"{text!r} is not possible now."


def interpret(
    raw: str, view: Mapping[str, Any], why_not: Callable[[str, Mapping[str, Any]], str] = not_possible
) -> Choice | Command | Invalid | None:
    """What ``raw`` asks for, given the seat's view: a number, an action's text (any case) or a
    command; None for an empty line.  ``why_not`` explains a text that is none of them."""
    text = raw.strip()
    legal: list[str] = view["legal"]
    if not text:
        return None
    if text.lower() in COMMANDS:
        return Command(COMMANDS[text.lower()])
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return Choice(legal[number - 1])
        return Invalid(f"There is no choice {number}: type a number from 1 to {len(legal)}.")
    if text in legal:
        return Choice(text)
    folded = [a for a in legal if a.lower() == text.lower()]
    if len(folded) == 1:
        return Choice(folded[0])
    return Invalid(why_not(text, view) + f" Type a number from 1 to {len(legal)}, or h for help.")


def why_not_megalomania(text: str, view: Mapping[str, Any]) -> str:
    try:
        action = parse_action(text)
    except InvalidActionText:
        return f"{text!r} is not an action or a command."
    me = view["seat"]
    hand = view["seats"][me].get("hand", [])
    if action.kind in (Kind.PLAY, Kind.PLAY_POWER):
        card = str(action).rstrip("!")
        if view["phase"] != "play":
            return "You cannot play a card now."
        if card not in hand:
            return f"You do not hold {card_name(card)}."
        if action.kind == Kind.PLAY_POWER:
            return "Only an Assassin can be played by its power ('!'), and only off the rule, with a crystal."
        if view["trick"]["wizard"]:
            return "A Wizard's power is in force: you must play your lowest card of the colour."
        lead, dominant = view["trick"]["lead"], view["dominant"]
        name = card_name(card)
        return f"{name[0].upper()}{name[1:]} breaks the rule: play {lead} if you can, else {dominant}."
    return not_possible(text, view)
