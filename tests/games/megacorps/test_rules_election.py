"""Elections and Votes of No Confidence (MC90-MC94; rulings A30-A33, D9): one vote per Media
company, cast as a block, sealed until the reveal."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.core.errors import IllegalAction
from tabletop.games.megacorps.state import MegaCorpsState

from .helpers import act, industry, kinds, legal, new, phase, ruler


def media() -> list[str]:
    found = industry(new(3), "med")
    assert len(found) >= 4
    return found


def election(
    media_owners: list[Any], holder: int = -1, players: int = 4, card: str = "elections"
) -> MegaCorpsState:
    """Seat 0 has called an election in Japan (a Democracy held by ``holder``); the Media
    companies belong to ``media_owners`` in board order (the rest unowned)."""
    companies = dict(zip(media(), media_owners, strict=False))
    state = new(
        players,
        hands=[[card]] + [[] for _ in range(players - 1)],
        countries={"jpn": holder},
        governments={"jpn": "democracy"},
        companies=companies,
    )
    act(state, f"0: play {card}", "0: target jpn")
    return state


def test_elections_target_a_democracy_and_no_confidence_one_that_someone_controls() -> None:
    state = new(3, hands=[["elections", "no-confidence"], [], []], countries={"jpn": 1})
    governments = state.view(None)["governments"]
    act(state, "0: play elections")
    assert legal(state) == [f"target {c}" for c, g in governments.items() if g == "democracy"]
    act(state, "0: target naf")  # no voter at all: nothing changes (A32)
    assert phase(state) == "turn" and ruler(state, "naf") == -1
    act(state, "0: play no-confidence")
    assert legal(state) == ["target jpn"]


def test_each_owned_media_company_is_a_vote_and_only_their_owners_are_asked() -> None:
    state = election([1, 1, "nationalized", "syndicalized", 3])
    assert phase(state) == "vote" and state.to_act() == (1, 3)  # clockwise from the card's player
    assert legal(state, 1) == ["vote 0", "vote 1", "vote 2", "vote 3", "abstain"]
    act(state, "3: vote 3", "1: vote 2")  # a player without Media may be voted for
    assert ruler(state, "jpn") == 2  # two votes against one


def test_a_player_s_votes_all_go_to_one_candidate() -> None:
    state = election([1, 1, 2, 3])
    events = act(state, "1: vote 0", "2: vote 2", "3: vote 3")
    assert kinds(events, "votes") == [
        {"country": "jpn", "votes": [-2, 0, 2, 3], "tally": [2, 0, 1, 1], "owner": 0}
    ]
    assert ruler(state, "jpn") == 0


def test_the_most_votes_place_a_marker_over_the_previous_owner() -> None:
    state = election([2, 2, 3], holder=1)
    act(state, "2: vote 2", "3: vote 1")
    assert ruler(state, "jpn") == 2


def test_a_tie_for_the_most_votes_leaves_the_country_unowned() -> None:
    state = election([2, 2, 3, 3], holder=1)
    events = act(state, "3: vote 3", "2: vote 2")
    assert ruler(state, "jpn") == -1 and kinds(events, "votes")[0]["owner"] == -1


@pytest.mark.parametrize("holder", [-1, 1])
def test_if_nobody_votes_the_country_stays_as_it_was(holder: int) -> None:
    state = election([2, 3], holder=holder)
    act(state, "2: abstain", "3: abstain")
    assert ruler(state, "jpn") == holder


def test_votes_are_sealed_until_all_are_in_and_may_come_in_any_order() -> None:
    state = election([1, 2, 3])
    assert state.to_act() == (1, 2, 3)
    events = act(state, "3: vote 1")
    assert [e.kind for e in events if e.visible_to is None] == ["sealed"]
    (mine,) = [e for e in events if e.kind == "my-vote"]
    assert mine.visible_to == (3,) and dict(mine.data) == {"seat": 3, "vote": 1}
    for seat in (None, 0, 1, 2):
        decision = state.view(seat)["decision"]
        assert decision == {"country": "jpn", "decided": [3]}
    assert state.view(3)["decision"]["mine"] == 1
    assert state.to_act() == (1, 2)
    other = election([1, 2, 3])
    act(other, "2: vote 1", "1: vote 2", "3: vote 1")
    act(state, "1: vote 2", "2: vote 1")
    assert state.to_json() == other.to_json() and ruler(state, "jpn") == 1
    assert "my-vote" not in json.dumps(state.view(0))


def test_a_vote_for_a_seat_out_of_the_game_is_refused() -> None:
    state = election([1, 2])
    with pytest.raises(IllegalAction):
        act(state, "1: vote 4")
    with pytest.raises(IllegalAction):
        act(state, "0: vote 0")  # seat 0 has no vote
