"""The phases of a MegaCorps position: what kind of decision the game waits for."""

DRAFT = 0  # set-up: the seat picks a starting company
TURN = 1  # the seat's turn: play events, offer trades, then take one Action
TARGET = 2  # the seat chooses the target of the event card it played
VETO = 3  # a country's owner permits or vetoes a purchase (antitrust)
REBUY = 4  # after a veto, the buyer buys another company or passes
BANK = 5  # the mercenary buyer chooses how many to buy from the bank
PRICE = 6  # a Defense (Biotech) company's owner names a price for a mercenary, or refuses
PAY = 7  # the mercenary buyer pays the price or declines
DONATE = 8  # the war's pause: a player not at war gives or sells mercenaries
SALE = 9  # a warring player pays for a mercenary offered for sale, or declines
WAR_GI = 10  # the war's winner may intervene against a company of the loser's there
BID = 11  # sealed bids for a Kleptocracy (every seat still to bid decides)
VOTE = 12  # sealed votes for a Democracy (every voter still to vote decides)
RESPOND = 13  # an industry is about to pay out: a holder may play Oversupply or Shortages
COMPOSE = 14  # the seat is putting a trade offer together
ANSWER = 15  # the seat an offer was sent to accepts or declines it
OVER = 16

PHASE_NAMES = (
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
SEALED = (BID, VOTE)
