"""Summon 7's world from a seat's view (tabletop/client/worlds/__init__.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.protocol import JSON, Game, State
from ...games.summon7.game import Summon7


def world(game: Game[Any], view: Mapping[str, Any]) -> State[Any]:
    """A Summon 7 state with the seat's view: every card is open, so the view holds every card's
    value and place but the deck's order; each value's cards get that value's ids in turn (a
    sample relabels them anyway), and the deck keeps any order (a sample shuffles it)."""
    if not isinstance(game, Summon7):
        raise TypeError(f"a Summon 7 world for the game {game.name}")
    ids_of = game.deck.ids_of
    taken = [0] * len(ids_of)

    def card(value: int) -> int:
        taken[value] += 1
        return int(ids_of[value][taken[value] - 1])

    seats = view["seats"]
    cards = [[card(int(v)) for v in s["cards"]] for s in seats]
    discard = [card(v) for v, count in enumerate(view["discard"]) for _ in range(int(count))]
    deck = [card(v) for v, count in enumerate(view["deck_values"]) for _ in range(int(count))]
    to_act = view["to_act"]
    data: dict[str, JSON] = {
        "format": "summon7-state/1",
        "players": view["players"],
        "seed": 0,
        "counter": 0,
        "round": view["round"],
        "phase": view["phase"],
        "table": {
            "dealer": view["dealer"],
            "turn": view["dealer"] if to_act is None else to_act,
            "deck": deck,
            "discard": discard,
            "cards": cards,
            "status": [s["status"] for s in seats],
        },
        "leadership": [s["leadership"] for s in seats],
        "house_total": view["house_total"],
        "board": view["board"],
        "history": [] if view["last_round"] is None else [view["last_round"]],  # the view shows the last
    }
    return game.state_from_json(data)
