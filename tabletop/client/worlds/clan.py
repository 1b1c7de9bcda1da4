"""The clan game's world from a seat's view (tabletop/client/worlds/__init__.py).

Everything in the clan game lies open (docs/rulings.md, C3): the view holds every dealt card's
value, the decks' contents (the Summon 7 deck value by value, the power deck kind by kind), the
hands, the pantry, the city and the phases' progress.  What it does not hold, the world fills in:

- card ids: the Summon 7 cards of a value get that value's ids in turn, and power cards of a kind
  that kind's ids (a sample relabels both anyway); the decks keep any order (a sample shuffles);
- the power discard pile, shown as a count: every power card the view places nowhere else;
- the step counters the view shows through their effect: the City phase's cursor (it matters
  only modulo the turn order, so the clan now placing or capturing), the draft's claimers
  (the City phase's winner, then the held players by leadership) and the busted players;
- the round history: only the last round, the one the view shows (and the rules read);
- the random stream, which a sample replaces.

Counters that the rules reset before their next use (the cursor, the draft's and the dining's
lists outside their phases, the Summon 7 table's turn outside the Home phase) are given their
reset values.  What an unfinished step holds is in the view: the target of a Hex being paid for,
whose turn goes on after a Ward's question (``ward_back_to``), and the Dining phase's order (a
Tribute may reorder the board meanwhile) with the member dining next.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.protocol import JSON, Game, State
from ...games.summon7.cards import ALL_IDS_OF
from ...games.summon7.clan.game import Clan
from ...games.summon7.clan.home import PASS, RETURN
from ...games.summon7.clan.phases import (
    CAPTURE,
    DRAFT,
    END_REASONS,
    PAY,
    PHASE_NAMES,
    PLACE,
    TURN,
    WARD,
)
from ...games.summon7.table import BUSTED, HELD, STATUS_NAMES

_NOT_UPRISING = ("flee", "riot", "crackdown")  # the thresholds' effects that do not end the game


def world(game: Game[Any], view: Mapping[str, Any]) -> State[Any]:
    """A clan game state with the seat's view (see the module's docstring)."""
    if not isinstance(game, Clan):
        raise TypeError(f"a clan game world for the game {game.name}")
    d, n = game.data, game.players
    phase = PHASE_NAMES.index(view["phase"])
    to_act = view["to_act"]
    turn = 0 if to_act is None else int(to_act)
    seats = view["seats"]
    characters = [c.id for c in d.characters]
    humans = [h.id for h in d.humans]
    powers = [p.id for p in d.powers]
    clans = ["our house", *d.rivals]  # ClanState.clan_name, by clan number
    board = [n if m == "head" else int(m) for m in view["board"]]
    fired = sum(1 for step in view["meter"]["thresholds"] if step["reached"])
    order = [clans.index(c["name"]) for c in view["clans"]]
    scores_now, meeples_left, claim_left = [0] * len(clans), [0] * len(clans), [0] * len(clans)
    scores_now[0] = int(view["house_score"])  # the players' house, in the order or not
    for clan, entry in zip(order, view["clans"], strict=True):
        scores_now[clan] = entry["score"]
        meeples_left[clan] = entry["meeples_left"]
        claim_left[clan] = entry["claim_left"]
    status = [STATUS_NAMES.index(s["status"]) for s in seats]
    players = [m for m in board if m < n]
    city_seat = -1 if view["city_seat"] is None else int(view["city_seat"])
    claimers = ([city_seat] if city_seat >= 0 else []) + [
        s for s in players if status[s] == HELD and s != city_seat
    ]
    busted = [s for s in players if status[s] == BUSTED]
    paying = view["paying"]
    pending: list[int] = []
    paying_in = ""
    if paying is not None:
        kind = powers.index(paying["card"])
        payer = int(paying["seat"])
        target = -1 if paying["target"] is None else int(paying["target"])
        pending = [kind, target, payer, int(paying["left"])]
        paying_in = d.powers[kind].phase
    back_to = view["ward_back_to"]  # a Hex's player, whose turn goes on after the Ward's question
    ward = [] if view["warding"] is None else [int(view["warding"]), PASS if back_to is None else RETURN]
    home_turn = phase in (TURN, WARD) or (phase == PAY and paying_in == "home")
    dining = view["dining"]  # the order the Dining phase began with, and the next to dine
    dine_order = [] if dining is None else [n if m == "head" else int(m) for m in dining["order"]]
    data: dict[str, JSON] = {
        "format": "clan-state/1",
        "players": n,
        "seed": 0,
        "counter": 0,
        "head": _index(characters, view["head"]["character"]),
        "pregame_round": view["pregame_round"],
        "round": view["round"],
        "head_score": view["head"]["leadership"],
        "house_total": view["house_total"],
        "meter": view["meter"]["value"],
        "fired": fired,
        "phase": phase,
        "turn": turn,
        "house_score": view["house_score"],
        "city_seat": city_seat,
        "cursor": order.index(0) if phase in (PLACE, CAPTURE) else 0,
        "draft_step": 0,
        "draft_index": claimers.index(turn) if phase == DRAFT else 0,
        "dine_index": 0 if dining is None else int(dining["next"]),
        "usurper": -1 if view.get("usurper") is None else view["usurper"],
        "end": END_REASONS.index(view.get("end", "")),
        "main": view["stage"] == "main",
        "uprising": any(step.effect not in _NOT_UPRISING for step in d.uprising[:fired]),
        "characters": [_index(characters, s["character"]) for s in seats],
        "leadership": [s["leadership"] for s in seats],
        "board": board,
        "bonus": [s["bonus"] for s in seats],
        "pantry": [view["pantry"][h] for h in humans],
        "pending": pending,
        "ward": ward,
        "scores_now": scores_now,
        "order": order,
        "meeples_left": meeples_left,
        "claim_left": claim_left,
        "claimers": claimers,
        "draft_busted": busted,
        "dine_order": dine_order,
        "hungry": [*(s["hungry"] for s in seats), view["head"]["hungry"]],
        "fed": list(view["fed"]),
        "challengers": [s["challenger"] for s in seats],
        "city": [[loc["humans"][h] for h in humans] for loc in view["city"]],
        "meeples": [[clans.index(c) for c in loc["meeples"]] for loc in view["city"]],
        "table": _table(view, (turn if back_to is None else int(back_to)) if home_turn else 0),
        "history": [] if view["last_round"] is None else [view["last_round"]],
    }
    data.update(_power_cards(game, view))
    return game.state_from_json(data)


def _index(ids: list[str], character: Any) -> int:
    return -1 if character is None else ids.index(character["id"])


def _table(view: Mapping[str, Any], turn: int) -> dict[str, JSON]:
    """The Summon 7 table: each value's cards get that value's ids in turn."""
    taken = [0] * len(ALL_IDS_OF)

    def card(value: int) -> int:
        taken[value] += 1
        return int(ALL_IDS_OF[value][taken[value] - 1])

    cards = [[card(int(v)) for v in s["cards"]] for s in view["seats"]]
    discard = [card(v) for v, count in enumerate(view["discard"]) for _ in range(int(count))]
    deck = [card(v) for v, count in enumerate(view["deck_values"]) for _ in range(int(count))]
    return {
        "dealer": view["dealer"],
        "turn": turn,
        "deck": deck,
        "discard": discard,
        "cards": cards,
        "status": [s["status"] for s in view["seats"]],
    }


def _power_cards(game: Clan, view: Mapping[str, Any]) -> dict[str, JSON]:
    """Hands, pool, deck and discard pile of power cards: each kind's ids in turn, the discard
    pile holding every card the view places nowhere else."""
    powers = [p.id for p in game.data.powers]
    taken = [0] * len(powers)

    def card(name: str) -> int:
        kind = powers.index(name)
        taken[kind] += 1
        return int(game.power_ids[kind][taken[kind] - 1])

    hands = [sorted(card(k) for k in s["hand"]) for s in view["seats"]]
    pool = sorted(card(k) for k in view["pool"])
    deck = [card(k) for k, count in view["power_deck"].items() for _ in range(int(count))]
    discard = [c for kind, ids in enumerate(game.power_ids) for c in ids[taken[kind] :]]
    return {"hands": hands, "pool": pool, "power_deck": deck, "power_discard": discard}
