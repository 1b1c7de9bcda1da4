"""MegaCorps' world from a seat's view (tabletop/client/worlds/__init__.py).

The board, money, mercenaries, Governments, the discard pile and the decision in progress are
public; the seat sees its own event cards and those it learnt of in other hands (``known``; a fact
told twice is one card learnt twice), and how many cards each other hand, the deck and the box
hold.  Cards are ids, copies of one event consecutive: the seen cards take their events' lowest
ids, the unseen ones fill the other hands, the deck and the box in their numbers (a sample deals
them all again from a sorted pool: only their events count).  The sealed bids and votes of others
not yet revealed are 0 (a sample guesses them again).

The decision's bookkeeping follows from the view and the rules:

- the seats still to act this round (``order``): those after the turn's player clockwise from the
  Active Player; the seat asked (``seat``): the one ``to_act`` names (in a sealed step, the turn's
  player, who chose the target);
- a purchase (``target``): the company named; after a veto, the companies vetoed (shown);
- a Defense sale: the companies whose owners are still to be asked (``sellers``: the rules' list
  from the company named on; once a price is named, after the company it is for);
- a war: the country, its defender, the helpers' mercenaries, the lap and whether anything changed
  in it, the donors from the one asked on (the lap's seats: clockwise from the attacker's left,
  the warring seats out), the sale; after it, the totals the war was fought with;
- a payout window: the industry and modifier shown, the last card's sign (the modifier's), the
  seats still to ask and whether it is the Action's payout or an event card's (shown);
- an offer composed or sent: its items as shown, money as its maker added it (his view shows the
  amounts) or else in the fewest amounts; its event cards those the seat was shown, or (unseen)
  any of the maker's;
- an event card being resolved: the top of the discard pile (a card is discarded as it is played).

No view shows what is put as a fresh game has it: offers made at any time (``open_offers``), a
past war's or payout's figures (the next sets them before reading them), the simulator's records.
Of these a sample keeps the offers: tests/client/test_worlds_megacorps.py shows them (marked xfail).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.protocol import JSON, Game, State
from ...games.megacorps import flow, phases, rules, trade
from ...games.megacorps.board import TALLY
from ...games.megacorps.data import GOVERNMENTS
from ...games.megacorps.game import MegaCorps
from ...games.megacorps.state import MegaCorpsState

WAR = (phases.DONATE, phases.SALE, phases.WAR_GI)


def world(game: Game[Any], view: Mapping[str, Any]) -> State[Any]:
    """A MegaCorps state with the seat's view (see the module's docstring)."""
    if not isinstance(game, MegaCorps):
        raise TypeError(f"a MegaCorps world for the game {game.name}")
    board, n = game.board, game.players
    seat, phase, decision = int(view["seat"]), phases.PHASE_NAMES.index(view["phase"]), view["decision"]
    free = {k: [c for c, kind in enumerate(board.card_kind) if kind == k] for k in range(len(board.events))}

    def card(code: str) -> int:
        return free[board.event_index[code]].pop(0)

    discard = [card(code) for code in view["discard"]]
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[seat] = [card(code) for code in view["hand"]]
    known: list[int] = []
    learnt: dict[tuple[int, str], int] = {}
    for holder, code in view["known"]:  # a fact told twice is one card learnt twice (trade.learn)
        c = learnt.get((int(holder), code), -1)
        if c < 0:
            c = learnt[int(holder), code] = card(code)
            hands[int(holder)].append(c)
        known += [seat, int(holder), c]
    unseen = sorted(c for ids in free.values() for c in ids)
    for s in range(n):
        if s != seat:
            missing = int(view["cards"][s]) - len(hands[s])
            hands[s] += unseen[:missing]
            del unseen[:missing]
    deck, box = unseen[: int(view["deck"])], unseen[int(view["deck"]) :]
    if len(box) != int(view["box"]):
        raise ValueError(
            f"the view accounts for {board.cards} cards with a box of {view['box']}, not {len(box)}"
        )
    owner = [int(view["companies"][code]) for code in board.company_code]
    country_owner = [-1] * len(board.countries)
    for code, who in view["countries"].items():
        country_owner[board.country_index[code]] = int(who)
    left = [bool(x) for x in view["left"]]
    turn, active = int(view["turn"]), int(view["active"])
    to_act = [int(s) for s in view["to_act"]]
    data: dict[str, JSON] = {
        "format": "megacorps-state/1",
        "players": n,
        "seed": 0,
        "counter": 0,
        "corps": [board.corporation_code.index(code) for code in view["corporations"]],
        "money": list(view["money"]),
        "mercs": list(view["mercs"]),
        "hands": [list(h) for h in hands],
        "deck": deck,
        "box": box,
        "discard": list(discard),
        "known": list(known),
        "owner": list(owner),
        "country_owner": list(country_owner),
        "government": [GOVERNMENTS.index(view["governments"][code]) for code in board.country_code],
        "left": list(left),
        "round": view["round"],
        "active": active,
        "turn": turn,
        "order": [] if phase in (phases.DRAFT, phases.OVER) else later_seats(n, left, active, turn),
        "paid": view["paid"],
        "payout_done": view["payout_done"],
        "clones": view["clones"],
        "phase": phase,
        "seat": turn if phase in phases.SEALED or not to_act else to_act[0],
        "draft_left": view["draft_left"],
        "target": -1,
        "card": discard[-1] if phase == phases.TARGET else -1,
        "vetoed": [],
        "sellers": [],
        "price": 0,
        "war_defender": -1,
        "lent": 0,
        "war_totals": [0, 0],
        "donors": [],
        "laps": 0,
        "lap_changed": False,
        "sale": [],
        "payout_industry": -1,
        "payout_modifier": 0,
        "payout_slot": 0,
        "payout_after": 0,
        "pending": [],
        "sealed": [],
        "offer_to": -1,
        "offers_left": view["offers_left"],
        "draft_give": [],
        "draft_ask": [],
        "offers": [],
        "next_offer": 1,
        "winners": list(view["winners"]),
        "first_active": active,
        "passed": view["active_passed"],
        "start_owner": list(country_owner),
        "tally": [0] * len(TALLY),
    }
    if phase in phases.SEALED:
        data["target"] = board.country_index[decision["country"]]
        sealed = [-1] * n
        for s in decision["decided"]:
            sealed[int(s)] = 0  # a stand-in: a sample guesses the others' choices again
        if "mine" in decision:
            sealed[seat] = int(decision["mine"])
        data["sealed"], data["pending"] = sealed, list(to_act)
    if phase == phases.RESPOND:
        data["pending"] = list(decision["to_ask"])  # the holders still to answer, the one asked first
    board_now = game.state_from_json(data)  # the position so far, for the rules' lists below
    if phase in (phases.VETO, phases.REBUY):
        data["vetoed"] = [board.code_of_company[code] for code in decision["vetoed"]]
    if phase in (phases.VETO, phases.PRICE, phases.PAY):
        data["target"] = board.code_of_company[decision["company"]]
    if phase in (phases.PRICE, phases.PAY):
        to_ask = rules.sellers(board_now, turn)
        named = to_ask.index(board.code_of_company[decision["company"]])
        data["sellers"] = to_ask[named:] if phase == phases.PRICE else to_ask[named + 1 :]
        if phase == phases.PAY:
            data["price"], data["sale"] = decision["price"], [decision["seller"]]
    if phase in WAR:
        war(board_now, data, decision)
    if phase == phases.RESPOND:
        payout(board_now, data, decision)
    if phase in (phases.COMPOSE, phases.ANSWER):
        data["offer_to"] = decision["to"]
        if "give" in decision:
            money = decision.get("money_items")  # the maker's view, while he composes it
            data["draft_give"] = items(game, decision["give"], hands[turn], known, turn, money)
            data["draft_ask"] = items(game, decision["ask"], hands[turn], known, turn, money)
    return game.state_from_json(data)


def later_seats(n: int, left: list[bool], active: int, turn: int) -> list[int]:
    """The seats after ``turn`` in the round begun by ``active``: clockwise, those still playing."""
    seats = [(active + k) % n for k in range(n)]
    after = seats[seats.index(turn) + 1 :]
    return [s for s in after if not left[s]]


def war(state: MegaCorpsState, data: dict[str, JSON], decision: Mapping[str, Any]) -> None:
    """A war's figures from its decision."""
    turn, defender = int(decision["attacker"]), int(decision["defender"])
    data["target"] = state.game.board.country_index[decision["country"]]
    data["war_defender"], data["lent"], data["laps"] = defender, decision["lent"], decision["lap"]
    if state.phase == phases.WAR_GI:
        data["war_totals"] = [decision["attack"], decision["defence"]]
        return
    data["lap_changed"] = decision["lap_changed"]
    lap = [s for s in flow.clockwise(state, turn, False) if s not in (turn, defender)]  # (war.begin_lap)
    if state.phase == phases.SALE:
        seller = int(decision["seller"])
        data["sale"] = [seller, "ad".index(decision["side"]), decision["price"]]
        data["donors"] = lap[lap.index(seller) :]
    else:
        data["donors"] = lap[lap.index(state.seat) :]


def payout(state: MegaCorpsState, data: dict[str, JSON], decision: Mapping[str, Any]) -> None:
    """The payout window's figures from its decision."""
    modifier = int(decision["modifier"])
    data["payout_industry"] = state.game.board.industry_index[decision["industry"]]
    data["payout_modifier"] = modifier
    data["payout_slot"] = (modifier > 0) - (modifier < 0)
    data["payout_after"] = 0 if decision["action"] else 1


def items(
    game: MegaCorps, shown: list[str], hand: list[int], known: list[int], maker: int, money: list[int] | None
) -> list[JSON]:
    """An offer's items from their codes (trade.describe): money in the amounts ``money`` lists
    (as added), or else in the fewest amounts; event cards from the maker's hand (those shown by
    their event, "card" any other of his)."""
    board = game.board
    found: list[JSON] = []
    taken: set[int] = set()
    for code in shown:
        if code.isdigit():
            if money is not None:  # (money is given or asked, never both)
                found += [trade.MONEY + amount for amount in money]
                continue
            left = int(code)
            for amount in sorted(trade.AMOUNTS, reverse=True):
                while left >= amount:
                    found.append(trade.MONEY + amount)
                    left -= amount
        elif code == "merc":
            found.append(trade.MERC)
        elif code in board.code_of_company:
            found.append(board.code_of_company[code])
        elif code in board.country_index:
            found.append(trade.COUNTRY + board.country_index[code])
        else:
            seen = [known[i + 2] for i in range(0, len(known), 3) if known[i + 1] == maker]
            mine = [c for c in hand if c not in taken]
            if code == "card":  # unseen: any of the maker's cards, one the seat does not know first
                pick = next((c for c in mine if c not in seen), mine[0])
            else:  # shown: one the seat was shown (the receiver), or its own (the maker)
                kind = board.event_index[code]
                pick = next(c for c in [*seen, *mine] if c not in taken and board.card_kind[c] == kind)
            taken.add(pick)
            found.append(trade.CARD + pick)
    return found
