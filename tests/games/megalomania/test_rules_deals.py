"""The special deals of the annex's missions 13, 14, 15, 18, 19, 20, 21, 22, 24 and 25, and the
player-count sets (the green marks, docs/rulings.md M2)."""

from __future__ import annotations

import random

import pytest

from tabletop import make
from tabletop.core.errors import InvalidOptions
from tabletop.games.megalomania.cards import colour_of, mask_of, parse_card, texts
from tabletop.games.megalomania.state import LAY, OVER, PLAY, MegalomaniaState

from .tables import A, B, C, D, last_winner, legal, play, start, table, take


def cards(*names: str) -> int:
    return mask_of(parse_card(c) for c in names)


def hand_of(state: MegalomaniaState, seat: int, viewer: int | None = None) -> list[str]:
    entry = state.view(seat if viewer is None else viewer)["seats"][seat]
    return list(entry["hand"])


# -- 13: three face up on the table, three in the hand
def test_13_three_face_up_on_the_table_three_in_hand() -> None:
    s = make("megalomania").new_state(5, {"dealer": 3, "missions": [13]})
    for seat in range(4):
        assert s.open[seat].bit_count() == 3 and s.hands[seat].bit_count() == 6
        spectator = s.view(None)["seats"][seat]
        assert spectator["table"] == texts(s.open[seat]) and spectator["cards"] == 3
        assert len(hand_of(s, seat)) == 3 and not s.open[seat] & cards(*hand_of(s, seat))


def test_13_face_up_cards_are_played_from_the_table_and_seen_by_all() -> None:
    hands = [
        ["Eu", "Fr", "Ay", "Xb", "Db", "Wy"],  # first three face up
        ["Ku", "Or", "Xy", "Fu", "Ab", "Er"],
        ["Du", "Kr", "Fy", "Wu", "Xr", "Oy"],
        ["Au", "Dr", "Dy", "Ob", "Wr", "Ky"],
    ]
    s = table(hands, "black", mission=13)
    assert s.view(B)["seats"][A]["table"] == ["Fr", "Ay", "Eu"]
    assert "hand" not in s.view(B)["seats"][A] and s.view(B)["seats"][A]["cards"] == 3
    assert hand_of(s, A) == ["Xb", "Db", "Wy"]
    assert legal(s) == {"Eu", "Fr", "Ay", "Xb", "Db", "Wy"}
    events = s.apply_text("Eu")
    assert any(e.kind == "play" and e.data.get("from_table") for e in events)
    assert legal(s) == {"Ku", "Fu"}  # following counts the table cards and the hand alike
    play(s, "Ku", "Wu", "Au")
    assert last_winner(s) == A
    assert s.view(C)["seats"][A]["table"] == ["Fr", "Ay"]


# -- 14: a turned card sets each turn's dominant colour
def test_14_the_turned_cards_colour_is_the_turns_dominant() -> None:
    # every yellow card stays undealt: each turn turns a yellow card, and black (the round's
    # colour on the scoresheet) loses its advantage
    hands = [
        ["Fr", "Ar", "Xr", "Dr", "Wr", "Kr"],
        ["Eb", "Ob", "Kb", "Wb", "Db", "Xb"],
        ["Or", "Er", "Ab", "Fb", "Fu", "Au"],
        ["Xu", "Du", "Wu", "Ku", "Ou", "Eu"],
    ]
    s = table(hands, "black", mission=14)
    view = s.view(None)
    assert view["round_dominant"] == "black" and view["dominant"] == "yellow"
    assert len(view["turned"]) == 1 and colour_of(parse_card(view["turned"][0])) == 2
    assert s.stock.bit_count() == 7
    play(s, "Fr", "Eb", "Or", "Eu")
    assert last_winner(s) == C  # the highest red: the black Emperor is not dominant this turn
    assert len(s.view(None)["turned"]) == 2  # the next turn turned the next card


def test_14_one_card_turned_per_turn_and_its_colour_decides() -> None:
    s = make("megalomania", players=3).new_state(11, {"dealer": 2, "missions": [14]})
    rng = random.Random(2)
    take(s)
    while not s.is_terminal():
        if s.phase == PLAY and not s.t_cards:
            assert len(s.turned) == len(s.round_tricks) + 1
            assert s.dom == colour_of(s.turned[-1])
            assert s.view(None)["dominant"] == ["black", "red", "yellow", "blue"][s.dom]
        s.apply(rng.choice(s.legal_actions()))
    assert len(s.turned) == 6


# -- 15: laid out face down in order, each turn plays the next -------------------------------------
def test_15_cards_are_laid_out_hidden_then_played_in_order_breaking_the_following_rule() -> None:
    s = table([["Ku", "Fb", "Ey"], ["Au", "Or", "Xb"]], "black", mission=15)
    assert s.phase == LAY and s.current_seat == A
    assert legal(s) == {"lay=Ku", "lay=Fb", "lay=Ey"}
    play(s, "lay=Fb", "lay=Ku")  # the last card has only one place
    assert s.view(A)["seats"][A]["laid_cards"] == ["Fb", "Ku", "Ey"]
    assert s.view(B)["seats"][A]["laid"] == 3 and "laid_cards" not in s.view(B)["seats"][A]
    assert s.current_seat == B
    play(s, "lay=Or", "lay=Au")
    # nobody has a crystal or a cube: the whole round plays itself
    assert s.phase == OVER
    assert [(w, texts(mask_of(c))) for w, c in s.round_tricks] == [
        (A, ["Fb", "Or"]),  # B holds the black Explorer but plays the red Oracle laid first
        (A, ["Au", "Ku"]),
        (B, ["Xb", "Ey"]),
    ]
    assert s.points == [[s.game.missions[15].points, 0]]  # most tricks


def test_15_the_wizard_and_assassin_powers_are_not_offered() -> None:
    s = table([["Wu", "Fb"], ["Ku", "Ab"]], "black", mission=15, resources=["crystals", "scroll"])
    play(s, "lay=Wu", "lay=Ab")
    assert s.phase == OVER  # never asked: the laid cards cannot change, so no Wizard; no '!'
    assert s.crystals[A] == 2


def test_15_an_explorers_find_takes_the_returned_cards_place() -> None:
    s = table([["Kb", "Xu", "Fy"], ["Ob", "Ku", "Ay"]], "black", mission=15, resources=["crystals", "scroll"])
    play(s, "lay=Kb", "lay=Xu", "lay=Ob", "lay=Ku")
    assert legal(s) == {"power", "done"}  # A's Knight: the Knight's power acts on B's card
    play(s, "done")
    # turn 1: Kb, Ob (B takes); turn 2: B leads Ku, A plays Xu and may use its power
    assert last_winner(s) == B and s.current_seat == A and "power" in legal(s)
    play(s, "power")
    found = s.explored
    assert legal(s) == {f"return={t}" for t in texts(s.hands[A] & ~s.open[A])}
    play(s, "return=Fy")
    # the find took the Farmer's place: it is A's last card, played (by itself) on turn 3
    assert s.phase == OVER and parse_card("Fy") in s.round_tricks[0][1]
    assert s.round_tricks[2][1] == [parse_card("Ay"), found]


# -- 18: face-up cards on face-down ones
def test_18_face_down_cards_join_the_hand_when_the_card_above_is_played() -> None:
    s = table([["Fu", "Fy", "Kb", "Eu"], ["Ab", "Ay", "Ob", "Xu"]], "black", mission=18)
    me = s.view(A)["seats"][A]
    assert me["table"] == ["Kb", "Eu"] and me["face_down"] == 2 and me["hand"] == []
    assert legal(s) == {"Kb", "Eu"}  # face-down cards cannot be played
    play(s, "Kb")
    assert s.hands[A] & cards("Fu", "Fy") and s.down[A].bit_count() == 1
    assert len(hand_of(s, A)) == 1 and s.view(B)["seats"][A]["cards"] == 1
    assert legal(s) == {"Ob"}  # B follows black with its face-up Oracle; Ab is face down
    play(s, "Ob")
    assert last_winner(s) == B and s.round_cards == 4


def test_18_playing_a_hand_card_frees_nothing() -> None:
    # A: Fu, Fy face down under Kb, Eb; only a face-up card played frees the card below it
    s = table([["Fu", "Fy", "Kb", "Eb"], ["Ab", "Ay", "Fr", "Xr"]], "black", mission=18)
    play(s, "Kb", "Fr")
    assert last_winner(s) == A and s.down[A].bit_count() == 1
    freed = s.hands[A] & ~s.open[A]
    assert freed.bit_count() == 1 and freed & cards("Fu", "Fy")
    s.apply_text(texts(freed)[0])  # A leads the freed card, from the hand
    assert s.down[A].bit_count() == 1 and s.hands[A] == s.open[A] == cards("Eb")
    assert s.view(A)["seats"][A]["face_down"] == 1 and hand_of(s, A) == []


def test_18_and_19_nobody_sees_the_face_down_cards() -> None:
    s = table([["Fu", "Fy", "Kb", "Eu"], ["Ab", "Ay", "Ob", "Xu"]], "black", mission=19)
    assert hand_of(s, A) == ["Kb", "Eu"] and s.view(A)["seats"][A]["face_down"] == 2
    for seat in (A, B):
        assert "Fu" not in str(s.view(seat)) and "Fy" not in str(s.view(seat))
    downs = {s.sample_world(A, random.Random(k)).down[A] for k in range(30)}
    assert len(downs) > 1  # even its owner has not seen them


def test_19_draw_the_top_of_the_personal_pile_after_each_play() -> None:
    s = table([["Fu", "Fy", "Kb", "Eu"], ["Ab", "Ay", "Ob", "Xu"]], "black", mission=19)
    assert s.round_cards == 4
    play(s, "Kb")
    assert s.hands[A].bit_count() == 2 and s.down[A].bit_count() == 1
    assert legal(s) == {"Ob"}
    play(s, "Ob")
    assert last_winner(s) == B and s.hands[B].bit_count() == 2


# -- 20, 21: the whole hand to the opposite player
@pytest.mark.parametrize("mission", [20, 21])
def test_20_and_21_hands_go_to_the_opposite_player(mission: int) -> None:
    hands = [["Ku", "Fb"], ["Ey", "Ab"], ["Or", "Xr"], ["Fu", "Dy"]]
    s = table(hands, "black", mission=mission)
    assert [texts(h) for h in s.hands] == [["Xr", "Or"], ["Dy", "Fu"], ["Fb", "Ku"], ["Ab", "Ey"]]
    assert s.view(A)["seats"][A]["knows"][C] == ["Fb", "Ku"]  # what it handed over
    assert s.view(B)["seats"][B]["knows"][A] == []


def test_20_and_21_need_four_players() -> None:
    for players in (2, 3):
        game = make("megalomania", players=players)
        assert not {20, 21} & set(game.mission_pool)  # type: ignore[attr-defined]
        with pytest.raises(InvalidOptions):
            game.new_state(0, {"missions": [20]})


# -- 22: hands pass to the right after every turn
def test_22_hands_pass_to_the_right_after_every_turn() -> None:
    s = table([["Ku", "Fb"], ["Ey", "Ab"], ["Or", "Xr"]], "black", mission=22)
    play(s, "Ku", "Ab", "Or")  # B has no blue: black is dominant
    assert last_winner(s) == B
    # A's Fb goes to C (A's right), B's Ey to A, C's Xr to B
    assert [texts(h) for h in s.hands] == [["Ey"], ["Xr"], ["Fb"]]
    assert s.view(A)["seats"][A]["knows"][C] == ["Fb"]
    assert s.current_seat == B


# -- 24: two piles; the right-hand player picks one at random
def test_24_split_into_two_piles_one_picked_at_random_the_other_out() -> None:
    s = table([["Ku", "Fb", "Ey", "Ab"], ["Or", "Xr", "Fu", "Dy"]], "black", mission=24)
    assert s.view(A)["phase"] == "split"
    play(s, "pile=Ku", "pile=Fb")
    assert s.view(A)["seats"][A]["pile_cards"] == ["Fb", "Ku"]
    assert s.view(B)["seats"][A]["pile"] == 2 and "pile_cards" not in s.view(B)["seats"][A]
    play(s, "pile=Or", "pile=Xr")
    assert s.phase == PLAY and s.round_cards == 2
    assert s.hands[A] in (cards("Ku", "Fb"), cards("Ey", "Ab"))
    assert s.out[A] == cards("Ku", "Fb", "Ey", "Ab") & ~s.hands[A]
    assert s.view(A)["seats"][A]["set_aside_cards"] == texts(s.out[A])
    assert s.view(B)["seats"][A]["set_aside"] == 2 and "set_aside_cards" not in s.view(B)["seats"][A]


def test_24_the_pick_is_random() -> None:
    kept = set()
    for seed in range(12):
        s = table([["Ku", "Fb", "Ey", "Ab"], ["Or", "Xr", "Fu", "Dy"]], "black", mission=24, seed=seed)
        play(s, "pile=Ku", "pile=Fb", "pile=Or", "pile=Xr")
        kept.add(s.hands[A])
    assert kept == {cards("Ku", "Fb"), cards("Ey", "Ab")}


# -- 25: three chosen cards to the right
def test_25_hand_three_chosen_cards_to_the_right() -> None:
    hands = [["Ku", "Fb", "Ey", "Ab"], ["Or", "Xr", "Fu", "Dy"], ["Eb", "Ob", "Kb", "Wb"]]
    s = table(hands, "black", mission=25)
    play(s, "give=Ku", "give=Fb")
    assert s.view(B)["seats"][A]["giving"] == 2 and "giving_cards" not in s.view(B)["seats"][A]
    worlds = {s.sample_world(B, random.Random(k)).handing[A] for k in range(30)}
    assert len(worlds) > 1  # B's samples do not know what A chose
    play(s, "give=Ey", "give=Or", "give=Xr", "give=Fu", "give=Eb", "give=Ob", "give=Kb")
    assert s.phase == PLAY
    assert [texts(h) for h in s.hands] == [
        ["Ab", "Xr", "Or", "Fu"],  # from B, A's left
        ["Kb", "Ob", "Eb", "Dy"],
        ["Fb", "Wb", "Ey", "Ku"],
    ]
    assert s.view(A)["seats"][A]["knows"][C] == ["Fb", "Ey", "Ku"]
    assert s.view(B)["seats"][B]["knows"][C] == []


# -- the hidden simultaneous choices
def test_hidden_choices_are_not_in_other_seats_events() -> None:
    s = start([["Ku", "Fb", "Ey", "Ab"], ["Or", "Xr", "Fu", "Dy"]], "black", mission=24)
    take(s)
    events = s.apply_text("pile=Ku")
    private = [e for e in events if "card" in e.data]
    assert private and all(e.visible_to == (A,) for e in private)


# -- the player-count sets (docs/rulings.md M2)
def test_player_count_sets() -> None:
    pools = {n: set(make("megalomania", players=n).mission_pool) for n in (2, 3, 4)}  # type: ignore[attr-defined]
    assert pools[4] == set(range(1, 26))
    assert pools[3] == set(range(1, 26)) - {20, 21}
    assert pools[2] == set(range(1, 26)) - {7, 20, 21, 22}
    assert all(len(pool) >= 12 for pool in pools.values())
    missions = make("megalomania").missions  # type: ignore[attr-defined]
    assert all(m.players_provisional for m in missions.values())
    assert missions[20].players == missions[21].players == (4,)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_deal_deals_the_missions_cards(players: int) -> None:
    game = make("megalomania", players=players)
    for number in game.mission_pool:  # type: ignore[attr-defined]
        s = game.new_state(number, {"missions": [number], "dealer": 0})
        per = s.mission_data.cards
        assert all((h | d).bit_count() == per for h, d in zip(s.hands, s.down, strict=True))
        _ = D
