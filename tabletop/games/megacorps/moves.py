"""The Actions (MC30-MC62): buying a company with antitrust, payouts with their event window,
government intervention, buying mercenaries with the owners' prices."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.protocol import Event
from . import flow, rules, trade
from .board import (
    BOUGHT,
    EVENTS,
    INTERVENTIONS,
    PAYOUT_ACTIONS,
    PAYOUT_CARDS,
)
from .phases import BANK, PAY, PRICE, REBUY, RESPOND, TURN, VETO

if TYPE_CHECKING:
    from .state import MegaCorpsState

# ---------------------------------------------------------------------------- buying a company


def buy(state: MegaCorpsState, seat: int, company: int, out: list[Event]) -> None:
    """Buy Company (MC32): the country's owner is asked first when antitrust applies (MC34)."""
    code = state.game.board.company_code[company]
    holder = rules.needs_permission(state, seat, company)
    if holder >= 0:
        state.target = company
        state.phase, state.seat = VETO, holder
        out.append(Event("ask-permission", {"seat": seat, "company": code, "owner": holder}))
        return
    complete_purchase(state, seat, company, out)


def complete_purchase(state: MegaCorpsState, seat: int, company: int, out: list[Event]) -> None:
    price = state.game.data.economy.company_price
    state.money[seat] -= price
    state.owner[company] = seat
    state.tally[BOUGHT] += 1
    out.append(
        Event("buy", {"seat": seat, "company": state.game.board.company_code[company], "price": price})
    )
    flow.end_turn(state, out)


def answer_veto(state: MegaCorpsState, seat: int, allow: bool, out: list[Event]) -> None:
    """The owner permits (the purchase goes through) or vetoes: the buyer then buys another company
    or passes, never another Action (MC35)."""
    company, buyer = state.target, state.turn
    code = state.game.board.company_code[company]
    out.append(Event("permission", {"seat": seat, "company": code, "allowed": allow}))
    if allow:
        complete_purchase(state, buyer, company, out)
        return
    state.vetoed.append(company)
    state.target = -1
    state.phase, state.seat = REBUY, buyer


# ---------------------------------------------------------------------------- payouts


def start_payout(state: MegaCorpsState, seat: int, industry: int, by_action: bool, out: list[Event]) -> None:
    """An industry is about to pay out: holders of event cards may answer with Oversupply or
    Shortages, clockwise from the payout's player (MC80, D7)."""
    state.payout_industry = industry
    state.payout_modifier = 0
    state.payout_slot = 0
    state.payout_after = 0 if by_action else 1
    state.tally[PAYOUT_ACTIONS if by_action else PAYOUT_CARDS] += 1
    if by_action:
        state.payout_done = True
    code = state.game.board.industries[industry].code
    out.append(Event("payout-called", {"seat": seat, "industry": code, "action": by_action}))
    state.pending = responders(state, seat, True)
    ask_responder(state, out)


def responders(state: MegaCorpsState, start: int, include_start: bool) -> list[int]:
    """Seats to ask in the payout window: those holding any event card (how many cards each holds is
    public, so asking reveals nothing), while some Oversupply or Shortages card is not yet played."""
    events = state.game.board.events
    played = sum(1 for c in state.discard if events[state.game.board.card_kind[c]].effect == "competitors")
    if played >= sum(e.copies for e in events if e.effect == "competitors"):
        return []
    return [s for s in flow.clockwise(state, start, include_start) if state.hands[s]]


def ask_responder(state: MegaCorpsState, out: list[Event]) -> None:
    if state.pending:
        state.phase, state.seat = RESPOND, state.pending[0]
    else:
        finish_payout(state, out)


def respond(state: MegaCorpsState, seat: int, card: int | None, out: list[Event]) -> None:
    """A pass, or Oversupply/Shortages played into the payout; one right after the other cancels
    both (MC80, A16).  After a play every other holder is asked again."""
    if card is None:
        state.pending.pop(0)
        ask_responder(state, out)
        return
    board = state.game.board
    event = board.events[board.card_kind[card]]
    state.hands[seat].remove(card)
    state.discard.append(card)
    trade.forget(state, card)
    state.tally[EVENTS] += 1
    sign = 1 if event.amount > 0 else -1
    cancelled = state.payout_slot == -sign
    if cancelled:
        state.payout_modifier, state.payout_slot = 0, 0
    else:
        state.payout_modifier, state.payout_slot = event.amount, sign
    out.append(Event("event", {"seat": seat, "card": event.code, "cancels": cancelled}))
    state.pending = responders(state, seat, False)
    ask_responder(state, out)


def finish_payout(state: MegaCorpsState, out: list[Event]) -> None:
    industry, seat = state.payout_industry, state.turn
    amounts = rules.payout_amounts(state, industry, state.payout_modifier)
    for s, amount in enumerate(amounts):
        state.money[s] += amount
    out.append(
        Event(
            "payout",
            {
                "industry": state.game.board.industries[industry].code,
                "competitors": rules.competitors(state, industry),
                "modifier": state.payout_modifier,
                "rate": rules.rate(state, industry, state.payout_modifier),
                "paid": amounts,
            },
        )
    )
    by_action = state.payout_after == 0
    state.payout_industry, state.payout_modifier, state.payout_slot = -1, 0, 0
    state.pending = []
    if by_action:
        state.paid = seat  # the Paid card goes to the Action's player (MC39)
        flow.end_turn(state, out)
    else:
        state.phase, state.seat = TURN, seat


# ---------------------------------------------------------------------------- intervention


def intervene(state: MegaCorpsState, holder: int, company: int, out: list[Event]) -> None:
    """Government Intervention by the country's owner, by its government type (MC54-MC57)."""
    board = state.game.board
    economy = state.game.data.economy
    former = state.owner[company]
    government = state.government[board.company_country[company]]
    state.tally[INTERVENTIONS] += 1
    state.owner[company], paid = rules.intervention_result(government, holder, economy)
    state.money[former] += paid
    out.append(
        Event(
            "intervene",
            {
                "seat": holder,
                "company": board.company_code[company],
                "from": former,
                "result": state.owner[company],
            },
        )
    )


# ---------------------------------------------------------------------------- mercenaries


def buy_mercenaries(state: MegaCorpsState, seat: int, out: list[Event]) -> None:
    """Buy Mercenaries (MC59-MC62): one free per own Defense (Biotech) company, then some from the
    bank, then one from each other player's company at the price its owner names."""
    free = rules.free_mercenaries(state, seat)
    state.mercs[seat] += free
    out.append(Event("mercs", {"seat": seat, "free": free}))
    from .legal import bank_limit

    if bank_limit(state, seat) > 0:
        state.phase, state.seat = BANK, seat
        return
    start_sales(state, seat, out)


def buy_from_bank(state: MegaCorpsState, seat: int, count: int, out: list[Event]) -> None:
    price = state.game.data.economy.bank_mercenary_price
    state.money[seat] -= count * price
    state.mercs[seat] += count
    out.append(Event("bank-mercs", {"seat": seat, "count": count, "price": count * price}))
    start_sales(state, seat, out)


def start_sales(state: MegaCorpsState, seat: int, out: list[Event]) -> None:
    state.sellers = rules.sellers(state, seat)
    next_seller(state, out)


def next_seller(state: MegaCorpsState, out: list[Event]) -> None:
    while state.sellers:
        company = state.sellers[0]
        owner = state.owner[company]
        if owner >= 0 and owner != state.turn:
            state.target = company
            state.phase, state.seat = PRICE, owner
            return
        state.sellers.pop(0)
    flow.end_turn(state, out)


def name_price(state: MegaCorpsState, seat: int, price: int | None, out: list[Event]) -> None:
    """The owner refuses or names a price; a price of 0 is a gift, taken at once."""
    company = state.sellers.pop(0)
    code = state.game.board.company_code[company]
    buyer = state.turn
    out.append(Event("price", {"seat": seat, "company": code, "price": price}))
    if price is None:
        next_seller(state, out)
    elif price == 0:
        state.mercs[buyer] += 1
        next_seller(state, out)
    else:
        state.price = price
        state.sale = [seat]
        state.phase, state.seat = PAY, buyer


def answer_price(state: MegaCorpsState, seat: int, pay: bool, out: list[Event]) -> None:
    seller, price = state.sale[0], state.price
    if pay:
        state.money[seat] -= price
        state.money[seller] += price
        state.mercs[seat] += 1
    out.append(
        Event("paid-price" if pay else "declined-price", {"seat": seat, "seller": seller, "price": price})
    )
    state.sale, state.price = [], 0
    next_seller(state, out)
