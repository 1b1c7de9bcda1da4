"""What a seat may decide now: the one source of legality (``State.apply`` checks against it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards, phases, rules, trade
from .actions import VERBS, Action
from .board import UNOWNED

if TYPE_CHECKING:
    from .state import MegaCorpsState

PASS = VERBS["pass"].of()
YES_NO = {
    phase: tuple(VERBS[word].of() for word in words)
    for phase, words in (
        (phases.VETO, ("allow", "veto")),
        (phases.PAY, ("pay", "decline")),
        (phases.SALE, ("pay", "decline")),
        (phases.ANSWER, ("accept", "decline")),
    )
}
PLAY, TARGET_OF, OFFER, VOTE_FOR = VERBS["play"], VERBS["target"], VERBS["offer"], VERBS["vote"]
REFUSE, ABSTAIN, MERCS, DONE = (VERBS[k].of() for k in ("refuse", "abstain", "mercs", "done"))


def asked(state: MegaCorpsState, seat: int) -> list[Action]:
    """The choices of the decision ``seat`` is asked now (it must be one of ``to_act``)."""
    phase = state.phase
    board = state.game.board
    menu = state.game.menu
    if phase == phases.TURN:
        return turn_actions(state, seat)
    if phase == phases.DRAFT:
        take = menu.take
        return [take[c] for c, o in enumerate(state.owner) if o == UNOWNED]
    if phase in YES_NO:
        return list(YES_NO[phase])
    if phase == phases.TARGET:
        return [TARGET_OF.of(code) for code in cards.targets(state, seat, state.card)]
    if phase == phases.REBUY:
        return [*map(menu.buy.__getitem__, rules.buyable(state, seat)), PASS]
    if phase == phases.BANK:
        return VERBS["bank"].upto(bank_limit(state, seat))
    if phase == phases.PRICE:
        top = min(state.game.data.economy.max_price, state.money[state.turn])
        return [*VERBS["price"].upto(top), REFUSE]
    if phase == phases.DONATE:
        return donate_actions(state, seat)
    if phase == phases.WAR_GI:
        loser = state.war_defender if seat == state.turn else state.turn
        found = [c for c in board.companies_of_country[state.target] if state.owner[c] == loser]
        if loser < 0:  # the loser left the game: -1 would match the unowned companies
            found = []
        return [*map(menu.intervene.__getitem__, found), PASS]
    if phase == phases.BID:
        return VERBS["bid"].upto(state.money[seat])
    if phase == phases.VOTE:
        return [*(VOTE_FOR.number(s) for s in state.in_game()), ABSTAIN]
    if phase == phases.RESPOND:
        return [*(PLAY.of(code) for code in cards.responses(state, seat)), PASS]
    if phase == phases.COMPOSE:
        return trade.compose_actions(state, seat)
    return []


def turn_actions(state: MegaCorpsState, seat: int) -> list[Action]:
    """The turn's choices: event cards and trade offers first (they do not end the turn), then the
    six Actions (MC30)."""
    menu = state.game.menu
    found = [PLAY.of(code) for code in cards.playable(state, seat)] if state.hands[seat] else []
    if state.offers_left > 0:
        found += [OFFER.number(s) for s in state.in_game() if s != seat]
    found += map(menu.buy.__getitem__, rules.buyable(state, seat))
    if state.paid != seat and not state.payout_done:
        found += menu.payout
    found += map(menu.intervene.__getitem__, rules.intervention_targets(state, seat))
    if can_buy_mercenaries(state, seat):
        found.append(MERCS)
    found += map(menu.war.__getitem__, rules.war_targets(state, seat))
    found.append(PASS)
    return found


def bank_limit(state: MegaCorpsState, seat: int) -> int:
    price = state.game.data.economy.bank_mercenary_price
    most = rules.bank_mercenaries(state)
    return most if price == 0 else min(most, state.money[seat] // price)


def can_buy_mercenaries(state: MegaCorpsState, seat: int) -> bool:
    """Whether the Action could bring a mercenary: a free one, one from the bank, or a seller
    (the seat's own Defense/Biotech company gives it a free one, another player's sells one)."""
    owner = state.owner
    return any(owner[c] >= 0 for c in rules.mercenary_companies(state)) or bank_limit(state, seat) > 0


def donate_actions(state: MegaCorpsState, seat: int) -> list[Action]:
    """A player not at war gives a mercenary to either side, offers one for sale to a warring
    player, or is done (MC67, MC75)."""
    found: list[Action] = []
    if state.mercs[seat] > 0:
        top = state.game.data.economy.max_price
        for side, receiver in (("a", state.turn), ("d", state.war_defender)):
            found.append(VERBS["aid"].of(side))
            if receiver >= 0:
                found += [Action("sell", side, p) for p in range(1, min(top, state.money[receiver]) + 1)]
    found.append(DONE)
    return found


def why_not(state: MegaCorpsState, seat: int, action: Action) -> str:
    """A readable reason an action of the right seat is refused."""
    phase = phases.PHASE_NAMES[state.phase]
    kind = action.kind
    if state.phase == phases.TURN:
        economy = state.game.data.economy
        if kind == "payout" and state.paid == seat:
            return "you hold the Paid card"
        if kind == "payout" and state.payout_done:
            return "an industry already paid out by an Action this round"
        if kind == "buy" and state.money[seat] < economy.company_price:
            return f"a company costs {economy.company_price}"
        if kind == "buy":
            return "that company is not for sale (owned, nationalized, syndicalized or not built)"
        if kind == "war" and state.mercs[seat] < 1:
            return "a war needs at least one mercenary"
        if kind == "war":
            return "that country cannot be attacked by you (your own, or an independent place)"
        if kind == "intervene":
            return "you may intervene only against another player's company in a country you control"
        if kind == "play":
            return "you hold no such event card that can be played now"
    choices = ", ".join(a.text for a in asked(state, seat)[:8])
    return f"the game is at the {phase} step; choices include: {choices}"
