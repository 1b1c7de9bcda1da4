"""MegaCorps' offers made at any time (R-MC33) in words: made, accepted, closed, carried out.  An
offer is public but for its event cards, which only its two players read (``proposal-cards``,
``swap-cards``); everybody else reads ``card``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..line import Line, line
from ..seats import Names, seat_name, subject
from .names import EVENTS, does, event_name, items_words, joined, obj, whose

KINDS = frozenset(("proposal", "proposal-cards", "offer-accepted", "offer-closed", "swap", "swap-cards"))
CLOSED = {
    "declined": "declines",
    "withdrawn": "withdraws",
    "expired": "lets the time run out on",
    "void": "cannot carry out",
}


def offer_said(data: Mapping[str, Any], me: int | None, names: Names) -> str:
    """``seat`` offers ``to`` what it gives for what it asks (an in-turn offer sent, or one made
    at any time), without the full stop."""
    seat, to = data["seat"], data["to"]
    who = subject(seat, me, names)
    give, ask = items_words(data["give"]), items_words(data["ask"])
    if not ask:
        return f"{who} {does(seat, me, 'offers')} {obj(to, me, names)} {joined(give)} as a gift"
    if not give:
        return f"{who} {does(seat, me, 'asks')} {obj(to, me, names)} for {joined(ask)}, giving nothing"
    return f"{who} {does(seat, me, 'offers')} {obj(to, me, names)} {joined(give)} for {joined(ask)}"


def proposal_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    said = offer_said(data, me, names)
    return line(f"{said} (offer {data['id']}).", tone="strong" if data["to"] == me else "")


def swap_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    """A trade carried out: the receiver accepted the offer."""
    frm, to = data["from"], data["to"]
    give, ask = items_words(data["give"]), items_words(data["ask"])
    gets = f"{subject(to, me, names)} {does(to, me, 'accepts')} {whose(frm, me, names)} offer {data['id']}"
    if not ask:
        said = f"{gets}: {joined(give)}, a gift."
    elif not give:
        said = f"{gets}: {joined(ask)} for nothing."
    else:
        said = f"{gets}: {joined(give)} for {joined(ask)}."
    return line(said, tone="strong" if me in (frm, to) else "")


def closed_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    frm, to, status = data["from"], data["to"], data["status"]
    offer = f"{whose(frm, me, names)} offer {data['id']}"
    if status == "withdrawn":
        said = f"{subject(frm, me, names)} {does(frm, me, 'withdraws')} offer {data['id']}."
    elif status == "void":
        said = f"{offer[:1].upper()}{offer[1:]} to {obj(to, me, names)} is void: {data.get('reason', '')}."
    else:
        said = f"{subject(to, me, names)} {does(to, me, CLOSED[status])} {offer}."
    return line(said, tone="quiet")


def cards_line(kind: str, data: Mapping[str, Any], me: int | None, names: Names) -> Line | None:
    """The event cards of an offer or of a trade, for its two players only."""
    frm = data["seat"] if kind == "proposal-cards" else data["from"]
    to = data["to"]
    if me not in (frm, to):
        return None
    cards = joined([event_name(c) for c in data["give"] if c in EVENTS])
    if kind == "proposal-cards":
        if frm == me:
            return line(
                f"The event cards you offer {seat_name(names, to)} (promised until it closes): {cards}."
            )
        return line(f"The event cards {seat_name(names, frm)} offers you: {cards}.")
    if frm == me:
        return line(f"The event cards you gave {seat_name(names, to)}: {cards}.")
    return line(f"The event cards {seat_name(names, frm)} gave you: {cards}.", tone="special")


def describe(kind: str, data: Mapping[str, Any], me: int | None, names: Names) -> Line | None:
    if kind in ("proposal-cards", "swap-cards"):
        return cards_line(kind, data, me, names)
    if kind == "proposal":
        return proposal_line(data, me, names)
    if kind == "swap":
        return swap_line(data, me, names)
    if kind == "offer-accepted":
        frm, to = data["from"], data["seat"]
        return line(
            f"{subject(to, me, names)} {does(to, me, 'accepts')} {whose(frm, me, names)} offer {data['id']}: "
            "it is carried out at the next moment between actions."
        )
    return closed_line(data, me, names)
