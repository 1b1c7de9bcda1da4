"""The round's flow: the starting draft, rounds and turns, the end of the game, a player leaving."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.protocol import Event
from . import offers, rules
from .board import UNOWNED
from .phases import DRAFT, OVER, TURN

if TYPE_CHECKING:
    from .state import MegaCorpsState


def clockwise(state: MegaCorpsState, start: int, include_start: bool = True) -> list[int]:
    """The seats still in the game clockwise from ``start`` (itself first, or last when not
    included)."""
    n = state.n
    seats = [(start + k) % n for k in range(n)]
    if not include_start:
        seats = seats[1:]
    return [s for s in seats if not state.left[s]]


def next_seat(state: MegaCorpsState, seat: int) -> int:
    """The next seat clockwise still in the game."""
    return clockwise(state, seat, include_start=False)[0] if len(state.in_game()) > 1 else seat


def begin_draft(state: MegaCorpsState) -> None:
    """Set-up step 8: from the Active Player clockwise, each takes a company, twice round (MC23)."""
    state.draft_left = state.n * state.game.data.economy.start_companies
    state.phase = DRAFT
    state.seat = state.active


def draft_pick(state: MegaCorpsState, seat: int, company: int, out: list[Event]) -> None:
    state.owner[company] = seat
    state.draft_left -= 1
    out.append(Event("take", {"seat": seat, "company": state.game.board.company_code[company]}))
    if state.draft_left <= 0 or not any(o == UNOWNED for o in state.owner):
        begin_round(state, out)
    else:
        state.seat = next_seat(state, seat)


def begin_round(state: MegaCorpsState, out: list[Event]) -> None:
    """A round: the Active Player draws an Event card, then each player from him takes an Action
    (MC26-MC27).  With the deck empty the game ends (MC104)."""
    if not state.deck:
        end_game(state, out)
        return
    if state.round == 0:
        state.start_owner = list(state.country_owner)
        state.first_active = state.active
    state.round += 1
    state.passed = False
    active = state.active
    card = state.deck.pop()
    state.hands[active].append(card)
    state.payout_done = False
    state.order = clockwise(state, active)[1:]
    out.append(Event("round", {"round": state.round, "active": active, "deck": len(state.deck)}))
    out.append(Event("draw", {"seat": active, "deck": len(state.deck)}))
    out.append(Event("drew", {"seat": active, "card": state.game.board.card_code(card)}, (active,)))
    start_turn(state, active)


def start_turn(state: MegaCorpsState, seat: int) -> None:
    state.turn = state.seat = seat
    state.phase = TURN
    state.offers_left = state.game.data.economy.trade_offers
    state.vetoed = []
    state.target = -1


def end_turn(state: MegaCorpsState, out: list[Event]) -> None:
    """The Action is over: the next player clockwise acts, or the round ends and the Active Player
    card passes left (MC28), unless it passed this round already when its holder left (R-MC31):
    then its new holder, the one it would have passed to, begins the next round."""
    state.target = state.card = -1
    state.sellers, state.vetoed, state.sale, state.pending = [], [], [], []
    if state.order:
        start_turn(state, state.order.pop(0))
    else:
        if not state.passed:
            state.active = next_seat(state, state.active)
        begin_round(state, out)


def end_game(state: MegaCorpsState, out: list[Event]) -> None:
    """Every industry pays out a final time, with no event cards (MC105, MC106); most money wins,
    tied leaders share the win (MC107)."""
    board = state.game.board
    for industry in range(len(board.industries)):
        amounts = rules.payout_amounts(state, industry)
        for seat, amount in enumerate(amounts):
            state.money[seat] += amount
        if any(amounts):
            out.append(Event("final-payout", {"industry": board.industries[industry].code, "paid": amounts}))
    playing = state.in_game()
    best = max(state.money[s] for s in playing) if playing else 0
    state.winners = [s for s in playing if state.money[s] == best]
    state.phase = OVER
    state.pending = []
    offers.void_all(state, out)
    out.append(Event("game-over", {"money": list(state.money), "winners": list(state.winners)}))


def remove_seat(state: MegaCorpsState, seat: int, out: list[Event]) -> None:
    """A player leaves (MC103, A39): his markers are removed, his cards discarded, his money and
    mercenaries gone.  Whatever he was asked has been answered for him before (resolve.leave)."""
    board = state.game.board
    for c, o in enumerate(state.owner):
        if o == seat:
            state.owner[c] = UNOWNED
    for k, o in enumerate(state.country_owner):
        if o == seat:
            state.country_owner[k] = -1
    state.discard += state.hands[seat]
    known = state.known
    state.known = [
        x for i in range(0, len(known), 3) if seat not in known[i : i + 2] for x in known[i : i + 3]
    ]
    discarded = [board.card_code(c) for c in state.hands[seat]]
    state.hands[seat] = []
    state.money[seat] = state.mercs[seat] = 0
    state.left[seat] = True
    if state.paid == seat:
        state.paid = -1
    if seat in state.pending:
        state.pending.remove(seat)
    if seat in state.donors:
        state.donors.remove(seat)
    if seat in state.order:
        state.order.remove(seat)
    out.append(Event("leave", {"seat": seat, "discarded": discarded}))
    if state.active == seat:  # the card passes left at once, and not again at the round's end
        state.active = next_seat(state, seat)
        state.passed = True  # (begin_round clears it: in the draft it changes nothing)
    if len(state.in_game()) < state.game.data.economy.min_players:
        end_game(state, out)
