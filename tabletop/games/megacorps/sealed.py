"""Auctions (Greedy Kleptocrats, MC83-MC89) and elections (MC90-MC94): sealed choices.

Every seat concerned is asked at once (``to_act``) and may answer in any order; no view, event or
bot sees a choice before all are in (a seat sees only its own), then all are revealed together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.protocol import Event
from . import flow, rules
from .board import AUCTIONS, ELECTIONS
from .phases import BID, TURN, VOTE

if TYPE_CHECKING:
    from .state import MegaCorpsState

NONE = -1  # not chosen yet
ABSTAIN = -2


def start_auction(state: MegaCorpsState, seat: int, country: int, out: list[Event]) -> None:
    """Every player bids; a player without money bids 0 without being asked (A28)."""
    state.tally[AUCTIONS] += 1
    state.target = country
    state.sealed = [NONE] * state.n
    state.pending = []
    for s in flow.clockwise(state, seat):
        if state.money[s] > 0:
            state.pending.append(s)
        else:
            state.sealed[s] = 0
    out.append(Event("auction", {"seat": seat, "country": state.game.board.countries[country].code}))
    state.phase = BID
    if not state.pending:
        reveal_auction(state, out)


def seal(state: MegaCorpsState, seat: int, choice: int, kind: str, key: str, out: list[Event]) -> bool:
    """``seat``'s sealed ``choice`` (a bid, a vote), told to it alone as an event ``kind`` (the
    others learn that it chose); whether every seat asked has now chosen."""
    state.sealed[seat] = choice
    state.pending.remove(seat)
    out.append(Event("sealed", {"seat": seat}))
    out.append(Event(kind, {"seat": seat, key: choice}, (seat,)))
    return not state.pending


def bid(state: MegaCorpsState, seat: int, amount: int, out: list[Event]) -> None:
    if seal(state, seat, amount, "my-bid", "bid", out):
        reveal_auction(state, out)


def reveal_auction(state: MegaCorpsState, out: list[Event]) -> None:
    """The highest bidder pays and takes the Kleptocracy; a tie leaves it unowned; if nobody bid
    anything it stays as it was (MC86-MC89)."""
    bids = [max(0, b) for b in state.sealed]
    for s in range(state.n):
        if state.left[s]:
            bids[s] = 0
    top = max(bids)
    leaders = [s for s, b in enumerate(bids) if b == top]
    country = state.target
    winner = -1
    if top > 0:
        if len(leaders) == 1:
            winner = leaders[0]
            state.money[winner] -= top
            state.country_owner[country] = winner
        else:
            state.country_owner[country] = -1
    code = state.game.board.countries[country].code
    out.append(
        Event(
            "bids", {"country": code, "bids": bids, "winner": winner, "owner": state.country_owner[country]}
        )
    )
    back_to_turn(state)


def start_election(state: MegaCorpsState, seat: int, country: int, out: list[Event]) -> None:
    """Players with votes (Media companies) vote, sealed (A31); with no voter nothing changes."""
    state.tally[ELECTIONS] += 1
    state.target = country
    state.sealed = [NONE] * state.n
    state.pending = [s for s in flow.clockwise(state, seat) if rules.votes(state, s) > 0]
    out.append(Event("election", {"seat": seat, "country": state.game.board.countries[country].code}))
    state.phase = VOTE
    if not state.pending:
        reveal_election(state, out)


def vote(state: MegaCorpsState, seat: int, candidate: int, out: list[Event]) -> None:
    if seal(state, seat, candidate, "my-vote", "vote", out):
        reveal_election(state, out)


def reveal_election(state: MegaCorpsState, out: list[Event]) -> None:
    """Each voter's Media companies all vote for his candidate (A30); most votes controls the
    country, a tie leaves it unowned (MC93, MC94); no vote at all changes nothing (A32)."""
    tally = [0] * state.n
    for voter, candidate in enumerate(state.sealed):
        if candidate >= 0 and not state.left[voter] and not state.left[candidate]:
            tally[candidate] += rules.votes(state, voter)
    country = state.target
    top = max(tally)
    if top > 0:
        leaders = [s for s, v in enumerate(tally) if v == top]
        state.country_owner[country] = leaders[0] if len(leaders) == 1 else -1
    code = state.game.board.countries[country].code
    ballots = [v if v >= 0 else ABSTAIN for v in state.sealed]
    out.append(
        Event(
            "votes",
            {"country": code, "votes": ballots, "tally": tally, "owner": state.country_owner[country]},
        )
    )
    back_to_turn(state)


def back_to_turn(state: MegaCorpsState) -> None:
    state.sealed, state.pending = [], []
    state.target = -1
    state.phase, state.seat = TURN, state.turn
