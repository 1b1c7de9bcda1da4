"""Rebirth and Mana Surge (MS55-MS61, MS71; rulings A12-A16, A21, A26)."""

from __future__ import annotations

from .helpers import act, hand, kinds, new, phase, seats, spell


# -- MS55-MS58: Rebirth after a spell -------------------------------------------------------------
def test_five_damage_cards_after_a_spell_mean_a_rebirth_shard_hand_then_damage_as_hand() -> None:
    hands = [["5F", "8B"], ["1Q", "2Q"], ["6F", "7F"]]
    damage = [[], ["1B", "2B", "3B"], []]
    state = new(3, hands=hands, damage=damage, shards=[0, 4, 0], deck=["4B", "5B", "6B"])
    events = act(state, "cast=5F", "cw")  # seat 1 struck: 1 + 2 damage, 6 damage cards
    assert kinds(events, "rebirth") == [
        {"seat": 1, "lost": 1, "discarded": ["1Q", "2Q"], "hand": 6, "forced": False}
    ]
    assert sorted(hand(state, 1)) == ["1B", "2B", "3B", "4B", "5B", "6B"]  # more than 5 is fine
    assert seats(state, "damage")[1] == 0 and seats(state, "shards")[1] == 3
    assert {"1Q", "2Q"} <= set(state.view(None)["discard"])  # type: ignore[arg-type]


def test_four_damage_cards_are_not_enough() -> None:
    state = new(3, hands=[["5L", "8B"], ["1Q", "2Q"], ["6F"]], damage=[[], ["1B", "2B", "3B"], []])
    events = act(state, "cast=5L", "cw")  # 1 damage: 4 cards
    assert not kinds(events, "rebirth") and seats(state, "damage")[1] == 4


def test_a_rebirth_without_shards_costs_nothing() -> None:
    hands = [["5F", "8B"], ["1Q", "2Q"], ["6F", "7F"]]
    state = new(3, hands=hands, damage=[[], ["1B", "2B", "3B"], []])
    events = act(state, "cast=5F", "cw")
    assert kinds(events, "rebirth")[0]["lost"] == 0 and seats(state, "shards")[1] == 0


def test_the_casters_turn_end_rebirth_comes_before_the_struck_players_after_the_spell() -> None:
    hands = [["5L", "8B"], ["1Q", "2Q"], ["6F", "7F"], ["1F"]]
    damage = [["1B", "2B", "3B", "4B", "5B"], ["6B"], [], ["1W", "2W", "3W", "4W"]]
    state = new(4, hands=hands, damage=damage, shards=[3, 3, 3, 3])
    events = act(state, "cast=5L", "ccw")  # seat 3 is struck at once (only 1F): 5 damage cards
    assert [r["seat"] for r in kinds(events, "rebirth")] == [0, 3]
    assert [e.kind for e in events].index("rebirth") < [e.kind for e in events].index("spell-end")
    assert seats(state, "shards") == [2 + 1 + 1, 3, 3, 2]  # seat 0: Rebirth, its Shard, the bonus


def test_rebirths_after_a_spell_go_round_from_the_struck_player() -> None:
    hands = [["1Q"], ["2Q"], ["5F", "8B"], ["1W"]]
    damage = [["1B", "2B", "3B", "4B", "5B"], ["1L", "2L", "3L", "4L", "5L"], [], ["1F", "2F", "3F"]]
    state = new(4, caster=2, hands=hands, damage=damage)
    events = act(state, "cast=5F", "cw")  # seat 3 struck: 3 more damage cards
    assert [r["seat"] for r in kinds(events, "rebirth")] == [3, 0, 1]


# -- MS55, A26: at the end of one's own turn ------------------------------------------------------
def test_a_player_with_five_damage_cards_is_reborn_at_the_end_of_its_turn() -> None:
    hands = [["3L", "8B"], ["4L", "5L", "1Q"], ["6F", "7F"]]
    damage = [[], ["1B", "2B", "3B", "4B", "5B"], []]
    state = new(3, hands=hands, damage=damage, shards=[0, 2, 0])
    act(state, "cast=3L", "cw", "play=4L")
    assert phase(state) == "again" and seats(state, "damage")[1] == 5  # not yet: the turn goes on
    events = act(state, "again", "play=5L")  # nothing valid left: the turn ends
    assert kinds(events, "rebirth") == [
        {"seat": 1, "lost": 1, "discarded": ["1Q"], "hand": 5, "forced": False}
    ]
    assert state.current_seat == 2


def test_the_casters_opening_is_a_turn_for_the_rebirth() -> None:
    state = new(3, hands=[["3L", "8B"], ["4L"], ["6F"]], damage=[["1B", "2B", "3B", "4B", "5B"], [], []])
    act(state, "cast=3L")
    assert seats(state, "damage")[0] == 5
    events = act(state, "cw")
    assert kinds(events, "rebirth")[0]["seat"] == 0
    assert sorted(hand(state, 0)) == ["1B", "2B", "3B", "4B", "5B"]


# -- MS59-MS61, MS71: Mana Surge -----------------------------------------------------------------
def test_playing_the_last_card_is_a_mana_surge_two_shards_damage_as_hand_then_fill_to_five() -> None:
    hands = [["3F", "8B"], ["5F"], ["6F", "7F"]]
    state = new(3, hands=hands, damage=[[], ["1B", "2B"], []], deck=["1Q", "2Q", "3Q", "4Q"])
    events = act(state, "cast=3F", "cw", "play=5F")
    assert kinds(events, "surge") == [{"seat": 1, "shards": 2, "total": 2, "from_damage": 2}]
    assert kinds(events, "draw") == [{"seat": 1, "count": 3, "why": "surge"}]
    assert sorted(hand(state, 1)) == ["1B", "1Q", "2B", "2Q", "3Q"]
    assert seats(state, "damage")[1] == 0 and seats(state, "shards")[1] == 2
    # the game paused for the surge: it came between the play and the next player's turn
    order = [e.kind for e in events]
    assert order.index("play") < order.index("surge") and state.current_seat == 2


def test_a_surge_with_damage_cards_at_the_limit_draws_nothing() -> None:
    damage = [[], ["1B", "2B", "3B", "4B", "5B", "6B"], []]
    state = new(3, hands=[["3F", "8B"], ["5F"], ["6F", "7F"]], damage=damage)
    events = act(state, "cast=3F", "cw", "play=5F")
    assert not kinds(events, "draw") and seats(state, "hand")[1] == 6


def test_a_surge_comes_before_the_rest_of_the_plays_action() -> None:
    # the last card resonates with Lightning: the surge first, then the extra play from the new hand
    state = new(3, hands=[["3L", "8B"], ["5L"], ["6F", "7F"]], deck=["6L", "1Q", "2Q", "3Q", "4Q"])
    events = act(state, "cast=3L", "cw", "play=5L")
    assert kinds(events, "surge")[0]["seat"] == 1
    assert phase(state) == "again" and state.current_seat == 1
    assert spell(state)[1]["shards"] == 1


def test_a_metamagic_last_card_surges_before_its_action() -> None:
    # Foresight as the last card: the surge (a hand of 5), then its 2 cards
    deck = ["1Q", "2Q", "3Q", "4Q", "5Q", "1W", "2W"]
    state = new(3, hands=[["3F", "8B"], ["foresight"], ["6F", "7F"]], deck=deck)
    events = act(state, "cast=3F", "cw", "play=foresight")
    assert kinds(events, "surge")[0]["seat"] == 1
    assert [d["why"] for d in kinds(events, "draw")] == ["surge"]
    assert [k.kind for k in events if k.kind in ("surge", "effect")] == ["surge", "effect"]
    assert sorted(hand(state, 1)) == ["1Q", "1W", "2Q", "2W", "3Q", "4Q", "5Q"]


def test_the_casters_opening_card_can_be_a_mana_surge() -> None:
    state = new(3, hands=[["3F"], ["5F"], ["6F"]], deck=["1Q", "2Q", "3Q", "4Q", "5Q"])
    events = act(state, "cast=3F")
    assert kinds(events, "surge") == [{"seat": 0, "shards": 2, "total": 2, "from_damage": 0}]
    assert seats(state, "hand")[0] == 5 and phase(state) == "direction"


def test_giving_away_the_last_card_is_a_mana_surge() -> None:
    state = new(3, hands=[["3W", "8B"], ["5W", "1Q"], ["6F", "7F"]], deck=["1L", "2L", "3L", "4L", "5L"])
    act(state, "cast=3W", "cw", "play=5W")
    events = act(state, "give=1Q@2")
    assert kinds(events, "surge")[0]["seat"] == 1 and seats(state, "hand")[1] == 5
    assert state.current_seat == 2  # one gift only: the new hand is not given away


def test_discarding_the_last_card_is_a_surge_and_ends_the_discarding() -> None:
    state = new(3, hands=[["3F", "8B"], ["purge", "1Q"], ["6F", "7F"]], deck=["1L", "2L", "3L", "4L", "5L"])
    act(state, "cast=3F", "cw", "play=purge")
    events = act(state, "discard=1Q")
    assert kinds(events, "surge")[0]["seat"] == 1
    assert seats(state, "hand")[1] == 5 and state.current_seat == 2  # the second discard lapses


def test_two_surges_in_one_spell() -> None:
    state = new(3, hands=[["3F", "8B"], ["4F"], ["5F"]], deck=["1Q", "2Q", "3Q", "4Q", "5Q", "1W", "2W"])
    events = act(state, "cast=3F", "cw", "play=4F", "play=5F")
    assert [s["seat"] for s in kinds(events, "surge")] == [1, 2]


def test_a_rebirth_is_not_a_mana_surge() -> None:
    state = new(3, hands=[["5F", "8B"], ["1Q"], ["6F"]], damage=[[], ["1B", "2B", "3B"], []])
    events = act(state, "cast=5F", "cw")
    assert kinds(events, "rebirth") and not kinds(events, "surge")


# -- A21: reaching the target mid-spell is no win yet ---------------------------------------------
def test_a_surge_to_the_target_mid_spell_is_not_yet_a_win() -> None:
    state = new(3, hands=[["3F", "8B"], ["5F"], ["6F", "7F"]], shards=[0, 10, 0], deck=["1Q"])
    events = act(state, "cast=3F", "cw", "play=5F")
    assert seats(state, "shards")[1] == 12 and not kinds(events, "game-over")
    assert phase(state) == "play" and state.current_seat == 2
