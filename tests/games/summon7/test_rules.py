"""Summon 7, clause by clause (shared/rules/summon7-clan-rules.txt, "SUMMON 7 (Basic rules)" and
"SUMMON 7 Deck").  Rulings S1-S9 are in docs/rulings.md."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import tabletop
from tabletop.core.errors import IllegalAction, InvalidActionText, InvalidOptions
from tabletop.games.summon7.actions import HIT, HOLD
from tabletop.games.summon7.cards import COPIES, NUM_CARDS, VALUES
from tabletop.games.summon7.state import OVER, Summon7State
from tabletop.games.summon7.table import ACTIVE, BUSTED, HELD

from .helpers import deal, play


# -- the deck --------------------------------------------------------------------------------
def test_deck_holds_79_cards_one_zero_one_one_and_v_cards_of_each_value_v() -> None:
    assert NUM_CARDS == 79
    assert list(COPIES) == [1, 1, *range(2, 13)]
    assert Counter(VALUES) == {v: (1 if v == 0 else v) for v in range(13)}


def test_every_card_starts_in_the_deck_or_dealt() -> None:
    s = tabletop.make("summon7", players=4).new_state(1)
    t = s.table
    assert len(t.deck) == 79 - 4 and not t.discard
    assert sorted(t.deck + [c for hand in t.cards for c in hand]) == list(range(79))


def test_the_deck_is_shuffled_from_the_seed() -> None:
    game = tabletop.make("summon7", players=2)
    orders = {tuple(game.new_state(seed).table.deck) for seed in range(10)}
    assert len(orders) == 10
    assert game.new_state(3).table.deck == game.new_state(3).table.deck


# -- the pre-game deal -------------------------------------------------------------------------
def test_a_random_first_player_deals() -> None:
    game = tabletop.make("summon7", players=4)
    assert {game.new_state(seed).table.dealer for seed in range(40)} == {0, 1, 2, 3}


def test_one_card_face_up_to_every_player_clockwise_from_the_dealers_left() -> None:
    s = deal(4, dealer=1, deck=[3, 5, 7, 9])
    assert [s.table.values(i) for i in range(4)] == [[7], [9], [3], [5]]
    view = s.view(None)
    assert [seat["cards"] for seat in view["seats"]] == [[7], [9], [3], [5]]  # face up: all see them


def test_turn_order_starts_at_the_dealers_left_and_goes_clockwise() -> None:
    s = deal(4, dealer=1, deck=[3, 5, 7, 9, 1, 2, 4, 6])
    seats = []
    for _ in range(4):
        seats.append(s.current_seat)
        play(s, "hit")
    assert seats == [2, 3, 0, 1]


# -- hit, hold, bust ----------------------------------------------------------------------------
def test_hit_deals_one_more_face_up_card_then_the_turn_passes() -> None:
    s = deal(3, dealer=0, deck=[4, 5, 6, 8])
    assert s.current_seat == 1
    events = play(s, "hit")
    assert s.table.values(1) == [4, 8]
    assert any(e.kind == "card" and e.data == {"seat": 1, "value": 8, "first": False} for e in events)
    assert s.current_seat == 2 and s.table.status[1] == ACTIVE


def test_a_card_matching_one_held_busts_and_scores_nothing() -> None:
    s = deal(2, dealer=1, deck=[7, 3, 7])
    events = play(s, "hit")  # seat 0 draws a second 7
    assert s.table.status[0] == BUSTED
    assert [e.data for e in events if e.kind == "bust"] == [{"seat": 0, "value": 7, "total": 14}]
    play(s, "hold")  # seat 1 holds 3: the round ends
    assert s.leadership == [0, 3]
    assert s.history[-1]["winners"] == [1] and s.history[-1]["busted"] == [True, False]


def test_only_an_equal_value_busts() -> None:
    s = deal(2, dealer=1, deck=[7, 3, 6, 8])
    play(s, "hit", "hit")  # 7+6 and 3+8: no pair
    assert s.table.status == [ACTIVE, ACTIVE]
    assert s.totals() == [13, 11]


def test_a_busted_or_held_player_is_done_for_the_round() -> None:
    s = deal(3, dealer=2, deck=[5, 6, 7, 5, 1, 2, 3])
    play(s, "hit")  # seat 0 busts on the second 5
    play(s, "hold")  # seat 1 holds
    assert s.current_seat == 2
    play(s, "hit")  # seat 2 is now the only one in the round
    assert s.current_seat == 2
    assert s.table.status == [BUSTED, HELD, ACTIVE]


def test_hold_adds_the_sum_to_the_house_total_not_to_leadership() -> None:
    s = deal(3, dealer=2, deck=[5, 6, 12])
    events = play(s, "hold")  # seat 0 holds 5
    assert s.house_total == 5 and s.leadership == [0, 0, 0]
    assert [e.data for e in events if e.kind == "hold"] == [{"seat": 0, "total": 5, "house_total": 5}]
    play(s, "hold", "hold")  # 6 and 12: seat 2 wins
    assert s.house_total == 23  # every held sum, the winner's included
    assert s.leadership == [0, 0, 12]


# -- the end of a round --------------------------------------------------------------------------
def test_the_round_ends_when_all_have_held_or_busted_and_the_highest_total_wins() -> None:
    s = deal(3, dealer=2, deck=[5, 6, 9, 4, 6, 10])
    play(s, "hit", "hit")  # seat 0: 5+4 = 9; seat 1: 6+6 busts
    assert s.round == 1
    play(s, "hold")  # seat 2 holds 9
    play(s, "hit")  # seat 0: 9+10 = 19
    assert s.round == 1
    play(s, "hold")  # the last one: the round ends
    assert s.round == 2
    assert s.history[0]["winners"] == [0] and s.history[0]["totals"] == [19, 12, 9]
    assert s.leadership == [19, 0, 0]


def test_the_winner_must_not_have_busted_even_with_the_highest_total() -> None:
    s = deal(2, dealer=1, deck=[12, 2, 12])
    play(s, "hit")  # seat 0: 12 + 12 = 24, busted
    play(s, "hold")
    assert s.leadership == [0, 2]


def test_tied_winners_each_add_their_total() -> None:
    s = deal(3, dealer=2, deck=[9, 9, 4])
    play(s, "hold", "hold", "hold")
    assert s.history[0]["winners"] == [0, 1]
    assert s.leadership == [9, 9, 0]


def test_when_everybody_busts_nobody_scores() -> None:
    s = deal(2, dealer=1, deck=[4, 6, 4, 6])
    play(s, "hit", "hit")
    assert s.history[0]["winners"] == [] and s.leadership == [0, 0]


def test_dealt_cards_go_to_the_discard_pile_at_the_end_of_the_round_not_before() -> None:
    s = deal(2, dealer=1, deck=[4, 6, 4, 8])
    play(s, "hit")  # seat 0 busts: its cards stay in front of it until the round ends
    assert s.table.values(0) == [4, 4] and not s.table.discard
    play(s, "hit", "hold")
    assert sorted(VALUES[c] for c in s.table.discard) == [4, 4, 6, 8]
    assert all(len(hand) == 1 for hand in s.table.cards)  # the next round's first cards


# -- the deck running out ----------------------------------------------------------------------
def test_when_the_deck_runs_out_the_discard_pile_is_shuffled_into_a_new_deck() -> None:
    s = deal(2, dealer=1, deck=[3, 5, 8, 9], only=True)
    assert len(s.table.deck) == 2 and len(s.table.discard) == 75
    play(s, "hit", "hit")  # the deck's last two cards
    assert not s.table.deck
    events = play(s, "hit")  # no deck: the discard pile becomes the deck
    assert [e.data for e in events if e.kind == "reshuffle"] == [{"cards": 75}]
    assert not s.table.discard and len(s.table.deck) == 74
    cards = s.table.deck + s.table.discard + [c for hand in s.table.cards for c in hand]
    assert sorted(cards) == list(range(79))


def test_the_reshuffle_is_random_but_seeded() -> None:
    game = tabletop.make("summon7", players=2)
    decks = set()
    for seed in range(5):
        s = game.new_state(seed, {"dealer": 1, "deck": [3, 5, 8, 9], "deck_only": True})
        play(s, "hit", "hit", "hit")
        decks.add(tuple(VALUES[c] for c in s.table.deck))
    assert len(decks) == 5


def test_with_no_card_left_anywhere_a_player_can_only_hold() -> None:
    s = deal(2, dealer=1, deck=[3, 5, 8], only=True)
    s.table.discard = []  # every other card is out of the game for this test
    play(s, "hit")
    assert s.table.can_deal() is False
    assert s.legal_actions() == [HOLD]
    with pytest.raises(IllegalAction, match="no card is left"):
        s.apply(HIT)


# -- the dealer ------------------------------------------------------------------------------------
def test_the_next_dealer_is_the_player_with_the_highest_leadership_total() -> None:
    s = deal(3, dealer=0, deck=[2, 3, 9], leadership=[30, 0, 0])
    play(s, "hold", "hold", "hold")  # seat 0 wins with 9: 39, the highest
    assert s.table.dealer == 0
    s = deal(3, dealer=0, deck=[2, 3, 9], leadership=[0, 20, 0])
    play(s, "hold", "hold", "hold")  # seat 0 wins 9: seat 1 still leads with 20
    assert s.table.dealer == 1 and s.table.turn == 2


def test_on_equal_leadership_the_deal_goes_to_who_got_there_first() -> None:
    tied = deal(3, dealer=2, deck=[4, 4, 12, 12])
    play(tied, "hold", "hold", "hit")  # seat 2 busts; seats 0 and 1 tie on 4
    assert tied.leadership == [4, 4, 0] and tied.board == [0, 1, 2] and tied.table.dealer == 0
    # seat 1 catches up with seat 0, who was there first and keeps the deal
    s = deal(3, dealer=1, deck=[2, 3, 4], leadership=[10, 6, 0])
    play(s, "hold", "hold", "hold")
    assert s.leadership == [10, 10, 0] and s.table.dealer == 0


def test_everybody_busting_leaves_the_deal_with_the_leader() -> None:
    s = deal(2, dealer=0, deck=[6, 4, 6, 4])
    play(s, "hit", "hit")
    assert s.table.dealer == 0


# -- the end of the game ------------------------------------------------------------------------------
def test_the_game_ends_when_a_leadership_total_reaches_the_target() -> None:
    s = deal(2, dealer=1, deck=[12, 2, 7], leadership=[90, 95])
    play(s, "hold", "hold")  # seat 0 reaches 102
    assert s.is_terminal() and s.phase == OVER and s.current_seat is None
    assert s.scores() == [102, 95] and s.ranking() == [1, 2]
    assert s.legal_actions() == []


def test_just_under_the_target_the_game_goes_on_and_exactly_the_target_ends_it() -> None:
    s = deal(2, dealer=1, deck=[9, 2], leadership=[90, 0])
    play(s, "hold", "hold")
    assert s.leadership[0] == 99 and not s.is_terminal()
    s = deal(2, dealer=1, deck=[10, 2], leadership=[90, 0])
    play(s, "hold", "hold")
    assert s.leadership[0] == 100 and s.is_terminal()


def test_the_target_is_an_option() -> None:
    game = tabletop.make("summon7", players=2, target=20)
    s = game.new_state(0, {"dealer": 1, "deck": [12, 3, 9]})
    play(s, "hit", "hold", "hold")
    assert s.is_terminal() and s.leadership == [21, 0]


def test_tied_leaders_share_first_place() -> None:
    s = deal(3, dealer=2, deck=[10, 10, 3], leadership=[90, 90, 0])
    play(s, "hold", "hold", "hold")
    assert s.is_terminal() and s.ranking() == [1, 1, 3]


def test_the_safety_limit_on_rounds_ends_a_game() -> None:
    game = tabletop.make("summon7", players=2, max_rounds=2)
    s = game.new_state(4)
    rng = random.Random(4)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    assert s.round <= 2


def test_random_games_end_and_rank_by_leadership() -> None:
    game = tabletop.make("summon7", players=5)
    for seed in range(20):
        s = game.new_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        assert max(s.leadership) >= 100 or s.round == 100
        best = max(s.leadership)
        assert [r == 1 for r in s.ranking()] == [x == best for x in s.leadership]


# -- notation, options, set-ups ---------------------------------------------------------------------
def test_two_actions_with_one_text_each() -> None:
    game = tabletop.make("summon7")
    assert game.parse_action("hit") is HIT and game.parse_action(" hold ") is HOLD
    assert (str(HIT), str(HOLD)) == ("hit", "hold")
    for bad in ("Hit", "stay", "", "hit hold"):
        with pytest.raises(InvalidActionText):
            game.parse_action(bad)


def test_options_are_validated() -> None:
    assert tabletop.make("summon7").players == 4
    meta = tabletop.make("summon7", players=6).metadata
    assert (meta.min_players, meta.max_players, meta.hidden_information) == (2, 6, False)
    for bad in ({"players": 1}, {"players": 7}, {"target": 0}, {"colour": "red"}):
        with pytest.raises(InvalidOptions):
            tabletop.make("summon7", **bad)


def test_set_ups_are_checked() -> None:
    game = tabletop.make("summon7", players=2)
    for bad in ({"dealer": 2}, {"deck": [13]}, {"deck": [0, 0]}, {"leadership": [1]}, {"deal": 1}):
        with pytest.raises(InvalidOptions):
            game.new_state(0, bad)


def test_the_view_shows_every_card_but_not_the_decks_order() -> None:
    s = deal(3, dealer=0, deck=[4, 5, 6])
    view = s.view(1)
    assert view["deck"] == 76 and sum(view["deck_values"]) == 76
    assert view["deck_values"][4] == 3 and view["deck_values"][12] == 12
    assert view["legal"] == ["hit", "hold"] and s.view(0)["legal"] == []
    assert "table" not in view and all(isinstance(x, int) for x in view["deck_values"])


def test_a_sample_only_reorders_the_deck() -> None:
    s = deal(3, dealer=0, deck=[4, 5, 6, 7])
    play(s, "hit")
    world = s.sample_world(0, random.Random(1))
    assert isinstance(world, Summon7State)
    assert world.view(0) == s.view(0)
    assert sorted(VALUES[c] for c in world.table.deck) == sorted(VALUES[c] for c in s.table.deck)
    assert [VALUES[c] for c in world.table.deck] != [VALUES[c] for c in s.table.deck]
