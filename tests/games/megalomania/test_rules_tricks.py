"""Playing the cards and taking a trick (rulebook: "Playing the cards", "A trick", Examples 1-2)."""

from __future__ import annotations

import pytest

from tabletop.core.errors import IllegalAction
from tabletop.games.megalomania.cards import BLACK, BLUE, RED, YELLOW, mask_of, parse_card
from tabletop.games.megalomania.rules import follow_options, trick_winner

from .tables import A, B, C, D, last_winner, legal, play, table


def cards(*texts: str) -> int:
    return mask_of(parse_card(t) for t in texts)


def test_leader_may_lead_any_card() -> None:
    s = table([["Ku", "Fb"], ["Ey", "Xr"], ["Ou", "Wy"], ["Du", "Ar"]], "black")
    assert {"Ku", "Fb"} <= legal(s)


def test_must_follow_the_lead_colour() -> None:
    s = table([["Ku", "Fb"], ["Eu", "Xr", "Ob"][:2], ["Ou", "Wy"], ["Du", "Ar"]], "black")
    play(s, "Ku")
    assert {a for a in legal(s) if len(a) == 2} == {"Eu"}
    with pytest.raises(IllegalAction, match="follow blue"):
        s.apply_text("Xr")


def test_without_the_lead_colour_must_play_dominant() -> None:
    s = table([["Ku", "Fb"], ["Eb", "Xr"], ["Ou", "Wy"], ["Du", "Ar"]], "black")
    play(s, "Ku")
    assert {a for a in legal(s) if len(a) == 2} == {"Eb"}


def test_without_lead_or_dominant_any_card() -> None:
    s = table([["Ku", "Fb"], ["Ey", "Xr"], ["Ou", "Wy"], ["Du", "Ar"]], "black")
    play(s, "Ku")
    assert {a for a in legal(s) if len(a) == 2} == {"Ey", "Xr"}


def test_follow_options_function() -> None:
    hand = cards("Ku", "Fu", "Eb", "Xr")
    assert follow_options(hand, BLUE, BLACK, wizard=False) == cards("Ku", "Fu")
    assert follow_options(hand, YELLOW, BLACK, wizard=False) == cards("Eb")
    assert follow_options(hand, YELLOW, RED, wizard=False) == cards("Xr")
    assert follow_options(hand, None, RED, wizard=False) == hand


def test_example_1_highest_dominant_takes() -> None:
    """Example 1: yellow dominant; A leads; B takes with the highest dominant card."""
    s = table([["Ku"], ["Xy"], ["Eu"], ["Ou"]], "yellow")
    play(s, "Ku", "Xy", "Eu", "Ou")
    assert last_winner(s) == B


def test_example_2_no_dominant_highest_lead_colour_takes() -> None:
    """Example 2: red dominant; no red is played; C's highest card of the lead colour takes."""
    s = table([["Dy"], ["Fy"], ["Oy"], ["Kb"]], "red")
    play(s, "Dy", "Fy", "Oy", "Kb")
    assert last_winner(s) == C


def test_highest_dominant_beats_other_dominants_and_off_colours() -> None:
    assert trick_winner([BLUE, YELLOW, YELLOW, RED], [9, 4, 7, 15], [True] * 4, YELLOW, False) == 2


def test_off_colour_never_takes() -> None:
    assert trick_winner([BLUE, RED, RED, RED], [1, 15, 12, 9], [True] * 4, YELLOW, False) == 0


def test_equal_values_first_played_is_higher() -> None:
    # cubes can make two cards equal: a yellow Knight +3 (12) against the yellow Oracle (12)
    assert trick_winner([YELLOW, YELLOW], [12, 12], [True, True], YELLOW, False) == 0
    s = table([["Ky", "Fb"], ["Oy", "Fr"]], "yellow", resources=["cubes", "crystals"])
    play(s, "Ky", "cube+", "cube+", "cube+", "done", "Oy", "done")
    assert last_winner(s) == A


def test_winner_leads_next_turn_and_play_goes_clockwise() -> None:
    s = table([["Ku", "Fb"], ["Eu", "Xr"], ["Ou", "Wy"], ["Du", "Ar"]], "black")
    play(s, "Ku")
    assert s.current_seat == B
    play(s, "Eu", "Ou", "Du")
    assert last_winner(s) == B
    assert s.current_seat == B and s.leader == B


def test_round_ends_when_hands_are_empty() -> None:
    s = table([["Ku", "Fb"], ["Eu", "Xr"], ["Ou", "Wy"], ["Du", "Ar"]], "black")
    play(s, "Ku", "Eu", "Ou", "Du")
    assert not s.is_terminal()
    play(s, "Xr", "Wy", "Ar", "Fb")
    assert s.is_terminal() and len(s.points) == 1


def test_out_of_turn_is_refused_and_changes_nothing() -> None:
    s = table([["Ku"], ["Eu"], ["Ou"], ["Du"]], "black")
    before = s.to_json()
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        s.apply_text("Eu", seat=B)
    with pytest.raises(IllegalAction, match="does not hold"):
        s.apply_text("Eb")
    assert s.to_json() == before
    _ = (C, D)


def test_a_colour_not_followed_is_shown_to_everybody_as_lacked() -> None:
    """M18: a player who plays neither the colour led nor the dominant one shows that it holds
    neither; every view (the spectator's too) says so in that seat's ``lacks``."""
    s = table([["Ku", "Fb"], ["Ey", "Xr"], ["Ou", "Wy"], ["Du", "Ar"]], "black")
    play(s, "Ku")
    assert all(s.view(v)["seats"][1]["lacks"] == [] for v in (None, 0, 1, 2, 3))
    play(s, "Ey")  # seat 1 holds no blue and no black
    lacked = s.view(None)["seats"][1]["lacks"]
    assert lacked and {card[-1] for card in lacked} == {"u", "b"}
    assert all(s.view(v)["seats"][1]["lacks"] == lacked for v in (0, 1, 2, 3))
    assert s.view(None)["seats"][0]["lacks"] == []  # the leader showed nothing
