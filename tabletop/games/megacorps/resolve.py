"""What a legal action does: one dispatch from (phase, verb) to the rules that carry it out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.protocol import Event
from . import cards, flow, legal, moves, offers, phases, sealed, trade, war
from .actions import Action

if TYPE_CHECKING:
    from .state import MegaCorpsState


def apply(state: MegaCorpsState, seat: int, action: Action, out: list[Event]) -> None:
    """Carry out ``action`` of ``seat``, already checked against the legal actions."""
    if action.kind == "leave":
        leave(state, seat, out)
        return
    board = state.game.board
    phase, kind, arg = state.phase, action.kind, action.arg
    if phase == phases.TURN:
        turn_action(state, seat, action, out)
    elif phase == phases.DRAFT:
        flow.draft_pick(state, seat, board.code_of_company[arg], out)
    elif phase == phases.TARGET:
        cards.choose_target(state, seat, arg, out)
    elif phase == phases.VETO:
        moves.answer_veto(state, seat, kind == "allow", out)
    elif phase == phases.REBUY:
        if kind == "pass":
            out.append(Event("pass", {"seat": seat}))
            flow.end_turn(state, out)
        else:
            moves.buy(state, seat, board.code_of_company[arg], out)
    elif phase == phases.BANK:
        moves.buy_from_bank(state, seat, action.num, out)
    elif phase == phases.PRICE:
        moves.name_price(state, seat, None if kind == "refuse" else action.num, out)
    elif phase == phases.PAY:
        moves.answer_price(state, seat, kind == "pay", out)
    elif phase == phases.DONATE:
        if kind == "aid":
            war.aid(state, seat, arg, out)
        elif kind == "sell":
            war.offer_sale(state, seat, arg, action.num, out)
        else:
            war.done(state, seat, out)
    elif phase == phases.SALE:
        war.answer_sale(state, seat, kind == "pay", out)
    elif phase == phases.WAR_GI:
        war.war_intervention(state, seat, None if kind == "pass" else board.code_of_company[arg], out)
    elif phase == phases.BID:
        sealed.bid(state, seat, action.num, out)
    elif phase == phases.VOTE:
        sealed.vote(state, seat, sealed.ABSTAIN if kind == "abstain" else action.num, out)
    elif phase == phases.RESPOND:
        card = None
        if kind == "play":
            index = board.event_index[arg]
            card = next(c for c in trade.free_hand(state, seat) if board.card_kind[c] == index)
        moves.respond(state, seat, card, out)
    elif phase == phases.COMPOSE:
        if kind == "send":
            trade.send(state, seat, out)
        elif kind == "drop":
            trade.drop(state, seat, out)
        else:
            trade.add(state, seat, action)
    elif phase == phases.ANSWER:
        trade.answer(state, seat, kind == "accept", out)


def turn_action(state: MegaCorpsState, seat: int, action: Action, out: list[Event]) -> None:
    board = state.game.board
    kind, arg = action.kind, action.arg
    if kind == "play":
        cards.play(state, seat, arg, out)
    elif kind == "offer":
        trade.start(state, seat, action.num, out)
    elif kind == "pass":
        out.append(Event("pass", {"seat": seat}))
        flow.end_turn(state, out)
    elif kind == "buy":
        moves.buy(state, seat, board.code_of_company[arg], out)
    elif kind == "payout":
        moves.start_payout(state, seat, board.industry_index[arg], True, out)
    elif kind == "intervene":
        moves.intervene(state, seat, board.code_of_company[arg], out)
        flow.end_turn(state, out)
    elif kind == "mercs":
        moves.buy_mercenaries(state, seat, out)
    elif kind == "war":
        war.declare(state, seat, board.country_index[arg], out)


# what a seat that leaves answers to the decision it is asked, before it goes
DEFAULT_ANSWER = {
    phases.TURN: "pass",
    phases.REBUY: "pass",
    phases.WAR_GI: "pass",
    phases.RESPOND: "pass",
    phases.VETO: "allow",
    phases.PRICE: "refuse",
    phases.PAY: "decline",
    phases.SALE: "decline",
    phases.ANSWER: "decline",
    phases.DONATE: "done",
    phases.COMPOSE: "drop",
    phases.BANK: "bank 0",
    phases.BID: "bid 0",
    phases.VOTE: "abstain",
}


def leave(state: MegaCorpsState, seat: int, out: list[Event]) -> None:
    """A player leaves (MC103, A39).  Whatever he is asked now is answered for him by the answer
    that hands nothing over (pass, refuse, decline, allow...), then his holdings go.  If others are
    answering a decision of his own turn, that decision is dropped and the next turn begins."""
    offers.void_of(state, seat, out)  # he may not hand anything over on his way out (MC103)
    if state.phase == phases.DRAFT:
        picked = sum(1 for o in state.owner if o == seat)
        state.draft_left -= state.game.data.economy.start_companies - picked
        flow.remove_seat(state, seat, out)
        if state.phase == phases.DRAFT:
            if state.draft_left <= 0:
                flow.begin_round(state, out)
            elif state.seat == seat:
                state.seat = flow.next_seat(state, seat)
        return
    state.left[seat] = True  # so that the answers below pass him by in every order of seats
    while seat in state.to_act():
        if state.phase == phases.TARGET:  # the card is spent without effect
            state.card = -1
            state.phase = phases.TURN
        apply(state, seat, Action(*_split(DEFAULT_ANSWER[state.phase])), out)
    own_turn = state.turn == seat and state.phase != phases.TURN
    lost_sale = bool(state.sale) and state.sale[0] == seat and state.phase in (phases.PAY, phases.SALE)
    lost_offer = state.phase == phases.COMPOSE and state.offer_to == seat
    if state.war_defender == seat:
        state.war_defender = -1
    flow.remove_seat(state, seat, out)
    if state.phase == phases.OVER:
        return
    if state.phase == phases.TARGET and not cards.targets(state, state.seat, state.card):
        state.card, state.phase = -1, phases.TURN  # its every target left with him: the card is spent
    if state.phase == phases.WAR_GI and len(legal.asked(state, state.seat)) == 1:
        flow.end_turn(state, out)  # the loser left: nothing of his is left there to intervene against
    if lost_sale:
        state.sale, state.price = [], 0
        if state.phase == phases.PAY:
            moves.next_seller(state, out)
        else:
            war.next_donor(state, out)
    if lost_offer:
        trade.drop(state, state.seat, out)
    if own_turn and state.turn == seat:
        state.sealed, state.draft_give, state.draft_ask = [], [], []
        state.payout_industry, state.payout_modifier, state.payout_slot = -1, 0, 0
        state.donors, state.lent = [], 0
        flow.end_turn(state, out)


def _split(text: str) -> tuple[str, str, int]:
    verb, _, rest = text.partition(" ")
    return (verb, "", int(rest)) if rest else (verb, "", -1)
