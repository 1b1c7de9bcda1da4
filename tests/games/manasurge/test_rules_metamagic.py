"""The twelve metamagic cards (MS29-MS31, MS70, MS72; rulings A4, A13, A31).  Dark Mirror is the
rulebook's (see test_rules_counter.py); Mystic Ward's effect and the ten other cards are the team's
provisional designs (data/manasurge.toml), tested as designed."""

from __future__ import annotations

from pathlib import Path

from .helpers import act, edited, hand, kinds, legal, new, phase, seats, spell, with_own_tithe


def test_a_metamagic_card_never_resonates_and_takes_no_shard() -> None:
    state = new(3, hands=[["5L", "8B"], ["ward", "1Q"], ["6L"]])
    events = act(state, "cast=5L", "cw", "play=ward")
    assert kinds(events, "play") == [{"seat": 1, "card": "ward", "resonates": False}]
    assert spell(state)[1] == {"seat": 1, "card": "ward", "shards": 0, "caster": False}


def test_mystic_ward_reverses_the_direction() -> None:
    state = new(4, hands=[["5F", "8B"], ["ward", "1Q"], ["6L"], ["7L"]])
    events = act(state, "cast=5F", "cw", "play=ward")
    assert kinds(events, "effect") == [{"seat": 1, "effect": "reverse", "direction": "ccw"}]
    assert state.current_seat == 0


def test_arcane_tithe_puts_a_shard_on_the_casters_card() -> None:
    state = new(3, hands=[["5F", "8B"], ["tithe", "1Q"], ["1L", "2L"]])
    events = act(state, "cast=5F", "cw", "play=tithe")
    assert kinds(events, "effect")[0] == {"seat": 1, "effect": "shard_caster", "shards": 1, "owner": 0}
    end = kinds(events, "spell-end")[0]  # seat 2 cannot play
    assert end["struck"] == 2 and end["damage"] == 2 + 2  # the Caster's card's 2 Shards, Fireball's 2
    assert end["kept"] == [2, 0, 0]  # the Tithe's Shard went to the Caster's card
    assert seats(state, "shards") == [2, 1, 0]  # seat 1 made the last valid play


def test_a_designers_tithe_on_itself_is_kept_by_its_player_and_is_not_damage(tmp_path: Path) -> None:
    """MS48, MS70: Shards on a Metamagic card go to the player who played it; A4: not damage."""
    state = with_own_tithe(tmp_path, [["5F", "8B"], ["tithe", "1Q"], ["1L", "2L"]])
    events = act(state, "cast=5F", "cw", "play=tithe")
    assert kinds(events, "effect")[0] == {"seat": 1, "effect": "shard_self", "shards": 1}
    end = kinds(events, "spell-end")[0]
    assert end["struck"] == 2 and end["damage"] == 1 + 2 and end["kept"] == [1, 1, 0]


def test_amplify_puts_a_shard_on_the_last_numbered_card_for_its_owner() -> None:
    state = new(3, hands=[["5L", "8B"], ["amplify", "1Q"], ["1F", "2F"]])
    events = act(state, "cast=5L", "cw", "play=amplify")
    assert kinds(events, "effect")[0] == {"seat": 1, "effect": "shard_last", "shards": 1, "owner": 0}
    end = kinds(events, "spell-end")[0]
    assert end["damage"] == 2 and end["kept"] == [2, 0, 0]


def test_silence_forbids_metamagic_until_a_numbered_spell_is_played() -> None:
    state = new(4, hands=[["5F", "8B"], ["silence", "1Q"], ["ward", "6W"], ["mirror", "7W"]])
    act(state, "cast=5F", "cw", "play=silence")
    assert state.view(None)["silenced"] is True
    assert legal(state) == ["play=6W"]
    act(state, "play=6W")
    assert state.view(None)["silenced"] is False
    assert set(legal(state)) == {"play=mirror", "play=7W"}


def test_haste_lets_its_player_play_another_valid_card() -> None:
    state = new(3, hands=[["5F", "8B"], ["haste", "2Q", "6W"], ["7L"]])
    act(state, "cast=5F", "cw", "play=haste")
    assert phase(state) == "again" and state.current_seat == 1
    act(state, "again")
    assert legal(state) == ["play=6W"]
    act(state, "play=6W")
    assert state.current_seat == 2


def test_shift_focus_moves_the_token_so_that_suit_rules_the_spell() -> None:
    # Fireball opened; a 5 of Lightning follows; Shift Focus moves the token onto it: now the
    # Lightning cards resonate (A31) and Fireball's rule no longer counts
    hands = [["5F", "8B"], ["5L", "1Q"], ["focus", "2Q"], ["6L", "7L", "1W"]]
    state = new(4, hands=hands)
    act(state, "cast=5F", "cw", "play=5L", "done")
    events = act(state, "play=focus")
    assert kinds(events, "effect") == [{"seat": 2, "effect": "move_caster", "card": "5L", "suit": "L"}]
    assert [e["caster"] for e in spell(state)] == [False, True, False]
    assert state.view(None)["suit"] == "L"
    events = act(state, "play=6L")
    assert kinds(events, "play")[0]["resonates"] is True and phase(state) == "again"


def test_shift_focus_onto_quake_makes_the_spell_fall() -> None:
    hands = [["3F", "8B"], ["4Q", "1L"], ["focus", "2L"], ["5W", "2B", "3W"]]
    state = new(4, hands=hands)
    act(state, "cast=3F", "cw", "play=4Q", "play=focus")
    assert state.view(None)["bar"] == "rank 3 or lower"
    assert sorted(state.view(3)["playable"]) == ["2B", "3W"]


def test_unravel_lets_the_next_numbered_spell_be_of_any_rank_once() -> None:
    state = new(4, hands=[["7F", "8B"], ["unravel", "1Q"], ["1W", "2W"], ["3W", "8W"]])
    act(state, "cast=7F", "cw", "play=unravel")
    assert state.view(None)["free_rank"] is True and sorted(legal(state)) == ["play=1W", "play=2W"]
    act(state, "play=1W")
    assert state.view(None)["free_rank"] is False and legal(state) == ["play=8W"]


def test_purge_discards_a_card() -> None:
    state = new(3, hands=[["5F", "8B"], ["purge", "1Q", "2Q", "3Q"], ["7L"]])
    act(state, "cast=5F", "cw", "play=purge")
    assert phase(state) == "discard"
    assert set(legal(state)) == {"discard=1Q", "discard=2Q", "discard=3Q", "done"}
    events = act(state, "discard=1Q")
    assert kinds(events, "discard") == [{"seat": 1, "card": "1Q"}] and state.current_seat == 2
    assert sorted(hand(state, 1)) == ["2Q", "3Q"]
    assert state.view(None)["discard"] == ["1Q"]


def test_a_designers_purge_of_two_discards_one_card_at_a_time(tmp_path: Path) -> None:
    two = ('effect = "discard"\nparams = { amount = 1 }', 'effect = "discard"\nparams = { amount = 2 }')
    path = edited(tmp_path, two, name="purge2.toml")
    state = new(3, seed=1, hands=[["5F", "8B"], ["purge", "1Q", "2Q", "3Q"], ["7L"]], options={"data": path})
    act(state, "cast=5F", "cw", "play=purge", "discard=1Q")
    assert phase(state) == "discard" and state.current_seat == 1  # one more may follow
    act(state, "discard=3Q")
    assert hand(state, 1) == ["2Q"] and state.current_seat == 2  # two: the purge is over
    assert sorted(state.view(None)["discard"]) == ["1Q", "3Q"]


def test_purge_may_stop_early() -> None:
    state = new(3, hands=[["5F", "8B"], ["purge", "1Q", "2Q"], ["7L"]])
    act(state, "cast=5F", "cw", "play=purge", "done")
    assert sorted(hand(state, 1)) == ["1Q", "2Q"] and state.current_seat == 2


def test_foresight_draws_two_cards() -> None:
    state = new(3, hands=[["5F", "8B"], ["foresight", "1Q"], ["7L"]], deck=["4B", "6B"])
    events = act(state, "cast=5F", "cw", "play=foresight")
    assert kinds(events, "effect")[0] == {"seat": 1, "effect": "draw", "drawn": 2}
    assert sorted(hand(state, 1)) == ["1Q", "4B", "6B"]
    drew = next(e for e in events if e.kind == "drew")
    assert drew.visible_to == (1,)


def test_curse_adds_two_damage_if_the_spell_strikes() -> None:
    state = new(3, hands=[["5L", "8B"], ["curse", "1Q"], ["6F", "1F"]])
    act(state, "cast=5L", "cw", "play=curse")
    assert state.view(None)["extra_damage"] == 2
    act(state, "play=6F")
    events = act(state, "play=8B")  # seat 1 holds only 1Q
    assert kinds(events, "spell-end")[0]["damage"] == 1 + 2


def test_sanctuary_keeps_the_struck_players_shards() -> None:
    hands = [["5L", "8B"], ["6L", "sanctuary", "1Q"], ["7F", "2F"]]
    state = new(3, hands=hands)
    act(state, "cast=5L", "cw", "play=6L", "again", "play=sanctuary")
    assert state.current_seat == 2
    act(state, "play=7F")
    events = act(state, "play=8B")  # seat 1 then holds only 1Q
    end = kinds(events, "spell-end")[0]
    assert end["struck"] == 1 and end["returned"] == 0 and end["kept"] == [1, 1, 0]


def test_without_sanctuary_the_struck_players_shards_go_back() -> None:
    hands = [["5L", "8B"], ["6L", "curse", "1Q"], ["7F", "2F"]]
    state = new(3, hands=hands)
    act(state, "cast=5L", "cw", "play=6L", "again", "play=curse", "play=7F")
    events = act(state, "play=8B")
    end = kinds(events, "spell-end")[0]
    assert end["struck"] == 1 and end["returned"] == 1
