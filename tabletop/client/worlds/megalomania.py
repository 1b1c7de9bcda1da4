"""Megalomania's world from a seat's view (tabletop/client/worlds/__init__.py).

The view shows the public table (the trick in play, the round's tricks, face-up and turned
cards, resources, scrolls used, the decks' sizes), the seat's own hand, scrolls and choices, and
what it privately knows of the others.  The world puts the rest where the view allows:

- the cards nobody has placed (the others' unknown cards, the undealt stock, every face-down
  card, the others' set-aside cards) are dealt in card order to those places, by the counts the
  view shows; the others' hidden choices (laid-out sequence, pile, cards to hand over) are their
  lowest choosable cards.  A sample deals them all again from the sorted pool;
- the hidden scrolls (the deck, the others' unshown scrolls and unseen discards, the three
  another seat is choosing from) are dealt likewise, in number order, no one holding 5 or 17
  (shown or acting when drawn); a sample shuffles them together again;
- the mission deck holds the missions of the game's pool not yet played (a sample shuffles it);
- what the other seats privately know (``told``, ``pvoid`` of another observer) is empty: a
  sample clears it;
- the scroll kept from scroll 8, usable at once, is the one the seat's legal actions offer;
- the random stream and the set-up's fixed deals are empty: a sample replaces both.

What everybody has deduced from the round's play (``forbidden``: the colours and cards a seat
showed it lacks; ``must``: the sets an Assassin played by its power showed it holds one of) is
public, in each seat's entry (``lacks``, ``holds_one_of``): the world keeps it, as the samples
deal under it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.protocol import JSON, Game, State
from ...games.megalomania.actions import RESOURCES
from ...games.megalomania.cards import ALL_CARDS, CARD_TEXT, COLOURS, card_list, mask_of, parse_card
from ...games.megalomania.game import Megalomania
from ...games.megalomania.phases import OVER, PHASE_NAMES, SCROLLS
from ...games.megalomania.rules import ROUNDS
from ...games.megalomania.scrolls import ASK_NAMES

_ACT_WHEN_DRAWN = (5, 17)  # never held unshown: 5 is shown when drawn, 17 acts at once


def world(game: Game[Any], view: Mapping[str, Any]) -> State[Any]:
    """A Megalomania state with the seat's view (see the module's docstring)."""
    if not isinstance(game, Megalomania):
        raise TypeError(f"a Megalomania world for the game {game.name}")
    n, me = game.players, int(view["seat"])
    phase = PHASE_NAMES.index(view["phase"])
    seats, trick = view["seats"], view["trick"]
    effect = view["scroll_effect"] or {"scroll": 0, "seat": -1, "leader": None, "spent": False}
    plays = trick["plays"]
    t_seats = [int(p["seat"]) for p in plays]
    data: dict[str, JSON] = {
        "format": "megalomania-state/2",
        "players": n,
        "seed": 0,
        "counter": 0,
        "round": ROUNDS if phase == OVER else int(view["round"]) - 1,
        "dealer": view["dealer"],
        "mission": view["mission"]["number"],
        "phase": phase,
        "turn": 0 if view["to_act"] is None else view["to_act"],
        "dom": _colour(view["dominant"], 0),
        "round_cards": view["cards_each"],
        "effect": effect["scroll"],
        "effect_seat": effect["seat"],
        "effect_arg": -1 if effect["leader"] is None else effect["leader"],
        "effect_spent": effect["spent"],
        "asking": ASK_NAMES.index(view["asking"]),
        "call": _colour(view["call"], -1),
        "scroll_only": _scroll_only(view, phase),
        "leader": trick["leader"],
        "farmer": _or(trick["farmer"], -1),
        "deferred": _or(trick["deferred"], -1),
        "declared": _colour(trick["declared"], -1),
        "t_winner": t_seats.index(trick["taking"]) if view["phase"] == "trick-end" else -1,
        "dwarf": trick["dwarf"],
        "wizard": trick["wizard"],
        "knight": trick["knight"],
        "emperor": trick["emperor"],
        "mission_deck": _mission_deck(game, view),
        "missions_played": view["missions_played"],
        "used": view["used_scrolls"],
        "queue": view["queue"],
        "crystals": [s["crystals"] for s in seats],
        "cubes": [s["cubes"] for s in seats],
        "resource": [_resource(s["resource"]) for s in seats],
        "resource2": [_resource(s["resource2"]) for s in seats],
        "round_bonus": view["round_bonus"],
        "t_seats": t_seats,
        "t_cards": [p["card"] for p in plays],
        "t_colours": [COLOURS.index(p["colour"]) for p in plays],
        "t_values": [p["value"] for p in plays],
        "t_adv": [p["advantage"] for p in plays],
        "t_power": [p["power"] for p in plays],
        "t_cubes": [p["cubes"] for p in plays],
        "turned": view["turned"],
        "points": view["round_points"],
        "bonus": view["bonus_points"],
        "round_scrolls": [[r["seat"], r["scroll"], r["effect"]] for r in view["round_scrolls"]],
        "explored": view["explored"],
        "round_tricks": [[t["winner"], t["cards"]] for t in view["tricks"]],
        "setup_deals": {},
        "forbidden": [s["lacks"] for s in seats],  # what everybody deduced from the play
        "must": [s["holds_one_of"] for s in seats],
    }
    data.update(_cards(view, me))
    data.update(_scrolls(view, me))
    return game.state_from_json(data)


def _or(value: Any, default: int) -> int:
    return default if value is None else int(value)


def _colour(name: Any, default: int) -> int:
    return default if name is None else COLOURS.index(name)


def _resource(name: Any) -> int:
    return -1 if name is None else RESOURCES.index(name)


def _scroll_only(view: Mapping[str, Any], phase: int) -> int:
    """The scroll kept from scroll 8 and usable at once: the scroll phase comes back to its
    user after a scroll was used this round, offering that scroll (and pass)."""
    if phase != SCROLLS or not view["round_scrolls"]:
        return 0
    offered = [int(text.split("=")[1]) for text in view["legal"] if text.startswith("scroll=")]
    return offered[0] if offered else 0


def _mission_deck(game: Megalomania, view: Mapping[str, Any]) -> list[int]:
    """The pool's missions neither played nor in play, as many as the deck holds."""
    gone = {*view["missions_played"], view["mission"]["number"]}
    left = [m for m in game.mission_pool if m not in gone]
    return left[: int(view["decks"]["missions"])]


def _cards(view: Mapping[str, Any], me: int) -> dict[str, JSON]:
    """Every seat's cards and choices, the stock and the face-down cards (module docstring)."""
    seats = view["seats"]
    n = len(seats)
    mine = seats[me]

    def mask(texts: Any) -> int:
        return mask_of(parse_card(t) for t in texts)

    def texts(m: int) -> list[str]:
        return [CARD_TEXT[c] for c in card_list(m)]

    open_ = [mask(s["table"]) for s in seats]
    known = [mask(s["known_cards"]) for s in seats]
    told = [mask(k) for k in mine["knows"]]
    seen = [(known[i] | told[i]) & ~open_[i] for i in range(n)]
    hands = [mask(mine["hand"]) if i == me else seen[i] for i in range(n)]
    out = [mask(mine["set_aside_cards"]) if i == me else 0 for i in range(n)]
    public = mask(view["turned"]) | mask(p["card"] for p in view["trick"]["plays"])
    for t in view["tricks"]:
        public |= mask(t["cards"])
    placed = public | out[me]
    for i in range(n):
        placed |= hands[i] | open_[i]
    pool = card_list(ALL_CARDS & ~placed)

    def deal(size: int) -> int:
        dealt = mask_of(pool[:size])
        del pool[:size]
        return dealt

    for i in range(n):
        if i != me:
            hands[i] |= deal(int(seats[i]["cards"]) - seen[i].bit_count())
    stock = deal(int(view["undealt"]))
    down = [deal(int(s["face_down"])) for s in seats]
    for i in range(n):
        if i != me:
            out[i] = deal(int(seats[i]["set_aside"]))
    if pool:
        raise ValueError("the view's card counts leave cards nowhere")
    explored = -1 if view["explored"] is None else parse_card(view["explored"])
    laid: list[JSON] = []
    split: list[int] = []
    handing: list[int] = []
    for i, s in enumerate(seats):
        if i == me:
            laid.append(list(mine["laid_cards"]))
            split.append(mask(mine["pile_cards"]))
            handing.append(mask(mine["giving_cards"]))
            continue
        choosable = card_list(hands[i] & ~open_[i])
        layable = [c for c in choosable if c != explored]  # an Explorer's find is not laid
        laid.append([CARD_TEXT[c] for c in layable[: int(s["laid"])]])
        split.append(mask_of(choosable[: int(s["pile"])]))
        handing.append(mask_of(choosable[: int(s["giving"])]))
    told_rows = [[texts(told[i]) if o == me else [] for i in range(n)] for o in range(n)]
    pvoid = [[0] * n for _ in range(n)]
    pvoid[me] = [sum(1 << COLOURS.index(c) for c in colours) for colours in mine["knows_no"]]
    hand_masks = [hands[i] | open_[i] for i in range(n)]
    return {
        "hands": [texts(m) for m in hand_masks],
        "open": [texts(m) for m in open_],
        "down": [texts(m) for m in down],
        "out": [texts(m) for m in out],
        "split": [texts(m) for m in split],
        "handing": [texts(m) for m in handing],
        "known": [texts(m) for m in known],
        "laid": laid,
        "told": told_rows,
        "pvoid": pvoid,
        "stock": texts(stock),
    }


def _scrolls(view: Mapping[str, Any], me: int) -> dict[str, JSON]:
    """The seat's scrolls as shown; the hidden ones dealt in number order (module docstring)."""
    seats = view["seats"]
    mine = seats[me]
    drawing = view["round_scrolls"][-1]["seat"] if view["drawn_scrolls"] else -1
    my_drawn = list(mine["drawn_scrolls"]) if drawing == me else []
    visible = {*view["used_scrolls"], *mine["scroll_numbers"], *mine["discarded_scroll_numbers"], *my_drawn}
    for s in seats:
        visible.update(s["shown_scrolls"])
    hidden = [x for x in range(1, 21) if x not in visible]
    holdable = [x for x in hidden if x not in _ACT_WHEN_DRAWN]
    scrolls: list[JSON] = []
    for i, s in enumerate(seats):
        if i == me:
            scrolls.append(list(mine["scroll_numbers"]))
            continue
        count = int(s["scrolls"]) - len(s["shown_scrolls"])
        held, holdable = holdable[:count], holdable[count:]
        scrolls.append([*s["shown_scrolls"], *held])
    rest = [x for x in hidden if x in holdable or x in _ACT_WHEN_DRAWN]

    def take(count: int) -> list[int]:
        taken = rest[:count]
        del rest[:count]
        return taken

    gone: list[JSON] = [
        list(mine["discarded_scroll_numbers"]) if i == me else take(int(s["discarded_scrolls"]))
        for i, s in enumerate(seats)
    ]
    drawn = my_drawn if drawing == me else take(int(view["drawn_scrolls"]))
    deck = take(int(view["decks"]["scrolls"]))
    if rest:
        raise ValueError("the view's scroll counts leave scrolls nowhere")
    return {"scrolls": scrolls, "gone": gone, "drawn": drawn, "scroll_deck": deck}
