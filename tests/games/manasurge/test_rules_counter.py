"""Counter-Spells and Dark Mirror (MS39-MS42; rulings A6, A7, A11)."""

from __future__ import annotations

from .helpers import act, kinds, legal, new, phase, spell


# -- MS40-MS42: the rulebook's example -----------------------------------------------------------
def test_the_counter_spell_and_dark_mirror_example() -> None:
    """The Caster plays a 5 of Fireball.  You play a 5 of Frost Wave and counter, back at the
    Caster.  The Caster plays a Dark Mirror, in effect a 5 of Frost Wave, and counters, back at
    you.  You play a 5 of Quake without countering: play goes on to the next player."""
    state = new(3, caster=0, hands=[["5F", "mirror", "1B"], ["5W", "5Q", "2L"], ["6L", "7L"]])
    act(state, "cast=5F", "cw")
    assert state.current_seat == 1
    events = act(state, "play=5W")
    assert kinds(events, "play") == [{"seat": 1, "card": "5W", "resonates": False}]
    assert phase(state) == "counter" and legal(state) == ["counter", "done"]
    events = act(state, "counter")
    assert kinds(events, "counter") == [{"seat": 1, "direction": "ccw"}]
    assert state.current_seat == 0 and phase(state) == "play"  # slung back at the Caster
    events = act(state, "play=mirror")
    assert kinds(events, "play") == [{"seat": 0, "card": "mirror", "resonates": False, "copy": "5W"}]
    assert spell(state)[2] == {
        "seat": 0,
        "card": "mirror",
        "shards": 0,
        "rank": 5,
        "suit": "W",
        "copy": "5W",
        "caster": False,
    }
    assert phase(state) == "counter"
    act(state, "counter")
    assert state.current_seat == 1 and state.view(None)["direction"] == "cw"
    act(state, "play=5Q")
    assert phase(state) == "counter"
    act(state, "done")
    assert state.current_seat == 2 and phase(state) == "play" and state.view(None)["direction"] == "cw"


# -- MS39: optional, only on an equal rank --------------------------------------------------------
def test_declining_the_counter_spell_keeps_the_direction() -> None:
    state = new(4, hands=[["5F", "8B"], ["5W", "1L"], ["6L", "7L"], ["8Q"]])
    act(state, "cast=5F", "cw", "play=5W", "done")
    assert state.current_seat == 2 and state.view(None)["direction"] == "cw"


def test_no_counter_spell_with_a_different_rank() -> None:
    state = new(4, hands=[["5F", "8B"], ["6W", "1L"], ["6L", "7L"], ["8Q"]])
    act(state, "cast=5F", "cw", "play=6W")
    assert phase(state) == "play" and state.current_seat == 2


def test_after_a_counter_spell_the_neighbour_in_the_new_direction_plays() -> None:
    hands = [["6Q", "1B"], ["4F", "6B"], ["4W", "2L"], ["7L", "1Q"], ["8L", "1W"]]
    state = new(5, caster=1, hands=hands)
    act(state, "cast=4F", "cw", "play=4W", "counter")
    assert state.current_seat == 1 and phase(state) == "play"  # back to the previous player
    act(state, "play=6B")
    assert state.current_seat == 0 and state.view(None)["direction"] == "ccw"


# -- A6: the last numbered card, not a metamagic card, not the highest ----------------------------
def test_a_metamagic_card_between_does_not_change_the_card_to_counter() -> None:
    state = new(4, hands=[["5F", "8B"], ["tithe", "1L"], ["5W", "7L"], ["8Q"]])
    act(state, "cast=5F", "cw", "play=tithe", "play=5W")
    assert phase(state) == "counter"


def test_the_counter_spell_compares_with_the_last_numbered_card_even_below_the_highest() -> None:
    # 7 in play, then Unravel lets a 3 in: a Dark Mirror copies the 3 and may counter it, though
    # the rank to beat stays 7
    hands = [["5F", "8B"], ["7W", "1L"], ["unravel", "2Q"], ["3B", "3Q"], ["mirror", "2B"]]
    state = new(5, hands=hands)
    act(state, "cast=5F", "cw", "play=7W", "play=unravel", "play=3B")
    assert phase(state) == "play" and state.current_seat == 4
    assert state.view(None)["bar"] == "rank 7 or higher"
    events = act(state, "play=mirror")
    assert kinds(events, "play")[0]["copy"] == "3B"
    assert phase(state) == "counter" and state.view(None)["bar"] == "rank 7 or higher"


# -- A11: one card may resonate and counter -------------------------------------------------------
def test_one_card_may_resonate_and_counter_spell_the_counter_offered_first() -> None:
    state = new(3, hands=[["5L", "8B"], ["5L", "7F", "1W"], ["6F", "1Q"]])
    act(state, "cast=5L", "cw")
    events = act(state, "play=5L")
    assert kinds(events, "play") == [{"seat": 1, "card": "5L", "resonates": True}]
    assert spell(state)[1]["shards"] == 1
    assert phase(state) == "counter"
    act(state, "counter")
    assert phase(state) == "again" and state.current_seat == 1 and state.view(None)["direction"] == "ccw"
    act(state, "again", "play=7F")
    assert state.current_seat == 0 and phase(state) == "play"


# -- A7: Dark Mirror is a copy in every respect ---------------------------------------------------
def test_a_dark_mirror_copy_resonates_takes_a_shard_and_the_power() -> None:
    state = new(3, hands=[["3L", "8B"], ["5L", "1Q"], ["mirror", "7F", "1W"]])
    act(state, "cast=3L", "cw", "play=5L")
    events = act(state, "play=mirror")
    assert kinds(events, "play") == [{"seat": 2, "card": "mirror", "resonates": True, "copy": "5L"}]
    assert spell(state)[2]["shards"] == 1
    assert phase(state) == "counter"
    act(state, "done")
    assert phase(state) == "again"  # Lightning's power, through the copy
    act(state, "again", "play=7F")
    assert state.view(None)["bar"] == "rank 7 or higher"


def test_a_dark_mirror_copy_sets_the_rank_to_beat_and_its_shard_is_damage() -> None:
    # the copy of a resonating 6L carries a Shard; it counts as damage without the metamagic option
    state = new(3, hands=[["3L", "1B"], ["6L", "1Q"], ["mirror", "2W"]])
    act(state, "cast=3L", "cw", "play=6L", "play=mirror", "done")
    # seat 0 holds only 1B: 6 is the rank to beat, so the spell strikes it
    end = state.history[-1]
    assert end["struck"] == 0 and end["damage"] == 3
    assert end["kept"] == [0, 1, 1]


def test_a_dark_mirror_copies_the_last_numbered_card_not_a_metamagic_one() -> None:
    state = new(4, hands=[["4F", "8B"], ["6W", "1L"], ["tithe", "2L"], ["mirror", "1Q"]])
    act(state, "cast=4F", "cw", "play=6W", "play=tithe")
    events = act(state, "play=mirror")
    assert kinds(events, "play")[0]["copy"] == "6W"
