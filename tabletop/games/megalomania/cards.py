"""Megalomania's 32 cards as small integers, and their text form.

A card is ``colour * 8 + rank``; ranks are ordered by value, so a lower rank
is always a lower value.  Hands and piles are bit masks over the 32 cards.
Text: rank letter then colour letter, e.g. ``Ku`` is the blue Knight.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Final, TypeVar

from ...core.errors import InvalidActionText

T = TypeVar("T")

# The names are Final, here and in the other rules modules: the compiled rules then use the
# numbers and tables themselves instead of looking each name up in its module at every use.
# (A tuple is typed tuple[X, ...] so that the compiler keeps it a tuple, which it indexes directly.)
COLOURS: Final[tuple[str, ...]] = ("black", "red", "yellow", "blue")
COLOUR_LETTERS: Final = "bryu"  # u for blue, as black takes b
BLACK: Final = 0
RED: Final = 1
YELLOW: Final = 2
BLUE: Final = 3

RANK_NAMES: Final[tuple[str, ...]] = (
    "Farmer", "Assassin", "Explorer", "Dwarf", "Wizard", "Knight", "Oracle", "Emperor",
)  # fmt: skip
RANK_LETTERS: Final = "FAXDWKOE"
VALUES: Final[tuple[int, ...]] = (1, 2, 4, 6, 7, 9, 12, 15)  # from the game help
FARMER: Final = 0
ASSASSIN: Final = 1
EXPLORER: Final = 2
DWARF: Final = 3
WIZARD: Final = 4
KNIGHT: Final = 5
ORACLE: Final = 6
EMPEROR: Final = 7

NUM_CARDS: Final = 32
ALL_CARDS: Final = (1 << NUM_CARDS) - 1
COLOUR_MASK: Final = tuple(0xFF << (8 * c) for c in range(4))
RANK_MASK: Final = tuple(sum(1 << (8 * c + r) for c in range(4)) for r in range(8))


def card(rank: int, colour: int) -> int:
    return colour * 8 + rank


def colour_of(c: int) -> int:
    return c >> 3


def rank_of(c: int) -> int:
    return c & 7


def value_of(c: int) -> int:
    return VALUES[c & 7]


CARD_COLOUR: Final = tuple(c >> 3 for c in range(NUM_CARDS))  # colour_of and value_of as tables
CARD_VALUE: Final = tuple(VALUES[c & 7] for c in range(NUM_CARDS))
CARD_TEXT: Final = tuple(RANK_LETTERS[c & 7] + COLOUR_LETTERS[c >> 3] for c in range(NUM_CARDS))
CARD_NAME: Final = tuple(f"{COLOURS[c >> 3]} {RANK_NAMES[c & 7]}" for c in range(NUM_CARDS))
_BY_TEXT: Final = {text: c for c, text in enumerate(CARD_TEXT)}


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


# Reading the cards of a mask is the hottest helper, so it is done by table: for each colour,
# and each subset of its eight cards (one byte of a mask), the values given for those cards.
ByteTable = tuple[tuple[tuple[T, ...], ...], ...]


def byte_table(values: Sequence[T]) -> ByteTable[T]:
    """A table of ``values`` (one per card, by card number) for on_mask."""
    return tuple(
        tuple(tuple(values[8 * colour + r] for r in range(8) if byte >> r & 1) for byte in range(256))
        for colour in range(4)
    )


def on_mask(table: ByteTable[T], mask: int) -> list[T]:
    """The values of ``table`` for the cards in ``mask``, lowest card first."""
    # a colour at a time, skipping those without a card: extending a list costs more than a test
    out: list[T] = []
    byte = mask & 0xFF
    if byte:
        out.extend(table[0][byte])
    byte = mask >> 8 & 0xFF
    if byte:
        out.extend(table[1][byte])
    byte = mask >> 16 & 0xFF
    if byte:
        out.extend(table[2][byte])
    byte = mask >> 24 & 0xFF
    if byte:
        out.extend(table[3][byte])
    return out


_CARDS_ON: Final = byte_table(range(NUM_CARDS))
_TEXTS_ON: Final = byte_table(CARD_TEXT)


def card_list(mask: int) -> list[int]:
    """The cards in ``mask``, lowest first."""
    return on_mask(_CARDS_ON, mask)


def bits(mask: int) -> Iterator[int]:
    """The cards in ``mask``, lowest first."""
    return iter(on_mask(_CARDS_ON, mask))


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def count(mask: int) -> int:
    """``mask.bit_count()`` for a mask of cards (not negative): the compiled code calls that
    method by name, and a loop over the set bits costs less for a hand of cards."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


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
    return on_mask(_TEXTS_ON, mask)
