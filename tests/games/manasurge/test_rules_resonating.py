"""Resonating and the five suits' powers (MS27, MS28, MS34-MS38; rulings A8-A10, A13, A29).
Lightning's power is the rulebook's; Blades, Fireball, Frost Wave and Quake are the team's
provisional designs (data/manasurge.toml), tested as designed."""

from __future__ import annotations

import pytest

from tabletop.core.errors import IllegalAction

from .helpers import act, hand, kinds, legal, new, phase, seats, spell


# -- MS34, MS35, MS37, the rulebook's Lightning example ------------------------------------------
def test_the_lightning_example_resonate_play_again_resonate_again_then_decline() -> None:
    """The Caster token is on a Lightning Spell.  You play a 5 of Lightning: a Shard on it, and
    you may play again.  You play a 6 of Lightning: a Shard on it, and you decline to play again.
    The Spell passes to the next player."""
    state = new(3, hands=[["3L", "1B"], ["5L", "6L", "2F", "7F"], ["8F", "1W"]])
    act(state, "cast=3L", "cw")
    events = act(state, "play=5L")
    assert kinds(events, "play") == [{"seat": 1, "card": "5L", "resonates": True}]
    assert spell(state)[1]["shards"] == 1
    assert phase(state) == "again" and state.current_seat == 1 and legal(state) == ["again", "done"]
    act(state, "again")
    assert phase(state) == "play" and state.current_seat == 1
    events = act(state, "play=6L")
    assert kinds(events, "play") == [{"seat": 1, "card": "6L", "resonates": True}]
    assert spell(state)[2]["shards"] == 1
    assert phase(state) == "again"
    act(state, "done")
    assert phase(state) == "play" and state.current_seat == 2
    assert [e["shards"] for e in spell(state)] == [1, 1, 1]
    assert sorted(hand(state, 1)) == ["2F", "7F"]


def test_an_off_suit_extra_play_ends_the_chain() -> None:
    state = new(3, hands=[["3L", "1B"], ["5L", "7F", "8F"], ["8W", "1W"]])
    act(state, "cast=3L", "cw", "play=5L", "again")
    events = act(state, "play=7F")
    assert kinds(events, "play")[0]["resonates"] is False
    assert phase(state) == "play" and state.current_seat == 2  # no power: the turn ends


# -- A8: the Caster does not resonate with the opening card ---------------------------------------
def test_the_casters_opening_card_does_not_resonate() -> None:
    state = new(3, hands=[["3L", "5L", "1B"], ["6L"], ["7L"]])
    events = act(state, "cast=3L")
    assert "play" not in [e.kind for e in events] and spell(state)[0]["shards"] == 1
    assert phase(state) == "direction"  # no extra play offered to the Caster
    act(state, "cw")
    assert state.current_seat == 1


# -- A9: the resonating Shard is mandatory --------------------------------------------------------
def test_the_resonating_shard_is_placed_with_no_choice() -> None:
    state = new(3, hands=[["3W", "1B"], ["5W", "2L"], ["7L"]])
    act(state, "cast=3W", "cw", "play=5W")
    assert spell(state)[1]["shards"] == 1  # before any choice about the power
    assert phase(state) == "give"
    act(state, "done")  # the power is declined; the Shard stays
    assert spell(state)[1]["shards"] == 1


# -- A10: Lightning's extra play ------------------------------------------------------------------
def test_the_extra_play_must_be_valid_and_may_be_a_metamagic_card() -> None:
    state = new(3, hands=[["5L", "8B"], ["6L", "2F", "ward"], ["8F", "7W"]])
    act(state, "cast=5L", "cw", "play=6L", "again")
    assert legal(state) == ["play=ward"]  # 2F is below the 6 in play
    with pytest.raises(IllegalAction):
        act(state, "play=2F")
    act(state, "play=ward")
    assert state.current_seat == 0 and state.view(None)["direction"] == "ccw"


def test_with_nothing_valid_left_no_extra_play_is_offered_and_nobody_is_struck() -> None:
    state = new(3, hands=[["5L", "1B"], ["8L", "2F"], ["8F", "7W"]])
    events = act(state, "cast=5L", "cw", "play=8L")
    assert "spell-end" not in [e.kind for e in events]
    assert phase(state) == "play" and state.current_seat == 2


def test_declining_the_extra_play_ends_the_turn_without_a_strike() -> None:
    state = new(3, hands=[["5L", "1B"], ["6L", "7L"], ["8F", "7W"]])
    events = act(state, "cast=5L", "cw", "play=6L", "done")
    assert "spell-end" not in [e.kind for e in events]
    assert state.current_seat == 2 and hand(state, 1) == ["7L"]


# -- MS36, MS38: Frost Wave (designed): the resonating player may give one card away ---------------
def test_frost_wave_resonating_may_give_one_card_to_another_player() -> None:
    state = new(3, hands=[["3W", "1B"], ["5W", "2L", "8Q"], ["7L", "8L"]])
    act(state, "cast=3W", "cw", "play=5W")
    assert phase(state) == "give"
    assert set(legal(state)) == {"give=2L@0", "give=2L@2", "give=8Q@0", "give=8Q@2", "done"}
    events = act(state, "give=2L@2")
    assert kinds(events, "give") == [{"seat": 1, "to": 2}]
    gift = next(e for e in events if e.kind == "gift")
    assert gift.data == {"seat": 1, "to": 2, "card": "2L"} and set(gift.visible_to or ()) == {1, 2}
    assert hand(state, 1) == ["8Q"] and sorted(hand(state, 2)) == ["2L", "7L", "8L"]
    assert state.view(1)["known"] == {"2": ["2L"]} and state.view(0)["known"] == {}
    assert phase(state) == "play" and state.current_seat == 2  # one card only, then the turn ends


def test_frost_wave_off_suit_gives_nothing() -> None:
    state = new(3, hands=[["3L", "1B"], ["5W", "2L"], ["7L", "8L"]])
    act(state, "cast=3L", "cw", "play=5W")
    assert phase(state) == "play" and state.current_seat == 2


# -- MS38: Fireball (designed): the struck player takes 2 more damage ------------------------------
def test_fireball_adds_two_damage_when_it_carries_the_caster_token() -> None:
    state = new(3, hands=[["5F", "1B"], ["6F", "1W"], ["2Q", "3Q"]])
    events = act(state, "cast=5F", "cw", "play=6F")  # seat 2 cannot play
    end = kinds(events, "spell-end")[0]
    assert end["struck"] == 2 and end["damage"] == 2 + 2  # the opening and resonating Shards, +2
    assert seats(state, "damage")[2] == 4


def test_a_fireball_card_without_the_token_adds_nothing() -> None:
    state = new(3, hands=[["5L", "1B"], ["6F", "1W"], ["2Q", "3Q"]])
    events = act(state, "cast=5L", "cw", "play=6F")
    assert kinds(events, "spell-end")[0]["damage"] == 1


# -- MS27: Blades (designed): strictly higher, equal only in Blades --------------------------------
def test_blades_a_valid_spell_beats_the_highest_only_blades_may_equal_it() -> None:
    state = new(3, hands=[["5B", "1F"], ["5F", "5W", "6F", "4B", "5B"], ["8F", "7W"]])
    act(state, "cast=5B", "cw")
    assert sorted(state.view(1)["playable"]) == ["5B", "6F"]  # type: ignore[type-var]
    assert state.view(None)["bar"] == "higher than 5 (a Blades card may equal it)"
    act(state, "play=5B")
    assert phase(state) == "counter"  # an equal Blades card may Counter-Spell


# -- MS27: Quake (designed): equal to or lower than the lowest in play -----------------------------
def test_quake_a_valid_spell_ranks_at_most_the_lowest_in_play() -> None:
    state = new(3, hands=[["5Q", "1F"], ["6F", "5W", "3F", "2Q"], ["4W", "3B", "2B"]])
    act(state, "cast=5Q", "cw")
    assert sorted(state.view(1)["playable"]) == ["2Q", "3F", "5W"]  # type: ignore[type-var]
    act(state, "play=3F")
    assert state.view(None)["bar"] == "rank 3 or lower"
    assert sorted(state.view(2)["playable"]) == ["2B", "3B"]  # type: ignore[type-var]


def test_quake_resonating_takes_a_shard_and_has_no_other_action() -> None:
    state = new(3, hands=[["5Q", "1F"], ["2Q", "8F"], ["1W", "1B"]])
    act(state, "cast=5Q", "cw", "play=2Q")
    assert spell(state)[1]["shards"] == 1 and phase(state) == "play" and state.current_seat == 2


# -- A29: one power per suit ----------------------------------------------------------------------
@pytest.mark.parametrize("pair", [("3L", "5L"), ("4L", "8L")])
def test_every_card_of_a_suit_has_the_suits_power(pair: tuple[str, str]) -> None:
    opening, mine = pair
    state = new(3, hands=[[opening, "1B"], [mine, "8F"], ["1W"]])
    act(state, f"cast={opening}", "cw", f"play={mine}")
    assert phase(state) == "again"
