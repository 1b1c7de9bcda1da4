"""Megalomania's actions and events in words, for the terminal's choices and log and the browser's.

Everything here reads a seat's view or the events that seat may see, never the state itself.
``names`` are the seats' names as the front end shows them (``Seat 2`` when absent).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..games.megalomania.cards import COLOURS, RANK_NAMES, VALUES, colour_of, parse_card, rank_of
from ..games.megalomania.data import load_scrolls
from .line import Card, Line, line, spaced
from .seats import Names, seat_name, signed, subject, verb

View = Mapping[str, Any]

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


def card_parts(text: str) -> tuple[str, str, int]:
    """(colour, rank name, printed value) of a card written like ``Ku``."""
    c = parse_card(text)
    return COLOURS[colour_of(c)], RANK_NAMES[rank_of(c)], VALUES[rank_of(c)]


def card_name(text: str) -> str:
    """``the blue Knight (9)``: a card in words."""
    colour, rank, value = card_parts(text)
    return f"the {colour} {rank} ({value})"


def scroll_name(number: int) -> str:
    """``scroll 4 (Redeal the cards)``."""
    scroll = load_scrolls().get(number)
    return f"scroll {number} ({scroll.name})" if scroll else f"scroll {number}"


# -- actions --------------------------------------------------------------------------------------
def _last_play(view: View) -> Mapping[str, Any] | None:
    plays = view["trick"]["plays"]
    return plays[-1] if plays else None


def _who(seat: int, me: int | None, names: Names, word: str) -> str:
    """``you lead`` / ``Seat 2 leads``."""
    return f"you {word}" if seat == me else f"{seat_name(names, seat)} {word}s"


def describe_action(text: str, view: View, names: Names = None) -> str:
    """A legal action of ``view``'s seat in words, e.g. ``Play the blue Knight (9)``."""
    me = view["seat"]
    key, _, arg = text.partition("=")
    last = _last_play(view)
    phase = view["phase"]
    on = f" on {seat_name(names, last['seat'])}'s card" if phase == "assist" and last else ""
    if key == "take":
        return f"Take {RESOURCE_WORDS.get(arg, arg)}"
    if key == "lead":
        return f"Use the Farmer's power{on}: {_who(int(arg), me, names, 'lead')} the next turn"
    if key == "colour":
        rank = card_parts(last["card"])[1] if last else "Oracle"
        any_power = (view.get("scroll_effect") or {}).get("scroll") == 20 and rank != "Oracle"
        thing = f"your {rank}" if any_power else "it"
        return f"Use the Oracle's power{on}: {thing} becomes {COLOUR_WORDS.get(arg, arg)}"
    if key == "return":
        return f"Put {card_name(arg)} back into the previous trick"
    if text == "power":
        rank = card_parts(last["card"])[1] if last else "card"
        return f"Use the {rank}'s power{on}: {POWERS.get(rank, 'its power')}"
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
    words = _scroll_action(key, arg, text, view, names)
    if words is not None:
        return words
    if text.endswith("!"):
        card = text[:-1]
        if card_parts(card)[1] == "Assassin":
            return f"Play {card_name(card)} by its power, on any colour (1 crystal)"
        return f"Play {card_name(card)} by the Assassin's power (scroll 20), on any colour (1 crystal)"
    return f"Play {card_name(text)}"


# the scrolls' and special deals' actions whose words need only their argument: "{scroll}" (a
# scroll's name), "{colour}", "{card}" and "{seat}" (a player's name) are read from it (_Argument)
_ARGUMENT_ACTIONS = {
    "scroll": "Use {scroll}",
    "echo": "Scroll 7: use again the effect of {scroll}",
    "keep": "Keep {scroll}",
    "dominant": "Scroll 1: make {colour} the dominant colour this round",
    "call": "Scroll 2: call {colour}; each other player gives you a {colour} card (any card without one)",
    "swap": "Scroll 13: swap hands with {seat}",
    "lay": "Lay {card} next in your sequence",
    "pile": "Put {card} in your first pile",
    "declare": "Scroll 16: {colour} decides this trick instead of the colour led",
}
_PLAIN_ACTIONS = {"steal": "Scroll 10: steal this trick", "last": "Scroll 14: play last in this turn"}


class _Argument(dict[str, str]):
    """An action's argument in the words a template asks for, each worked out when asked."""

    def __init__(self, arg: str, names: Names) -> None:
        super().__init__()
        self.arg, self.names = arg, names

    def __missing__(self, key: str) -> str:
        if key == "scroll":
            return scroll_name(int(self.arg))
        if key == "colour":
            return COLOUR_WORDS.get(self.arg, self.arg)
        if key == "seat":
            return seat_name(self.names, int(self.arg))
        return card_name(self.arg)


def _scroll_action(key: str, arg: str, text: str, view: View, names: Names) -> str | None:
    """The actions of scrolls and special deals in words; None for the others."""
    template = _ARGUMENT_ACTIONS.get(key)
    if template is not None:
        return template.format_map(_Argument(arg, names))
    if key == "leader":
        return f"Scroll 19: {_who(int(arg), view['seat'], names, 'lead')} every turn this round"
    if key == "give":
        if view["phase"] == "hand-over":
            return f"Hand {card_name(arg)} to the player on your right"
        if view["asking"] == "give-back":
            giver = view["queue"][0] if view["queue"] else None
            return f"Give {card_name(arg)} back to {seat_name(names, giver) if giver is not None else 'them'}"
        caller = next((r["seat"] for r in reversed(view["round_scrolls"])), None)
        to = seat_name(names, caller) if caller is not None else "the caller"
        return f"Hand {card_name(arg)} to {to} (scroll 2)"
    if key == "decide":
        return "Scroll 16: take this trick" if arg == "take" else "Scroll 16: do not take this trick"
    return _PLAIN_ACTIONS.get(text)


# -- events ---------------------------------------------------------------------------------------
def _short(cards: Sequence[str]) -> list[Card | str]:
    return spaced(Card(c, "short") for c in cards)  # type: ignore[return-value]


def describe_event(kind: str, data: Mapping[str, Any], me: int | None, names: Names = None) -> Line | None:
    """One line of the log for an event ``me`` may see (None: a spectator or the replay of all
    seats); None for events not worth a line."""
    seat = data.get("seat", -1)
    who = subject(seat, me, names)

    def does(word: str) -> str:
        return f"{who} {verb(seat, me, word)}"

    if kind == "round":
        dealer = subject(data["dealer"], me, names)
        return line(
            f"Round {data['round']} begins: dominant {data['dominant']}, mission {data['mission']}, "
            f"{dealer} {verb(data['dealer'], me, 'deals')}.",
            tone="strong",
        )
    if kind == "hand":
        if "set_aside" in data:
            return line(f"{does('keeps')} ", _short(data["cards"]), "; the other pile leaves the round.")
        owner = "Your" if seat == me or seat == -1 else f"{who}'s"
        return line(f"{owner} hand: ", _short(data["cards"]))
    if kind == "resources":
        return line(f"{does('takes')} {RESOURCE_WORDS.get(data['choice'], data['choice'])}.")
    if kind == "scroll-drawn":
        return line(f"{does('draws')} {scroll_name(data['scroll'])}.")
    if kind == "play":
        return line(
            f"{does('plays')} ",
            Card(data["card"], "named"),
            " by its power, off the rule" * bool(data.get("power")),
        )
    if kind == "power":
        rank = data.get("power") or card_parts(data["card"])[1]
        rank = RANK_BY_LETTER.get(rank, rank)
        on = f" on {subject(data['owner'], me, names)}'s card" if "owner" in data else ""
        if "lead" in data:
            detail = f"{subject(data['lead'], me, names)} will lead the next turn"
        elif "colour" in data:
            detail = f"the card becomes {data['colour']}"
        else:
            detail = POWERS.get(rank, "")
        return line(f"{does('uses')} the {rank}'s power{on}: {detail}.")
    if kind == "cube":
        return line(f"{does('adds')} a cube ({signed(data['delta'])}): value now {data['value']}.")
    if kind == "explore":
        owner = "Your" if seat == me else f"{who}'s"
        return line(f"{owner} Explorer finds ", Card(data["card"], "named"), " in the previous trick.")
    if kind == "explore-return":
        return line(f"{does('puts')} ", Card(data["card"], "named"), " back into the previous trick.")
    if kind == "trick":
        return _trick_line(data, me, names)
    if kind == "scored":
        points = ", ".join(f"{subject(s, me, names)} {signed(p)}" for s, p in enumerate(data["points"]))
        text = f"Round {data['round']} scored (mission {data['mission']}): {points}"
        if any(data.get("bonus", [])):
            bonus = ", ".join(
                f"{subject(s, me, names)} {signed(b)}" for s, b in enumerate(data["bonus"]) if b
            )
            text += f"; scrolls: {bonus}"
        return line(text + ".", tone="strong")
    if kind == "game-over":
        return line("The game is over.", tone="strong")
    return _scroll_event(kind, data, me, names, does)


def _scroll_event(
    kind: str, data: Mapping[str, Any], me: int | None, names: Names, does: Callable[[str], str]
) -> Line | None:
    """The events of scrolls and special deals in words."""

    def name(seat: int) -> str:
        return subject(seat, me, names)

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
        "ready": lambda: f"{does('completes')} the {data['choice']} choice.",
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
        return line(simple[kind]())
    if kind == "scroll":
        return line(f"{does('uses')} {scroll_name(data['scroll'])}.", tone="strong")
    if kind == "scrolls-seen":
        return line(f"{does('draws')} scrolls {', '.join(map(str, data['scrolls']))}.")
    if kind == "exchange":
        return (
            None
            if me in (data["seat"], data["to"])
            else line(f"{name(data['seat'])} hands a card to {name(data['to'])}.")
        )
    if kind == "give" and "to" in data:
        return line(f"{does('hands')} ", _short([data["card"]]), f" to {name(data['to'])}.")
    if kind in ("give", "lay", "pile"):
        start, end = {
            "give": (does("chooses") + " to hand over ", "."),
            "lay": (does("lays") + " ", " next in the sequence."),
            "pile": (does("puts") + " ", " in the first pile."),
        }[kind]
        return line(start, _short([data["card"]]), end)
    if kind == "handed":
        return line(f"{does('hands')} ", _short(data["cards"]), f" to {name(data['to'])}.")
    if kind == "drawn":
        return line(f"{does('takes')} ", _short([data["card"]]), " into the hand.")
    if kind == "turned":
        return line("Turned ", _short([data["card"]]), f": {data['dominant']} is dominant this turn.")
    if kind == "table":
        cards = [c for row in data["table"] for c in row]
        return line("Face up on the table: ", _short(cards), ".") if cards else None
    return None


def _trick_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    winner = data["winner"]
    parts: list[Any] = [
        f"{subject(winner, me, names)} {verb(winner, me, 'takes')} the trick ",
        _short(data["cards"]),
    ]
    leader = data.get("next_leader", winner)
    if "owner" in data:
        parts.append(f"; it counts for {subject(data['owner'], me, names)}")
    if leader != winner:
        parts.append(f"; {subject(leader, me, names)} {verb(leader, me, 'leads')} next")
    return line(*parts, ".", tone="strong")
