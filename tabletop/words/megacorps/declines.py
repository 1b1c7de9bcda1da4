"""Why a MegaCorps bot declines an offer, in one clause for the offer's maker (``you``): the bot's
valuation of the things in the offer, in Euros, from its own view (agents/megacorps/heuristic.py,
``explain``): what it is asked for is worth more to it than what it is given, or the trade is worth
more to its maker than to it (it weighs its worth against its rivals').  The server puts the
clause after the bot's name: "Bot 2 (easy) declines: it values Japan's Solar company at 11, more
than the 6 Euros offered."."""

from __future__ import annotations

from collections.abc import Sequence

from .names import items_words, joined


def amounts(first: float, second: float) -> tuple[str, str]:
    """Two valuations in whole Euros, or to a tenth when whole ones would read the same."""
    a, b = round(first), round(second)
    if a == b and first != second:
        return f"{first:.1f}", f"{second:.1f}"
    return str(a), str(b)


def offered(give: Sequence[str]) -> str:
    """What the offer gives, as the clause names it: ``the 6 Euros offered``, ``what is offered
    (Japan's Solar company)``, ``nothing``."""
    if not give:
        return "nothing"
    said = joined(items_words(give))
    if all(item.isdigit() for item in give):
        return f"the {said} offered"
    return f"what is offered ({said})"


def decline_reason(
    give: Sequence[str],
    ask: Sequence[str],
    asked_worth: float,
    given_worth: float,
    their_gain: float,
    standing: float,
    enough: float,
) -> str:
    """The clause: ``give`` is what the offer gives the bot, ``ask`` what it asks of it (codes, as
    in the offer); ``asked_worth`` and ``given_worth`` their worth to the bot, ``their_gain`` what
    the trade is worth to its maker, ``standing`` the change in the bot's standing (its worth
    against its rivals') if it accepts, and ``enough`` the least change it accepts."""
    if standing >= enough:  # its valuation alone would take it: a search looked further
        return "looking further ahead, it expects the trade to leave it worse off"
    asked, gets = amounts(asked_worth, given_worth)
    what = offered(give)
    worth = "" if not give or what.startswith("the ") else f", worth {gets} to it"
    if ask and asked_worth >= given_worth:
        return f"it values {joined(items_words(ask))} at {asked}, more than {what}{worth}"
    if their_gain > given_worth - asked_worth:
        trade = "the gift" if not ask else "the trade"
        return (
            f"{trade} would be worth {round(given_worth - asked_worth)} to it but {round(their_gain)} to you"
        )
    return "the trade would raise its standing too little"
