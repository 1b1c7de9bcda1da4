"""Trades (MC101, MC102): an offer put together item by item, sent to one player, accepted or
declined by him.  Only what is handed over binds; promises are words between people.

An offer is made on the offerer's turn (at most ``trade_offers`` per turn, each holding at most
``trade_items`` items), and answered at once.  An item is money (added in steps), a mercenary, a
company, a country or an event card given; or money, a mercenary, a company or a country asked.
Items are kept as numbers: a company by its index, the others offset by the constants below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.protocol import Event
from .actions import VERBS, Action
from .board import OFFERS, TRADES
from .phases import ANSWER, COMPOSE, TURN

if TYPE_CHECKING:
    from .state import MegaCorpsState

COUNTRY = 100_000
CARD = 200_000
MERC = 300_000
MONEY = 400_000
AMOUNTS = (1, 2, 5, 10, 20)
GIVE, ASK = VERBS["give"], VERBS["ask"]


def promised(state: MegaCorpsState) -> list[int]:
    """The event cards given in offers made at any time still open (each in one offer at most:
    offers.py); they stay in their holder's hand until the offer closes."""
    return [i - CARD for offer in state.offers for i in offer.give if CARD <= i < MERC]


def free_hand(state: MegaCorpsState, seat: int) -> list[int]:
    """``seat``'s event cards not promised in an open offer: those it may play or offer."""
    hand = state.hands[seat]
    if not state.offers:
        return hand
    taken = promised(state)
    return [c for c in hand if c not in taken]


def money_in(items: list[int]) -> int:
    return sum(i - MONEY for i in items if i >= MONEY)


def mercs_in(items: list[int]) -> int:
    return sum(1 for i in items if MERC <= i < MONEY)


def describe(state: MegaCorpsState, items: list[int], cards_shown: bool) -> list[str]:
    """The items as codes ("5", "merc", "aer.jpn", "jpn", an event code or "card")."""
    board = state.game.board
    found: list[str] = []
    money = money_in(items)
    if money:
        found.append(str(money))
    found += ["merc"] * mercs_in(items)
    for i in items:
        if i < COUNTRY:
            found.append(board.company_code[i])
        elif i < CARD:
            found.append(board.countries[i - COUNTRY].code)
        elif i < MERC:
            found.append(board.card_code(i - CARD) if cards_shown else "card")
    return found


def compose_actions(state: MegaCorpsState, seat: int) -> list[Action]:
    board = state.game.board
    to = state.offer_to
    give, ask = state.draft_give, state.draft_ask
    found: list[Action] = []
    if len(give) + len(ask) < state.game.data.economy.trade_items:
        given, asked = money_in(give), money_in(ask)
        for amount in AMOUNTS:
            if asked == 0 and given + amount <= state.money[seat]:
                found.append(GIVE.number(amount))
        for amount in AMOUNTS:
            if given == 0 and asked + amount <= state.money[to]:
                found.append(ASK.number(amount))
        if state.mercs[seat] > mercs_in(give):
            found.append(GIVE.of("merc"))
        if state.mercs[to] > mercs_in(ask):
            found.append(ASK.of("merc"))
        menu = state.game.menu
        for c, o in enumerate(state.owner):
            if o == seat and c not in give:
                found.append(menu.give_company[c])
            elif o == to and c not in ask:
                found.append(menu.ask_company[c])
        for k, o in enumerate(state.country_owner):
            if o == seat and COUNTRY + k not in give:
                found.append(menu.give_country[k])
            elif o == to and COUNTRY + k not in ask:
                found.append(menu.ask_country[k])
        codes = sorted({board.card_code(c) for c in free_hand(state, seat) if CARD + c not in give})
        found += [GIVE.of(code) for code in codes]
    if give or ask:
        found.append(VERBS["send"].of())
    found.append(VERBS["drop"].of())
    return found


def start(state: MegaCorpsState, seat: int, to: int, out: list[Event]) -> None:
    state.offer_to = to
    state.draft_give, state.draft_ask = [], []
    state.phase, state.seat = COMPOSE, seat


def add(state: MegaCorpsState, seat: int, action: Action) -> None:
    """One item into the offer being composed (the action is among compose_actions)."""
    board = state.game.board
    items = state.draft_give if action.kind == "give" else state.draft_ask
    arg = action.arg
    if action.num >= 0:
        items.append(MONEY + action.num)
    elif arg == "merc":
        items.append(MERC)
    elif arg in board.code_of_company:
        items.append(board.code_of_company[arg])
    elif arg in board.country_index:
        items.append(COUNTRY + board.country_index[arg])
    else:
        kind = board.event_index[arg]
        card = next(c for c in free_hand(state, seat) if board.card_kind[c] == kind and CARD + c not in items)
        items.append(CARD + card)


def drop(state: MegaCorpsState, seat: int, out: list[Event]) -> None:
    state.offers_left -= 1
    state.draft_give, state.draft_ask = [], []
    state.offer_to = -1
    state.phase, state.seat = TURN, seat


def send(state: MegaCorpsState, seat: int, out: list[Event]) -> None:
    """The offer goes out; everyone sees it, but an event card given shows only to the two players."""
    state.offers_left -= 1
    state.tally[OFFERS] += 1
    to = state.offer_to
    data = {"seat": seat, "to": to, "ask": describe(state, state.draft_ask, False)}
    out.append(Event("offer", {**data, "give": describe(state, state.draft_give, False)}))
    if any(CARD <= i < MERC for i in state.draft_give):
        out.append(
            Event("offer-cards", {**data, "give": describe(state, state.draft_give, True)}, (seat, to))
        )
        for i in state.draft_give:
            if CARD <= i < MERC:
                learn(state, to, seat, i - CARD)
    state.phase, state.seat = ANSWER, to


def answer(state: MegaCorpsState, seat: int, accept: bool, out: list[Event]) -> None:
    offerer = state.turn
    if accept:
        state.tally[TRADES] += 1
        hand_over(state, offerer, seat, state.draft_give)
        hand_over(state, seat, offerer, state.draft_ask)
    out.append(Event("trade", {"seat": seat, "from": offerer, "accepted": accept}))
    state.draft_give, state.draft_ask = [], []
    state.offer_to = -1
    state.phase, state.seat = TURN, offerer


def hand_over(state: MegaCorpsState, giver: int, receiver: int, items: list[int]) -> None:
    """Transfers ignore antitrust (A8); a country changes owner with its markers as they are."""
    for i in items:
        if i >= MONEY:
            state.money[giver] -= i - MONEY
            state.money[receiver] += i - MONEY
        elif i >= MERC:
            state.mercs[giver] -= 1
            state.mercs[receiver] += 1
        elif i >= CARD:
            card = i - CARD
            state.hands[giver].remove(card)
            state.hands[receiver].append(card)
            forget(state, card)
            learn(state, giver, receiver, card)
        elif i >= COUNTRY:
            state.country_owner[i - COUNTRY] = receiver
        else:
            state.owner[i] = receiver


def learn(state: MegaCorpsState, viewer: int, holder: int, card: int) -> None:
    """``viewer`` has seen ``card`` in ``holder``'s hand."""
    if viewer != holder:
        state.known += [viewer, holder, card]


def forget(state: MegaCorpsState, card: int) -> None:
    """``card`` moved: what anyone knew of where it was is out of date."""
    known = state.known
    if card in known[2::3]:
        state.known = [x for i in range(0, len(known), 3) if known[i + 2] != card for x in known[i : i + 3]]
