"""The end of a spell (MS43-MS50; rulings A3-A5, A23, A24, A27)."""

from __future__ import annotations

from pathlib import Path

from tabletop.core.protocol import Event
from tabletop.games.manasurge.state import ManaSurgeState

from .helpers import act, hand, kinds, new, phase, rest, seats, spell, strikes, with_own_tithe


def strike_seat_1() -> tuple[list[Event], ManaSurgeState]:
    """4 players, Lightning: seat 0 opens 3L (1 Shard), seat 1 plays 4L (1 Shard) and again 5F,
    seat 2 plays 6L (1 Shard), seat 3 plays 7W, seat 0 plays 8W; seat 1 is struck, holding 1Q."""
    hands = [["3L", "8W", "1B"], ["4L", "5F", "1Q"], ["6L", "2B"], ["7W", "2F"]]
    state = new(4, hands=hands, deck=["1W", "2W", "3W", "4W", "5W"], shards=[2, 2, 2, 2])
    act(state, "cast=3L", "cw", "play=4L", "again", "play=5F", "play=6L", "play=7W")
    return act(state, "play=8W"), state


# -- MS43, MS44, A5 ----------------------------------------------------------------------------
def test_the_player_who_cannot_play_is_struck_and_the_last_player_collects_a_shard() -> None:
    events, _ = strike_seat_1()
    assert strikes(events) == [{"seat": 1, "last": 0, "bonus": 1}]


# -- MS45-MS48, A3 -------------------------------------------------------------------------------
def test_damage_counts_every_shard_on_spell_cards_the_struck_players_own_included() -> None:
    events, state = strike_seat_1()
    end = kinds(events, "spell-end")[0]
    assert end["damage"] == 3  # 3L, 4L, 6L; the bonus Shard is not on a card (A5)
    assert seats(state, "damage") == [0, 3, 0, 0]


def test_the_struck_player_returns_its_shards_the_others_keep_theirs_all_cards_are_discarded() -> None:
    events, state = strike_seat_1()
    end = kinds(events, "spell-end")[0]
    assert end["returned"] == 1 and end["kept"] == [1, 0, 1, 0]
    assert seats(state, "shards") == [2 + 1 + 1, 2, 2 + 1, 2]
    assert end["cards"] == ["3L", "4L", "5F", "6L", "7W", "8W"]
    assert sorted(state.view(None)["discard"]) == sorted(end["cards"])
    assert spell(state) == []


def test_damage_cards_come_from_the_deck_face_down_not_into_the_hand() -> None:
    _, state = strike_seat_1()
    assert hand(state, 1) == ["1Q"]
    assert sorted(state.game.cards.text(c) for c in state.damage[1]) == ["1W", "2W", "3W"]


# -- MS49: no winner, a new spell ----------------------------------------------------------------
def test_after_the_spell_a_new_round_begins_with_the_new_caster() -> None:
    _, state = strike_seat_1()
    assert phase(state) == "between"
    while phase(state) == "between":
        events = act(state, "hold")
    assert kinds(events, "round") == [{"round": 2, "caster": 1}]
    assert phase(state) == "open" and state.current_seat == 1


def test_the_last_spell_is_summed_up_in_the_view() -> None:
    _, state = strike_seat_1()
    last = state.view(None)["last_spell"]
    assert last["struck"] == 1 and last["last"] == 0 and last["damage"] == 3


# -- A3 against the other order ------------------------------------------------------------------
def test_a_struck_caster_takes_damage_for_its_own_opening_shard() -> None:
    state = new(3, hands=[["5L", "1B"], ["5W", "2Q"], ["6W"]])
    events = act(state, "cast=5L", "cw", "play=5W", "counter")  # back to the Caster, who holds 1B
    end = kinds(events, "spell-end")[0]
    assert end["struck"] == 0 and end["last"] == 1 and end["damage"] == 1 and end["returned"] == 1


# -- A4: Shards on metamagic cards are not damage ------------------------------------------------
def test_shards_on_metamagic_cards_are_not_damage_by_default(tmp_path: Path) -> None:
    """A4: only Shards on Spell cards count, unless a card says its Shards do (the packaged Arcane
    Tithe: test_rules_metamagic.py); here a designer's Tithe that does not say so."""
    state = with_own_tithe(tmp_path, [["5L", "8B"], ["tithe", "1Q"], ["1F", "2F"]])
    events = act(state, "cast=5L", "cw", "play=tithe")
    end = kinds(events, "spell-end")[0]
    assert end["damage"] == 1 and end["kept"] == [1, 1, 0]


# -- A23: damage that cannot be drawn is not taken ----------------------------------------------
def test_damage_that_cannot_be_drawn_is_not_taken() -> None:
    fixed = [["5F", "8B"], ["1Q"]]
    state = new(3, hands=[*fixed, rest(*fixed, ["1W"])], deck=["1W"])
    events = act(state, "cast=5F", "cw")  # 3 damage (the opening Shard, Fireball's 2); one card left
    assert kinds(events, "spell-end")[0]["damage"] == 1 and seats(state, "damage")[1] == 1
