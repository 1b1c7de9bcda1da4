"""Summon 7's actions and events in words (the clan game adds its own in clan.py).

Everything here reads a seat's view or the events that seat may see, never the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .line import Line, Number, line, spaced
from .seats import Names, actor, seat_name, subject, verb

View = Mapping[str, Any]

__all__ = ["Names", "bust_chance", "describe_action", "describe_event", "round_line", "seat_name"]


def next_card_counts(view: View) -> list[int]:
    """How many of each value the next card may be: the deck, or the discard pile about to become it."""
    deck = list(view["deck_values"])
    return deck if sum(deck) else list(view["discard"])


def bust_chance(view: View, seat: int, hungry: bool = False) -> float:
    """The chance that ``seat``'s next hit busts, from what the view shows.  A hungry seat is dealt
    two cards and keeps the worse, so it busts if either does: two draws without replacement."""
    counts = next_card_counts(view)
    total = sum(counts)
    if not total:
        return 1.0
    busting: int = sum(counts[v] for v in set(view["seats"][seat]["cards"]))
    if not hungry:
        return busting / total
    if total < 2:
        return 1.0 - (1.0 - busting / total) ** 2
    safe = total - busting
    return 1.0 - safe * (safe - 1) / (total * (total - 1))


def percent(p: float) -> str:
    """``13%``, rounded half up (as the browser rounds it), and ``<1%`` for a chance above nought."""
    return "<1%" if 0 < p < 0.005 else f"{int(p * 100 + 0.5)}%"


def describe_action(text: str, view: View, names: Names = None) -> str:
    me = view["seat"]
    if text == "hit":
        return f"Hit: one more card (bust chance {percent(bust_chance(view, me))})"
    if text == "hold":
        return f"Hold at {view['seats'][me]['total']}"
    return text


def describe_event(kind: str, data: Mapping[str, Any], me: int | None, names: Names = None) -> Line | None:
    seat, who = actor(data, me, names)
    if kind == "round":
        stage = "Pre-game round" if data.get("stage") == "pre-game" else "Round"
        dealer = data["dealer"]
        return line(
            f"{stage} {data['round']}: {subject(dealer, me, names)} {verb(dealer, me, 'deals')}.",
            tone="strong",
        )
    if kind == "card":
        start = f"{who} {verb(seat, me, 'gets')} " if data["first"] else f"{who} {verb(seat, me, 'hits')}: "
        return line(start, Number(data["value"]))
    if kind == "hungry-deal":
        a, b = data["cards"]
        start = f"{who} {'are' if seat == me else 'is'} hungry: dealt "
        return line(start, spaced([Number(a), Number(b)]), f", must keep the {data['kept']}.")
    if kind == "bust":
        busts = verb(seat, me, "busts")
        return line(f"{who} {busts} on a second {data['value']} (total {data['total']}).", tone="bad")
    if kind == "hold":
        return line(
            f"{who} {verb(seat, me, 'holds')} at {data['total']} (house total {data['house_total']})."
        )
    if kind == "reshuffle":
        return line(
            f"The deck is out: the discard pile ({data['cards']} cards) becomes the new deck.", tone="quiet"
        )
    if kind in ("round-end", "home-end"):
        return round_line(data, me, names)
    if kind == "game-over":
        return line("The game is over.", tone="strong")
    return None


def round_line(data: Mapping[str, Any], me: int | None, names: Names, extra: str = "") -> Line:
    winners, totals = data["winners"], data["totals"]
    if not winners:
        return line(f"Round {data['round']} over: everybody busted, nobody scores.{extra}", tone="strong")
    who = " and ".join(subject(w, me, names) for w in winners)
    tie = " (a tie: each scores)" if len(winners) > 1 else ""
    won = "win" if len(winners) > 1 or winners[0] == me else "wins"
    return line(
        f"Round {data['round']} over: {who} {won} with {totals[winners[0]]}{tie}.{extra}", tone="strong"
    )
