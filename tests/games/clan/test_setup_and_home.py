"""The clan pre-game and the Home phase (rules: "CLAN PRE-GAME", "HOME PHASE"; rulings C1-C12)."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.core.errors import InvalidActionText, InvalidOptions
from tabletop.games.summon7.cards import VALUES
from tabletop.games.summon7.clan.actions import CHARACTERS, parse_action
from tabletop.games.summon7.clan.data import load_clan
from tabletop.games.summon7.clan.state import ClanState
from tabletop.games.summon7.table import BUSTED, HELD, worse

from .helpers import advance_to, clan, kinds, phase, play


# -- choosing characters, the Head of House --------------------------------------------------------
def test_each_player_chooses_a_character_clockwise_from_the_first_dealers_left() -> None:
    s = tabletop.make("clan", players=4).new_state(5, {"dealer": 2})
    assert isinstance(s, ClanState)
    assert phase(s) == "choose" and s.current_seat == 3
    assert s.opening_events()[0].kind == "choose-start"
    order = []
    for name in ("glutton", "miser", "heretic", "warlord"):
        order.append(s.current_seat)
        assert f"choose={name}" in [str(a) for a in s.legal_actions()]
        play(s, f"choose={name}")
        assert f"choose={name}" not in [str(a) for a in s.legal_actions()]  # a card is taken once
    assert order == [3, 0, 1, 2]
    assert [CHARACTERS[c] for c in s.characters] == ["miser", "heretic", "warlord", "glutton"]


def test_one_of_the_unchosen_characters_becomes_head_of_house_with_150() -> None:
    heads = set()
    for seed in range(12):
        s = tabletop.make("clan", players=2).new_state(seed, {"dealer": 0})
        events = play(s, "choose=glutton", "choose=miser")
        assert CHARACTERS[s.head] not in ("glutton", "miser")
        assert kinds(events, "head") == [{"character": CHARACTERS[s.head], "leadership": 150}]
        assert s.head_score == 150 and s.board[0] == 2  # the Head of House tops the leaderboard
        heads.add(s.head)
    assert len(heads) > 2  # at random


def test_the_head_of_houses_leadership_is_an_option() -> None:
    s = clan(2, options={"head": 60})
    assert s.head_score == 60 and s.view(None)["head"]["leadership"] == 60


# -- the pre-game ----------------------------------------------------------------------------------
def test_the_pregame_is_summon7_until_a_leadership_total_reaches_its_target() -> None:
    s = clan(2, deck=[9, 2, 4, 5], options={"pregame": 100}, leadership=[95, 0])
    assert not s.main and s.pregame_round == 1 and s.view(0)["stage"] == "pre-game"
    events = play(s, "hold", "hold")  # seat 0 wins 9: 104 >= 100
    assert s.leadership == [104, 0]  # the pre-game's totals carry on into the main game
    assert s.main and s.round == 1 and s.view(0)["stage"] == "main"
    assert kinds(events, "stage")[0]["stage"] == "main"


def test_the_pregame_goes_on_below_its_target() -> None:
    s = clan(2, deck=[9, 2, 4, 5], options={"pregame": 100}, leadership=[80, 0])
    play(s, "hold", "hold")
    assert not s.main and s.pregame_round == 2 and s.leadership == [89, 0]
    assert s.round == 0 and s.meter == 0


def test_the_pregame_has_no_hunger_and_feeds_no_meter() -> None:
    s = clan(2, deck=[9, 2, 9], options={"pregame": 100}, hungry=[True, True, True])
    assert [len(c) for c in s.table.cards] == [1, 1]  # one card each, though "hungry"
    play(s, "hit")  # seat 0 busts on the second 9
    play(s, "hold")
    assert s.meter == 0 and s.table.status == [0, 0]  # a new pre-game round has begun


def test_a_whole_pregame_of_random_play_reaches_the_main_game() -> None:
    s = tabletop.make("clan", players=3, pregame=30).new_state(11)
    rng = random.Random(11)
    while not s.main:
        s.apply(rng.choice(s.legal_actions()))
    assert max(s.leadership) >= 30


def test_the_main_game_starts_with_one_human_of_each_members_diet() -> None:
    s = clan(4, head="brute")  # glutton, miser, heretic, warlord and the brute
    assert s.main and s.round == 1
    assert s.view(0)["pantry"] == {"peasant": 1, "merchant": 1, "priest": 1, "soldier": 2}


def test_holding_adds_to_the_house_total_in_both_stages() -> None:
    s = clan(2, deck=[9, 2, 4, 5], options={"pregame": 100})
    play(s, "hold", "hold")
    assert s.house_total == 11


# -- the Home phase ----------------------------------------------------------------------------------
def test_the_first_dealer_deals_first_then_the_leader_deals() -> None:
    s = clan(3, dealer=0, deck=[2, 3, 4], leadership=[10, 40, 20])
    assert s.table.dealer == 0 and s.current_seat == 1
    play(s, "hold", "hold", "hold")  # seat 0 wins 4: 14, 40, 20
    advance_to(s, "home")
    assert s.round == 2 and s.table.dealer == 1 and s.current_seat == 2


def test_a_hungry_player_is_dealt_two_cards_and_keeps_the_higher() -> None:
    s = clan(2, deck=[5, 9, 3, 7], hungry=[True, False, False])
    # seat 0 (the dealer's left) is hungry: 5 and 9, keeps 9; seat 1 gets the 3
    assert s.table.values(0) == [9] and s.table.values(1) == [3]
    assert [VALUES[c] for c in s.table.discard] == [5]
    play(s, "hold")
    assert s.current_seat == 1


def test_a_hungry_player_must_keep_a_bust_card() -> None:
    s = clan(2, deck=[9, 4, 2, 3, 9], hungry=[True, False, False])
    assert s.table.values(0) == [9]  # 9 and 4: keeps the 9
    events = play(s, "hit")  # 3 and 9: the 9 busts, and must be kept
    assert kinds(events, "hungry-deal") == [{"seat": 0, "cards": [3, 9], "kept": 9}]
    assert s.table.status[0] == BUSTED


def test_the_worse_card_rule() -> None:
    ids = {v: [c for c in range(79) if VALUES[c] == v] for v in range(13)}
    five, nine, nine2 = ids[5][0], ids[9][0], ids[9][1]
    assert worse(five, nine, set()) == (nine, five)  # the higher number
    assert worse(nine, five, set()) == (nine, five)
    assert worse(nine, five, {5}) == (five, nine)  # a bust card before any number
    assert worse(nine, nine2, {9}) == (nine, nine2)  # two bust cards: the first
    assert worse(nine, nine2, set()) == (nine, nine2)  # equal numbers: the first


def test_the_winner_adds_the_score_to_leadership_and_plays_the_city_phase() -> None:
    s = clan(2, deck=[5, 7])
    events = play(s, "hold", "hold")
    assert s.leadership == [0, 7] and s.city_seat == 1
    home = kinds(events, "home-end")[0]
    assert home["winners"] == [1] and home["city_seat"] == 1


def test_tied_winners_all_score_and_the_one_higher_on_the_board_goes_to_the_city() -> None:
    s = clan(2, deck=[7, 7], leadership=[0, 5])
    play(s, "hold", "hold")
    assert s.leadership == [7, 12] and s.city_seat == 1


def test_busted_totals_feed_the_uprising_meter() -> None:
    s = clan(3, dealer=2, deck=[6, 8, 3, 6, 8])
    play(s, "hit", "hit")  # seat 0: 6+6 busts (12); seat 1: 8+8 busts (16)
    events = play(s, "hold")
    assert s.meter == 28 and kinds(events, "home-end")[0]["meter"] == 28


def test_the_house_score_is_the_held_totals_less_10_per_hungry_member() -> None:
    s = clan(3, dealer=2, deck=[5, 12, 7, 5], hungry=[False, False, False, True])
    play(s, "hit", "hold", "hold")  # seat 0 busts; seats 1 and 2 hold 12 and 7
    assert s.house_score == 12 + 7 - 10  # the Head of House is hungry
    s = clan(3, dealer=2, deck=[5, 12, 3, 7], hungry=[False, True, False, False])
    assert s.table.values(1) == [12] and s.table.values(2) == [7]
    play(s, "hold", "hold", "hold")
    assert s.house_score == 5 + 12 + 7 - 10


def test_the_rounds_cards_stay_in_play_until_the_end_of_the_city_phase() -> None:
    s = clan(2, deck=[5, 7])
    play(s, "hold", "hold")
    assert phase(s) in ("place", "capture") and s.table.values(0) == [5] and s.table.values(1) == [7]
    advance_to(s, "draft")
    assert not any(s.table.cards) and sorted(VALUES[c] for c in s.table.discard) == [5, 7]


def test_when_everybody_busts_the_house_sits_out_the_city() -> None:
    s = clan(2, deck=[5, 7, 5, 7])
    events = play(s, "hit", "hit")
    city = kinds(events, "city")[0]
    assert city["city_seat"] == -1 and "our house" not in city["order"]
    assert not s.pool and not [e for e in kinds(events, "capture") if e["clan"] == "our house"]


def test_a_held_player_is_done_and_no_hit_without_a_card() -> None:
    s = clan(2, deck=[5, 7])
    play(s, "hold")
    assert s.table.status[0] == HELD and s.current_seat == 1


# -- notation and options -------------------------------------------------------------------------
def test_every_action_text_parses_back() -> None:
    texts = ["choose=crone", "hit", "hold", "bust", "done", "eat", "play=boast", "play=hex@3"]
    texts += ["pay=priest", "place=docks", "capture=market/merchant", "claim=ward", "blame=0"]
    for text in texts:
        assert str(parse_action(text)) == text
    for bad in ("choose=dracula", "play=hex@", "capture=market", "claim=", "Eat"):
        with pytest.raises(InvalidActionText):
            parse_action(bad)


def test_options_and_set_ups_are_validated() -> None:
    meta = tabletop.make("clan", players=5).metadata
    assert (meta.min_players, meta.max_players, meta.hidden_information) == (2, 5, False)
    for bad in ({"players": 6}, {"players": 1}, {"head": 0}, {"rounds": 0}):
        with pytest.raises(InvalidOptions):
            tabletop.make("clan", **bad)
    game = tabletop.make("clan", players=2)
    for setup in (
        {"characters": ["glutton"]},
        {"characters": ["glutton", "glutton"]},
        {"characters": ["glutton", "miser"], "head": "miser"},
        {"head": "brute"},
        {"hands": [["joker"], []]},
        {"pantry": {"elf": 1}},
        {"city": {"moon": {}}},
        {"hungry": [True]},
    ):
        with pytest.raises(InvalidOptions):
            game.new_state(0, setup)


def test_the_content_is_provisional_and_checked(tmp_path: object) -> None:
    data = load_clan()
    assert data.provisional is True
    assert len(data.characters) >= 6 and len({c.diet for c in data.characters}) == len(data.humans)
    assert sum(p.copies for p in data.powers) == 24
    from pathlib import Path

    bad = Path(str(tmp_path)) / "bad.toml"
    text = (Path(__file__).parents[3] / "tabletop/games/summon7/data/clan.toml").read_text()
    bad.write_text(text.replace('diet = "peasant"', 'diet = "elf"', 1))
    with pytest.raises(InvalidOptions, match="not a human type"):
        load_clan(str(bad))
