"""Auctions by Greedy Kleptocrats (MC83-MC89; rulings A28, A29, D8): sealed bids from every
player, made in any order, unseen until the reveal."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.core.errors import IllegalAction
from tabletop.games.megacorps.state import MegaCorpsState

from .helpers import act, kinds, legal, new, phase, ruler


def auction(players: int = 4, money: list[int] | None = None, owner_of_rus: int = -1) -> MegaCorpsState:
    """Seat 0 has played Greedy Kleptocrats on Great Russia (a Kleptocracy); bids are open."""
    state = new(
        players,
        hands=[["kleptocrats"]] + [[] for _ in range(players - 1)],
        countries={"rus": owner_of_rus},
        governments={"rus": "kleptocracy"},
        money=money or [40] * players,
    )
    act(state, "0: play kleptocrats", "0: target rus")
    return state


def test_the_card_s_player_chooses_a_kleptocracy() -> None:
    state = new(3, hands=[["kleptocrats"], [], []])
    governments = state.view(None)["governments"]
    act(state, "0: play kleptocrats")
    assert legal(state) == [f"target {c}" for c, g in governments.items() if g == "kleptocracy"]
    with pytest.raises(IllegalAction):
        act(state, "0: target jpn")  # a Democracy


def test_every_player_bids_including_the_card_s_player_and_the_owner() -> None:
    state = auction(4, owner_of_rus=2)
    assert phase(state) == "bid" and state.to_act() == (0, 1, 2, 3)
    assert legal(state, 3) == [f"bid {b}" for b in range(41)]  # 0 up to his money
    assert state.view(None)["decision"] == {"country": "rus", "decided": []}


def test_a_player_without_money_bids_nothing_and_is_not_asked() -> None:
    state = auction(4, money=[40, 0, 7, 40])
    assert state.to_act() == (0, 2, 3)
    assert legal(state, 2)[-1] == "bid 7"


def test_bids_are_sealed_until_all_are_in() -> None:
    state = auction(4)
    events = act(state, "2: bid 13")
    public = [e for e in events if e.visible_to is None]
    assert [(e.kind, dict(e.data)) for e in public] == [("sealed", {"seat": 2})]
    (mine,) = [e for e in events if e.kind == "my-bid"]
    assert mine.visible_to == (2,) and dict(mine.data) == {"seat": 2, "bid": 13}
    assert state.view(2)["decision"]["mine"] == 13
    for seat in (None, 0, 1, 3):
        view = state.view(seat)
        assert "mine" not in view["decision"] and view["decision"]["decided"] == [2]
        assert "13" not in json.dumps(view["decision"]) and view["money"] == [40] * 4
    assert state.views([0, 2]) == [state.view(0), state.view(2)]
    # a search seat cannot learn it either: its sampled worlds guess the others' bids
    guessed = {state.sample_world(0, random.Random(k)).sealed[2] for k in range(20)}
    assert len(guessed) > 1
    assert state.to_act() == (0, 1, 3)  # every bidder still to bid is asked
    events = act(state, "0: bid 5", "3: bid 0", "1: bid 9")
    assert kinds(events, "bids") == [{"country": "rus", "bids": [5, 9, 13, 0], "winner": 2, "owner": 2}]


@pytest.mark.parametrize("order", [(0, 1, 2, 3), (3, 2, 1, 0), (2, 0, 3, 1)])
def test_bids_may_be_made_in_any_order_with_the_same_result(order: tuple[int, ...]) -> None:
    bids = [4, 11, 2, 11]
    reference = auction(4)
    act(reference, *(f"{s}: bid {bids[s]}" for s in (0, 1, 2, 3)))
    state = auction(4)
    for seat in order:
        assert seat in state.to_act()
        state.apply(state.game.parse_action(f"bid {bids[seat]}"), seat)
    assert state.to_json() == reference.to_json()


def test_a_bid_is_made_once_and_never_beyond_the_bidder_s_money() -> None:
    state = auction(3, money=[40, 10, 40])
    before = state.to_json()
    with pytest.raises(IllegalAction):
        act(state, "1: bid 11")
    assert state.to_json() == before
    act(state, "1: bid 10")
    with pytest.raises(IllegalAction, match="turn"):
        act(state, "1: bid 3")


def test_the_highest_bidder_takes_the_kleptocracy_and_alone_pays_into_the_box() -> None:
    state = auction(4, owner_of_rus=3)
    act(state, "0: bid 6", "1: bid 12", "2: bid 0", "3: bid 11")
    assert ruler(state, "rus") == 1 and state.money == [40, 28, 40, 40]
    assert phase(state) == "turn" and state.current_seat == 0  # the card's player goes on


def test_tied_highest_bids_leave_the_kleptocracy_unowned_and_nobody_pays() -> None:
    state = auction(4, owner_of_rus=3)
    events = act(state, "0: bid 9", "1: bid 9", "2: bid 20", "3: bid 20")
    assert ruler(state, "rus") == -1 and state.money == [40] * 4
    assert kinds(events, "bids")[0]["winner"] == -1


@pytest.mark.parametrize("holder", [-1, 2])
def test_if_nobody_bids_anything_the_kleptocracy_stays_as_it_was(holder: int) -> None:
    state = auction(3, owner_of_rus=holder)
    act(state, "0: bid 0", "1: bid 0", "2: bid 0")
    assert ruler(state, "rus") == holder and state.money == [40] * 3


def test_a_single_positive_bid_wins_against_zeros() -> None:
    state = auction(3, owner_of_rus=2)
    act(state, "0: bid 0", "1: bid 1", "2: bid 0")
    assert ruler(state, "rus") == 1 and state.money == [40, 39, 40]


def test_no_trade_while_bids_are_collected() -> None:
    state = auction(3)
    for seat in state.to_act():
        assert {a.split()[0] for a in legal(state, seat)} == {"bid"}
