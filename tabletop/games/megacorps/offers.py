"""Offers at any time (MC101, MC102; ruling R-MC33): moves of the game, checked by the rules.

Any seat still playing may offer another a trade at any moment but the end: ``propose 2 10/jpn``
(give seat 2 10, ask for Japan).  The offer is public but for its event cards, which only the two
players see (R-MC26); its maker may ``withdraw`` it, its receiver ``accept`` or ``decline`` it, a
timed table's clock may ``expire`` it (the receiver's neutral answer).  Consent is a rule: a trade
changes hands only when the receiver accepts an offer its maker made and did not withdraw, and
nothing else moves anything.

- **Checked when made**: the maker holds what it gives, the receiver what is asked (public
  holdings); money goes one way, as one amount; an event card may be given, never asked for
  (R-MC28); ``trade_items`` items at most; ``anytime_offers`` offers open per maker at once.
- **Promised cards**: an event card given in an open offer stays in its holder's hand, promised: it
  may not be played or put into another offer until the offer closes.  So an offer's cards are
  always where it says, and no answer can tell anybody where a card went (R-MC33).
- **Carried out between actions**: accepted while a trade is open (the turn step of somebody's
  turn, after the draft), everything changes hands at once (trade.py's ``hand_over``, antitrust
  ignored, A8).  Accepted while something is being decided, it waits, and is carried out at the
  next moment a trade is open, before anything else, or becomes void if it is no longer possible
  then.  An offer that is not possible when accepted is refused, and stays open.
- A seat that leaves voids every offer it made or received; the end voids every offer still open.

An offer's number is its place in the game's offers (1, 2, ...); the state keeps the open ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.errors import IllegalAction
from ...core.protocol import JSON, Event
from .actions import ITEM_CHARS, PROPOSE, PROPOSE_LENGTH, VERBS, Action, offer_items, propose
from .board import OFFERS, TRADES
from .phases import ANSWER, COMPOSE, OVER, TURN
from .trade import CARD, COUNTRY, MERC, MONEY, describe, free_hand, hand_over, learn, mercs_in, money_in

if TYPE_CHECKING:
    from .state import MegaCorpsState

MOVES = frozenset((PROPOSE, "withdraw", "expire", "accept", "decline"))


class Offer:
    """An open offer: its number, maker, receiver, the items given and asked (trade.py numbers),
    and whether the receiver accepted it (waiting for a moment between actions)."""

    __slots__ = ("accepted", "ask", "frm", "give", "number", "to")

    def __init__(
        self, number: int, frm: int, to: int, give: list[int], ask: list[int], accepted: bool = False
    ) -> None:
        self.number = number
        self.frm = frm
        self.to = to
        self.give = give
        self.ask = ask
        self.accepted = accepted

    def copy(self) -> Offer:
        return Offer(self.number, self.frm, self.to, list(self.give), list(self.ask), self.accepted)

    def to_json(self) -> list[JSON]:
        return [self.number, self.frm, self.to, list(self.give), list(self.ask), self.accepted]


def is_move(action: Action) -> bool:
    """Whether ``action`` is a move about offers at any time (not an answer the seat is asked:
    ``accept`` and ``decline`` alone answer an in-turn offer)."""
    return action.kind in MOVES and (action.num >= 0 or action.kind == PROPOSE)


def trade_open(state: MegaCorpsState) -> bool:
    """A trade may be carried out now: between actions, in the TURN step of somebody's turn."""
    return state.phase == TURN


# -- building the moves (the Trading protocol) ---------------------------------------------------------
def offer_action(receiver: int, give: Sequence[str], ask: Sequence[str]) -> Action:
    """``propose <receiver> <give>/<ask>``; IllegalAction when the items cannot be written."""
    for items in (give, ask):
        if isinstance(items, str) or not all(isinstance(i, str) for i in items):
            raise IllegalAction("the items given and asked are lists of codes")
        for item in items:
            if not item or not set(item) <= ITEM_CHARS or item == "-":
                raise IllegalAction(f"{item!r} is not a MegaCorps trade item")
    if type(receiver) is not int or receiver < 0:
        raise IllegalAction(f"an offer goes to a seat, not {receiver!r}")
    action = propose(receiver, give, ask)
    if len(action.text) > PROPOSE_LENGTH:
        raise IllegalAction(f"an offer is written in {PROPOSE_LENGTH} characters at most")
    return action


def numbered(kind: str, number: int) -> Action:
    if type(number) is not int or number < 0:
        raise IllegalAction(f"an offer's number is a whole number, not {number!r}")
    return VERBS[kind].number(number)


# -- what a seat sees ----------------------------------------------------------------------------------
def seen(state: MegaCorpsState, seat: int | None) -> list[dict[str, JSON]]:
    """The open offers, as ``seat`` sees them: all of them, an offer's event cards named only to its
    two players (``card`` to everybody else)."""
    found: list[dict[str, JSON]] = []
    for offer in state.offers:
        shown = seat is not None and seat in (offer.frm, offer.to)
        found.append(
            {
                "id": offer.number,
                "from": offer.frm,
                "to": offer.to,
                "give": describe(state, offer.give, shown),
                "ask": describe(state, offer.ask, False),
                "status": "accepted" if offer.accepted else "open",
            }
        )
    return found


# -- the moves -------------------------------------------------------------------------------------------
def apply_move(state: MegaCorpsState, seat: int, action: Action, out: list[Event]) -> None:
    """``seat`` makes a move about offers; IllegalAction (the state unchanged) when it may not."""
    if state.phase == OVER:
        raise IllegalAction("the game is over")
    if type(seat) is not int or not 0 <= seat < state.n:
        raise IllegalAction(f"there is no seat {seat!r}")
    if state.left[seat]:
        raise IllegalAction("you left the game")
    kind = action.kind
    if kind == PROPOSE:
        make(state, seat, action, out)
        return
    offer = find(state, action.num)
    if kind == "withdraw":
        if offer.frm != seat:
            raise IllegalAction(f"offer {offer.number} is not yours to withdraw")
        if offer.accepted:
            raise IllegalAction(f"offer {offer.number} was accepted: it is carried out at the next moment")
        close(state, offer, "withdrawn", "", out)
        return
    if offer.to != seat:
        raise IllegalAction(f"offer {offer.number} was not made to you")
    if offer.accepted:
        raise IllegalAction(f"you accepted offer {offer.number}: it is carried out at the next moment")
    if kind == "accept":
        accept(state, offer, out)
    else:
        close(state, offer, "declined" if kind == "decline" else "expired", "", out)


def find(state: MegaCorpsState, number: int) -> Offer:
    for offer in state.offers:
        if offer.number == number:
            return offer
    if 0 < number < state.next_offer:
        raise IllegalAction(f"offer {number} is closed")
    raise IllegalAction(f"there is no offer {number}")


def make(state: MegaCorpsState, seat: int, action: Action, out: list[Event]) -> None:
    to = action.num
    give, ask = offer_items(action)
    most = state.game.data.economy.anytime_offers
    if sum(1 for o in state.offers if o.frm == seat) >= most:
        raise IllegalAction(f"you have {most} offers open: withdraw one first")
    given, asked = encode(state, seat, to, give, ask)
    number = state.next_offer
    state.next_offer += 1
    state.offers.append(Offer(number, seat, to, given, asked))
    state.tally[OFFERS] += 1
    data: dict[str, JSON] = {"id": number, "seat": seat, "to": to, "ask": describe(state, asked, False)}
    out.append(Event("proposal", {**data, "give": describe(state, given, False)}))
    cards = [i - CARD for i in given if CARD <= i < MERC]
    if cards:
        out.append(Event("proposal-cards", {**data, "give": describe(state, given, True)}, (seat, to)))
        for card in cards:
            learn(state, to, seat, card)


def encode(
    state: MegaCorpsState, offerer: int, receiver: int, give: list[str], ask: list[str]
) -> tuple[list[int], list[int]]:
    """The offer's items as trade.py numbers; IllegalAction with the reason when it is malformed
    or ``offerer`` could not make it now.  Every check reads only the offerer's own holdings and
    what is public, so a refusal tells the offerer nothing it could not see."""
    n = state.n
    if not 0 <= receiver < n:
        raise IllegalAction(f"an offer goes to a seat from 0 to {n - 1}, not {receiver}")
    if state.left[receiver]:
        raise IllegalAction(f"seat {receiver} has left the game")
    if offerer == receiver:
        raise IllegalAction("a player cannot trade with himself")
    if not give and not ask:
        raise IllegalAction("an offer must give or ask something")
    most = state.game.data.economy.trade_items
    if len(give) + len(ask) > most:
        raise IllegalAction(
            f"an offer holds {most} items at most (money counts once), not {len(give) + len(ask)}"
        )
    given = _encode(state, offerer, give, True, offerer)
    asked = _encode(state, receiver, ask, False, offerer)
    if money_in(given) and money_in(asked):
        raise IllegalAction("money goes one way only in an offer")
    return given, asked


def _encode(state: MegaCorpsState, holder: int, items: list[str], giving: bool, offerer: int) -> list[int]:
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
            if not giving:  # checked before anything about the receiver's hand is looked at
                raise IllegalAction(f"an event card ({item}) may be given, not asked for (R-MC28)")
            kind = board.event_index[item]
            # nor a card in the offer the offerer is making on his turn (trade.py): it may go there
            drafted = state.draft_give if state.phase in (COMPOSE, ANSWER) and state.turn == offerer else []
            free = [
                c
                for c in free_hand(state, offerer)
                if board.card_kind[c] == kind and CARD + c not in found and CARD + c not in drafted
            ]
            if not free:
                raise IllegalAction(
                    f"you hold no {'more ' if found else ''}{item} card that is not promised already"
                )
            found.append(CARD + free[0])
        else:
            raise IllegalAction(
                f"{item!r} is not a MegaCorps trade item (money, merc, a company, a country or an event card)"
            )
    return found


def possible(state: MegaCorpsState, offer: Offer) -> str:
    """Why ``offer`` could not be carried out now ("" when it could).  Its event cards are promised,
    so they are still where it says: only public holdings can be missing."""
    for giver, items in ((offer.frm, offer.give), (offer.to, offer.ask)):
        money = money_in(items)
        if money > state.money[giver]:
            return f"seat {giver} has {state.money[giver]} in money, less than {money}"
        if mercs_in(items) > state.mercs[giver]:
            return f"seat {giver} has {state.mercs[giver]} mercenaries, fewer than the offer's"
        board = state.game.board
        for i in items:
            if i < COUNTRY and state.owner[i] != giver:
                return f"seat {giver} no longer owns the company {board.company_code[i]}"
            if COUNTRY <= i < CARD and state.country_owner[i - COUNTRY] != giver:
                return f"seat {giver} no longer controls {board.countries[i - COUNTRY].code}"
    return ""


def accept(state: MegaCorpsState, offer: Offer, out: list[Event]) -> None:
    why = possible(state, offer)
    if why:
        raise IllegalAction(f"offer {offer.number} is not possible now: {why}")
    if trade_open(state):
        carry(state, offer, out)
        return
    offer.accepted = True
    out.append(Event("offer-accepted", {"id": offer.number, "seat": offer.to, "from": offer.frm}))


def carry(state: MegaCorpsState, offer: Offer, out: list[Event]) -> None:
    """Everything changes hands now (the offer is possible)."""
    state.offers.remove(offer)
    state.tally[TRADES] += 1
    data: dict[str, JSON] = {
        "id": offer.number,
        "from": offer.frm,
        "to": offer.to,
        "ask": describe(state, offer.ask, False),
    }
    out.append(Event("swap", {**data, "give": describe(state, offer.give, False)}))
    if any(CARD <= i < MERC for i in offer.give):
        out.append(
            Event("swap-cards", {**data, "give": describe(state, offer.give, True)}, (offer.frm, offer.to))
        )
    # hand_over forgets where each card given was seen and lets the offerer know it went to the
    # receiver: what the offer taught the receiver would be out of date at once
    hand_over(state, offer.frm, offer.to, offer.give)
    hand_over(state, offer.to, offer.frm, offer.ask)


def carry_out(state: MegaCorpsState, out: list[Event]) -> None:
    """The accepted offers, oldest first, now that a trade is open: carried out, or void when no
    longer possible."""
    for offer in [o for o in state.offers if o.accepted]:
        if offer not in state.offers:
            continue
        why = possible(state, offer)
        if why:
            close(state, offer, "void", why, out)
        else:
            carry(state, offer, out)


def close(state: MegaCorpsState, offer: Offer, status: str, reason: str, out: list[Event]) -> None:
    """The offer closes without a trade: declined, withdrawn, expired or void."""
    state.offers.remove(offer)
    data: dict[str, JSON] = {"id": offer.number, "from": offer.frm, "to": offer.to, "status": status}
    if reason:
        data["reason"] = reason
    out.append(Event("offer-closed", data))


def void_of(state: MegaCorpsState, seat: int, out: list[Event]) -> None:
    """``seat`` leaves: every offer it made or received is void."""
    for offer in [o for o in state.offers if seat in (o.frm, o.to)]:
        close(state, offer, "void", f"seat {seat} left the game", out)


def void_all(state: MegaCorpsState, out: list[Event]) -> None:
    """The game is over: every offer still open is void."""
    for offer in list(state.offers):
        close(state, offer, "void", "the game is over", out)


# -- bots answer an offer as they answer an in-turn one ----------------------------------------------
def _set_aside(q: MegaCorpsState) -> None:
    """The decision in progress, set aside in a question's copy (as when nothing is decided)."""
    q.target = q.card = -1
    q.vetoed, q.sellers, q.donors, q.sale, q.pending, q.sealed = [], [], [], [], [], []
    q.price, q.war_defender, q.lent, q.laps, q.lap_changed = 0, -1, 0, 0, False
    q.payout_industry, q.payout_modifier, q.payout_slot, q.payout_after = -1, 0, 0, 0
    q.draft_left = 0


def trade_question(state: MegaCorpsState, number: int) -> MegaCorpsState:
    """A copy in which the receiver answers offer ``number`` as if it had just been sent on the
    maker's turn (the ANSWER step: accept or decline).  Whatever was being decided is set aside in
    the copy, and after the answer the copy goes on as the maker's turn: a search looking further
    plays a close variant of the game, which is enough to weigh the answer."""
    offer = find(state, number)
    if offer.accepted:
        raise IllegalAction(f"offer {number} was accepted already")
    q = state.clone()
    q.offers = [o for o in q.offers if o.number != number]
    if q.phase != TURN:
        _set_aside(q)
    q.phase, q.seat, q.turn, q.offer_to = ANSWER, offer.to, offer.frm, offer.to
    cards = [i for i in offer.give if CARD <= i < MERC]  # last, as in the offer's public event
    q.draft_give, q.draft_ask = [i for i in offer.give if i not in cards] + cards, list(offer.ask)
    q._legal_seat = -1
    return q
