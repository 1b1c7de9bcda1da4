"""Response windows: the questions a player is asked about someone else's decision (a veto, a
price, the war's donations and sales, a sealed bid or vote, the payout window, an offer to answer),
and the rules' neutral answer that closes one when its time runs out (R-MC34): the answer that
hands nothing over, as when a player leaves (R-MC31)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action
from .phases import ANSWER, BID, DONATE, PRICE, RESPOND, SALE, VETO, VOTE, WAR_GI

if TYPE_CHECKING:
    from .state import MegaCorpsState

# asked of everybody concerned, the turn's player too: each answers for himself alone
EVERYBODY = {BID: Action("bid", num=0), VOTE: Action("abstain"), RESPOND: Action("pass")}
# asked of a player about the turn's player's decision
OTHERS = {
    VETO: Action("allow"),
    PRICE: Action("refuse"),
    DONATE: Action("done"),
    SALE: Action("decline"),
    WAR_GI: Action("pass"),
    ANSWER: Action("decline"),
}


def neutral_action(state: MegaCorpsState, seat: int) -> Action | None:
    """The neutral answer closing ``seat``'s question if it is a response window (None: the
    question is a decision of the seat's own turn, or the seat is not asked)."""
    phase = state.phase
    found = EVERYBODY.get(phase)
    if found is None and seat != state.turn:
        found = OTHERS.get(phase)
    if found is None or found not in state.legal_actions_for(seat):
        return None
    return found
