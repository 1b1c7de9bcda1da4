"""Event cards (MC78-MC82, MC95-MC100): which can be played now, their targets, their effects.

A "turn" card is played by its holder on his own turn, before his Action, and is not an Action;
a "payout" card (Oversupply, Shortages) in the window before an industry pays out (moves.py).
Each effect is implemented once here and chosen by name in the data file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.protocol import Event
from . import moves, rules, sealed, trade
from .board import DORMANT, EVENTS, NATIONALIZED, SYNDICALIZED, UNOWNED
from .data import WIKI, EventCard
from .phases import TARGET, TURN

if TYPE_CHECKING:
    from .state import MegaCorpsState


def held(state: MegaCorpsState, seat: int, timing: str) -> list[int]:
    """One card of each event kind ``seat`` holds with that timing and has not promised in an open
    offer (trade.free_hand), in hand order."""
    board = state.game.board
    seen: set[int] = set()
    found = []
    for card in trade.free_hand(state, seat):
        kind = board.card_kind[card]
        if kind not in seen and board.events[kind].timing == timing:
            seen.add(kind)
            found.append(card)
    return found


def playable(state: MegaCorpsState, seat: int) -> list[str]:
    """The codes of the turn cards ``seat`` could play now (each needs something to act on)."""
    board = state.game.board
    found = []
    for card in held(state, seat, "turn"):
        event = board.events[board.card_kind[card]]
        if event.effect == "open_place":
            place = board.place_built_by[board.card_kind[card]]
            if not any(state.owner[c] == DORMANT for c in board.companies_of_country[place]):
                continue
        elif event.effect == "clone_soldiers":
            if state.clones:
                continue
        elif event.effect != "mercenaries" and not targets(state, seat, card):
            continue
        found.append(event.code)
    return sorted(found)


def responses(state: MegaCorpsState, seat: int) -> list[str]:
    """Oversupply or Shortages, when the payout window allows: either when nothing was played yet,
    the other one right after one was (to cancel it)."""
    board = state.game.board
    found = []
    for card in held(state, seat, "payout"):
        event = board.events[board.card_kind[card]]
        sign = 1 if event.amount > 0 else -1
        if state.payout_slot in (0, -sign):
            found.append(event.code)
    return sorted(found)


def targets(state: MegaCorpsState, seat: int, card: int) -> list[str]:
    """The codes the player of ``card`` may choose as its target."""
    board = state.game.board
    event = board.events[board.card_kind[card]]
    countries = board.countries
    effect = event.effect
    if effect == "auction":
        return [countries[k].code for k in rules.kleptocracies(state)]
    if effect == "election":
        found = rules.democracies(state)
        if event.owned_only:
            found = [k for k in found if state.country_owner[k] >= 0]
        return [countries[k].code for k in found]
    if effect == "wikisyndicalism":
        return [countries[k].code for k in rules.democracies(state)]
    if effect == "government":
        return [countries[k].code for k, g in enumerate(state.government) if g in event.from_governments]
    if effect == "payout":
        return list(event.industries)
    codes = board.company_code
    if effect == "syndicalize":
        return [
            codes[c]
            for c, o in enumerate(state.owner)
            if (o >= 0 or o == UNOWNED) and not board.neutral[board.company_country[c]]
        ]
    if effect == "privatize":
        return [codes[c] for c, o in enumerate(state.owner) if o == NATIONALIZED]
    if effect == "breakup":
        return [
            codes[c]
            for c, o in enumerate(state.owner)
            if o >= 0 and rules.holdings(state, o, board.company_industry[c]) >= event.minimum
        ]
    return []


def play(state: MegaCorpsState, seat: int, code: str, out: list[Event]) -> None:
    """A turn card is played: discarded, announced, then its target asked for or its effect done."""
    board = state.game.board
    kind = board.event_index[code]
    card = next(c for c in trade.free_hand(state, seat) if board.card_kind[c] == kind)
    state.hands[seat].remove(card)
    state.discard.append(card)
    trade.forget(state, card)
    state.tally[EVENTS] += 1
    event = board.events[kind]
    out.append(Event("event", {"seat": seat, "card": code}))
    if event.effect in ("clone_soldiers", "open_place", "mercenaries"):
        untargeted(state, seat, event, out)
        state.phase, state.seat = TURN, seat
        return
    state.card = card
    state.phase, state.seat = TARGET, seat


def untargeted(state: MegaCorpsState, seat: int, event: EventCard, out: list[Event]) -> None:
    board = state.game.board
    if event.effect == "clone_soldiers":
        state.clones = True
    elif event.effect == "open_place":
        place = board.country_index[event.place]
        for c in board.companies_of_country[place]:
            if state.owner[c] == DORMANT:
                state.owner[c] = UNOWNED
    elif event.effect == "mercenaries":
        state.mercs[seat] += event.amount
    out.append(Event("effect", {"seat": seat, "card": event.code}))


def choose_target(state: MegaCorpsState, seat: int, code: str, out: list[Event]) -> None:
    """The card's player named its target: the effect happens (an auction or an election asks the
    other players first; a payout opens the payout window)."""
    board = state.game.board
    event = board.events[board.card_kind[state.card]]
    effect = event.effect
    state.card = -1
    out.append(Event("target", {"seat": seat, "card": event.code, "target": code}))
    if effect == "payout":
        moves.start_payout(state, seat, board.industry_index[code], False, out)
        return
    if effect == "auction":
        sealed.start_auction(state, seat, board.country_index[code], out)
        return
    if effect == "election":
        sealed.start_election(state, seat, board.country_index[code], out)
        return
    if effect == "wikisyndicalism":
        state.government[board.country_index[code]] = WIKI
    elif effect == "government":
        state.government[board.country_index[code]] = event.to_government
    else:
        company = board.code_of_company[code]
        former = state.owner[company]
        if effect == "syndicalize":
            state.owner[company] = SYNDICALIZED
            if former >= 0:
                state.money[former] += event.amount
        elif effect == "privatize":
            state.owner[company] = UNOWNED
        elif effect == "breakup":
            state.owner[company] = UNOWNED
            state.money[former] += event.amount
    state.phase, state.seat = TURN, seat
