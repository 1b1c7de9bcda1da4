"""Trades at any time (MC101, ruling R-MC33): one action carries out a whole offer made outside
the game, the ``Trading`` protocol of core/protocol.py.

The online table keeps offers outside the game (composing, sending, withdrawing, declining change
nothing here).  When the receiver accepts, the table applies ``swap <offerer> <give>/<ask>`` for
the receiver: everything goes at once with trade.py's ``hand_over`` (antitrust ignored, A8).  It
is carried out only between actions (the TURN step of somebody's turn), so that nothing being
decided depends on holdings that move, and only while every item is still held by its giver.
It is never among the legal actions, like ``leave``.  The in-turn offers of R-MC30 (trade.py)
stay as they are.

Items are the codes of trade.py's ``describe``: money as one amount (``10``), ``merc`` per
mercenary, a company (``aer.jpn``), a country (``jpn``), an event card given (``coup``; a card
cannot be asked for, R-MC28).  Money counts as one item a side; money goes one way only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import IllegalAction
from ...core.protocol import Event
from .actions import SWAP, SWAP_LENGTH, Action, swap, swap_items
from .board import OFFERS, TRADES
from .phases import ANSWER, DRAFT, OVER, PHASE_NAMES, TURN
from .trade import CARD, COUNTRY, MERC, MONEY, hand_over, learn, mercs_in, money_in

if TYPE_CHECKING:
    from .state import MegaCorpsState


def trade_open(state: MegaCorpsState) -> bool:
    """A trade may be carried out now: between actions, in the TURN step of somebody's turn."""
    return state.phase == TURN


def closed_reason(state: MegaCorpsState) -> str:
    if state.phase == OVER:
        return "the game is over"
    if state.phase == DRAFT:
        return "trades are carried out once the draft is over"
    step = PHASE_NAMES[state.phase]
    return f"trades are carried out only between actions, and the {step} step is being decided now"


def trade_action(
    state: MegaCorpsState, offerer: int, receiver: int, give: list[str], ask: list[str]
) -> Action:
    """The swap carrying out the offer (checked against the position; IllegalAction if not
    possible)."""
    encode(state, offerer, receiver, give, ask)
    action = swap(offerer, give, ask)
    if len(action.text) > SWAP_LENGTH:  # only with a data file of very long codes
        raise IllegalAction(f"an offer is written in {SWAP_LENGTH} characters at most: {action}")
    return action


def encode(
    state: MegaCorpsState, offerer: int, receiver: int, give: list[str], ask: list[str]
) -> tuple[list[int], list[int]]:
    """The offer's items as trade.py numbers; IllegalAction with the reason when the offer is
    malformed or not possible in this position."""
    if state.phase == OVER:
        raise IllegalAction("the game is over")
    n = state.n
    for who, seat in (("offerer", offerer), ("receiver", receiver)):
        if type(seat) is not int or not 0 <= seat < n:
            raise IllegalAction(f"the {who} must be a seat from 0 to {n - 1}, not {seat!r}")
        if state.left[seat]:
            raise IllegalAction(f"seat {seat} (the {who}) has left the game")
    if offerer == receiver:
        raise IllegalAction("a player cannot trade with himself")
    for items in (give, ask):
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise IllegalAction("the items given and asked are lists of codes")
    if not give and not ask:
        raise IllegalAction("an offer must give or ask something")
    most = state.game.data.economy.trade_items
    if len(give) + len(ask) > most:
        raise IllegalAction(
            f"an offer holds {most} items at most (money counts once), not {len(give) + len(ask)}"
        )
    given = _encode(state, offerer, give, True)
    asked = _encode(state, receiver, ask, False)
    if money_in(given) and money_in(asked):
        raise IllegalAction("money goes one way only in an offer")
    return given, asked


def _encode(state: MegaCorpsState, holder: int, items: list[str], giving: bool) -> list[int]:
    board = state.game.board
    found: list[int] = []
    for item in items:
        if item.isascii() and item.isdigit():
            amount = int(item) if len(item) <= 9 else 0
            if amount <= 0 or str(amount) != item:
                raise IllegalAction(f"money is a whole amount above 0 without leading zeros, not {item!r}")
            if money_in(found):
                raise IllegalAction("money goes as one amount a side")
            if amount > state.money[holder]:
                raise IllegalAction(f"seat {holder} has {state.money[holder]} in money, less than {amount}")
            found.append(MONEY + amount)
        elif item == "merc":
            found.append(MERC)
            if mercs_in(found) > state.mercs[holder]:
                raise IllegalAction(
                    f"seat {holder} has {state.mercs[holder]} mercenaries, fewer than offered"
                )
        elif item in board.code_of_company:
            company = board.code_of_company[item]
            if state.owner[company] != holder or company in found:
                raise IllegalAction(f"seat {holder} does not own the company {item} (or it is named twice)")
            found.append(company)
        elif item in board.country_index:
            k = board.country_index[item]
            if state.country_owner[k] != holder or COUNTRY + k in found:
                raise IllegalAction(f"seat {holder} does not control {item} (or it is named twice)")
            found.append(COUNTRY + k)
        elif item in board.event_index:
            if not giving:
                raise IllegalAction(f"an event card ({item}) may be given, not asked for (R-MC28)")
            kind = board.event_index[item]
            free = [c for c in state.hands[holder] if board.card_kind[c] == kind and CARD + c not in found]
            if not free:
                raise IllegalAction(f"seat {holder} holds no {'more ' if found else ''}{item} card to give")
            found.append(CARD + free[0])
        else:
            raise IllegalAction(
                f"{item!r} is not a MegaCorps trade item (money, merc, a company, a country or an event card)"
            )
    return found


def _shown(items: list[str], board_events: dict[str, int], cards_shown: bool) -> list[str]:
    """The items of one side for an event: the event cards last, as ``card`` unless shown."""
    cards = [i for i in items if i in board_events]
    return [i for i in items if i not in board_events] + (cards if cards_shown else ["card"] * len(cards))


def apply_swap(state: MegaCorpsState, receiver: int, action: Action) -> list[Event]:
    """``receiver`` accepts the offer ``action`` carries out: everything changes hands now.
    IllegalAction, the state unchanged, when no trade is open or the offer is no longer possible."""
    if action.kind != SWAP:
        raise IllegalAction(f"{action} is not a swap")
    if not trade_open(state):
        raise IllegalAction(closed_reason(state))
    offerer = action.num
    give, ask = swap_items(action)
    given, asked = encode(state, offerer, receiver, give, ask)
    events = state.game.board.event_index
    out: list[Event] = []
    data = {"from": offerer, "to": receiver, "ask": list(ask)}
    out.append(Event("swap", {**data, "give": _shown(give, events, False)}))
    if any(CARD <= i < MERC for i in given):
        out.append(Event("swap-cards", {**data, "give": _shown(give, events, True)}, (offerer, receiver)))
    state.tally[OFFERS] += 1  # offered (outside the game) and accepted, like an in-turn trade
    state.tally[TRADES] += 1
    # hand_over forgets where each card given was seen and lets the offerer know it went to the
    # receiver: what ``send`` teaches the receiver would be out of date at once
    hand_over(state, offerer, receiver, given)
    hand_over(state, receiver, offerer, asked)
    return out


def _set_aside(q: MegaCorpsState) -> None:
    """The decision in progress, set aside in a question's copy (as when nothing is decided)."""
    q.target = q.card = -1
    q.vetoed, q.sellers, q.donors, q.sale, q.pending, q.sealed = [], [], [], [], [], []
    q.price, q.war_defender, q.lent, q.laps, q.lap_changed = 0, -1, 0, 0, False
    q.payout_industry, q.payout_modifier, q.payout_slot, q.payout_after = -1, 0, 0, 0
    q.draft_left = 0


def trade_question(state: MegaCorpsState, action: Action, receiver: int) -> MegaCorpsState:
    """A copy in which ``receiver`` answers the offer as if it had just been sent on the
    offerer's turn (the ANSWER step: accept or decline).  Whatever was being decided is set aside
    in the copy, and after the answer the copy goes on as the offerer's turn: a search looking
    further plays a close variant of the game, which is enough to weigh the answer."""
    if not isinstance(action, Action) or action.kind != SWAP:
        raise IllegalAction(f"{action} is not a swap")
    offerer = action.num
    give, ask = swap_items(action)
    given, asked = encode(state, offerer, receiver, give, ask)
    q = state.clone()
    if q.phase != TURN:
        _set_aside(q)
    q.phase, q.seat, q.turn, q.offer_to = ANSWER, receiver, offerer, receiver
    cards = [i for i in given if CARD <= i < MERC]  # last, as in the swap's public event
    q.draft_give, q.draft_ask = [i for i in given if i not in cards] + cards, asked
    for i in given:
        if CARD <= i < MERC:
            learn(q, receiver, offerer, i - CARD)  # as ``send`` does: the receiver saw the card
    return q
