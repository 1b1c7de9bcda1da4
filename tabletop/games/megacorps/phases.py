"""The phases of a MegaCorps position: what kind of decision the game waits for.

``Final``: the compiled rules use the numbers themselves rather than looking the names up in this
module at every test of the phase (the rules name them ``phases.TURN`` and so on)."""

from typing import Final

DRAFT: Final = 0  # set-up: the seat picks a starting company
TURN: Final = 1  # the seat's turn: play events, offer trades, then take one Action
TARGET: Final = 2  # the seat chooses the target of the event card it played
VETO: Final = 3  # a country's owner permits or vetoes a purchase (antitrust)
REBUY: Final = 4  # after a veto, the buyer buys another company or passes
BANK: Final = 5  # the mercenary buyer chooses how many to buy from the bank
PRICE: Final = 6  # a Defense (Biotech) company's owner names a price for a mercenary, or refuses
PAY: Final = 7  # the mercenary buyer pays the price or declines
DONATE: Final = 8  # the war's pause: a player not at war gives or sells mercenaries
SALE: Final = 9  # a warring player pays for a mercenary offered for sale, or declines
WAR_GI: Final = 10  # the war's winner may intervene against a company of the loser's there
BID: Final = 11  # sealed bids for a Kleptocracy (every seat still to bid decides)
VOTE: Final = 12  # sealed votes for a Democracy (every voter still to vote decides)
RESPOND: Final = 13  # an industry is about to pay out: a holder may play Oversupply or Shortages
COMPOSE: Final = 14  # the seat is putting a trade offer together
ANSWER: Final = 15  # the seat an offer was sent to accepts or declines it
OVER: Final = 16

PHASE_NAMES: Final[tuple[str, ...]] = (
    "draft",
    "turn",
    "target",
    "veto",
    "rebuy",
    "bank",
    "price",
    "pay",
    "donate",
    "sale",
    "war-gi",
    "bid",
    "vote",
    "respond",
    "compose",
    "answer",
    "over",
)
# phases where several seats decide in any order, none seeing another's choice before the reveal
SEALED: Final = (BID, VOTE)
