"""MegaCorps actions: small values with one canonical text (docs/notation.md).

An action is a verb, an optional code (a company ``aer.jpn``, a country ``jpn``, an industry
``aer``, an event ``kleptocrats``, a side ``a``/``d``, or ``merc``) and an optional number (money,
a seat, a count).  Whether it is legal now is the state's business (``legal_actions``); parsing
only checks the shape.

An offer made at any time (R-MC33) is a move of the seat making it, naming the receiver and every
item: ``propose 2 10+merc+aer.jpn/jpn`` (give seat 2 10, a mercenary and Japan's Aerospace company,
ask for Japan; ``-`` for a side with nothing).  Its number is the receiver, its code the items.
The offer's later moves name its number: ``withdraw 4`` (its maker), ``accept 4`` and ``decline 4``
(its receiver), ``expire 4`` (its receiver's clock).  None is ever among the legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# verbs taking nothing
BARE = frozenset(
    (
        "pass",
        "mercs",
        "allow",
        "veto",
        "refuse",
        "pay",
        "decline",
        "done",
        "abstain",
        "send",
        "drop",
        "accept",
        "leave",
    )
)
# verbs taking one code
CODED = frozenset(("take", "buy", "intervene", "payout", "war", "play", "target", "aid"))
# verbs taking one number
NUMBERED = frozenset(("offer", "bank", "price", "bid", "vote", "withdraw", "expire"))
# bare verbs that also take an offer's number (answering an offer made at any time)
ANSWERS = frozenset(("accept", "decline"))
# verbs taking a code or a number (trade items)
ITEMS = frozenset(("give", "ask"))
SIDES = ("a", "d")  # the attacker, the defender (a player or an unowned country)
PROPOSE = "propose"  # an offer made at any time (R-MC33)
PROPOSE_LENGTH = 255  # an offer's text is at most this long
ITEM_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789.-")


class Action:
    """One decision.  Equal (and hashed) by its text."""

    __slots__ = ("arg", "kind", "num", "text")

    def __init__(self, kind: str, arg: str = "", num: int = -1) -> None:
        self.kind = kind
        self.arg = arg
        self.num = num
        parts = [kind]
        if num >= 0 and kind == PROPOSE:  # the receiver first, as it reads
            parts.append(str(num))
        if arg:
            parts.append(arg)
        if num >= 0 and kind != PROPOSE:
            parts.append(str(num))
        self.text = " ".join(parts)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.kind, self.arg, self.num))


class Verb:
    """The actions of one verb, each made once and shared (interned): legal-action lists and the
    parser hand out these objects, cheaper than making new ones at every step.  Nothing changes an
    action once made (an offer's ``propose``, never interned, is finished before anyone sees it)."""

    __slots__ = ("coded", "kind", "numbers")

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.coded: dict[str, Action] = {}
        self.numbers: list[Action] = []  # kind 0, kind 1, ... as far as asked

    def of(self, code: str = "") -> Action:
        """``kind code`` (``kind`` alone for no code)."""
        found = self.coded.get(code)
        if found is None:
            found = self.coded[code] = Action(self.kind, code)
        return found

    def number(self, num: int) -> Action:
        """``kind num``."""
        return self.upto(num)[num] if num >= len(self.numbers) else self.numbers[num]

    def upto(self, top: int) -> list[Action]:
        """``kind 0`` to ``kind top``, a new list."""
        made = self.numbers
        if top >= len(made):
            made += [Action(self.kind, num=k) for k in range(len(made), top + 1)]
        return made[: top + 1]


VERBS = {kind: Verb(kind) for kind in (*BARE, *CODED, *NUMBERED, *ITEMS)}


class Menu:
    """One board's shared actions by index, for the legal-action lists: ``buy[c]`` is ``buy`` of
    company ``c``, ``war[k]`` of country ``k``, ``payout[i]`` of industry ``i``..."""

    __slots__ = (
        "ask_company",
        "ask_country",
        "buy",
        "give_company",
        "give_country",
        "intervene",
        "payout",
        "take",
        "war",
    )

    def __init__(self, companies: Sequence[str], countries: Sequence[str], industries: Sequence[str]) -> None:
        def each(kind: str, codes: Sequence[str]) -> tuple[Action, ...]:
            return tuple(VERBS[kind].of(code) for code in codes)

        self.take, self.buy, self.intervene = (each(k, companies) for k in ("take", "buy", "intervene"))
        self.give_company, self.ask_company = each("give", companies), each("ask", companies)
        self.war, self.payout = each("war", countries), each("payout", industries)
        self.give_country, self.ask_country = each("give", countries), each("ask", countries)


def known(kind: str, code: str = "", num: int = -1) -> Action:
    """The shared action ``kind code num`` if a legal-action list made it already, else a new one
    (a text from outside makes no shared action: no sender can make the shared ones grow)."""
    verb = VERBS[kind]
    numbers = verb.numbers
    found = verb.coded.get(code) if num < 0 else numbers[num] if num < len(numbers) else None
    return Action(kind, code, num) if found is None else found


def _number(word: str) -> int:
    if not word.isdigit() or len(word) > 9:
        return -1
    return int(word)


def parse(text: str) -> Action | None:
    """The action written ``text`` (extra spaces allowed), or None when it is not one."""
    if not isinstance(text, str):
        return None
    words = text.split()
    if not words:
        return None
    verb, rest = words[0], words[1:]
    if verb in BARE and not rest:
        return known(verb)
    if verb in CODED and len(rest) == 1 and not rest[0].isdigit():
        return known(verb, rest[0])
    if verb in NUMBERED and len(rest) == 1 and _number(rest[0]) >= 0:
        return known(verb, num=_number(rest[0]))
    if verb in ANSWERS and len(rest) == 1 and _number(rest[0]) >= 0:
        return known(verb, num=_number(rest[0]))
    if verb in ITEMS and len(rest) == 1:
        amount = _number(rest[0])
        return known(verb, num=amount) if amount >= 0 else known(verb, rest[0])
    if verb == "sell" and len(rest) == 2 and rest[0] in SIDES and _number(rest[1]) >= 0:
        return Action(verb, rest[0], _number(rest[1]))
    if verb == PROPOSE:
        try:
            return parse_propose(rest)
        except ValueError:
            return None
    return None


def _item_order(item: str) -> tuple[int, str]:
    return (0, "") if item.isdigit() else (1, "") if item == "merc" else (2, item)


def offer_side(items: Sequence[str]) -> str:
    """One side of an offer: money first, then mercenaries, then the other codes alphabetically,
    joined by ``+``; ``-`` when empty."""
    return "+".join(sorted(items, key=_item_order)) or "-"


def propose(receiver: int, give: Sequence[str], ask: Sequence[str]) -> Action:
    """The move offering ``give`` to ``receiver`` for ``ask`` (items as codes), in its canonical text."""
    return Action(PROPOSE, f"{offer_side(give)}/{offer_side(ask)}", receiver)


def offer_items(action: Action) -> tuple[list[str], list[str]]:
    """The items an offer gives and asks."""
    give, _, ask = action.arg.partition("/")
    return ([] if give == "-" else give.split("+")), ([] if ask == "-" else ask.split("+"))


def _side(text: str, which: str) -> list[str]:
    if text == "-":
        return []
    items = text.split("+")
    amounts = 0
    for item in items:
        if not item or item == "-" or not set(item) <= ITEM_CHARS:
            raise ValueError(f"the {which} side has an empty or malformed item in {text!r}")
        if item.isdigit():
            if _number(item) <= 0 or str(_number(item)) != item:
                raise ValueError(f"money is a whole amount above 0 without leading zeros, not {item!r}")
            amounts += 1
    if amounts > 1:
        raise ValueError(f"money appears once on the {which} side, as one amount")
    return items


def parse_propose(rest: Sequence[str]) -> Action:
    """The offer written ``rest`` (the words after ``propose``); ValueError with the reason."""
    if len(rest) != 2:
        raise ValueError(
            "an offer is written 'propose <receiver> <given items>/<asked items>', e.g. propose 2 10+merc/jpn"
        )
    seat, sides = rest
    if _number(seat) < 0:
        raise ValueError(f"the receiver is a seat number, not {seat!r}")
    if sides.count("/") != 1:
        raise ValueError("the given and the asked items are separated by one '/'")
    give_text, ask_text = sides.split("/")
    give, ask = _side(give_text, "given"), _side(ask_text, "asked")
    if not give and not ask:
        raise ValueError("an offer hands something over ('-/-' is nothing)")
    if any(i.isdigit() for i in give) and any(i.isdigit() for i in ask):
        raise ValueError("money goes one way only in an offer")
    action = propose(_number(seat), give, ask)
    if len(action.text) > PROPOSE_LENGTH:
        raise ValueError(f"an offer is written in {PROPOSE_LENGTH} characters at most")
    return action
