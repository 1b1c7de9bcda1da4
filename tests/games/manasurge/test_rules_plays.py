"""Beginning a round, the direction, valid plays and passing the spell on (MS8, MS16, MS19-MS33;
rulings A2, A6, A16, A26)."""

from __future__ import annotations

import pytest

from tabletop.core.errors import IllegalAction, InvalidActionText

from .helpers import act, hand, kinds, legal, new, phase, rest, seats, spell, strikes


# -- MS19, MS8: the opening ----------------------------------------------------------------------
def test_the_caster_opens_with_a_numbered_card_one_shard_and_the_caster_token_on_it() -> None:
    state = new(3, caster=1, hands=[["6L"], ["5F", "2B", "ward"], ["7L"]])
    assert phase(state) == "open" and state.current_seat == 1
    events = act(state, "cast=5F")
    assert kinds(events, "cast") == [{"seat": 1, "card": "5F", "shards": 1}]
    assert spell(state) == [{"seat": 1, "card": "5F", "shards": 1, "rank": 5, "suit": "F", "caster": True}]
    assert state.view(None)["suit"] == "F"
    assert sorted(hand(state, 1)) == ["2B", "ward"]
    assert seats(state, "shards") == [0, 0, 0]  # the Shard lies on the card, not in a pool


def test_there_is_one_caster_token_on_one_card_whatever_is_played() -> None:
    state = new(3, hands=[["5F", "1B"], ["5W", "ward"], ["6W", "mirror"]])
    act(state, "cast=5F", "cw", "play=5W", "done", "play=mirror")
    assert [e["caster"] for e in spell(state)] == [True, False, False]


# -- MS20: never a metamagic card ----------------------------------------------------------------
def test_a_caster_may_not_open_with_a_metamagic_card() -> None:
    state = new(3, hands=[["mirror", "ward", "3B"], ["5W"], ["6W"]])
    assert legal(state) == ["cast=3B"]
    with pytest.raises(InvalidActionText):
        state.game.parse_action("cast=mirror")
    with pytest.raises(IllegalAction):
        act(state, "play=mirror")


# -- MS21, MS22, A16: a Caster without a numbered card -------------------------------------------
def test_a_caster_without_a_numbered_card_draws_up_to_five_first() -> None:
    state = new(3, hands=[["mirror", "ward"], ["5W"], ["6W"]], deck=["5L", "1B", "2B", "3B"])
    assert sorted(hand(state, 0)) == ["1B", "2B", "5L", "mirror", "ward"]
    assert phase(state) == "open" and legal(state) == ["cast=1B", "cast=2B", "cast=5L"]
    assert seats(state, "damage")[0] == 0


def test_still_without_one_the_caster_is_reborn_whatever_its_damage_then_draws() -> None:
    meta = ["mirror", "ward", "tithe", "amplify", "silence"]
    state = new(
        3,
        hands=[meta, ["5W"], ["6W"]],
        damage=[["5L", "6L"], [], []],
        shards=[3, 0, 0],
        deck=["1B", "2B", "3B", "4B"],
    )
    assert seats(state, "shards")[0] == 2  # the Rebirth cost a Shard although only 2 damage cards
    assert sorted(hand(state, 0)) == ["1B", "2B", "3B", "5L", "6L"]
    assert sorted(state.view(None)["discard"]) == sorted(meta)  # type: ignore[arg-type]
    assert seats(state, "damage")[0] == 0 and phase(state) == "open"


def test_the_forced_rebirth_and_draw_repeat_until_a_numbered_card_comes() -> None:
    meta = ["mirror", "ward", "tithe", "amplify", "silence"]
    state = new(
        3,
        hands=[meta, ["5W"], ["6W"]],
        damage=[["haste"], [], []],
        shards=[5, 0, 0],
        deck=["focus", "unravel", "purge", "foresight", "5L", "1B", "2B", "3B", "4B"],
    )
    assert seats(state, "shards")[0] == 3  # two Rebirths
    assert sorted(hand(state, 0)) == ["1B", "2B", "3B", "4B", "5L"]
    assert state.caster == 0 and phase(state) == "open"


def test_with_no_numbered_card_to_be_had_the_token_passes_left_to_one_who_can_open() -> None:
    spells = [t for t in rest() if t[0].isdigit()]
    meta = ["mirror", "ward", "tithe", "amplify", "silence"]
    state = new(3, hands=[meta, spells, []], shards=[4, 0, 0])
    assert state.caster == 1 and state.current_seat == 1 and phase(state) == "open"
    assert seats(state, "shards")[0] == 1  # three forced Rebirths were tried first
    assert state.round == 1


# -- MS23: the direction -------------------------------------------------------------------------
@pytest.mark.parametrize(("direction", "nxt"), [("cw", 3), ("ccw", 1)])
def test_the_caster_chooses_the_direction_and_it_holds_for_the_round(direction: str, nxt: int) -> None:
    hands = [["4B", "8B"], ["5B", "7B"], ["6F", "1Q"], ["5F", "7F"], ["7W"]]
    state = new(5, caster=2, hands=hands)
    act(state, "cast=6F")
    assert phase(state) == "direction" and legal(state) == ["cw", "ccw"]
    events = act(state, direction)
    assert kinds(events, "direction") == [{"seat": 2, "direction": direction}]
    assert state.current_seat == nxt and state.view(None)["direction"] == direction
    act(state, f"play={'7F' if nxt == 3 else '7B'}")
    assert state.current_seat == (nxt + (1 if direction == "cw" else -1)) % 5 and phase(state) == "play"


# -- MS24: the suit of the token's card rules ----------------------------------------------------
def test_the_suit_of_the_card_with_the_caster_token_sets_the_round_rule() -> None:
    state = new(3, hands=[["5Q", "1B"], ["3F", "6F"], ["2W"]])
    act(state, "cast=5Q", "cw")
    assert state.view(None)["suit"] == "Q"
    assert state.view(1)["playable"] == ["3F"]  # Quake: at most the lowest in play, not at least


# -- MS25, MS43, A2: play a valid card or be struck ----------------------------------------------
def test_a_player_with_a_valid_card_must_play_and_cannot_choose_to_be_struck() -> None:
    state = new(3, hands=[["5F", "1B"], ["4W", "6W"], ["7W"]])
    act(state, "cast=5F", "cw")
    assert legal(state) == ["play=6W"]
    with pytest.raises(IllegalAction):
        act(state, "yield")


def test_a_player_without_a_valid_card_is_struck_at_once_without_being_asked() -> None:
    state = new(3, hands=[["5F", "1B"], ["4W", "3W"], ["7W"]])
    events = act(state, "cast=5F", "cw")
    assert strikes(events) == [{"seat": 1, "last": 0, "bonus": 1}]
    assert [e["struck"] for e in kinds(events, "spell-end")] == [1]
    assert phase(state) == "between"  # the spell is over: nobody was asked to play


# -- MS26, A6: at least the highest rank in play -------------------------------------------------
def test_a_valid_spell_ranks_at_least_the_highest_in_play_of_any_suit() -> None:
    state = new(3, hands=[["5F", "1B"], ["4W", "5W", "6L", "8B"], ["7W"]])
    act(state, "cast=5F", "cw")
    assert sorted(state.view(1)["playable"]) == ["5W", "6L", "8B"]  # type: ignore[type-var]
    assert state.view(None)["bar"] == "rank 5 or higher"
    with pytest.raises(IllegalAction, match="not a valid play"):
        act(state, "play=4W")


def test_the_bar_is_the_highest_rank_in_play_not_the_last() -> None:
    # Unravel lets seat 2 play a 2; the next player must still reach the 7 in play
    hands = [["5F", "2L", "5L", "7L"], ["7W", "1Q"], ["unravel", "3B"], ["2B", "1W"]]
    state = new(4, hands=hands)
    act(state, "cast=5F", "cw", "play=7W", "play=unravel")
    assert state.view(None)["bar"] == "any rank"
    act(state, "play=2B")
    assert state.current_seat == 0 and state.view(None)["bar"] == "rank 7 or higher"
    assert state.view(0)["playable"] == ["7L"]


# -- MS28: an off-suit spell has no power --------------------------------------------------------
def test_a_spell_of_another_suit_has_no_power_and_takes_no_shard() -> None:
    state = new(3, hands=[["3L", "1B"], ["5F", "6F", "7F"], ["8W"]])
    act(state, "cast=3L", "cw")
    events = act(state, "play=5F")
    assert kinds(events, "play") == [{"seat": 1, "card": "5F", "resonates": False}]
    assert spell(state)[1]["shards"] == 0
    assert phase(state) == "play" and state.current_seat == 2  # no Lightning extra play


# -- MS29, MS31: metamagic cards are always valid, their action at once --------------------------
def test_a_metamagic_card_is_valid_whatever_the_rank_to_beat() -> None:
    state = new(3, hands=[["8F", "8L"], ["1W", "2W", "ward"], ["7W"]])
    act(state, "cast=8F", "cw")
    assert legal(state) == ["play=ward"]
    act(state, "play=ward")  # Mystic Ward: the direction reverses as it is played
    assert state.view(None)["direction"] == "ccw" and state.current_seat == 0


def test_a_metamagic_card_may_be_played_when_its_action_cannot_be_done() -> None:
    # Shift Focus with the token already on the last numbered card: nothing moves, the play stands
    state = new(3, hands=[["5F", "1B"], ["focus", "1W"], ["7W"]])
    act(state, "cast=5F", "cw")
    events = act(state, "play=focus")
    assert kinds(events, "effect") == [{"seat": 1, "effect": "move_caster"}]
    assert [e["caster"] for e in spell(state)] == [True, False] and state.current_seat == 2


# -- MS30: a card on the table may forbid metamagic ----------------------------------------------
def test_silence_on_the_table_makes_metamagic_invalid_so_its_holder_is_struck() -> None:
    state = new(3, hands=[["5F", "1B"], ["silence", "1W"], ["ward", "mirror", "2W"]])
    events = act(state, "cast=5F", "cw", "play=silence")
    assert strikes(events) == [{"seat": 2, "last": 1, "bonus": 1}]


# -- MS32, MS33, MS16: the spell goes on in turn; cards stay before whoever played them ------------
def test_turns_pass_one_player_at_a_time_in_the_spells_direction() -> None:
    hands = [["5F", "6F"], ["4F", "8F"], ["5W", "8W"], ["3F", "6W"]]
    state = new(4, caster=1, hands=hands)
    act(state, "cast=4F", "ccw")
    seen = []
    for text in ("play=5F", "play=6W", "play=8W"):
        seen.append(state.current_seat)
        act(state, text)
    assert seen == [0, 3, 2]
    assert [(e["seat"], e["card"]) for e in spell(state)] == [(1, "4F"), (0, "5F"), (3, "6W"), (2, "8W")]
