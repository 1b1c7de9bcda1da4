"""Launch a War (MC63-MC77): the donation window, the two totals, losses, the winner's intervention."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.protocol import Event
from . import flow, moves, rules
from .board import WARS, WARS_WON
from .phases import DONATE, SALE, WAR_GI

if TYPE_CHECKING:
    from .state import MegaCorpsState


def declare(state: MegaCorpsState, seat: int, country: int, out: list[Event]) -> None:
    state.tally[WARS] += 1
    state.target = country
    state.war_defender = state.country_owner[country]
    state.lent = 0
    state.laps = 0
    code = state.game.board.countries[country].code
    out.append(Event("war", {"seat": seat, "country": code, "defender": state.war_defender}))
    begin_lap(state, out)


def begin_lap(state: MegaCorpsState, out: list[Event]) -> None:
    """One lap of the donation window: each player not at war holding a mercenary, clockwise from
    the attacker's left (D5).  Another lap follows one in which something changed, up to the
    data's limit."""
    state.laps += 1
    state.lap_changed = False
    warring = (state.turn, state.war_defender)
    state.donors = [s for s in flow.clockwise(state, state.turn, False) if s not in warring]
    next_donor(state, out)


def next_donor(state: MegaCorpsState, out: list[Event]) -> None:
    while state.donors and state.mercs[state.donors[0]] < 1:
        state.donors.pop(0)
    if state.donors:
        state.phase, state.seat = DONATE, state.donors[0]
        return
    if state.lap_changed and state.laps < state.game.data.economy.donation_laps:
        begin_lap(state, out)
    else:
        resolve(state, out)


def aid(state: MegaCorpsState, seat: int, side: str, out: list[Event]) -> None:
    """A gift of one mercenary to the attacker or the defender (an unowned country's defence)."""
    state.mercs[seat] -= 1
    receiver = state.turn if side == "a" else state.war_defender
    if receiver >= 0:
        state.mercs[receiver] += 1
    else:
        state.lent += 1
    state.lap_changed = True
    out.append(Event("aid", {"seat": seat, "side": side, "to": receiver}))
    next_donor(state, out)


def offer_sale(state: MegaCorpsState, seat: int, side: str, price: int, out: list[Event]) -> None:
    receiver = state.turn if side == "a" else state.war_defender
    state.sale = [seat, 0 if side == "a" else 1, price]
    out.append(Event("offer-mercenary", {"seat": seat, "to": receiver, "price": price}))
    state.phase, state.seat = SALE, receiver


def answer_sale(state: MegaCorpsState, seat: int, pay: bool, out: list[Event]) -> None:
    """The warring player pays for the mercenary or declines; either way the seller's turn in this
    lap is over (so that an offer cannot be repeated for ever)."""
    seller, _, price = state.sale
    if pay:
        state.money[seat] -= price
        state.money[seller] += price
        state.mercs[seller] -= 1
        state.mercs[seat] += 1
        state.lap_changed = True
    out.append(
        Event("paid-price" if pay else "declined-price", {"seat": seat, "seller": seller, "price": price})
    )
    state.sale = []
    if state.donors and state.donors[0] == seller:
        state.donors.pop(0)
    next_donor(state, out)


def done(state: MegaCorpsState, seat: int, out: list[Event]) -> None:
    state.donors.pop(0)
    next_donor(state, out)


def resolve(state: MegaCorpsState, out: list[Event]) -> None:
    """The totals (MC68-MC70), the losses (MC71-MC73, MC75), control, then the winner's
    intervention (MC74, MC76)."""
    attacker, defender, country = state.turn, state.war_defender, state.target
    attack = rules.attack_total(state, attacker)
    defence = rules.defence_total(state, country)
    won = attack > defence
    state.war_totals = [attack, defence]
    a_used = state.mercs[attacker]
    d_used = state.mercs[defender] if defender >= 0 else state.lent
    a_lost, d_lost = losses(a_used, d_used)
    state.mercs[attacker] -= a_lost
    if defender >= 0:
        state.mercs[defender] -= d_lost
    state.lent = 0  # an unowned country's helpers are gone after the war (MC75)
    if won:
        state.country_owner[country] = attacker
        state.tally[WARS_WON] += 1
    board = state.game.board
    out.append(
        Event(
            "war-result",
            {
                "attacker": attacker,
                "defender": defender,
                "country": board.countries[country].code,
                "attack": attack,
                "defence": defence,
                "won": won,
                "attacker_lost": a_lost,
                "defender_lost": d_lost,
            },
        )
    )
    state.donors = []
    if defender < 0:
        flow.end_turn(state, out)
        return
    winner, loser = (attacker, defender) if won else (defender, attacker)
    if any(state.owner[c] == loser for c in board.companies_of_country[country]):
        state.phase, state.seat = WAR_GI, winner
    else:
        flow.end_turn(state, out)


def losses(a_used: int, d_used: int) -> tuple[int, int]:
    """Mercenaries lost by each side: the attacker alone loses one; otherwise the smaller force is
    removed and the larger loses as many (equal forces both go)."""
    if a_used > 0 and d_used == 0:
        return 1, 0
    if a_used == 0 or d_used == 0:
        return 0, 0
    smaller = min(a_used, d_used)
    return (a_used if a_used == smaller else smaller), (d_used if d_used == smaller else smaller)


def war_intervention(state: MegaCorpsState, seat: int, company: int | None, out: list[Event]) -> None:
    if company is not None:
        moves.intervene(state, seat, company, out)
    flow.end_turn(state, out)
