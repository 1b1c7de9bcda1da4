"""Passing the Caster token and the choice between rounds (MS51-MS54; rulings A17, A18)."""

from __future__ import annotations

import pytest

from tabletop.core.errors import IllegalAction

from .helpers import act, kinds, legal, new, phase, seats


def countered_back(shards: list[int], players: int = 4) -> tuple[list[int], int]:
    """Seat 0 opens 5L clockwise; seat 1 plays 5W and counters; seat 0, holding only 1B, is
    struck.  Seat 1 gains the bonus Shard; nobody else gains or loses.  The new Caster."""
    hands = [["5L", "1B"], ["5W", "2Q", "3Q"], ["6W", "7W"], ["6B", "7B"], ["6F", "7F"]][:players]
    state = new(players, hands=hands, shards=shards)
    events = act(state, "cast=5L", "cw", "play=5W", "counter")
    assert kinds(events, "spell-end")[0]["struck"] == 0
    return seats(state, "shards"), state.caster


# -- MS51, MS52: the rulebook's first example -----------------------------------------------------
def test_the_token_passes_left_to_the_first_tied_player_with_the_fewest_shards() -> None:
    """The Caster has 1 Shard and the others, clockwise, 2, 3 and 1: the token goes to the 4th
    player, on the Caster's right."""
    totals, caster = countered_back([1, 1, 3, 1])
    assert totals == [1, 2, 3, 1]
    assert caster == 3


# -- MS53: the rulebook's second example ----------------------------------------------------------
def test_a_caster_alone_with_the_fewest_shards_keeps_the_token() -> None:
    """The Caster has 0 Shards and the others 1: the token stays with the Caster."""
    totals, caster = countered_back([0, 0, 1, 1])
    assert totals == [0, 1, 1, 1]
    assert caster == 0


def test_the_token_can_stay_round_after_round() -> None:
    state = new(3, hands=[["5L", "1B", "1W", "3F"], ["5W", "3Q", "2L"], ["8B", "8F"]], shards=[0, 3, 3])
    act(state, "cast=5L", "cw", "play=5W", "counter")
    assert state.caster == 0
    while phase(state) == "between":
        act(state, "hold")
    act(state, "cast=3F", "cw", "play=3Q", "counter")  # seat 0 holds 1B and 1W: struck again
    assert len(state.history) == 2 and seats(state, "shards") == [0, 5, 3]
    assert state.caster == 0


# -- A18: clockwise whatever the spell's direction; after every collection ------------------------
def test_left_is_clockwise_even_when_the_spell_ended_counterclockwise() -> None:
    totals, caster = countered_back([2, 0, 3, 1])  # the spell ended going counterclockwise
    assert totals == [2, 1, 3, 1]
    assert caster == 1  # clockwise first; counterclockwise would have reached seat 3 first


def test_a_tie_among_others_goes_to_the_first_clockwise_from_the_caster() -> None:
    totals, caster = countered_back([4, 1, 2, 2, 2], players=5)
    assert totals == [4, 2, 2, 2, 2]
    assert caster == 1


def test_the_totals_after_rebirths_decide_the_token() -> None:
    # the struck Caster reaches 5 damage cards: its Rebirth costs a Shard before the token moves
    hands = [["5L", "1B"], ["5W", "2Q"], ["6W", "7W"], ["6B", "7B"]]
    damage = [["1F", "2F", "3F", "4F"], [], [], []]
    state = new(4, hands=hands, shards=[1, 0, 1, 1], damage=damage)
    events = act(state, "cast=5L", "cw", "play=5W", "counter")
    assert kinds(events, "rebirth")[0]["seat"] == 0
    assert seats(state, "shards") == [0, 1, 1, 1]
    assert state.caster == 0  # all tied at 1 before the Rebirth would have sent it to seat 1


# -- MS54, A17: draw or hold, from the new Caster clockwise ---------------------------------------
def test_between_rounds_each_player_from_the_new_caster_draws_to_five_or_holds() -> None:
    hands = [["5L", "1B"], ["5W", "2Q", "3Q"], ["6W"], ["6B", "7B", "8B", "1L", "2L"]]
    state = new(4, hands=hands, shards=[1, 1, 0, 1])
    act(state, "cast=5L", "cw", "play=5W", "counter")  # seat 0 struck; seat 2 has the fewest Shards
    assert state.caster == 2 and phase(state) == "between"
    assert state.view(None)["between"] == [2, 0, 1]  # seat 3 holds 5 cards: not asked
    assert state.current_seat == 2 and legal(state) == ["draw", "hold"]
    events = act(state, "draw")
    assert kinds(events, "draw") == [{"seat": 2, "count": 4, "why": "between"}]
    assert seats(state, "hand")[2] == 5
    events = act(state, "hold")
    assert kinds(events, "hold") == [{"seat": 0, "hand": 1}]
    assert state.current_seat == 1
    events = act(state, "draw")
    assert seats(state, "hand") == [1, 5, 5, 5]
    assert kinds(events, "round") == [{"round": 2, "caster": 2}]
    assert phase(state) == "open" and state.current_seat == 2


def test_the_choices_between_rounds_are_public() -> None:
    state = new(3, hands=[["5L", "1B"], ["5W", "2Q"], ["6W"]])
    events = act(state, "cast=5L", "cw", "play=5W", "counter")
    assert phase(state) == "between"
    events = act(state, "hold")
    assert all(e.visible_to is None for e in events if e.kind in ("hold", "draw"))


def test_nobody_acts_out_of_turn_between_rounds() -> None:
    state = new(3, hands=[["5L", "1B"], ["5W", "2Q"], ["6W"]])
    act(state, "cast=5L", "cw", "play=5W", "counter")
    first = state.current_seat
    with pytest.raises(IllegalAction):
        state.apply(state.game.parse_action("draw"), seat=(first + 1) % 3)


def test_when_everybody_holds_a_full_hand_the_next_spell_starts_at_once() -> None:
    six = [
        ["5L", "1B", "2B", "3B", "4B", "1Q"],
        ["5W", "1F", "2F", "3F", "4F", "6F"],
        ["1W", "2W", "3W", "4W", "6W"],
    ]
    state = new(3, hands=six)
    events = act(state, "cast=5L", "cw", "play=5W", "counter")
    assert seats(state, "hand") == [5, 5, 5] and state.caster == 2
    assert not kinds(events, "draw") and not kinds(events, "hold")  # nobody was asked
    assert kinds(events, "round") == [{"round": 2, "caster": 2}]
    assert phase(state) == "open" and state.current_seat == 2
