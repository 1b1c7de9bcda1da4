"""The eight card powers, crystals and cubes (rulebook: "Power Crystal", each power's example, "Cube")."""

from __future__ import annotations

import pytest

from tabletop.core.errors import IllegalAction
from tabletop.games.megalomania.cards import BLACK, BLUE, RED, YELLOW, parse_card
from tabletop.games.megalomania.rules import oracle_colours

from .tables import A, B, C, D, last_winner, legal, play, table

X = "scroll"  # a seat with no crystals or cubes
P = "crystals"


def plays(state: MegalomaniaState) -> set[str]:
    """The card plays among the legal actions."""
    return {a for a in legal(state) if len(a) <= 3 and a[0].isupper()}


# -- crystals ---------------------------------------------------------------------------------------
def test_a_power_costs_one_crystal_and_needs_one() -> None:
    s = table([["Dy"], ["Ky"], ["Oy"], ["Ey"]], "red", resources=[P, X, X, X])
    play(s, "Dy")
    assert "power" in legal(s)
    play(s, "power")
    assert s.crystals[A] == 1
    s2 = table([["Dy"], ["Ky"], ["Oy"], ["Ey"]], "red", resources=[X, X, X, X])
    play(s2, "Dy")
    assert s2.current_seat == B  # no crystal, no cube: nothing to decide after the card


def test_power_only_on_own_card_just_played() -> None:
    s = table([["Dy", "Fb"], ["Ky", "Fr"], ["Oy", "Ab"], ["Ey", "Ar"]], "red", resources=[X, P, X, X])
    play(s, "Dy")
    play(s, "Ky")
    with pytest.raises(IllegalAction):
        s.apply_text("colour=b")  # the Oracle is not B's card
    assert legal(s) == {"power", "done"}  # only the Knight B played


# -- Farmer -----------------------------------------------------------------------------------------
def test_farmer_example_chosen_player_leads_next() -> None:
    """Yellow dominant; A leads a Farmer and names C; B takes the trick; C leads."""
    s = table([["Fu", "Xb"], ["Dy", "Fr"], ["Ku", "Xr"], ["Wu", "Ab"]], "yellow", resources=[P, X, X, X])
    play(s, "Fu")
    assert {f"lead={k}" for k in range(4)} <= legal(s)
    play(s, "lead=2", "Dy", "Ku", "Wu")
    assert last_winner(s) == B
    assert s.current_seat == C and s.leader == C


def test_farmer_may_choose_himself() -> None:
    s = table([["Fu", "Xb"], ["Eu", "Fr"], ["Ku", "Xr"], ["Wu", "Ab"]], "yellow", resources=[P, X, X, X])
    play(s, "Fu", "lead=0", "Eu", "Ku", "Wu")
    assert last_winner(s) == B and s.current_seat == A


def test_only_one_farmer_power_per_turn() -> None:
    s = table([["Fu", "Xb"], ["Fr", "Dr"], ["Ku", "Xr"], ["Wu", "Ab"]], "yellow", resources=[P, P, X, X])
    play(s, "Fu", "lead=2", "Fr")
    assert not any(a.startswith("lead=") for a in legal(s))


def test_farmer_power_not_offered_on_the_last_turn() -> None:
    s = table([["Fu"], ["Fr"], ["Ku"], ["Wu"]], "yellow", resources=[P, X, X, X])
    play(s, "Fu")
    assert s.current_seat == B  # nothing to choose: there is no next turn to lead


# -- Assassin ---------------------------------------------------------------------------------------
def test_assassin_example_plays_off_the_following_rule() -> None:
    """Blue dominant; C leads yellow; B must follow yellow but plays the blue Assassin and takes."""
    s = table(
        [["Xy", "Xr"], ["Oy", "Au"], ["Ky", "Fb"], ["Fy", "Fr"]], "blue", leader=C, resources=[X, P, X, X]
    )
    play(s, "Ky", "Fy", "Xy")
    assert plays(s) == {"Oy", "Au!"}
    play(s, "Au!")
    assert s.crystals[B] == 1
    assert last_winner(s) == B


def test_assassin_without_crystal_must_follow() -> None:
    s = table([["Xy", "Xr"], ["Oy", "Au"], ["Ky", "Fb"], ["Fy", "Fr"]], "blue", leader=C)
    play(s, "Ky", "Fy", "Xy")
    assert plays(s) == {"Oy"}
    with pytest.raises(IllegalAction, match="crystal"):
        s.apply_text("Au!")


def test_assassin_that_may_be_played_anyway_is_played_plainly() -> None:
    s = table(
        [["Xy", "Xr"], ["Ay", "Au"], ["Ky", "Fb"], ["Fy", "Fr"]], "blue", leader=C, resources=[X, P, X, X]
    )
    play(s, "Ky", "Fy", "Xy")
    assert plays(s) == {"Ay", "Au!"}


# -- Explorer ---------------------------------------------------------------------------------------
# Black dominant.  Trick 1: A's Emperor takes it.  Trick 2: A leads yellow; B (void in yellow and
# black) plays the red Explorer; D follows with the yellow Explorer.
EXPLORER_HANDS = [["Eu", "Fy", "Ay"], ["Ku", "Xr", "Wr"], ["Ou", "Dy", "Fr"], ["Du", "Xy", "Ar"]]


def _second_turn(seed: int) -> MegalomaniaState:
    s = table(EXPLORER_HANDS, "black", resources=[X, P, X, P], seed=seed)
    play(s, "Eu", "Ku", "done", "Ou", "Du", "done")
    assert last_winner(s) == A
    play(s, "Fy")
    return s


def test_explorer_power_not_on_the_first_turn() -> None:
    s = table([["Xu", "Fb"], ["Eu", "Xr"], ["Ou", "Wy"], ["Du", "Ar"]], "black", resources=[P, X, X, X])
    play(s, "Xu")
    assert s.current_seat == B  # no power offered, so nothing to decide


def test_explorer_example_takes_a_random_card_and_may_return_it() -> None:
    """B uses the Explorer: a random card of the previous trick comes to his hand; he returns any."""
    s = _second_turn(seed=1)
    previous = list(s.round_tricks[-1][1])
    play(s, "Xr", "power")
    found = s.explored
    assert found in previous
    assert s.hands[B] == (1 << found) | (1 << parse_card("Wr"))
    assert legal(s) == {"return=Wr", "return=" + CARD_TEXT[found]}
    play(s, "return=" + CARD_TEXT[found])  # "can return the same card"
    assert sorted(s.round_tricks[-1][1]) == sorted(previous)
    assert s.hands[B] == 1 << parse_card("Wr")


def test_explorer_swap_changes_the_previous_tricks_cards() -> None:
    s = _second_turn(seed=2)
    play(s, "Xr", "power")
    found = s.explored
    events = s.apply_text("return=Wr")
    assert parse_card("Wr") in s.round_tricks[-1][1] and found not in s.round_tricks[-1][1]
    assert s.hands[B] == 1 << found
    assert parse_card("Wr") in [c for t in s.tricks_of(A) for c in t]  # counts for A's missions
    assert events[0].kind == "explore-return" and events[0].visible_to is None


def test_explorer_find_is_public() -> None:
    s = _second_turn(seed=3)
    events = s.apply_text("Xr")
    events = s.apply_text("power")
    found = s.explored
    assert any(e.kind == "explore" and e.data["card"] == CARD_TEXT[found] for e in events)
    assert all(e.visible_to is None for e in events)
    assert CARD_TEXT[found] in s.view(C)["seats"][B]["known_cards"]  # type: ignore[index]


def test_several_explorers_draw_in_play_order() -> None:
    """The second Explorer draws from the previous trick as the first one left it."""
    drew_the_swapped_card = False
    for seed in range(40):
        s = _second_turn(seed)
        play(s, "Xr", "power")
        first = s.explored
        play(s, "return=Wr", "Dy", "Xy")
        as_left = list(s.round_tricks[-1][1])
        play(s, "power")
        second = s.explored
        assert second != first
        assert second in as_left
        drew_the_swapped_card |= second == parse_card("Wr")
    assert drew_the_swapped_card


# -- Dwarf ------------------------------------------------------------------------------------------
def test_dwarf_example_lowest_lead_colour_takes() -> None:
    """Red dominant; C leads yellow; B's Dwarf is neither dominant nor highest: its power wins."""
    s = table([["Ey"], ["Dy"], ["Ky"], ["Oy"]], "red", leader=C, resources=[X, P, X, X])
    play(s, "Ky", "Oy", "Ey", "Dy", "power")
    assert last_winner(s) == B


def test_dwarf_lowest_dominant_takes_when_dominant_is_played() -> None:
    s = table([["Ey"], ["Dy"], ["Kr"], ["Fr"]], "red", leader=A, resources=[X, P, X, X])
    play(s, "Ey", "Dy", "power", "Kr", "Fr")
    assert last_winner(s) == D  # the red Farmer is the lowest dominant card


def test_only_one_dwarf_power_per_turn() -> None:
    s = table([["Dy"], ["Dr"], ["Ky"], ["Oy"]], "blue", resources=[P, P, X, X])
    play(s, "Dy", "power", "Dr")
    assert s.current_seat == C  # B's Dwarf had nothing left to decide


def test_dwarf_with_equal_lowest_values_the_later_card_takes() -> None:
    # the yellow Dwarf +1 cube (7) and the yellow Wizard (7): the later is "the lower" of the two
    s = table([["Dy"], ["Wy"], ["Ky"], ["Oy"]], "red", resources=[P, X, X, X])
    play(s, "Dy", "power")
    s2 = table([["Dy"], ["Wy"], ["Ky"], ["Oy"]], "red", resources=["mixed", X, X, X])
    play(s2, "Dy", "cube+", "power", "done", "Wy", "Ky", "Oy")
    assert s2.round_tricks[-1][0] == B
    play(s, "Wy", "Ky", "Oy")
    assert last_winner(s) == A  # without the cube the Dwarf (6) is simply the lowest


# -- Wizard -----------------------------------------------------------------------------------------
def test_wizard_example_others_must_play_their_lowest() -> None:
    """A leads blue; B's Wizard forces C and D to their lowest blue; D's lowest is a Knight."""
    s = table([["Xu", "Fr"], ["Wu", "Fy"], ["Fu", "Ou"], ["Ku", "Eu"]], "black", resources=[X, P, X, X])
    play(s, "Xu", "Wu", "power")
    assert plays(s) == {"Fu"}
    play(s, "Fu")
    assert plays(s) == {"Ku"}
    play(s, "Ku")
    assert last_winner(s) == D


def test_wizard_lowest_dominant_then_lowest_of_any_colour() -> None:
    s = table(
        [["Xu", "Fr"], ["Wu", "Fy"], ["Ob", "Ab", "Ey"][:2], ["Or", "Ay"]], "black", resources=[X, P, X, X]
    )
    play(s, "Xu", "Wu", "power")
    assert plays(s) == {"Ab"}  # no blue: the lowest black (dominant)
    play(s, "Ab")
    assert plays(s) == {"Ay"}  # no blue, no black: the lowest card of any colour


def test_wizard_lowest_of_any_colour_allows_equal_values() -> None:
    s = table([["Xu", "Kr"], ["Wu", "Ky"], ["Fr", "Fy"], ["Or", "Ay"]], "black", resources=[X, P, X, X])
    play(s, "Xu", "Wu", "power")
    assert plays(s) == {"Fr", "Fy"}


def test_only_one_wizard_power_per_turn() -> None:
    s = table([["Wu", "Fr"], ["Wb", "Kb"], ["Fu", "Ou"], ["Ku", "Eu"]], "black", resources=[P, P, X, X])
    play(s, "Wu", "power", "Wb")  # B's lowest black is his Wizard
    assert s.current_seat == C


def test_wizard_power_binds_only_later_players_and_an_assassin_may_escape() -> None:
    s = table([["Xu", "Fr"], ["Wu", "Fy"], ["Fu", "Ar"], ["Ku", "Eu"]], "black", resources=[X, P, P, X])
    play(s, "Xu", "Wu", "power")
    assert plays(s) == {"Fu", "Ar!"}


def test_a_wizard_played_without_its_power_binds_nobody() -> None:
    hands = [["Xu", "Fr"], ["Wu", "Fy"], ["Fu", "Ou"], ["Ku", "Eu"]]
    s = table(hands, "black")  # B has no crystal
    play(s, "Xu", "Wu")
    assert plays(s) == {"Fu", "Ou"}  # any blue, not only the lowest
    play(s, "Ou")
    assert plays(s) == {"Ku", "Eu"}
    s = table(hands, "black", resources=[X, P, X, X])
    play(s, "Xu", "Wu")
    assert legal(s) == {"power", "done"}
    play(s, "done")  # B keeps his crystal
    assert plays(s) == {"Fu", "Ou"}
    play(s, "Ou", "Eu")
    assert last_winner(s) == D and s.crystals[B] == 2


def test_wizard_power_not_offered_to_the_last_card() -> None:
    """Nobody is left to bind (docs/rulings.md M10, M20)."""
    s = table([["Xu", "Fr"], ["Ku", "Fy"], ["Fu", "Ou"], ["Wu", "Eu"]], "black", resources=[X, X, X, P])
    play(s, "Xu", "Ku", "Fu")
    play(s, "Wu")  # the last card: nothing to decide, the trick is over
    assert len(s.round_tricks) == 1 and last_winner(s) == B
    assert s.current_seat == B and s.crystals[D] == 2


# -- Knight -----------------------------------------------------------------------------------------
def test_knight_example_later_dominant_cards_lose_their_advantage() -> None:
    """Black dominant; A leads blue; B's Knight power; C and D play black, which no longer wins."""
    s = table([["Wu"], ["Ku"], ["Xb"], ["Db"]], "black", resources=[X, P, X, X])
    play(s, "Wu", "Ku", "power", "Xb", "Db")
    assert last_winner(s) == B


def test_knight_does_not_touch_dominant_cards_played_before_it() -> None:
    s = table([["Wu"], ["Fb"], ["Ku"], ["Eb"]], "black", resources=[X, X, P, X])
    play(s, "Wu", "Fb", "Ku", "power", "Eb")
    assert last_winner(s) == B  # the black Farmer kept its advantage; the black Emperor lost it


def test_only_one_knight_power_per_turn() -> None:
    s = table([["Ku"], ["Kr"], ["Xb"], ["Db"]], "black", resources=[P, P, X, X])
    play(s, "Ku", "power", "Kr")
    assert s.current_seat == C


# -- Oracle -----------------------------------------------------------------------------------------
def test_oracle_example_changes_colour_to_escape_the_trick() -> None:
    """Blue dominant; A leads yellow; D must play his yellow Oracle, and makes it black."""
    s = table([["Fy"], ["Xy"], ["Wy"], ["Oy"]], "blue", resources=[X, X, X, P])
    play(s, "Fy", "Xy", "Wy", "Oy")
    assert {a for a in legal(s) if a.startswith("colour=")} == {"colour=b", "colour=r"}
    play(s, "colour=b")
    assert last_winner(s) == C


def test_oracle_cannot_become_dominant_but_a_dominant_oracle_can_become_any() -> None:
    s = table([["Fu"], ["Ou"], ["Wy"], ["Oy"]], "blue", resources=[X, P, X, P])
    play(s, "Fu", "Ou")
    assert {a for a in legal(s) if a.startswith("colour=")} == {"colour=b", "colour=r", "colour=y"}
    with pytest.raises(IllegalAction):
        s.apply_text("colour=u")
    # a yellow (not dominant) Oracle: black or red, never the dominant blue
    play(s, "done", "Wy", "Oy")
    assert {a for a in legal(s) if a.startswith("colour=")} == {"colour=b", "colour=r"}
    with pytest.raises(IllegalAction):
        s.apply_text("colour=u")
    assert oracle_colours(YELLOW, BLUE) == [BLACK, RED] and oracle_colours(BLUE, BLUE) == [BLACK, RED, YELLOW]


def test_oracle_leading_changes_the_colour_to_follow() -> None:
    s = table([["Oy", "Fb"], ["Xr", "Xy"], ["Wy", "Wr"], ["Ay", "Ar"]], "blue", resources=[P, X, X, X])
    play(s, "Oy", "colour=r")
    assert plays(s) == {"Xr"}


# -- Emperor ----------------------------------------------------------------------------------------
def test_emperor_example_no_powers_or_cubes_after_it() -> None:
    """A leads a blue Emperor and uses it: the others cannot use crystals or cubes; A takes."""
    s = table([["Eu"], ["Du"], ["Wu"], ["Ab"]], "red", resources=[P, P, "mixed", "cubes"])
    play(s, "Eu", "power")
    for _ in range(2):
        play(s, "Du" if s.current_seat == B else "Wu")
    assert s.current_seat == D
    assert "Ab!" not in legal(s)  # the Assassin's power is a power too
    play(s, "Ab")
    assert last_winner(s) == A
    assert s.crystals[B] == 2 and s.cubes[C] == 5 and s.cubes[D] == 10


def test_emperor_powers_and_cubes_used_before_stay_active() -> None:
    s = table([["Xu"], ["Du"], ["Eu"], ["Fu"]], "red", resources=[X, P, P, P])
    play(s, "Xu", "Du", "power", "Eu", "power", "Fu")
    assert last_winner(s) == D  # B's Dwarf still rules: the lowest blue takes
    # with a cube before: A lowers his Explorer to 0, below D's Farmer, before the Emperor
    s = table([["Xu"], ["Du"], ["Eu"], ["Fu"]], "red", resources=["cubes", P, P, X])
    play(s, "Xu", "cube-", "cube-", "cube-", "cube-", "done", "Du", "power", "Eu", "power")
    assert s.t_values == [0, 6, 15]
    play(s, "Fu")
    assert last_winner(s) == A  # the cubes stay (0 < 1), and so does the Dwarf's power


def test_emperor_player_may_add_cubes_before_the_power_not_after() -> None:
    s = table([["Eu"], ["Du"], ["Wu"], ["Fu"]], "red", resources=["mixed", X, X, X])
    play(s, "Eu", "cube+", "power")
    assert s.current_seat == B and s.cubes[A] == 4
    assert s.t_values[0] == 16


# -- Cubes ------------------------------------------------------------------------------------------
def test_cubes_change_the_value_by_one_each_and_can_change_the_winner() -> None:
    s = table([["Ky"], ["Oy"], ["Wy"], ["Xy"]], "red", resources=["cubes", X, X, X])
    play(s, "Ky", "cube+", "cube+", "cube+", "cube+", "done", "Oy", "Wy", "Xy")
    assert last_winner(s) == A  # 9 + 4 = 13 beats the Oracle's 12
    assert s.cubes[A] == 6


def test_cubes_lower_a_value_and_only_one_direction_per_card() -> None:
    s = table([["Ky"], ["Oy"], ["Wy"], ["Xy"]], "red", resources=["cubes", X, X, X])
    play(s, "Ky", "cube-")
    assert "cube+" not in legal(s)
    play(s, "cube-", "cube-", "done")
    assert s.t_values[0] == 6


def test_cubes_only_on_your_own_card_right_after_playing_it() -> None:
    s = table([["Ky"], ["Oy"], ["Wy"], ["Xy"]], "red", resources=["cubes", "cubes", X, X])
    play(s, "Ky", "done", "Oy")
    play(s, "cube+", "done")
    assert s.t_values == [9, 13]


def test_crystals_and_cubes_do_not_carry_over_to_the_next_round() -> None:
    from tabletop import make

    game = make("megalomania", players=2)
    s = game.new_state(5, {"dealer": 1, "missions": [12, 17], "start_round": 1})
    play(s, "take=cubes", "take=crystals")
    while s.round == 0:
        play(s, str(s.legal_actions()[-1]))  # "done" (last) whenever offered, else a card
    assert s.cubes == [0, 0] and s.crystals == [0, 0]


from tabletop.games.megalomania.cards import CARD_TEXT  # noqa: E402
from tabletop.games.megalomania.state import MegalomaniaState  # noqa: E402


def test_knight_and_emperor_powers_not_offered_to_the_last_card() -> None:
    s = table([["Wu", "Fr"], ["Ku", "Fy"], ["Eu", "Xr"], ["Kb", "Eb"]], "black", resources=[X, P, P, P])
    play(s, "Wu", "Ku", "done", "Eu", "done")
    play(s, "Kb")  # the last card: no Knight's power to decide on; the trick is over
    assert last_winner(s) == D and s.current_seat == D and s.crystals[D] == 2
