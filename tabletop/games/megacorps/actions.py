"""MegaCorps actions: small values with one canonical text (docs/notation.md).

An action is a verb, an optional code (a company ``aer.jpn``, a country ``jpn``, an industry
``aer``, an event ``kleptocrats``, a side ``a``/``d``, or ``merc``) and an optional number (money,
a seat, a count).  Whether it is legal now is the state's business (``legal_actions``); parsing
only checks the shape.
"""

from __future__ import annotations

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
NUMBERED = frozenset(("offer", "bank", "price", "bid", "vote"))
# verbs taking a code or a number (trade items)
ITEMS = frozenset(("give", "ask"))
SIDES = ("a", "d")  # the attacker, the defender (a player or an unowned country)


class Action:
    """One decision.  Equal (and hashed) by its text."""

    __slots__ = ("arg", "kind", "num", "text")

    def __init__(self, kind: str, arg: str = "", num: int = -1) -> None:
        self.kind = kind
        self.arg = arg
        self.num = num
        parts = [kind]
        if arg:
            parts.append(arg)
        if num >= 0:
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
        return Action(verb)
    if verb in CODED and len(rest) == 1 and not rest[0].isdigit():
        return Action(verb, rest[0])
    if verb in NUMBERED and len(rest) == 1 and _number(rest[0]) >= 0:
        return Action(verb, num=_number(rest[0]))
    if verb in ITEMS and len(rest) == 1:
        amount = _number(rest[0])
        return Action(verb, num=amount) if amount >= 0 else Action(verb, rest[0])
    if verb == "sell" and len(rest) == 2 and rest[0] in SIDES and _number(rest[1]) >= 0:
        return Action(verb, rest[0], _number(rest[1]))
    return None
