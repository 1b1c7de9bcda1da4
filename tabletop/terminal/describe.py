"""Actions and events in words, for the list of choices and the log.

Everything here reads a seat's view or the events that seat may see, never
the state itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text

from ..games.megalomania.data import load_scrolls
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


COLOUR_WORDS = {"b": "black", "r": "red", "y": "yellow", "u": "blue"}
RANK_BY_LETTER = {"F": "Farmer", "A": "Assassin", "X": "Explorer", "D": "Dwarf", "W": "Wizard", "K": "Knight"}
RANK_BY_LETTER |= {"O": "Oracle", "E": "Emperor"}
PASS_WORDS = {
    "scrolls": "Pass: use no scroll this round",
    "assist": "Pass: no crystal on this card",
    "trick-end": "Pass: let the trick go as it stands",
}


def scroll_name(number: int) -> str:
    """``scroll 4 (Redeal the cards)``."""
    scroll = load_scrolls().get(number)
    return f"scroll {number} ({scroll.name})" if scroll else f"scroll {number}"


def _last_play(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    plays = view["trick"]["plays"]
    return plays[-1] if plays else None


def _who(seat: int, me: int | None, verb: str) -> str:
    """``you lead`` / ``Seat 2 leads``."""
    return f"you {verb}" if seat == me else f"Seat {seat} {verb}s"


def _power_words(rank: str, view: Mapping[str, Any], last: Mapping[str, Any] | None) -> str:
    """What a power does, and on whose card when it is not yours (scroll 18)."""
    on = ""
    if view["phase"] == "assist" and last is not None:
        on = f" on Seat {last['seat']}'s card"
    return f"Use the {rank}'s power{on}: {POWERS.get(rank, 'its power')}"


def describe_action(text: str, view: Mapping[str, Any]) -> str:
    """A legal action of ``view``'s seat in words, e.g. ``Play the blue Knight (9)``."""
    me = view["seat"]
    key, _, arg = text.partition("=")
    last = _last_play(view)
    phase = view["phase"]
    if key == "take":
        return f"Take {RESOURCE_WORDS.get(arg, arg)}"
    if key == "lead":
        on = f" on Seat {last['seat']}'s card" if phase == "assist" and last else ""
        return f"Use the Farmer's power{on}: {_who(int(arg), me, 'lead')} the next turn"
    if key == "colour":
        on = f" on Seat {last['seat']}'s card" if phase == "assist" and last else ""
        rank = card_parts(last["card"])[1] if last else "Oracle"
        any_power = (view.get("scroll_effect") or {}).get("scroll") == 20 and rank != "Oracle"
        thing = f"your {rank}" if any_power else "it"
        return f"Use the Oracle's power{on}: {thing} becomes {COLOUR_WORDS.get(arg, arg)}"
    if key == "return":
        return f"Put {card_name(arg)} back into the previous trick"
    if text == "power":
        rank = card_parts(last["card"])[1] if last else "card"
        return _power_words(rank, view, last)
    if key == "power":
        rank = RANK_BY_LETTER.get(arg, arg)
        return f"Use the {rank}'s power on your card (scroll 20): {POWERS.get(rank, '')}"
    if text in ("cube+", "cube-"):
        delta = 1 if text == "cube+" else -1
        value = f", value {last['value'] + delta}" if last else ""
        return f"Add a cube ({signed(delta)}{value})"
    if text == "done":
        return "Done: no more powers or cubes on this card"
    if text == "pass":
        return PASS_WORDS.get(phase, "Pass")
    words = _scroll_action(key, arg, text, view)
    if words is not None:
        return words
    if text.endswith("!"):
        card = text[:-1]
        if card_parts(card)[1] == "Assassin":
            return f"Play {card_name(card)} by its power, on any colour (1 crystal)"
        return f"Play {card_name(card)} by the Assassin's power (scroll 20), on any colour (1 crystal)"
    return f"Play {card_name(text)}"


def _scroll_action(key: str, arg: str, text: str, view: Mapping[str, Any]) -> str | None:
    """The actions of scrolls and special deals in words; None for the others."""
    me, phase = view["seat"], view["phase"]
    colour = COLOUR_WORDS.get(arg, arg)
    if key == "scroll":
        return f"Use {scroll_name(int(arg))}"
    if key == "echo":
        return f"Scroll 7: use again the effect of {scroll_name(int(arg))}"
    if key == "keep":
        return f"Keep {scroll_name(int(arg))}"
    if key == "dominant":
        return f"Scroll 1: make {colour} the dominant colour this round"
    if key == "call":
        return f"Scroll 2: call {colour}; each other player gives you a {colour} card (any card without one)"
    if key == "swap":
        return f"Scroll 13: swap hands with Seat {arg}"
    if key == "leader":
        return f"Scroll 19: {_who(int(arg), me, 'lead')} every turn this round"
    if key == "give":
        if phase == "hand-over":
            return f"Hand {card_name(arg)} to the player on your right"
        caller = next((r["seat"] for r in reversed(view["round_scrolls"])), None)
        if view["asking"] == "give-back":
            giver = view["queue"][0] if view["queue"] else None
            return f"Give {card_name(arg)} back to Seat {giver}"
        return f"Hand {card_name(arg)} to Seat {caller} (scroll 2)"
    if key == "lay":
        return f"Lay {card_name(arg)} next in your sequence"
    if key == "pile":
        return f"Put {card_name(arg)} in your first pile"
    if key == "declare":
        return f"Scroll 16: {colour} decides this trick instead of the colour led"
    if key == "decide":
        return "Scroll 16: take this trick" if arg == "take" else "Scroll 16: do not take this trick"
    if text == "steal":
        return "Scroll 10: steal this trick"
    if text == "last":
        return "Scroll 14: play last in this turn"
    return None


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
        if "set_aside" in data:
            line = Text("You keep ").append_text(chips(data["cards"], short=True))
            return line.append("; the other pile leaves the round.")
        return Text("Your hand: ").append_text(chips(data["cards"], short=True))
    if kind == "resources":
        return Text(f"{does('takes')} {RESOURCE_WORDS.get(data['choice'], data['choice'])}.")
    if kind == "scroll-drawn":
        return Text(f"{does('draws')} {scroll_name(data['scroll'])}.")
    if kind == "play":
        line = Text(f"{does('plays')} ")
        line.append_text(chips([data["card"]], named=True))
        if data.get("power"):
            line.append(" by its power, off the rule")
        return line
    if kind == "power":
        rank = data.get("power") or card_parts(data["card"])[1]
        if "owner" in data:
            rank = f"{rank} on {_subject(data['owner'], me, labels)}'s card:"
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
        line = Text(f"Round {data['round']} scored (mission {data['mission']}): {parts}", style="bold")
        if any(data.get("bonus", [])):
            bonus = enumerate(data["bonus"])
            extra = ", ".join(f"{_subject(s, me, labels)} {signed(b)}" for s, b in bonus if b)
            line.append(f"; scrolls: {extra}")
        return line.append(".")
    if kind == "game-over":
        return Text("The game is over.", style="bold")
    return _scroll_event(kind, data, me, labels, does)


def _cards_line(start: str, cards: Sequence[str], end: str) -> Text:
    return Text(start).append_text(chips(list(cards), short=True)).append(end)


def _scroll_event(
    kind: str,
    data: Mapping[str, Any],
    me: int | None,
    labels: Sequence[str] | None,
    does: Callable[[str], str],
) -> Text | None:
    """The events of scrolls and special deals in words."""

    def name(seat: int) -> str:
        return _subject(seat, me, labels)

    simple: dict[str, Callable[[], str]] = {
        "scroll-pass": lambda: f"{does('uses')} no scroll.",
        "scroll-shown": lambda: f"{does('shows')} scroll 5 (kept unused) and draws another.",
        "scroll-points": lambda: f"{does('gains')} {data['points']} points (scroll 17).",
        "scrolls-drawn": lambda: f"{does('draws')} {data['count']} scrolls to keep one.",
        "scroll-kept": lambda: f"{does('keeps')} one scroll; the others are discarded face down.",
        "echo": lambda: f"{does('uses')} again the effect of {scroll_name(data['scroll'])}.",
        "dominant": lambda: f"{does('makes')} {data['dominant']} the dominant colour this round.",
        "call": lambda: f"{does('calls')} {data['colour']}: each other player hands over a card.",
        "redeal": lambda: "The cards are dealt again (scroll 4).",
        "swap": lambda: f"{does('swaps')} hands with {name(data['with'])}.",
        "leader": lambda: f"{name(data['leader'])} will lead every turn this round (scroll 19).",
        "no-resources": lambda: "Nobody selects resources this round (scroll 6).",
        "scroll-gain": lambda: f"{does('receives')} {data['crystals']} crystals, {data['cubes']} cubes too.",
        "ready": lambda: f"{does('completes')} the {data['step']} choice.",
        "pile-picked": lambda: f"{name(data['picker'])} picks one of {name(data['seat'])}'s piles at random.",
        "handed-over": lambda: "Every player hands the chosen cards to the right.",
        "swap-opposite": lambda: "Every player hands the whole hand to the opposite player.",
        "pass-right": lambda: "Every player hands the remaining cards to the right.",
        "draw": lambda: f"{does('takes')} a face-down card into the hand.",
        "last": lambda: f"{does('plays')} last this turn (scroll 14).",
        "declare": lambda: f"{does('declares')} {data['colour']} for this trick (scroll 16).",
        "decide": lambda: f"{does('decides')} the trick: {name(data['winner'])} takes it (scroll 16).",
        "steal": lambda: f"{does('steals')} the trick from {name(data['from'])} (scroll 10).",
    }
    if kind in simple:
        return Text(simple[kind]())
    if kind == "scroll":
        return Text(f"{does('uses')} {scroll_name(data['scroll'])}.", style="bold")
    if kind == "scrolls-seen":
        return Text(f"You draw scrolls {', '.join(map(str, data['scrolls']))}.")
    if kind == "exchange" and me not in (data["seat"], data["to"]):
        return Text(f"{name(data['seat'])} hands a card to {name(data['to'])}.")
    if kind == "give" and "to" in data:
        return _cards_line(f"{does('hands')} ", [data["card"]], f" to {name(data['to'])}.")
    if kind in ("give", "lay", "pile"):
        verb = {"give": "You choose to hand over ", "lay": "You lay ", "pile": "You put in your first pile "}
        return _cards_line(verb[kind], [data["card"]], ".")
    if kind == "handed":
        return _cards_line(f"{does('hands')} ", data["cards"], f" to {name(data['to'])}.")
    if kind == "drawn":
        return _cards_line("You take ", [data["card"]], " into your hand.")
    if kind == "turned":
        return _cards_line("Turned ", [data["card"]], f": {data['dominant']} is dominant this turn.")
    if kind == "table":
        cards = [c for row in data["table"] for c in row]
        return _cards_line("Face up on the table: ", cards, ".") if cards else None
    return None


def _trick_line(data: Mapping[str, Any], me: int | None, labels: Sequence[str] | None) -> Text:
    winner = data["winner"]
    line = Text(f"{_subject(winner, me, labels)} {_verb(winner, me, 'takes')} the trick ")
    line.stylize("bold")
    line.append_text(chips(data["cards"], short=True))
    leader = data.get("next_leader", winner)
    if "owner" in data:
        line.append(f"; it counts for {_subject(data['owner'], me, labels)}")
    if leader != winner:
        line.append(f"; {_subject(leader, me, labels)} {_verb(leader, me, 'leads')} next")
    return line.append(".")
