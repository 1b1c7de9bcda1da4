"""The rules of a Megalomania trick, as plain functions over masks and lists.

Kept apart from the state machine so that each rule reads on its own and is
tested on its own: what may be followed, what the Wizard forces, who takes a
trick, what the Oracle may become.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from .cards import ALL_CARDS, COLOUR_MASK, bits, lowest_card, lowest_rank_cards

# black, red, yellow, blue, ...
DOMINANT_BY_ROUND: Final[tuple[int, ...]] = (0, 1, 2, 3, 2, 1, 3, 0, 1, 2, 0, 3)
ROUNDS: Final = len(DOMINANT_BY_ROUND)


def follow_options(hand: int, lead: int | None, dominant: int, wizard: bool) -> int:
    """The cards of ``hand`` that may be played (the "Playing the cards" rule).

    Follow the lead colour, else play the dominant colour, else anything.  Under
    a Wizard's power the choice narrows to the lowest card of that colour, or
    the lowest cards of any colour (several when values tie across colours).
    """
    if lead is None:
        return hand
    same = hand & COLOUR_MASK[lead]
    if not same:
        same = hand & COLOUR_MASK[dominant]
        if not same:
            return lowest_rank_cards(hand) if wizard else hand
    return 1 << lowest_card(same) if wizard else same


@cache
def blockers(card: int, lead: int, dominant: int, wizard: bool) -> int:
    """The cards that, held beside ``card``, would forbid playing it: a card played off the
    following rule (by the Assassin's power) shows that its player held one of them."""
    one = 1 << card
    found = 0
    for other in bits(ALL_CARDS & ~one):
        if not follow_options(one | 1 << other, lead, dominant, wizard) & one:
            found |= 1 << other
    return found


def trick_winner(
    colours: list[int],
    values: list[int],
    advantaged: list[bool],
    dominant: int,
    lowest_wins: bool,
    lead: int | None = None,
) -> int:
    """Index (in play order) of the card that takes the trick.

    The highest dominant card that kept its advantage takes it, else the highest
    card of the lead colour (the first card's colour, or ``lead`` when scroll 16
    declared another).  Equal values: the card played first counts as the
    higher.  With a Dwarf's power the lowest takes it instead, and so of two
    equal lowest the later one is the lower (docs/rulings.md, "Dwarf and equal
    values").  When no card qualifies (a declared colour nobody played), the
    first card takes it.
    """
    # (lists rather than any sequence, and no list of candidates: the compiled code indexes
    # lists directly, and this runs at every trick)
    best = -1
    for i in range(len(colours)):
        if colours[i] == dominant and advantaged[i]:
            best = _better(values, best, i, lowest_wins)
    if best < 0:
        colour = colours[0] if lead is None else lead
        for i in range(len(colours)):
            if colours[i] == colour:
                best = _better(values, best, i, lowest_wins)
        if best < 0:
            return 0
    return best


def _better(values: list[int], best: int, i: int, lowest_wins: bool) -> int:
    """The better of the candidates ``best`` (-1: none yet) and ``i``, played later."""
    if best < 0:
        return i
    if lowest_wins:
        return i if values[i] <= values[best] else best
    return i if values[i] > values[best] else best


def oracle_colours(printed: int, dominant: int) -> list[int]:
    """Colours an Oracle may become: not its own; not the dominant unless it was dominant."""
    return [c for c in range(4) if c != printed and (printed == dominant or c != dominant)]
