"""MegaCorps' choices in menus, and the reading of the person's answers.

A turn offers dozens of actions (a company to buy, an industry to pay out, a country to attack...),
so the main list groups them by verb: ``3. buy …`` opens the list of companies for sale, where
``12`` (or ``aer.jpn``, or ``buy aer.jpn`` anywhere) buys one.  A bid, a price, a bank count or a
war sale's price is a number prompt: the number typed is the amount.  ``b`` goes back to the main
list.  Whatever is typed, an action's full text is always understood.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.columns import Columns
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ...games.megacorps.actions import parse
from ...words.megacorps import (
    COUNTRIES,
    DATA,
    EVENTS,
    INDUSTRIES,
    country_name,
    describe_action,
    event_name,
    industry_name,
    joined,
    owner_words,
    split_company,
)
from ...words.seats import seat_name as name
from ..prompt import COMMANDS, Choice, Command, Invalid
from ..screens import Open

View = Mapping[str, Any]
GROUPING_PHASES = ("turn", "compose", "donate", "rebuy")
GROUPED = ("play", "offer", "buy", "payout", "intervene", "war", "give", "ask", "sell a", "sell d")
NUMBER_PROMPTS = ("bid", "bank", "price", "sell a", "sell d")
BACK = ("b", "back")
MANY = 14  # from this many choices on, a list is laid out in columns of short names
HINT = (
    "A number, an action's text (buy aer.jpn) or a group's word (buy) · b back · s save · q stop · "
    "leave · h help"
)
COMMANDS_HINT = "s save · q stop · leave · h help"


def key_of(action: str) -> str:
    """An action's group: its verb, or ``sell a`` / ``sell d``."""
    words = action.split()
    return " ".join(words[:2]) if words[0] == "sell" else words[0]


@dataclass(frozen=True)
class Item:
    key: str  # an action's text, or the name of the menu it opens
    opens: bool


@dataclass(frozen=True)
class Menu:
    name: str  # "" for the main one
    items: tuple[Item, ...]  # chosen by number
    number: str = ""  # a number prompt's verb (``bid``): the number typed is the amount
    typed: tuple[str, ...] = ()  # actions beside a number prompt, typed by their text (``refuse``)


def menu_of(view: View, menu: str = "") -> Menu:
    legal: list[str] = list(view.get("legal") or [])
    if menu:
        inside = [a for a in legal if key_of(a) == menu]
        if inside and menu in NUMBER_PROMPTS:
            return Menu(menu, (), menu)
        if inside:
            return Menu(menu, tuple(Item(a, False) for a in inside))
    phase = view["phase"]
    if phase in ("bid", "bank", "price"):
        return Menu("", (), phase, tuple(a for a in legal if key_of(a) != phase))
    keys = [key_of(a) for a in legal]
    if phase not in GROUPING_PHASES:
        return Menu("", tuple(Item(a, False) for a in legal))
    items: list[Item] = []
    for action, key in zip(legal, keys, strict=True):
        if key in GROUPED and (keys.count(key) > 1 or key in NUMBER_PROMPTS):
            if Item(key, True) not in items:
                items.append(Item(key, True))
        else:
            items.append(Item(action, False))
    return Menu("", tuple(items))


def amounts(legal: Sequence[str], verb: str) -> list[int]:
    return [int(a.split()[-1]) for a in legal if key_of(a) == verb and a.split()[-1].isdigit()]


# -- reading answers ----------------------------------------------------------------------------
def interpret(raw: str, view: View, menu: str = "") -> Choice | Command | Invalid | Open | None:
    """A number (an item of the open menu, or an amount at a number prompt), an action's text, a
    group's word (opens its menu), an action's code alone when it names one (``aer.jpn``), ``b`` to
    go back, ``leave``, or a command; None for an empty line."""
    text = " ".join(raw.split())
    low = text.lower()
    if not text:
        return None
    if low in BACK:
        return Open("") if menu else Invalid("This is the main list already: type a number or h for help.")
    if low == "leave":
        return Command("leave")
    if low in COMMANDS:
        return Command(COMMANDS[low])
    legal: list[str] = list(view.get("legal") or [])
    if not legal:
        return Invalid("You have nothing to decide now.")
    exact = [a for a in legal if a.lower() == low]
    if exact:
        return Choice(exact[0])
    current = menu_of(view, menu)
    if low.isdigit():
        number = int(low)
        if current.number:
            found = f"{current.number} {number}"
            if found in legal:
                return Choice(found)
            allowed = amounts(legal, current.number)
            also = f", or type {joined(current.typed)}" if current.typed else ""
            return Invalid(
                f"{number} is not possible: type a number from {min(allowed)} to {max(allowed)}{also}."
            )
        if 1 <= number <= len(current.items):
            item = current.items[number - 1]
            return Open(item.key) if item.opens else Choice(item.key)
        return Invalid(f"There is no choice {number}: type a number from 1 to {len(current.items)}.")
    groups = {item.key for item in menu_of(view).items if item.opens}
    if low in groups or (low in NUMBER_PROMPTS and any(key_of(a) == low for a in legal)):
        return Open(low)
    scope = [a for a in legal if not current.name or key_of(a) == current.name]
    named = [a for a in scope if " " in a and a.split(" ", 1)[1].lower() == low]
    if len(named) == 1:
        return Choice(named[0])
    return Invalid(f"{why_not(text, view)} {HINT}.")


def why_not(text: str, view: View) -> str:
    """Why a typed action is not possible now, from the view."""
    action = parse(text.lower())
    if action is None:
        return f"{text!r} is not an action or a command."
    me = view["seat"]
    kind, arg = action.kind, action.arg
    verbs = {key_of(a).split()[0] for a in view.get("legal") or []}
    if kind not in verbs:
        return f"You cannot {kind} now."
    if kind == "buy":
        if arg not in view["companies"]:
            return f"There is no company {arg!r} (a company is industry.country, as aer.jpn)."
        owner = int(view["companies"][arg])
        if owner != -1:
            return f"That company is {owner_words(owner, me, None)}: only an unowned company can be bought."
        return "You may not buy that one now (vetoed on this turn)."
    if kind == "payout":
        if view["paid"] == me:
            return "You hold the Paid card: no payout Action for you until someone else takes it."
        return "An industry already paid out by an Action this round." if view.get("payout_done") else ""
    if kind == "war":
        if arg in COUNTRIES and COUNTRIES[arg].neutral:
            return f"{country_name(arg)} is independent: it can never be attacked."
        return "You cannot attack that country (your own, or not a country)."
    if kind == "intervene":
        return "You may intervene only against another player's company in a country you control."
    return f"{text!r} is not possible now."


# -- drawing the choices -------------------------------------------------------------------------
# a menu group's heading ({count}: the choices in it), where it needs no more than that
GROUPS = {
    "buy": "Buy a company for {price} ({count} for sale)",
    "payout": "Pay out an industry (you then hold the Paid card)",
    "intervene": "Government intervention ({count} companies of others in your countries)",
    "war": "Launch a war ({count} countries)",
    "give": "Add something you give ({count} choices)",
}


def group_words(key: str, view: View, labels: Sequence[str]) -> str:
    legal = [a for a in view.get("legal") or [] if key_of(a) == key]
    count = len(legal)
    decision: Mapping[str, Any] = view.get("decision") or {}
    if key == "play":
        return f"Play an event card: {joined([event_name(a.split()[1]) for a in legal])} (not an Action)"
    if key == "offer":
        return f"Make a trade offer ({view.get('offers_left', 0)} left this turn; not an Action)"
    if key == "ask":
        return f"Add something you ask {name(labels, int(decision.get('to', -1)))} for ({count} choices)"
    if key in ("sell a", "sell d"):
        seat = int(decision.get("attacker" if key == "sell a" else "defender", -1))
        side = "the attacker" if key == "sell a" else "the defender"
        return f"Sell a mercenary to {name(labels, seat)} ({side}) at a price you name"
    return GROUPS.get(key, "{count} choices").format(count=count, price=DATA.economy.company_price)


def short(action: str) -> str:
    """An action's object in a few words (``Japan Aerospace``)."""
    arg = action.split(" ", 1)[1] if " " in action else ""
    if "." in arg:
        industry, country = split_company(arg)
        return f"{country_name(country)} {industry_name(industry)}"
    if arg in COUNTRIES:
        return country_name(arg)
    if arg in INDUSTRIES:
        return industry_name(arg)
    if arg in EVENTS:
        return event_name(arg)
    return ""


def number_prompt(current: Menu, view: View, labels: Sequence[str]) -> Text:
    legal = list(view.get("legal") or [])
    allowed = amounts(legal, current.number)
    low, high = min(allowed), max(allowed)
    decision: Mapping[str, Any] = view.get("decision") or {}
    me = view["seat"]
    verb = current.number
    money = view["money"]
    if verb == "bid":
        country = country_name(str(decision.get("country", "")))
        said = f"Your secret bid for {country}: type a number from {low} to {high}"
        said += f" (you have {money[me]}; 0 bids nothing)"
    elif verb == "bank":
        price = DATA.economy.bank_mercenary_price
        said = f"How many mercenaries from the bank ({price} each)? Type a number from {low} to {high}"
        said += f" (you have {money[me]})"
    else:
        seat = int(
            decision.get("buyer" if verb == "price" else "attacker" if verb == "sell a" else "defender", -1)
        )
        gift = " (a gift)" if low == 0 else ""
        said = (
            f"Your price for one mercenary to {name(labels, seat)}: type a number from {low}{gift} to {high}"
        )
        said += f" ({name(labels, seat)} has {money[seat]})"
    return Text(f"{said}.", style="bold green")


def render_menu(view: View, labels: Sequence[str], menu: str = "") -> list[RenderableType]:
    legal = list(view.get("legal") or [])
    me = view["seat"]
    if not legal:
        waiting = joined(["you" if s == me else name(labels, s) for s in view["to_act"]])
        return [Text(f"Waiting for {waiting}." if view["to_act"] else "", style="grey50")]
    current = menu_of(view, menu)
    out: list[RenderableType] = []
    if current.number:
        out.append(number_prompt(current, view, labels))
        for text in current.typed:
            out.append(Text.assemble("    ", (text, "bold cyan"), f"  {describe_action(text, view, labels)}"))
    else:
        title = group_words(current.name, view, labels) if current.name else "Your choice"
        out.append(
            Text(f"{title}:" if not current.name else f"{title}: pick one (b: back)", style="bold green")
        )
        out.append(item_list(current, view, labels))
    out.append(Text(hint(current), style="grey50"))
    return out


def hint(current: Menu) -> str:
    back = "b back · " if current.name else ""
    if current.number:
        typed = f" or {joined(current.typed)}" if current.typed else ""
        return f"The number{typed} · {back}{COMMANDS_HINT}"
    if any(item.opens for item in current.items):
        return HINT
    return f"A number or an action's text · {back}{COMMANDS_HINT}"


def item_list(current: Menu, view: View, labels: Sequence[str]) -> RenderableType:
    if len(current.items) >= MANY:
        cells = []
        for number, item in enumerate(current.items, start=1):
            cell = Text(f"{number:>2}. ", style="bold")
            cell.append(item.key + (" …" if item.opens else ""), style="bold cyan")
            cell.append(f" {short(item.key)}", style="grey50")
            cells.append(cell)
        return Columns(cells, padding=(0, 2))
    grid = Table.grid(padding=(0, 1))
    for number, item in enumerate(current.items, start=1):
        words = group_words(item.key, view, labels) if item.opens else describe_action(item.key, view, labels)
        grid.add_row(
            Text(f"{number:>2}.", style="bold"),
            Text(item.key + (" …" if item.opens else ""), style="bold cyan"),
            words,
        )
    return grid
