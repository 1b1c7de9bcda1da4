"""Victory (MS62-MS66; rulings A15, A19-A21) and the safety limit max_rounds."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core.errors import IllegalAction

from .helpers import act, kinds, new, phase, seats


def first_strike(players: int, shards: list[int], **setup: Any) -> list[dict[str, Any]]:
    """Seat 0 opens 5L clockwise and seat 1, holding only 1Q, is struck at once: seat 0 gains 2
    (its Shard on the card and the bonus), seat 1 takes 1 damage card.  The game-over events."""
    hands = [["5L", "1F", "2F"], ["1Q", "2Q"], ["3Q", "4Q"], ["6L"], ["7L"]][:players]
    state = new(players, hands=setup.pop("hands", hands), shards=shards, **setup)
    events = act(state, "cast=5L", "cw")
    return kinds(events, "game-over")


# -- MS62, MS66: the target ----------------------------------------------------------------------
@pytest.mark.parametrize(("players", "target"), [(3, 12), (4, 12), (5, 10)])
def test_ending_a_spell_at_the_target_wins(players: int, target: int) -> None:
    over = first_strike(players, [target - 2] + [0] * (players - 1))
    assert over and over[0]["winners"] == [0] and over[0]["limit"] is False
    assert over[0]["ranking"][0] == 1


@pytest.mark.parametrize(("players", "target"), [(3, 12), (4, 12), (5, 10)])
def test_one_shard_short_of_the_target_the_game_goes_on(players: int, target: int) -> None:
    assert first_strike(players, [target - 3] + [0] * (players - 1)) == []


def test_the_view_shows_the_target_and_the_winners() -> None:
    state = new(3, hands=[["5L", "1F"], ["1Q"], ["3Q"]], shards=[10, 0, 0])
    assert state.view(None)["target"] == 12
    act(state, "cast=5L", "cw")
    view = state.view(1)
    assert view["phase"] == "over" and view["winners"] == [0] and view["to_act"] is None
    assert state.is_terminal() and state.legal_actions() == []
    with pytest.raises(IllegalAction):
        act(state, "draw")


# -- MS63: the most Shards --------------------------------------------------------------------------
def test_of_several_at_the_target_the_most_shards_wins() -> None:
    over = first_strike(3, [11, 14, 0])  # seat 0 ends at 13, seat 1 at 14
    assert over[0]["winners"] == [1] and over[0]["shards"] == [13, 14, 0]


# -- MS64: fewest damage cards, then fewest cards in hand ----------------------------------------
def test_equal_shards_fewest_damage_cards_wins_before_the_hand_counts() -> None:
    hands = [["5L", "1F", "2F", "3F"], ["1Q"], ["3Q", "4Q"]]
    over = first_strike(3, [11, 13, 0], hands=hands)  # both 13; seat 1 took a damage card
    assert over[0]["winners"] == [0]  # though seat 0 holds 3 cards and seat 1 only 1


def test_equal_shards_and_damage_fewest_cards_in_hand_wins() -> None:
    hands = [["5L", "1F", "2F"], ["1Q"], ["3Q", "4Q"]]
    over = first_strike(3, [11, 13, 0], hands=hands, damage=[["1B"], [], []])
    assert over[0]["winners"] == [1]  # 1 damage each; 1 card against 2


# -- MS65, A19: a tie all the way is a shared win, for any number ----------------------------------
def test_a_full_tie_is_a_shared_win_even_three_ways() -> None:
    hands = [["5L", "1F", "2F"], ["1Q", "2Q"], ["3Q", "4Q"]]
    over = first_strike(3, [10, 12, 12], hands=hands, damage=[["1B"], [], ["2B"]])
    assert over[0]["winners"] == [0, 1, 2] and over[0]["ranking"] == [1, 1, 1]


def test_players_below_the_target_do_not_share_the_win() -> None:
    hands = [["5L", "1F", "2F"], ["1Q", "2Q"], ["3Q", "4Q"]]
    over = first_strike(3, [10, 12, 11], hands=hands, damage=[["1B"], [], ["2B"]])
    assert over[0]["winners"] == [0, 1]


# -- A20: "12+" is the target, 10 with five players ------------------------------------------------
def test_with_five_players_ten_and_eleven_both_count_and_the_most_wins() -> None:
    over = first_strike(5, [8, 0, 11, 0, 0])
    assert over[0]["winners"] == [2]
    hands = [["5L", "1F", "2F"], ["1Q", "2Q"], ["3Q", "4Q", "5Q"], ["6L"], ["7L"]]
    over = first_strike(5, [8, 0, 10, 0, 0], hands=hands)  # 10 each: seat 0 holds fewer cards
    assert over[0]["winners"] == [0]


# -- A15, A21: totals at the end of the spell, after Rebirths -------------------------------------
def test_a_rebirth_after_the_spell_counts_before_victory() -> None:
    damage = [[], ["1B", "2B", "3B", "4B"], []]
    over = first_strike(3, [0, 12, 0], damage=damage)  # seat 1 reborn: 11
    assert over == []


def test_without_the_rebirth_the_same_total_wins() -> None:
    over = first_strike(3, [0, 12, 0], damage=[[], ["1B", "2B", "3B"], []])
    assert over[0]["winners"] == [1]


def test_victory_is_checked_only_when_a_spell_ends() -> None:
    state = new(3, hands=[["3L", "8B"], ["5L", "6L"], ["7L", "8L"]], shards=[0, 12, 0])
    act(state, "cast=3L", "cw")
    assert phase(state) == "play" and seats(state, "shards")[1] == 12  # above the target mid-spell


# -- max_rounds, a safety limit outside the rules ---------------------------------------------------
def test_max_rounds_ends_the_game_after_that_many_spells_best_by_the_tie_break() -> None:
    state = new(3, hands=[["5L", "1F"], ["1Q"], ["3Q"]], options={"max_rounds": 1})
    events = act(state, "cast=5L", "cw")
    over = kinds(events, "game-over")[0]
    assert over["limit"] is True and over["winners"] == [0] and over["shards"] == [2, 0, 0]
    assert state.is_terminal()
