"""Megalomania's 32 cards as small integers, and their text form.

A card is ``colour * 8 + rank``; ranks are ordered by value, so a lower rank
is always a lower value.  Hands and piles are bit masks over the 32 cards.
Text: rank letter then colour letter, e.g. ``Ku`` is the blue Knight.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...core.errors import InvalidActionText

COLOURS = ("black", "red", "yellow", "blue")
COLOUR_LETTERS = "bryu"  # u for blue, as black takes b
BLACK, RED, YELLOW, BLUE = range(4)

RANK_NAMES = ("Farmer", "Assassin", "Explorer", "Dwarf", "Wizard", "Knight", "Oracle", "Emperor")
RANK_LETTERS = "FAXDWKOE"
VALUES = (1, 2, 4, 6, 7, 9, 12, 15)  # from the game help
FARMER, ASSASSIN, EXPLORER, DWARF, WIZARD, KNIGHT, ORACLE, EMPEROR = range(8)

NUM_CARDS = 32
ALL_CARDS = (1 << NUM_CARDS) - 1
COLOUR_MASK = tuple(0xFF << (8 * c) for c in range(4))
RANK_MASK = tuple(sum(1 << (8 * c + r) for c in range(4)) for r in range(8))


def card(rank: int, colour: int) -> int:
    return colour * 8 + rank


def colour_of(c: int) -> int:
    return c >> 3


def rank_of(c: int) -> int:
    return c & 7


def value_of(c: int) -> int:
    return VALUES[c & 7]


CARD_TEXT = tuple(RANK_LETTERS[c & 7] + COLOUR_LETTERS[c >> 3] for c in range(NUM_CARDS))
CARD_NAME = tuple(f"{COLOURS[c >> 3]} {RANK_NAMES[c & 7]}" for c in range(NUM_CARDS))
_BY_TEXT = {text: c for c, text in enumerate(CARD_TEXT)}


def card_text(c: int) -> str:
    return CARD_TEXT[c]


def parse_card(text: str) -> int:
    try:
        return _BY_TEXT[text]
    except KeyError:
        raise InvalidActionText(
            f"{text!r} is not a card: write a rank letter ({RANK_LETTERS}) and a colour "
            f"letter ({COLOUR_LETTERS}), e.g. 'Ku' for the blue Knight"
        ) from None


def parse_colour(text: str) -> int:
    if len(text) == 1 and text in COLOUR_LETTERS:
        return COLOUR_LETTERS.index(text)
    if text in COLOURS:
        return COLOURS.index(text)
    raise InvalidActionText(f"{text!r} is not a colour: use one of {', '.join(COLOURS)}")


# bits(mask) is the hottest helper: cache the expansion of every byte.
_BYTE_BITS = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))


def bits(mask: int) -> Iterator[int]:
    """The cards in ``mask``, lowest first."""
    base = 0
    while mask:
        for i in _BYTE_BITS[mask & 0xFF]:
            yield base + i
        mask >>= 8
        base += 8


def card_list(mask: int) -> list[int]:
    return list(bits(mask))


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def lowest_rank_cards(mask: int) -> int:
    """The cards of ``mask`` with the lowest value (one per colour at most)."""
    for r in range(8):
        found = mask & RANK_MASK[r]
        if found:
            return found
    return 0


def lowest_card(mask: int) -> int:
    """Within one colour, the lowest card (ranks are in value order inside a colour byte)."""
    return (mask & -mask).bit_length() - 1


def texts(mask: int) -> list[str]:
    return [CARD_TEXT[c] for c in bits(mask)]
