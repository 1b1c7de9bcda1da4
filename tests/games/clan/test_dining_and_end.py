"""The Dining phase, the Uprising Meter and the end of the clan game (rules: "DINING PHASE";
rulings C25-C32)."""

from __future__ import annotations

import random

import tabletop
from tabletop.games.summon7.clan.phases import OVER

from .helpers import advance_to, clan, hand, kinds, phase, play


def no_peasants(s: object) -> None:
    """Empty the city of peasants (white box), so that nobody can capture one this round."""
    for row in s.city:  # type: ignore[attr-defined]
        row[0] = 0


# -- dining -----------------------------------------------------------------------------------------
def test_members_eat_in_leadership_order_the_head_of_house_included() -> None:
    s = clan(3, dealer=2, deck=[5, 12, 7], leadership=[0, 0, 30], power_deck=["ward", "hex", "boast"])
    events = play(s, "hold", "hold", "hold")  # seat 1 wins 12; seat 2 leads the players with 30
    events += advance_to(s, "home")
    dining = kinds(events, "dining")[0]
    assert dining["order"] == [3, 2, 1, 0]  # the Head of House (150) first
    order = [e.data["member"] for e in events if e.kind in ("eat", "unfed")]
    assert order == ["head", 2, 1, 0]


def test_each_member_eats_a_human_of_its_diet() -> None:
    s = clan(2, deck=[5, 7])  # pantry: a peasant, a merchant and a soldier (the brute's)
    play(s, "hold", "hold")
    no_peasants(s)
    before = list(s.pantry)
    events = advance_to(s, "home")
    captured = [0, 0, 0, 0]
    for e in kinds(events, "capture"):
        if e["clan"] == "our house":
            captured[["peasant", "merchant", "priest", "soldier"].index(e["human"])] += 1
    assert {e["member"]: e["human"] for e in kinds(events, "eat")} == {
        "head": "soldier",
        0: "peasant",
        1: "merchant",
    }
    assert s.pantry == [b + c - e for b, c, e in zip(before, captured, [1, 1, 0, 1], strict=True)]
    assert s.hungry == [False, False, False]


def test_an_unfed_player_makes_a_player_of_its_choice_discard_a_random_power_card() -> None:
    s = clan(2, deck=[5, 7], pantry={"merchant": 1, "soldier": 1}, hands=[["ward"], ["hex", "boast"]])
    play(s, "hold", "hold")
    no_peasants(s)
    advance_to(s, "blame")
    assert s.current_seat == 0  # the glutton found no peasant
    assert [str(a) for a in s.legal_actions()] == ["blame=0", "blame=1"]  # seats holding cards
    cards = len(s.hands[1])
    events = play(s, "blame=1")
    assert kinds(events, "discard")[0]["by"] == 0 and kinds(events, "discard")[0]["seat"] == 1
    assert len(s.hands[1]) == cards - 1
    advance_to(s, "home")
    assert s.hungry == [True, False, False]  # hungry next round


def test_an_unfed_head_of_house_makes_the_player_with_most_cards_discard() -> None:
    s = clan(2, deck=[5, 7], pantry={"peasant": 1, "merchant": 1}, hands=[["ward"], ["hex", "boast"]])
    play(s, "hold", "hold")
    for row in s.city:
        row[3] = 0  # no soldier to capture
    events = advance_to(s, "home")
    assert {"member": "head", "diet": "soldier"} in kinds(events, "unfed")
    discard = kinds(events, "discard")[0]
    assert discard["by"] == "head" and discard["seat"] == 1
    assert s.hungry[2] is True


def test_nothing_is_discarded_when_no_player_holds_a_card() -> None:
    s = clan(2, deck=[5, 7, 5, 7], pantry={})
    events = play(s, "hit", "hit")  # both bust: the house sits out the city, and gets no card
    events += advance_to(s, "home")
    assert len(kinds(events, "unfed")) == 3 and not kinds(events, "discard")
    assert s.hungry == [True, True, True]


def test_a_fed_member_is_no_longer_hungry() -> None:
    s = clan(2, deck=[5, 7], hungry=[True, True, True], pantry={"peasant": 1, "merchant": 1, "soldier": 1})
    assert len(s.table.discard) == 2  # both players were dealt two cards
    play(s, "hold", "hold")
    advance_to(s, "home")
    assert s.round == 2 and s.hungry == [False, False, False]


# -- the Uprising Meter ------------------------------------------------------------------------------------
def test_thresholds_scale_with_the_players_and_act_once() -> None:
    s = clan(2, deck=[6, 7, 6], meter=45)  # thresholds at 50, 100, 150, 240 for two players
    assert [t["at"] for t in s.view(0)["meter"]["thresholds"]] == [50, 100, 150, 240]
    city_before = [sum(row) for row in s.city]
    events = play(s, "hit")  # seat 0 busts with 12: the meter reaches 57
    events += play(s, "hold")
    flee = kinds(events, "threshold")
    assert flee == [{"name": "Unrest", "effect": "flee", "meter": 57}]
    restocked = [len(x) for x in kinds(events, "city")[0]["restocked"]]
    after_flee = [max(0, b - 1) for b in city_before]
    assert [sum(row) for row in s.city] <= [a + r for a, r in zip(after_flee, restocked, strict=True)]
    assert s.fired == 1


def test_a_riot_empties_some_of_the_pantry_and_a_crackdown_raises_the_head() -> None:
    s = clan(2, deck=[6, 7, 6], meter=95, pantry={"peasant": 3})
    events = play(s, "hit", "hold")
    riot = kinds(events, "threshold")[-1]
    assert riot["effect"] == "riot" and riot["lost"] == ["peasant", "peasant"]
    s = clan(2, deck=[6, 7, 6], meter=145)
    s.fired = 2
    events = play(s, "hit", "hold")
    assert kinds(events, "threshold")[-1]["effect"] == "crackdown" and s.head_score == 170


def test_the_uprising_ends_the_game_after_the_round() -> None:
    s = clan(2, deck=[6, 7, 6], meter=235)
    s.fired = 3
    play(s, "hit", "hold")
    assert s.uprising and not s.is_terminal()
    events = advance_to(s, "home")
    assert s.phase == OVER and kinds(events, "game-over")[0]["reason"] == "uprising"
    assert s.view(0)["end"] == "uprising" and s.ranking() == [2, 1]


# -- overthrowing the Head of House -------------------------------------------------------------------------
def test_a_challenger_who_wins_the_home_phase_and_is_fed_overthrows_the_head() -> None:
    s = clan(2, deck=[5, 7], leadership=[0, 151])
    assert s.challengers == [False, True]
    play(s, "hold", "hold")
    events = advance_to(s, "home")
    assert s.is_terminal() and s.usurper == 1 and s.view(0)["end"] == "takeover"
    assert kinds(events, "takeover") == [{"seat": 1, "leadership": 158}]
    assert s.ranking() == [2, 1]


def test_passing_the_head_in_a_round_makes_a_challenger_for_the_next() -> None:
    s = clan(2, deck=[5, 12], leadership=[0, 140])
    play(s, "hold", "hold")  # 152: above the Head, but not a challenger when the round began
    advance_to(s, "home")
    assert not s.is_terminal() and s.round == 2 and s.challengers == [False, True]


def test_a_challenger_who_does_not_win_the_round_does_not_take_over() -> None:
    s = clan(2, deck=[9, 7], leadership=[0, 151])
    play(s, "hold", "hold")
    advance_to(s, "home")
    assert not s.is_terminal() and s.leadership == [9, 151]


def test_a_hungry_challenger_does_not_take_over() -> None:
    s2 = clan(2, deck=[7, 5], leadership=[151, 0], pantry={"merchant": 1, "soldier": 1})
    play(s2, "hold", "hold")  # seat 0, a challenger, wins with 7
    no_peasants(s2)
    advance_to(s2, "home")
    assert not s2.is_terminal() and s2.hungry[0] and s2.leadership[0] == 158


def test_the_round_limit_ends_the_game_ranked_by_leadership() -> None:
    s = clan(2, deck=[5, 7], options={"rounds": 1})
    play(s, "hold", "hold")
    events = advance_to(s, "home")
    assert s.is_terminal() and kinds(events, "game-over")[0]["reason"] == "rounds"
    assert s.ranking() == [2, 1] and s.scores() == [0, 7]


def test_whole_games_end_by_one_of_the_three_endings() -> None:
    endings = set()
    for seed in range(30):
        game = tabletop.make("clan", players=3, pregame=40)
        s = game.new_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        endings.add(s.view(0)["end"])
        assert s.round <= 12
        if s.view(0)["end"] == "takeover":
            assert s.ranking()[s.usurper] == 1
    assert endings <= {"takeover", "uprising", "rounds"} and len(endings) >= 2


def test_hands_are_open_to_everybody() -> None:
    s = clan(2, deck=[5, 7], hands=[["ward"], []])
    assert hand(s, 0) == ["ward"] and s.view(1)["seats"][0]["hand"] == ["ward"]
    assert s.view(None)["seats"][0]["hand"] == ["ward"]
    assert phase(s) == "home"
