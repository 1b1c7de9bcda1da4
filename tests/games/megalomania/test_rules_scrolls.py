"""The twenty scrolls: each annex example from a fixed table, and each stated limit (rulebook
"Scroll", annex scrolls 1-20; docs/rulings.md M21-M30)."""

from __future__ import annotations

import pytest

from tabletop import make
from tabletop.core.errors import IllegalAction
from tabletop.games.megalomania.cards import parse_card, texts
from tabletop.games.megalomania.state import PLAY, RESOURCES_PHASE, SCROLLS, MegalomaniaState

from .tables import A, B, C, D, last_winner, legal, play, start, table, take

ONE_EACH = [["Fr"], ["Eb"], ["Ar"], ["Fy"]]
DECK = [12, 3, 19, 10, 14, 6, 9, 13, 16, 20, 1, 2, 4, 7, 8, 11, 15, 18]  # no 5 or 17 to draw


def deck_without(*held: int) -> list[int]:
    return [x for x in DECK if x not in held]


def a_uses(
    scroll: int, hands: list[list[str]], *then: str, leader: int = A, resources: list[str] | None = None
) -> MegalomaniaState:
    """A round on black in which A alone holds ``scroll`` and uses it, answering ``then`` to it."""
    return table(
        hands,
        "black",
        leader=leader,
        resources=resources,
        held=[[scroll], [], [], []],
        before=[f"scroll={scroll}", *then],
        scrolls=deck_without(scroll),
    )


def pts(state: MegalomaniaState, mission: int) -> int:
    return int(state.game.missions[mission].points)


# -- the scroll phase
def test_scroll_phase_from_the_dealers_left_a_seat_may_pass_one_scroll_a_round() -> None:
    # dealer B: C is asked first, then D; A holds nothing usable and is not asked
    s = start(ONE_EACH, "black", leader=C, held=[[], [12], [3], [6]], scrolls=deck_without(12, 3, 6))
    assert s.phase == SCROLLS and s.current_seat == C and legal(s) == {"scroll=3", "pass"}
    play(s, "pass")
    assert s.current_seat == D
    play(s, "scroll=6")
    assert s.phase != SCROLLS  # B, who holds scroll 12, is not asked: one scroll per round
    assert s.scrolls == [[], [12], [3], []]


def test_a_used_scroll_is_face_up_for_the_round_then_discarded() -> None:
    s = a_uses(12, ONE_EACH)
    assert s.view(B)["round_scrolls"] == [{"seat": A, "scroll": 12, "effect": 12}]
    assert s.view(B)["scroll_effect"]["scroll"] == 12
    play(s, "Fr", "Eb", "Ar", "Fy")
    assert s.round_scrolls == [] and s.used == [12] and 12 not in s.scrolls[A]


def test_a_scroll_is_not_usable_in_the_round_it_was_drawn() -> None:
    s = start([["Fr"], ["Eb"]], "black", missions=[3], scrolls=[12, 3, 19, 10])
    assert s.phase == RESOURCES_PHASE  # nobody holds a scroll: no scroll phase
    take(s)
    assert s.scrolls == [[12], [3]] and s.phase == PLAY  # drawn after the scroll phase: no use now
    play(s, "Fr", "Eb")
    assert s.round == 1 and s.phase == SCROLLS and s.current_seat == B  # the next round
    play(s, "pass")
    assert s.current_seat == A and legal(s) == {"scroll=12", "pass"}


def test_scroll_used_only_in_the_scroll_phase() -> None:
    s = table(ONE_EACH, "black", held=[[12], [], [], []], before=["pass"], scrolls=deck_without(12))
    with pytest.raises(IllegalAction, match="scroll phase"):
        s.apply_text("scroll=12")


# -- 1: change the dominant colour
def test_1_example_a_makes_red_dominant() -> None:
    """Black is dominant; A activates the scroll and chooses red."""
    s = start(ONE_EACH, "black", held=[[1], [], [], []], scrolls=deck_without(1))
    play(s, "scroll=1")
    assert legal(s) == {"dominant=r", "dominant=y", "dominant=u"}  # not the current one
    play(s, "dominant=r")
    assert s.view(None)["dominant"] == "red"
    take(s)
    play(s, "Fr", "Eb", "Ar", "Fy")
    assert last_winner(s) == C  # the highest red; the black Emperor is no longer dominant


# -- 2: call a colour, exchange
def test_2_example_b_calls_red_and_exchanges_with_each_player() -> None:
    """Yellow is dominant; B declares red (not yellow); A hands a red card and B returns one (the
    same); then C and D; D has no red and gives any card."""
    hands = [["Kr", "Fb"], ["Ab", "Fu"], ["Or", "Xr"], ["Ey", "Wu"]]
    s = start(hands, "yellow", held=[[], [2], [], []], scrolls=deck_without(2))
    play(s, "scroll=2")
    assert legal(s) == {"call=b", "call=r", "call=u"}  # not the dominant yellow
    play(s, "call=r")
    assert s.current_seat == A and legal(s) == {"give=Kr"}  # a red card: A's only one
    events = s.apply_text("give=Kr")
    assert [e.visible_to for e in events if "card" in e.data] == [(A, B)]
    assert s.current_seat == B and legal(s) == {"give=Ab", "give=Fu", "give=Kr"}
    play(s, "give=Kr")  # the same card back
    assert s.current_seat == C and legal(s) == {"give=Or", "give=Xr"}
    play(s, "give=Xr", "give=Fu")
    assert s.current_seat == D and legal(s) == {"give=Ey", "give=Wu"}  # no red: any card
    play(s, "give=Wu", "give=Ab")
    assert s.phase == RESOURCES_PHASE
    assert [texts(h) for h in s.hands] == [["Fb", "Kr"], ["Xr", "Wu"], ["Or", "Fu"], ["Ab", "Ey"]]
    mine = s.view(B)["seats"][B]
    assert mine["knows"][D] == ["Ab"] and mine["knows_no"][D] == ["red"]
    assert s.view(A)["seats"][A]["knows"][B] == []


# -- 3: double the mission
def test_3_example_a_completes_the_mission_and_doubles_the_points() -> None:
    hands = [["Eb", "Ob", "Kb", "Wb"], ["Fr", "Ar", "Xr", "Dr"]]
    s = table(hands, "black", mission=5, held=[[3], []], before=["scroll=3"], scrolls=deck_without(3))
    play(s, "Eb", "Fr", "Ob", "Ar", "Kb", "Xr", "Wb", "Dr")
    assert pts(s, 5) == 4 and s.points == [[8, 0]]  # 4 tricks or more: 4 points, doubled


def test_3_a_loss_is_not_doubled() -> None:
    hands = [["Eb", "Ob", "Kb", "Wb"], ["Fr", "Ar", "Xr", "Dr"]]
    s = table(hands, "black", mission=16, held=[[3], []], before=["scroll=3"], scrolls=deck_without(3))
    play(s, "Eb", "Fr", "Ob", "Ar", "Kb", "Xr", "Wb", "Dr")
    assert s.points == [[pts(s, 16), 0]] and pts(s, 16) < 0


# -- 4: redeal
def test_4_example_b_redeals_mission_and_dealer_stay() -> None:
    s = make("megalomania").new_state(3, {"dealer": 0, "missions": [1, 2], "held": [[], [4], [], []]})
    before = list(s.hands)
    assert s.current_seat == B
    events = s.apply_text("scroll=4")
    assert s.hands != before and all(h.bit_count() == 8 for h in s.hands)
    assert s.mission == 1 and s.dealer == 0 and s.phase == RESOURCES_PHASE
    assert [e.visible_to for e in events if e.kind == "hand"] == [(A,), (B,), (C,), (D,)]


# -- 5: acts when drawn
def test_5_example_c_draws_5_takes_another_and_keeps_5_unused() -> None:
    s = start([["Fr"], ["Eb"], ["Ar"]], "black", leader=C, scrolls=[5, 12, 3, 19, 10])
    take(s)
    assert s.scrolls == [[3], [19], [5, 12]] and s.scroll_deck == [10]  # C, then A, then B
    assert s.view(A)["seats"][C]["shown_scrolls"] == [5] and s.view(A)["seats"][C]["scrolls"] == 2
    assert "scroll_numbers" not in s.view(A)["seats"][C]
    play(s, "Ar", "Fr", "Eb")
    assert s.scores()[C] == 2  # the unused scroll bonus


def test_5_is_never_offered() -> None:
    s = start([["Fr"], ["Eb"], ["Ar"]], "black", leader=C, scrolls=[5, 12, 3, 19, 10], missions=[3])
    take(s)
    play(s, "Ar", "Fr", "Eb")
    while s.current_seat != C:
        play(s, "pass")
    assert s.phase == SCROLLS and legal(s) == {"scroll=12", "pass"}


# -- 6: skip the resources
def test_6_example_b_skips_the_resource_selection() -> None:
    s = start(ONE_EACH, "black", leader=B, held=[[], [6], [], []], scrolls=deck_without(6))
    play(s, "scroll=6")
    assert s.phase == PLAY and s.resource == [-1] * 4 and s.crystals == s.cubes == [0] * 4


# -- 7: echo a used scroll
def test_7_example_a_uses_redeal_already_used_by_b() -> None:
    s = start(ONE_EACH, "black", held=[[7], [4], [], []], scrolls=deck_without(7, 4), missions=[3])
    assert s.current_seat == B and legal(s) == {"scroll=4", "pass"}  # A's 7: nothing used yet
    play(s, "scroll=4")
    take(s, ["cubes"] * 4)
    while s.round == 0:
        play(s, str(s.legal_actions()[0]))
    assert s.phase == SCROLLS and s.current_seat == A and legal(s) == {"scroll=7", "pass"}
    before = list(s.hands)
    play(s, "scroll=7")
    assert legal(s) == {"echo=4"}
    play(s, "echo=4")
    assert s.hands != before and s.round_scrolls == [[A, 7, 4]]


# -- 8: draw three, keep one
def test_8_example_c_keeps_one_of_three_and_may_use_it_this_round() -> None:
    s = start(ONE_EACH, "black", leader=C, held=[[], [], [8], []], scrolls=[12, 3, 19, 10])
    play(s, "scroll=8")
    assert legal(s) == {"keep=3", "keep=12", "keep=19"}
    assert s.view(C)["seats"][C]["drawn_scrolls"] == [12, 3, 19]
    assert s.view(A)["drawn_scrolls"] == 3 and "drawn_scrolls" not in s.view(A)["seats"][C]
    play(s, "keep=3")
    assert s.scrolls[C] == [3] and s.gone[C] == [12, 19] and s.scroll_deck == [10]
    assert s.phase == SCROLLS and s.current_seat == C and legal(s) == {"scroll=3", "pass"}
    play(s, "scroll=3")
    assert s.effect == 3 and s.round_scrolls == [[C, 8, 8], [C, 3, 3]]


def test_8_the_kept_scroll_may_be_saved() -> None:
    s = start(ONE_EACH, "black", leader=C, held=[[], [], [8], [6]], scrolls=[12, 3, 19, 10])
    play(s, "scroll=8", "keep=12", "pass")
    assert s.phase == RESOURCES_PHASE and s.scrolls[C] == [12]  # D is not asked: 8 was this round's


def test_8_keeping_7_cannot_echo_this_rounds_8_one_scroll_a_round_holds() -> None:
    # 8 is this round's only used scroll: the kept 7 has nothing from an earlier round to echo
    s = start(ONE_EACH, "black", leader=C, held=[[], [], [8], []], scrolls=[7, 12, 19, 10])
    play(s, "scroll=8", "keep=7")
    assert s.phase == RESOURCES_PHASE and s.scrolls[C] == [7]
    assert s.round_scrolls == [[C, 8, 8]]


def test_7_echoes_only_a_scroll_of_an_earlier_round() -> None:
    s = start(ONE_EACH, "black", leader=C, held=[[], [], [8], []], scrolls=[7, 12, 19, 10])
    s.used = [4]  # redeal, used in an earlier round
    play(s, "scroll=8", "keep=7", "scroll=7")
    assert legal(s) == {"echo=4"}  # not 8, used this round


# -- 9: two resources, no scroll
def test_9_example_d_takes_two_combinations_and_no_scroll() -> None:
    s = start(ONE_EACH, "black", leader=D, held=[[], [], [], [9]], scrolls=deck_without(9))
    play(s, "scroll=9")
    assert s.current_seat == D and legal(s) == {"take=crystals", "take=cubes", "take=mixed"}
    with pytest.raises(IllegalAction, match="scroll 9 forbids"):
        s.apply_text("take=scroll")
    play(s, "take=crystals")
    assert s.current_seat == D and legal(s) == {"take=cubes", "take=mixed"}
    play(s, "take=mixed")
    assert (s.crystals[D], s.cubes[D]) == (3, 5)
    assert "take=scroll" in legal(s)  # the others may


# -- 10: steal a trick
def test_10_example_a_steals_the_second_trick_from_b_once() -> None:
    hands = [["Fr", "Fy", "Fu"], ["Kr", "Ey", "Ku"], ["Er", "Ay", "Eu"], ["Ar", "Xy", "Au"]]
    s = a_uses(10, hands)
    play(s, "Fr", "Kr", "Er", "Ar")
    assert s.current_seat == A and legal(s) == {"steal", "pass"}  # C takes the first trick
    play(s, "pass", "Ay", "Xy", "Fy", "Ey")
    assert s.current_seat == A and legal(s) == {"steal", "pass"}  # B takes the second
    events = s.apply_text("steal")
    trick = next(e for e in events if e.kind == "trick")
    assert trick.data["winner"] == B and trick.data["owner"] == A and trick.data["next_leader"] == B
    play(s, "Ku", "Eu", "Au", "Fu")  # C takes the third: no more stealing
    assert [owner for owner, _ in s.round_tricks] == [C, A, C]


# -- 11: one trick fewer, fixed missions only
def test_11_example_a_takes_4_tricks_counted_as_3() -> None:
    hands = [["Eb", "Ob", "Kb", "Wb"], ["Fr", "Ar", "Xr", "Dr"]]
    s = table(hands, "black", mission=1, held=[[11], []], before=["scroll=11"], scrolls=deck_without(11))
    play(s, "Eb", "Fr", "Ob", "Ar", "Kb", "Xr", "Wb", "Dr")
    assert len(s.tricks_of(A)) == 4 and s.points == [[pts(s, 1), 0]]  # "exactly 3 tricks"


def test_11_not_applied_when_one_trick_fewer_would_cost_him() -> None:
    """Mission 1, "exactly 3 tricks": A takes 3, so leaving one out would lose the points; the
    scroll acts only when it serves its user (docs/rulings.md M30.11)."""
    hands = [["Eb", "Ob", "Kb"], ["Fr", "Ar", "Xr"]]
    s = table(hands, "black", mission=1, held=[[11], []], before=["scroll=11"], scrolls=deck_without(11))
    play(s, "Eb", "Fr", "Ob", "Ar", "Kb", "Xr")
    assert len(s.tricks_of(A)) == 3 and s.points == [[pts(s, 1), 0]]


def test_11_only_on_fixed_missions() -> None:
    s = start(ONE_EACH, "black", mission=3, held=[[11, 12], [], [], []], scrolls=deck_without(11, 12))
    assert legal(s) == {"scroll=12", "pass"}  # mission 3 is variable
    s = start(ONE_EACH, "black", mission=3, held=[[11], [], [], []], scrolls=deck_without(11))
    assert s.phase == RESOURCES_PHASE


# -- 12: a point a trick
def test_12_example_b_takes_5_tricks_and_gains_5_points() -> None:
    hands = [["Fr", "Ar", "Xr", "Dr", "Wr"], ["Eb", "Ob", "Kb", "Wb", "Db"]]
    s = table(hands, "black", mission=3, held=[[], [12]], before=["scroll=12"], scrolls=deck_without(12))
    play(s, "Fr", "Eb", "Ob", "Ar", "Kb", "Xr", "Wb", "Dr", "Db", "Wr")
    assert s.points == [[0, 0]] and s.bonus == [[0, 5]]
    assert s.scores() == [2, 5 + 2]  # both still hold the scroll drawn in resources


# -- 13: swap hands
def test_13_example_a_swaps_the_whole_hand_with_b() -> None:
    hands = [["Fr", "Fy"], ["Ku", "Eb"], ["Ar", "Or"], ["Xy", "Du"]]
    s = start(hands, "black", held=[[13], [], [], []], scrolls=deck_without(13))
    play(s, "scroll=13")
    assert legal(s) == {"swap=1", "swap=2", "swap=3"}
    play(s, "swap=1")
    assert texts(s.hands[A]) == ["Eb", "Ku"] and texts(s.hands[B]) == ["Fr", "Fy"]
    assert s.view(A)["seats"][A]["knows"][B] == ["Fr", "Fy"]
    assert s.view(C)["seats"][C]["knows"] == [[], [], [], []]


# -- 14: play last
def test_14_example_d_leads_a_plays_last() -> None:
    hands = [["Er"], ["Ar"], ["Or"], ["Kr"]]
    s = a_uses(14, hands, leader=D)
    play(s, "Kr")
    assert s.current_seat == A and legal(s) == {"Er", "last"}
    play(s, "last", "Ar", "Or")
    assert s.current_seat == A
    play(s, "Er")
    assert last_winner(s) == A


def test_14_playing_last_still_follows_the_lead_colour() -> None:
    """Playing last changes when the user plays, not what he may play (docs/rulings.md M30.14)."""
    hands = [["Er", "Fb"], ["Ar", "Ab"], ["Or", "Ob"], ["Kr", "Kb"]]
    s = a_uses(14, hands, leader=D)
    play(s, "Kr")
    assert legal(s) == {"Er", "last"}  # red is led: not the black Farmer
    play(s, "last", "Ar", "Or")
    assert s.current_seat == A and legal(s) == {"Er"}
    with pytest.raises(IllegalAction, match="follow red"):
        s.apply_text("Fb")
    play(s, "Er")
    assert last_winner(s) == A


def test_14_leading_hands_the_lead_on_and_not_offered_when_last_anyway() -> None:
    hands = [["Er", "Fr"], ["Ar", "Xr"], ["Or", "Dr"], ["Kr", "Wr"]]
    s = a_uses(14, hands)
    assert "last" in legal(s)  # A leads: B leads instead, A plays last
    play(s, "last")
    assert s.current_seat == B and s.leader == B
    play(s, "Xr", "Dr", "Wr")
    assert s.current_seat == A
    s = a_uses(14, hands, leader=B)
    play(s, "Ar", "Or", "Kr")
    assert "last" not in legal(s)  # A plays last anyway


# -- 15: the others' resources too
def test_15_example_a_receives_what_b_and_c_choose() -> None:
    s = start(ONE_EACH, "black", held=[[15], [], [], []], scrolls=deck_without(15))
    play(s, "scroll=15")
    take(s, ["mixed", "crystals", "cubes", "scroll"])
    assert (s.crystals[A], s.cubes[A]) == (1 + 2, 5 + 10)
    assert (s.crystals[B], s.cubes[C]) == (2, 10)  # the others keep theirs


def test_15_gives_no_more_than_the_box_holds() -> None:
    # 10 crystals and 45 cubes in the box: everybody's crystals leave the user 10 - 8 = 2 more
    s = start(ONE_EACH, "black", held=[[15], [], [], []], scrolls=deck_without(15))
    play(s, "scroll=15")
    take(s, ["crystals"] * 4)
    assert s.crystals == [2 + 2, 2, 2, 2] and sum(s.crystals) == 10
    s = start(ONE_EACH, "black", held=[[15], [], [], []], scrolls=deck_without(15))
    play(s, "scroll=15")
    take(s, ["cubes"] * 4)
    assert s.cubes == [10 + 5, 10, 10, 10] and sum(s.cubes) == 45


# -- 16: decide a trick
def test_16_example_a_takes_a_trick_the_cards_do_not_give_him_once_a_round() -> None:
    hands = [["Fr", "Fy", "Fu"], ["Kr", "Ky", "Ku"], ["Ar", "Ay", "Au"], ["Xr", "Xy", "Xu"]]
    s = a_uses(16, hands)
    play(s, "Fr", "done", "Kr", "Ar", "Xr")  # leading, A may declare a colour instead: "done"
    assert s.current_seat == A and legal(s) == {"decide=take", "pass"}
    play(s, "pass")
    assert last_winner(s) == B
    play(s, "Ky", "Ay", "Xy", "Fy")
    play(s, "decide=take")
    assert last_winner(s) == A
    play(s, "Fu", "Ku", "Au", "Xu")  # once a round: A is not asked again
    assert last_winner(s) == B and s.is_terminal()


def test_16_a_may_refuse_a_trick_the_cards_give_him() -> None:
    s = table([["Er"], ["Kr"], ["Ar"], ["Or"]], "black", held=[[16], [], [], []], before=["scroll=16"])
    play(s, "Er", "done", "Kr", "Ar", "Or")
    assert legal(s) == {"decide=refuse", "pass"}
    play(s, "decide=refuse")
    assert last_winner(s) == D  # the best of the other cards


def test_16_leading_a_declares_the_colour_that_decides_the_trick() -> None:
    """A leads the yellow Emperor and declares blue: no dominant card is played, so the highest
    blue takes it; had nobody played blue or the dominant colour, A would take it."""
    s = table([["Ey"], ["Fy"], ["Ku"], ["Ay"]], "black", held=[[16], [], [], []], before=["scroll=16"])
    play(s, "Ey")
    assert legal(s) == {"declare=b", "declare=r", "declare=u", "done"}
    play(s, "declare=u", "Fy", "Ku", "Ay")
    assert last_winner(s) == C
    s = table([["Ey"], ["Fy"], ["Kr"], ["Ay"]], "black", held=[[16], [], [], []], before=["scroll=16"])
    play(s, "Ey", "declare=u", "Fy", "Kr", "Ay")
    assert last_winner(s) == A


# -- 17: three points when drawn
def test_17_example_b_draws_17_and_gains_3_points() -> None:
    s = start(ONE_EACH, "black", leader=B, scrolls=[17, 12, 3, 19, 10])
    take(s)
    assert s.scrolls[B] == [] and s.used == [17] and s.round_bonus[B] == 3
    assert s.view(A)["seats"][B]["score"] == 3
    play(s, "Eb", "Ar", "Fy", "Fr")
    assert s.bonus == [[0, 3, 0, 0]] and s.scores()[B] == 3


# -- 18: a crystal for the others' cards
def test_18_example_a_uses_a_crystal_on_an_opponents_card() -> None:
    hands = [["Kr"], ["Dr"], ["Er"], ["Ar"]]
    s = a_uses(18, hands, leader=B)
    assert s.crystals[A] == 1
    play(s, "Dr")
    assert s.current_seat == A and s.view(A)["phase"] == "assist" and legal(s) == {"power", "pass"}
    events = s.apply_text("power")
    assert any(e.kind == "power" and e.data["seat"] == A and e.data["owner"] == B for e in events)
    play(s, "Er", "Ar", "Kr")
    assert last_winner(s) == D and s.crystals[A] == 0  # the Dwarf's power: the lowest red takes


# -- 19: choose the leader
def test_19_example_b_leads_every_turn() -> None:
    hands = [["Fr", "Fy"], ["Kr", "Ky"], ["Er", "Ey"], ["Ar", "Ay"]]
    s = a_uses(19, hands, "leader=1")
    assert s.current_seat == B  # from the first turn
    play(s, "Kr", "Er", "Ar", "Fr")
    assert last_winner(s) == C and s.current_seat == B


def test_19_the_farmers_power_is_not_offered() -> None:
    """Scroll 19 fixes who leads every turn, so the Farmer's power could change nothing
    (docs/rulings.md M30.19 and M20)."""
    hands = [["Fr", "Fy"], ["Kr", "Ky"], ["Er", "Ey"], ["Ar", "Ay"]]
    s = a_uses(19, hands, "leader=0", resources=["crystals", "scroll", "scroll", "scroll"])
    play(s, "Fr")  # not the round's last turn, and A has crystals: still nothing to decide
    assert s.current_seat == B and s.crystals[A] == 2
    play(s, "Kr", "Er", "Ar")
    assert last_winner(s) == C and s.current_seat == A


def test_19_a_may_choose_himself() -> None:
    s = start(ONE_EACH, "black", held=[[19], [], [], []], scrolls=deck_without(19))
    play(s, "scroll=19")
    assert legal(s) == {"leader=0", "leader=1", "leader=2", "leader=3"}


# -- 20: any power on any card
def test_20_example_a_leads_the_emperor_with_the_dwarfs_power() -> None:
    hands = [["Eb"], ["Kb"], ["Fb"], ["Ab"]]
    s = a_uses(20, hands, resources=["crystals", "scroll", "scroll", "scroll"])
    play(s, "Eb")
    assert {"power", "power=D", "power=W", "power=K", "colour=r"} <= legal(s)
    play(s, "power=D", "Kb", "Fb", "Ab")  # one power a card: nothing more to decide
    assert last_winner(s) == C  # the lowest black


def test_20_any_card_by_the_assassins_power() -> None:
    hands = [["Kr", "Eu"], ["Ku", "Fy"], ["Or", "Fr"], ["Ar", "Ay"]]
    s = a_uses(20, hands, leader=B, resources=["crystals", "scroll", "scroll", "scroll"])
    play(s, "Ku", "Or", "Ar")
    assert legal(s) == {"Eu", "Kr!"}
    play(s, "Kr!")
    assert s.crystals[A] == 1 and parse_card("Kr") in s.round_tricks[-1][1]


# -- more limits
def test_7_echoes_a_used_scroll_but_not_7_nor_one_that_could_not_act() -> None:
    s = start(ONE_EACH, "black", mission=3, held=[[7], [], [], []], scrolls=deck_without(7, 11))
    assert s.phase == RESOURCES_PHASE  # nothing used yet: 7 is not offered
    s = start(ONE_EACH, "black", mission=3, held=[[7], [], [], []], scrolls=deck_without(7, 11))
    s.used = [11, 17]  # 11 cannot act on a variable mission; 17 acted when drawn
    s.phase, s.queue, s.turn, s._legal = SCROLLS, [A], A, None
    play(s, "scroll=7")
    assert legal(s) == {"echo=17"}
    play(s, "echo=17")
    assert s.round_bonus[A] == 3


def test_2_not_offered_when_no_other_player_has_a_card_in_hand() -> None:
    # mission 18: every card is on the table at the scroll phase
    hands = [["Fu", "Fy", "Kb", "Eu"], ["Ab", "Ay", "Ob", "Xu"]]
    s = start(hands, "black", mission=18, held=[[2], []], scrolls=deck_without(2))
    assert s.phase == RESOURCES_PHASE


def test_1_on_mission_14_fixes_the_dominant_colour_no_card_is_turned() -> None:
    hands = [["Fr", "Ar"], ["Eb", "Ob"], ["Ey", "Xr"], ["Fy", "Ay"]]
    s = table(hands, "black", mission=14, held=[[1], [], [], []], before=["scroll=1", "dominant=u"])
    assert s.turned == [] and s.view(None)["dominant"] == "blue"


def test_18_one_power_a_card_and_the_emperors_ban_holds() -> None:
    hands = [["Kr"], ["Er"], ["Dr"], ["Ar"]]
    s = a_uses(18, hands, leader=B, resources=["scroll", "crystals", "scroll", "scroll"])
    play(s, "Er", "power")  # B's Emperor: no powers or cubes after it this turn
    assert s.current_seat == C and s.phase == PLAY  # A is not asked about B's card either
    play(s, "Dr")
    assert s.current_seat == D  # nor about C's Dwarf


def test_18_one_power_a_card_its_player_used_the_power() -> None:
    """B turns his Oracle blue with his own crystal: A may not put a crystal on that card too
    (one power a card); on C's Knight, whose power is unused, A is asked."""
    hands = [["Kb"], ["Or"], ["Kr"], ["Ar"]]
    s = a_uses(18, hands, leader=B, resources=["scroll", "crystals", "scroll", "scroll"])
    play(s, "Or", "colour=u")
    assert s.current_seat == C and s.phase == PLAY  # A is not asked about B's Oracle
    play(s, "Kr")
    assert s.current_seat == A and s.view(A)["phase"] == "assist" and legal(s) == {"power", "pass"}
    play(s, "power", "Ar", "Kb")
    assert s.crystals[A] == 0
    # the Knight's power A used took the black Knight's advantage: B's Oracle, blue since it led,
    # is the highest card of the colour led
    assert last_winner(s) == B


def test_16_refusing_with_no_other_card_of_the_colour_gives_it_to_the_first_other_card() -> None:
    s = table([["Er"], ["Ky"], ["Au"], ["Fy"]], "black", held=[[16], [], [], []], before=["scroll=16"])
    play(s, "Er", "done", "Ky", "Au", "Fy", "decide=refuse")
    assert last_winner(s) == B
