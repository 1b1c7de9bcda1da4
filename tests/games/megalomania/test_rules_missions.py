"""Every mission's scoring (rulebook annex, missions 1-25), from chosen tricks."""

from __future__ import annotations

import pytest

from tabletop import make
from tabletop.games.megalomania.cards import parse_card
from tabletop.games.megalomania.missions import score_round

MISSIONS = make("megalomania").missions  # type: ignore[attr-defined]


def tricks(*per_seat: str) -> list[list[tuple[int, ...]]]:
    """Each seat's tricks written like "Ku Eb | Fr" (tricks separated by '|', '' for none)."""
    out = []
    for text in per_seat:
        out.append([tuple(parse_card(c) for c in t.split()) for t in text.split("|") if t.strip()])
    return out


def score(number: int, *per_seat: str) -> list[int]:
    return score_round(MISSIONS[number], tricks(*per_seat))


def pts(number: int) -> int:
    return int(MISSIONS[number].points)


def test_1_exactly_three_tricks_gain() -> None:
    assert score(1, "Ku|Eb|Fr", "Ky|Xy|Dy|Wy", "", "Ab") == [pts(1), 0, 0, 0]
    assert pts(1) > 0


def test_2_all_four_colours_lose() -> None:
    assert score(2, "Ku Eb|Fr Ay", "Ku Eb Fr", "", "Ab") == [pts(2), 0, 0, 0]
    assert pts(2) < 0


def test_3_plus_one_per_blue_card() -> None:
    assert score(3, "Ku Eu Fr|Au", "Ky", "", "Ab") == [3, 0, 0, 0]


def test_4_plus_one_per_yellow_card() -> None:
    assert score(4, "Ky Ey Fr|Au", "Ku", "", "Ab Ay") == [2, 0, 0, 1]


def test_5_four_or_more_tricks_gain() -> None:
    assert score(5, "Ku|Eb|Fr|Ay", "Ky|Xy|Dy|Wy|Wu", "Ab|Ar|Au", "") == [pts(5), pts(5), 0, 0]


def test_6_no_dwarf_and_no_wizard_gain() -> None:
    # a player with no trick holds no Dwarf and no Wizard (docs/rulings.md)
    assert score(6, "Ku Eb", "Dy", "Wr", "") == [pts(6), 0, 0, pts(6)]


def test_7_two_per_trick_worth_25_or_less() -> None:
    # 9+4+6+6 = 25 counts; 15+12+1+2 = 30 does not; cubes do not count (printed values)
    assert score(7, "Ku Xy Db Dr|Eu Ou Fr Ab", "Fy Ay Xb Xr", "", "") == [2, 2, 0, 0]


def test_8_all_four_colours_gain() -> None:
    assert score(8, "Ku Eb|Fr Ay", "Ku Eb Fr", "", "") == [pts(8), 0, 0, 0]


def test_9_minus_one_per_red_card() -> None:
    assert score(9, "Kr Er|Fr", "Ku", "", "") == [-3, 0, 0, 0]


def test_10_minus_one_per_black_card() -> None:
    assert score(10, "Kb Er|Fb", "Ku", "", "Ab") == [-2, 0, 0, -1]


def test_11_cards_worth_80_or_more_gain() -> None:
    # 15*4 + 12 + 9 = 81; 15*4 + 12 + 6 = 78
    assert score(11, "Eu Eb Er Ey|Ou Ku", "Ob Or Oy Kb|Kr Ky Wu Wb", "", "") == [pts(11), 0, 0, 0]
    assert score(11, "Eu Eb Er Ey|Ou Du", "", "", "") == [0, 0, 0, 0]


def test_11_exactly_80_is_enough() -> None:
    # "80 or more": 15*4 + 12 + 6 + 2 = 80 scores; 15*4 + 12 + 6 + 1 = 79 does not
    assert score(11, "Eu Eb Er Ey|Ou Du Au", "", "", "") == [pts(11), 0, 0, 0]
    assert score(11, "Eu Eb Er Ey|Ou Du Fu", "", "", "") == [0, 0, 0, 0]


def test_12_odd_number_of_tricks_lose() -> None:
    assert score(12, "Ku", "Ky|Eu", "Ab|Ar|Au", "") == [pts(12), 0, pts(12), 0]
    assert pts(12) < 0


def test_16_four_or_more_tricks_lose() -> None:
    assert score(16, "Ku|Eb|Fr|Ay", "Ky|Xy|Dy", "", "") == [pts(16), 0, 0, 0]
    assert pts(16) < 0


def test_17_exactly_two_tricks_lose() -> None:
    assert score(17, "Ku|Eb", "Ky|Xy|Dy", "Ab", "") == [pts(17), 0, 0, 0]
    assert pts(17) < 0


def test_23_two_per_colour_of_sole_majority() -> None:
    # blue: A 2, B 1 -> A; red: A 1, B 1 -> tie, nobody; yellow: C alone; black: nobody has any
    assert score(23, "Ku Eu Fr", "Au Ar", "Ay", "") == [2, 0, 2, 0]


@pytest.mark.parametrize(
    ("number", "seat_tricks", "expected"),
    [
        (13, ["Ku", "Ky|Eu", "", "Ab"], [True, False, False, True]),
        (14, ["Ku|Eb", "Ky", "", "Ab|Ar|Au"], [True, False, False, False]),
        (24, ["Ku", "", "", "Ab"], [False, True, True, False]),
    ],
)
def test_trick_count_missions(number: int, seat_tricks: list[str], expected: list[bool]) -> None:
    assert score(number, *seat_tricks) == [pts(number) if e else 0 for e in expected]


def test_18_and_25_per_trick() -> None:
    assert score(18, "Ku|Eb", "Ky", "", "") == [2, 1, 0, 0]
    assert score(25, "Ku|Eb", "Ky", "", "") == [-2, -1, 0, 0]


def test_19_per_dwarf_or_wizard() -> None:
    assert score(19, "Du Wb Fr", "Dy", "", "") == [2, 1, 0, 0]


def test_15_and_22_only_the_one_player_with_the_most_tricks_scores() -> None:
    assert score(15, "Ku|Eb|Fr", "Ky|Au", "Ab", "") == [pts(15), 0, 0, 0]
    assert score(22, "Ku|Eb|Fr", "Ky|Au", "Ab", "") == [pts(22), 0, 0, 0]
    # players tied for the most: none of them is "the player who takes the most tricks" (M16)
    assert score(15, "Ku|Eb", "Ky|Au", "Ab", "") == [0, 0, 0, 0]
    assert score(22, "Ku|Eb", "Ky", "Ab|Au", "") == [0, 0, 0, 0]


def test_20_and_21_pairs_of_opposite_players() -> None:
    # pair A+C takes 3 tricks, pair B+D takes 2
    assert score(20, "Ku|Eb", "Ky", "Ab", "Au") == [pts(20), 0, pts(20), 0]
    assert score(21, "Ku|Eb", "Ky", "Ab", "Au") == [0, pts(21), 0, pts(21)]
    assert score(20, "Ku", "Ky", "Ab", "Au") == [0, 0, 0, 0]


def test_data_marks_every_invented_fixed_value_provisional() -> None:
    for mission in MISSIONS.values():
        assert mission.provisional == (mission.kind == "fixed"), mission.number


def test_variable_missions_points_per_unit_match_the_annex() -> None:
    per_unit = {3: 1, 4: 1, 7: 2, 9: -1, 10: -1, 18: 1, 19: 1, 23: 2, 25: -1}
    assert {n: m.points for n, m in MISSIONS.items() if m.kind == "variable"} == per_unit


def test_deal_sizes_match_the_annex() -> None:
    seven = {12, 17}
    six = {13, 14, 15, 22}
    for n, m in MISSIONS.items():
        assert m.cards == (7 if n in seven else 6 if n in six else 8), n
